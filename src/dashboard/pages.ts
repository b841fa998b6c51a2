import { fromMicroClimes } from '../orders/climes.js';
import type { ApiKeySummary } from '../orders/store.js';
import type { Environment } from '../orders/types.js';
import type { TestDeliveryResult } from './endpoint.js';
import type { EventDelivery } from '../orders/events.js';
import { html, type HtmlValue, type SafeHtml } from './html.js';
import { MIN_PASSWORD_LENGTH } from './password.js';

/** Where the dashboard lives under the service. */
export const BASE = '/dashboard';


/** The signed-in partner and the CSRF token their forms carry. */
export interface Viewer {
  readonly partnerId: string;
  readonly csrf: string;
}

/** A time as the pages show it, to the minute in UTC. */
export const when = (ms: number | null): string => (ms === null ? '—' : new Date(ms).toISOString().replace('T', ' ').slice(0, 16) + ' UTC');
/** Micro-climes as climes. */
export const climes = (microClimes: number): string => String(fromMicroClimes(microClimes));
/** A dashboard path from encoded segments. */
export const path = (...segments: readonly string[]): string => [BASE, ...segments.map(encodeURIComponent)].join('/');

/** The hidden CSRF field of a form. */
export function csrfField(csrf: string): SafeHtml {
  return html`<input type="hidden" name="csrf" value="${csrf}">`;
}

/** The page around the content: the partner's navigation and sign-out when signed in. */
export function layout(title: string, viewer: Viewer | undefined, content: HtmlValue): SafeHtml {
  const nav =
    viewer === undefined
      ? html`<strong>truecost</strong>`
      : html`<strong>truecost · ${viewer.partnerId}</strong>
          <nav aria-label="Dashboard"><a href="${BASE}/keys">Keys</a> · <a href="${BASE}/endpoint">Result endpoint</a> · <a href="${BASE}/events-endpoint">Events endpoint</a> ·
          <a href="${BASE}/orders">Orders</a> · <a href="${BASE}/opt-ins">Opt-ins</a> · <a href="${BASE}/jobs">Bulk jobs</a> · <a href="${BASE}/emissions">Emissions</a> · <a href="${BASE}/profile">Profile</a></nav>
          <form method="post" action="${BASE}/sign-out">${csrfField(viewer.csrf)}<button class="secondary" type="submit">Sign out</button></form>`;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · truecost</title>
<link rel="stylesheet" href="${BASE}/assets/style.css">
<script src="${BASE}/assets/copy.js" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header>${nav}</header>
<main id="main">
<h1>${title}</h1>
${content}
</main>
</body>
</html>`;
}

function problem(message: string | undefined): SafeHtml {
  return html`${message === undefined ? '' : html`<p class="error" role="alert">${message}</p>`}`;
}

/** A secret shown once, in a read-only field with a copy button (the button needs the script). */
function shownOnce(id: string, label: string, secret: string): SafeHtml {
  return html`<div class="notice" role="status">
  <label for="${id}">${label}</label>
  <div class="secret"><input id="${id}" type="text" readonly value="${secret}" data-select-all>
  <button type="button" data-copy="${id}" hidden>Copy</button></div>
  <p class="muted">Shown once: copy it now. truecost keeps only a hash of it.</p></div>`;
}

export function signInPage(csrf: string, error?: string, partnerId = ''): SafeHtml {
  return layout(
    'Sign in',
    undefined,
    html`${problem(error)}
<form method="post" action="${BASE}/sign-in" class="panel">
${csrfField(csrf)}
<label for="partner">Partner ID</label><input id="partner" name="partner" type="text" autocomplete="username" required value="${partnerId}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<p><button type="submit">Sign in</button></p>
</form>
<p class="muted">No password yet, or forgotten? Ask your truecost operator for a sign-in link.</p>`,
  );
}

export function invitePage(partnerId: string, token: string, csrf: string, error?: string): SafeHtml {
  return layout(
    'Set your password',
    undefined,
    html`${problem(error)}
<p>Partner <strong>${partnerId}</strong>: choose the password for your truecost dashboard.</p>
<form method="post" action="${path('invite', token)}" class="panel">
${csrfField(csrf)}
<input type="text" name="username" autocomplete="username" value="${partnerId}" hidden>
<label for="password">New password (at least ${MIN_PASSWORD_LENGTH} characters)</label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}" required>
<label for="confirm">The same password again</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}" required>
<p><button type="submit">Set password and sign in</button></p>
</form>`,
  );
}

export function messagePage(title: string, message: string, viewer?: Viewer): SafeHtml {
  return layout(title, viewer, html`<p>${message}</p><p><a href="${BASE}">Back to the dashboard</a></p>`);
}

export function keysPage(viewer: Viewer, keys: readonly ApiKeySummary[], created?: { key: string; environment: Environment }): SafeHtml {
  const column = (environment: Environment): SafeHtml => {
    const rows = keys.filter((key) => key.environment === environment);
    return html`<section class="panel" aria-labelledby="keys-${environment}">
