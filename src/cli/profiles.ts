// `truecost partners set-profile` and `truecost projects add|list|remove`: the partner's face on its
// certificates and its catalogue of projects (docs/api.md, "Certificates").
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
import { identifierSchema } from '../schemas/common.js';
import { validate } from '../validation/validate.js';
import { partnerOf } from './admin.js';
import { lastingDbUrlOf, withStore } from './store-url.js';
import { parseCommand, required, UsageError } from './usage.js';

/** A name flag checked by `profileTextProblem`. */
function nameOf(value: string, flag: string): string {
  const problem = profileTextProblem(value);
  if (problem !== undefined) throw new UsageError(`--${flag} is refused: ${problem}.`);
  return value;
}

/** The profile as `set-profile` prints it, one `name: value` line each. */
export function profileLines(profile: PartnerProfile): string {
  return [
    `display name: ${profile.displayName ?? '(not set)'}`,
    `kg per clime: ${profile.gramsPerClime === null ? '(not set)' : profile.gramsPerClime / 1000}`,
    `locale: ${profile.locale ?? '(not set: English)'}`,
  ].join('\n');
}

/**
 * `truecost partners set-profile --partner ID [--display-name NAME] [--kg-per-clime N] [--locale en|hi] [--db URL]`:
 * sets the flags given, keeps the rest of the profile, and returns the profile as stored.
 */
export async function setProfileCommand(args: readonly string[]): Promise<string> {
  const { values, positionals } = parseCommand(args, {
    partner: { type: 'string' },
    'display-name': { type: 'string' },
    'kg-per-clime': { type: 'string' },
    locale: { type: 'string' },
    db: { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument ${JSON.stringify(positionals[0])}.`);
  const partnerId = partnerOf(values.partner);
  const changes: { -readonly [K in keyof PartnerProfile]?: PartnerProfile[K] } = {};
  if (values['display-name'] !== undefined) changes.displayName = nameOf(values['display-name'], 'display-name');
  if (values['kg-per-clime'] !== undefined) {
    const grams = gramsPerClimeOf(values['kg-per-clime']);
    if (grams === undefined) {
      throw new UsageError(`--kg-per-clime must be a number of kg above 0, at most ${MAX_GRAMS_PER_CLIME / 1000} and to the gram (three decimals); got ${JSON.stringify(values['kg-per-clime'])}.`);
    }
    changes.gramsPerClime = grams;
  }
  if (values.locale !== undefined) {
    if (!(PROFILE_LOCALES as readonly string[]).includes(values.locale)) throw new UsageError(`--locale must be ${PROFILE_LOCALES.join(' or ')}; got ${JSON.stringify(values.locale)}.`);
    changes.locale = values.locale as ProfileLocale;
  }
  if (Object.keys(changes).length === 0) throw new UsageError('truecost partners set-profile needs --display-name, --kg-per-clime or --locale.');
  return withStore(lastingDbUrlOf(values.db, 'partners set-profile'), async (store) => {
    const profile = { ...(await store.getProfile(partnerId)), ...changes };
    await store.setProfile(partnerId, profile, Date.now());
    return profileLines(profile);
  });
}

/** A project as `projects list` prints it: id, name, registry and its address, separated by tabs. */
function projectLine(project: ProjectRecord): string {
  return [project.projectId, project.name, project.registry ?? '-', project.registryUrl ?? '-'].join('\t');
}

function projectIdOf(value: string | undefined): string {
  const id = required(value, 'id');
  if (!validate(identifierSchema, id).ok) throw new UsageError('--id must be 1 to 255 characters, as an order\'s project_id.');
  return id;
}

/**
 * `truecost projects add|list|remove --partner ID ...`: the partner's catalogue of projects. Resolves
 * to the lines to print and the exit code (1 when `remove` finds no such project).
 */
export async function projectsCommand(sub: string | undefined, args: readonly string[]): Promise<{ readonly out: string; readonly exitCode: number }> {
  const { values, positionals } = parseCommand(args, {
    partner: { type: 'string' },
    id: { type: 'string' },
    name: { type: 'string' },
    registry: { type: 'string' },
    'registry-url': { type: 'string' },
    db: { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument ${JSON.stringify(positionals[0])}.`);
  const partnerId = partnerOf(values.partner);
  if (sub === 'list') {
    const projects = await withStore(lastingDbUrlOf(values.db, 'projects list'), (store) => store.listProjects(partnerId));
    return { out: projects.map(projectLine).join('\n'), exitCode: 0 };
  }
  if (sub === 'remove') {
    const projectId = projectIdOf(values.id);
    const removed = await withStore(lastingDbUrlOf(values.db, 'projects remove'), (store) => store.removeProject(partnerId, projectId));
    return removed ? { out: '', exitCode: 0 } : { out: '', exitCode: 1 };
  }
  if (sub !== 'add') throw new UsageError('truecost projects needs add, list or remove.');
  const projectId = projectIdOf(values.id);
  const name = nameOf(required(values.name, 'name'), 'name');
  const registry = values.registry === undefined ? null : nameOf(values.registry, 'registry');
  const registryUrl = values['registry-url'] ?? null;
  if (registryUrl !== null) {
    const problem = registryUrlProblem(registryUrl);
    if (problem !== undefined) throw new UsageError(`--registry-url is refused: ${problem}; got ${JSON.stringify(registryUrl)}.`);
  }
  const project = { partnerId, projectId, name, registry, registryUrl };
  await withStore(lastingDbUrlOf(values.db, 'projects add'), (store) => store.putProject(project, Date.now()));
  return { out: '', exitCode: 0 };
}
