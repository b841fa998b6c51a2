// The dashboard's profile page (docs/dashboard.md, "Profile and projects"): the partner's face on
// its certificates (display name, kg of CO2e per clime, language) and its catalogue of projects,
// each saved by a form with the session's CSRF token, checked as `truecost partners set-profile`
// and `truecost projects add` check them.
import {
  gramsPerClimeOf,
  MAX_GRAMS_PER_CLIME,
  PROFILE_LOCALES,
  profileTextProblem,
  registryUrlProblem,
  type PartnerProfile,
  type ProfileLocale,
  type ProjectRecord,
} from '../orders/profiles.js';
import { isStorableText, MAX_IDENTIFIER_LENGTH } from '../schemas/common.js';
import { html, type SafeHtml } from './html.js';
import { BASE, csrfField, layout, type Viewer } from './pages.js';

/** What the profile page shows: the profile, the catalogue, and what the last form changed or refused. */
export interface ProfileView {
  readonly profile: PartnerProfile;
  readonly projects: readonly ProjectRecord[];
  readonly saved?: string;
  readonly error?: string;
  /** The fields of a refused form, to show them again. */
  readonly sent?: Readonly<Record<string, string>>;
}

const LANGUAGES: Readonly<Record<ProfileLocale, string>> = { en: 'English', hi: 'Hindi (हिन्दी)' };

/** A profile from the form's fields, or the reason it is refused. An empty field clears its setting. */
export function profileFromForm(form: URLSearchParams): { readonly profile: PartnerProfile } | { readonly error: string } {
  const name = (form.get('display_name') ?? '').trim();
  const kg = (form.get('kg_per_clime') ?? '').trim();
  const locale = form.get('locale') ?? '';
  const nameProblem = name === '' ? undefined : profileTextProblem(name);
  if (nameProblem !== undefined) return { error: `The display name is refused: ${nameProblem}.` };
  const grams = kg === '' ? null : gramsPerClimeOf(kg);
  if (grams === undefined) return { error: `The kg per clime must be a number above 0, at most ${MAX_GRAMS_PER_CLIME / 1000}, to the gram (three decimals).` };
  if (locale !== '' && !(PROFILE_LOCALES as readonly string[]).includes(locale)) return { error: 'Choose English or Hindi.' };
  return { profile: { displayName: name === '' ? null : name, gramsPerClime: grams, locale: locale === '' ? null : (locale as ProfileLocale) } };
}

/** A project from the form's fields, or the reason it is refused. */
export function projectFromForm(partnerId: string, form: URLSearchParams): { readonly project: Omit<ProjectRecord, 'createdAt' | 'updatedAt'> } | { readonly error: string } {
  const projectId = (form.get('project_id') ?? '').trim();
  const name = (form.get('name') ?? '').trim();
  const registry = (form.get('registry') ?? '').trim();
  const registryUrl = (form.get('registry_url') ?? '').trim();
  if (projectId === '' || projectId.length > MAX_IDENTIFIER_LENGTH || !isStorableText(projectId)) return { error: `The project ID must be 1 to ${MAX_IDENTIFIER_LENGTH} characters, as orders send it in project_id.` };
  const problem = profileTextProblem(name);
  if (problem !== undefined) return { error: `The project name is refused: ${problem}.` };
  const registryProblem = registry === '' ? undefined : profileTextProblem(registry);
  if (registryProblem !== undefined) return { error: `The registry name is refused: ${registryProblem}.` };
  const urlProblem = registryUrl === '' ? undefined : registryUrlProblem(registryUrl);
  if (urlProblem !== undefined) return { error: `The registry URL is refused: ${urlProblem}.` };
  return { project: { partnerId, projectId, name, registry: registry === '' ? null : registry, registryUrl: registryUrl === '' ? null : registryUrl } };
}

/** The profile page. */
export function profilePage(viewer: Viewer, view: ProfileView): SafeHtml {
  const { profile } = view;
  const field = (name: string, stored: string): string => view.sent?.[name] ?? stored;
  const kg = profile.gramsPerClime === null ? '' : String(profile.gramsPerClime / 1000);
  const locale = field('locale', profile.locale ?? '');
  const rows = view.projects.map(
    (project) => html`<tr><td><code>${project.projectId}</code></td><td>${project.name}</td><td>${project.registry ?? '—'}</td>
<td>${project.registryUrl === null ? '—' : html`<a href="${project.registryUrl}" rel="noopener noreferrer">${project.registryUrl}</a>`}</td>
<td><form method="post" action="${BASE}/profile/projects/remove">${csrfField(viewer.csrf)}<input type="hidden" name="project_id" value="${project.projectId}">
<button class="danger" type="submit" aria-label="Remove project ${project.projectId}">Remove</button></form></td></tr>`,
  );
  return layout(
    'Profile and projects',
    viewer,
    html`${view.error === undefined ? '' : html`<p class="error" role="alert">${view.error}</p>`}
${view.saved === undefined ? '' : html`<p class="notice" role="status">${view.saved}</p>`}
<p class="muted">What your customers see on the certificate of each order: your name, the CO₂e of the order, the project it supports, in English or Hindi.</p>
<form method="post" action="${BASE}/profile" class="panel">${csrfField(viewer.csrf)}
<h2>Your certificates</h2>
<label for="display_name">Display name (your shop's name as customers know it)</label>
<input id="display_name" name="display_name" type="text" maxlength="120" value="${field('display_name', profile.displayName ?? '')}">
<label for="kg_per_clime">kg of CO₂e per clime (for orders without recorded calculations)</label>
<input id="kg_per_clime" name="kg_per_clime" type="text" inputmode="decimal" value="${field('kg_per_clime', kg)}" aria-describedby="kg-help">
<p id="kg-help" class="muted">Empty: certificates say that you have not stated the CO₂e of a clime. An order with recorded calculations states their sum instead.</p>
<label for="locale">Language of the certificates</label>
<select id="locale" name="locale">
<option value=""${locale === '' ? html` selected` : ''}>Not set (English)</option>
${PROFILE_LOCALES.map((code) => html`<option value="${code}"${locale === code ? html` selected` : ''}>${LANGUAGES[code]}</option>`)}
</select>
<p><button type="submit">Save the profile</button></p>
</form>
<section class="panel" aria-labelledby="projects">
<h2 id="projects">Projects</h2>
<p class="muted">A certificate shows an order's <code>project_id</code> by its name here, linked to its registry page when you give one.</p>
<div class="table"><table>
<thead><tr><th scope="col">Project ID</th><th scope="col">Name</th><th scope="col">Registry</th><th scope="col">Registry page</th><th scope="col">Action</th></tr></thead>
<tbody>${rows.length === 0 ? html`<tr><td colspan="5" class="muted">No projects yet.</td></tr>` : rows}</tbody></table></div>
<form method="post" action="${BASE}/profile/projects">${csrfField(viewer.csrf)}
<h3>Add or replace a project</h3>
<label for="project_id">Project ID (as orders send it)</label><input id="project_id" name="project_id" type="text" required value="${view.sent?.['project_id'] ?? ''}">
<label for="name">Name</label><input id="name" name="name" type="text" required maxlength="120" value="${view.sent?.['name'] ?? ''}">
<label for="registry">Registry (optional)</label><input id="registry" name="registry" type="text" maxlength="120" value="${view.sent?.['registry'] ?? ''}">
<label for="registry_url">Registry page (optional, http or https)</label><input id="registry_url" name="registry_url" type="url" value="${view.sent?.['registry_url'] ?? ''}">
<p><button type="submit">Save the project</button></p>
</form>
</section>`,
  );
}