<h2 id="keys-${environment}">${environment === 'staging' ? 'Staging' : 'Production'} keys</h2>
${created?.environment === environment ? shownOnce('new-key', `Your new ${environment} key`, created.key) : ''}
<div class="table"><table>
<thead><tr><th scope="col">Key</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Status</th></tr></thead>
<tbody>${
      rows.length === 0
        ? html`<tr><td colspan="4" class="muted">No keys yet.</td></tr>`
        : rows.map(
            (key) => html`<tr>
<td><code>${key.prefix === null ? '(created before prefixes were kept)' : `${key.prefix}…`}</code></td>
<td>${when(key.createdAt)}</td><td>${when(key.lastUsedAt)}</td>
<td>${
              key.revokedAt === null
                ? html`<form method="post" action="${BASE}/keys/revoke">${csrfField(viewer.csrf)}
<input type="hidden" name="key" value="${key.keyHash}">
<button class="danger" type="submit" aria-label="Revoke key ${key.prefix ?? ''}">Revoke</button></form>`
                : html`Revoked ${when(key.revokedAt)}`
            }</td></tr>`,
          )
    }</tbody></table></div>
<form method="post" action="${BASE}/keys">${csrfField(viewer.csrf)}<input type="hidden" name="environment" value="${environment}">
<p><button type="submit">Create a ${environment} key</button></p></form>
</section>`;
  };
  return layout(
    'API keys',
    viewer,
    html`<p class="muted">Send a key in the <code>X-API-Key</code> header. Staging and production keys see separate data. "Last used" is precise to the minute.</p>
<div class="columns">${column('staging')}${column('production')}</div>`,
  );
}

/** An order event as the events endpoint's page lists it: its delivery, the state shown, and whether it may be sent again. */
export interface EventRow {
  readonly event: Omit<EventDelivery, 'order'>;
  /** The delivery's state, or `feed only` for an event no endpoint will be sent (docs/api.md, "Order events"). */
  readonly state: string;
  readonly resendable: boolean;
}

export interface EndpointView {
  /** The events endpoint's page: the partner's most recent order events and their deliveries. */
  readonly deliveries?: readonly EventRow[];
  /** The events endpoint's page: each environment's URL, when set. */
  readonly environments?: Readonly<Partial<Record<Environment, string>>>;
  readonly notice?: string;
  readonly url?: string;
  readonly secret?: string;
  readonly test?: TestDeliveryResult;
  readonly error?: string;
}

/** The two signed endpoints a partner sets: bulk results, and order events (docs/api.md, "Order events"). */
export const ENDPOINT_KINDS = {
  results: {
    path: 'endpoint',
    title: 'Bulk result endpoint',
    what: "truecost POSTs each bulk job's results to this URL, signed with the Standard Webhooks headers under your signing secret (see the bulk results documentation). One endpoint serves staging and production.",
    label: 'Result URL',
    placeholder: 'https://example.com/truecost/results',
  },
  events: {
    path: 'events-endpoint',
    title: 'Order events endpoint',
    what: 'truecost POSTs every order event (order.created, order.climes_added, order.climes_removed, order.cancelled, order.unlocked) to this URL, signed with the Standard Webhooks headers under its own signing secret (see the order events documentation). Saving an https URL sets it for staging and production; production events go to https URLs only, so an http URL is saved for staging alone. Only the events from when an environment first has an endpoint are sent; older ones stay in the events feed, and each can be sent from the list below.',
    label: 'Events URL',
    placeholder: 'https://example.com/truecost/events',
  },
} as const;

export type EndpointKind = keyof typeof ENDPOINT_KINDS;

export function endpointPage(viewer: Viewer, view: EndpointView, kind: EndpointKind = 'results'): SafeHtml {
  const { path, title, what, label, placeholder } = ENDPOINT_KINDS[kind];
  const test = view.test;
  const testResult =
    test === undefined
      ? ''
      : html`<section class="panel" aria-labelledby="test-result"><h2 id="test-result">Test delivery ${test.deliveryId}</h2>${
          test.answered
            ? html`<p>Your endpoint answered <strong id="test-status">${test.status}</strong>${test.status >= 200 && test.status < 300 ? ' (success)' : ' (a real delivery would be retried)'}.</p>
<p>Start of its body:</p><pre id="test-body">${test.bodyExcerpt === '' ? '(empty)' : test.bodyExcerpt}</pre>`
            : html`<p id="test-status">${test.error}</p>`
        }</section>`;
  return layout(
    title,
    viewer,
    html`${problem(view.error)}
${view.secret === undefined ? '' : shownOnce('new-secret', 'Your signing secret', view.secret)}
${view.notice === undefined ? '' : html`<p id="notice">${view.notice}</p>`}
<p class="muted">${what}</p>
${
  view.environments === undefined
    ? ''
    : html`<p id="environments">Staging: ${view.environments.staging ?? 'no endpoint'}. Production: ${view.environments.production ?? 'no endpoint'}.</p>`
}
<form method="post" action="${BASE}/${path}" class="panel">${csrfField(viewer.csrf)}
<label for="url">${label}</label><input id="url" name="url" type="url" required value="${view.url ?? ''}" placeholder="${placeholder}">
<p><button type="submit">Save the URL</button></p></form>
${
  view.url === undefined
    ? html`<p class="muted">No endpoint yet: saving a URL creates its signing secret.</p>`
    : html`<div class="columns">
<form method="post" action="${BASE}/${path}/test" class="panel">${csrfField(viewer.csrf)}
<h2>Test delivery</h2><p>Sends <code>{}</code>, signed like a real delivery, with a <code>webhook-id</code> starting with <code>test_</code>.</p>
<button type="submit">Send a test delivery</button></form>
<form method="post" action="${BASE}/${path}/rotate" class="panel">${csrfField(viewer.csrf)}
<h2>Signing secret</h2><p>${
  kind === 'events'
    ? 'Rotating makes a new secret. For 24 hours each delivery is signed with the old secret too, so your receiver verifies with either while you change it.'
    : 'Rotating replaces the secret at once: deliveries signed with the old one stop verifying.'
}</p>
<button class="danger" type="submit">Rotate the signing secret</button></form></div>`
}
${testResult}
${view.deliveries === undefined ? '' : deliveriesTable(viewer, view.deliveries)}`,
  );
}

/** The recent order events and where each is on its way (docs/api.md, "Order events"); a failed, skipped or feed-only one can be sent again. */
function deliveriesTable(viewer: Viewer, deliveries: readonly EventRow[]): SafeHtml {
  const rows = deliveries.map(({ event, state, resendable }) => {
    const resend = resendable
      ? html`<form method="post" action="${BASE}/events-endpoint/resend">${csrfField(viewer.csrf)}<input type="hidden" name="event" value="${event.eventId}"><button class="secondary" type="submit">Send again</button></form>`
      : '';
    return html`<tr><td><code>${event.eventId}</code></td><td>${event.type}</td><td>${event.partnerOrderId}</td><td>${event.environment}</td><td>${state}</td><td>${event.attempts}</td><td>${event.lastError ?? ''}</td><td>${new Date(event.createdAt).toISOString()}</td><td>${resend}</td></tr>`;
  });
  return html`<section aria-labelledby="deliveries"><h2 id="deliveries">Recent deliveries</h2>
${
  deliveries.length === 0
    ? html`<p class="muted">No order event yet.</p>`
    : html`<div class="table"><table>
<thead><tr><th scope="col">Event</th><th scope="col">Type</th><th scope="col">partner_order_id</th><th scope="col">Environment</th><th scope="col">State</th><th scope="col">Attempts</th><th scope="col">Last error</th><th scope="col">Created</th><th scope="col">Send again</th></tr></thead>
<tbody>${rows}</tbody></table></div>`
}</section>`;
}
