import { fromMicroClimes } from '../orders/climes.js';
import { orderState } from '../orders/machine.js';
import { JOB_STATES, type ApiKeySummary, type JobRecord, type ListPage, type OrderEvent } from '../orders/store.js';
import { ENVIRONMENTS, type Environment, type OptInRecord, type OrderRecord } from '../orders/types.js';
import { variantSchema, type OrderState, type Variant } from '../schemas/order.js';
import type { TestDeliveryResult } from './endpoint.js';
import { html, type HtmlValue, type SafeHtml } from './html.js';
import { MIN_PASSWORD_LENGTH } from './password.js';

/** Where the dashboard lives under the service. */
export const BASE = '/dashboard';

export const VARIANTS: readonly Variant[] = variantSchema.options;
export const ORDER_STATES: readonly OrderState[] = ['locked', 'unlocked', 'cancelled'];

/** The signed-in partner and the CSRF token their forms carry. */
export interface Viewer {
  readonly partnerId: string;
  readonly csrf: string;
}

const when = (ms: number | null): string => (ms === null ? '—' : new Date(ms).toISOString().replace('T', ' ').slice(0, 16) + ' UTC');
const climes = (microClimes: number): string => String(fromMicroClimes(microClimes));
const path = (...segments: readonly string[]): string => [BASE, ...segments.map(encodeURIComponent)].join('/');

function csrfField(csrf: string): SafeHtml {
  return html`<input type="hidden" name="csrf" value="${csrf}">`;
}

/** The page around the content: the partner's navigation and sign-out when signed in. */
export function layout(title: string, viewer: Viewer | undefined, content: HtmlValue): SafeHtml {
  const nav =
    viewer === undefined
      ? html`<strong>truecost</strong>`
      : html`<strong>truecost · ${viewer.partnerId}</strong>
          <nav aria-label="Dashboard"><a href="${BASE}/keys">Keys</a> · <a href="${BASE}/endpoint">Result endpoint</a> ·
          <a href="${BASE}/orders">Orders</a> · <a href="${BASE}/opt-ins">Opt-ins</a> · <a href="${BASE}/jobs">Bulk jobs</a></nav>
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

export interface EndpointView {
  readonly url?: string;
  readonly secret?: string;
  readonly test?: TestDeliveryResult;
  readonly error?: string;
}

export function endpointPage(viewer: Viewer, view: EndpointView): SafeHtml {
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
    'Bulk result endpoint',
    viewer,
    html`${problem(view.error)}
${view.secret === undefined ? '' : shownOnce('new-secret', 'Your signing secret', view.secret)}
<p class="muted">truecost POSTs each bulk job's results to this URL, signed with the Standard Webhooks headers under your signing secret (see the bulk results documentation). One endpoint serves staging and production.</p>
<form method="post" action="${BASE}/endpoint" class="panel">${csrfField(viewer.csrf)}
<label for="url">Result URL</label><input id="url" name="url" type="url" required value="${view.url ?? ''}" placeholder="https://example.com/truecost/results">
<p><button type="submit">Save the URL</button></p></form>
${
  view.url === undefined
    ? html`<p class="muted">No endpoint yet: saving a URL creates its signing secret.</p>`
    : html`<div class="columns">
<form method="post" action="${BASE}/endpoint/test" class="panel">${csrfField(viewer.csrf)}
<h2>Test delivery</h2><p>Sends <code>{}</code>, signed like a real delivery, with a <code>webhook-id</code> starting with <code>test_</code>.</p>
<button type="submit">Send a test delivery</button></form>
<form method="post" action="${BASE}/endpoint/rotate" class="panel">${csrfField(viewer.csrf)}
<h2>Signing secret</h2><p>Rotating replaces the secret at once: deliveries signed with the old one stop verifying.</p>
<button class="danger" type="submit">Rotate the signing secret</button></form></div>`
}
${testResult}`,
  );
}

/** The filters of a listing, as query parameters (environment always set). */
export type Filters = Readonly<Record<string, string | undefined>>;

function query(filters: Filters, changes: Filters = {}): string {
  const parameters = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filters, ...changes })) if (value !== undefined && value !== '') parameters.set(name, value);
  const text = parameters.toString();
  return text === '' ? '' : `?${text}`;
}

function environmentTabs(base: string, filters: Filters): SafeHtml {
  return html`<nav class="tabs" aria-label="Environment">${ENVIRONMENTS.map(
    (environment) =>
      html`<a href="${base}${query({ env: environment })}"${filters['env'] === environment ? html` aria-current="page"` : ''}>${environment === 'staging' ? 'Staging' : 'Production'}</a>`,
  )}</nav>`;
}

function select(name: string, label: string, options: readonly string[], chosen: string | undefined): SafeHtml {
  return html`<div><label for="${name}">${label}</label><select id="${name}" name="${name}"><option value="">Any</option>${options.map(
    (option) => html`<option value="${option}"${chosen === option ? html` selected` : ''}>${option}</option>`,
  )}</select></div>`;
}

function pager(base: string, filters: Filters, pageNumber: number, hasMore: boolean): SafeHtml {
  return html`<nav class="pager" aria-label="Pages">${pageNumber > 1 ? html`<a href="${base}${query(filters, { page: String(pageNumber - 1) })}" rel="prev">Previous page</a>` : ''}
<span>Page ${pageNumber}</span>${hasMore ? html`<a href="${base}${query(filters, { page: String(pageNumber + 1) })}" rel="next">Next page</a>` : ''}</nav>`;
}

export function ordersPage(viewer: Viewer, filters: Filters, page: ListPage<OrderRecord>, pageNumber: number, now: number): SafeHtml {
  const base = `${BASE}/orders`;
  return layout(
    'Orders',
    viewer,
    html`${environmentTabs(base, filters)}
<form method="get" action="${base}" class="filters" role="search">
<input type="hidden" name="env" value="${filters['env']}">
${select('variant', 'Variant', VARIANTS, filters['variant'])}${select('state', 'State', ORDER_STATES, filters['state'])}
<div><label for="q">partner_order_id or cart_id</label><input id="q" name="q" type="search" value="${filters['q'] ?? ''}"></div>
<div><button type="submit">Filter</button></div></form>
<p><a href="${BASE}/orders.csv${query(filters)}" download>Export these orders as CSV</a></p>
<div class="table"><table>
<thead><tr><th scope="col">partner_order_id</th><th scope="col">Variant</th><th scope="col">State</th><th scope="col">Climes</th><th scope="col">Customer</th><th scope="col">Cart</th><th scope="col">Created</th></tr></thead>
<tbody>${
      page.items.length === 0
        ? html`<tr><td colspan="7" class="muted">No orders match.</td></tr>`
        : page.items.map(
            (record) => html`<tr><td><a href="${path('orders', record.environment, record.partnerOrderId)}">${record.partnerOrderId}</a></td>
<td>${record.variant}</td><td>${orderState(record, now)}</td><td>${climes(record.microClimes)}</td><td>${record.order.customer_name}</td>
<td>${record.cartId ?? '—'}</td><td>${when(record.createdAt)}</td></tr>`,
          )
    }</tbody></table></div>
${pager(base, filters, pageNumber, page.hasMore)}`,
  );
}

const EVENT_NAMES: Readonly<Record<OrderEvent['kind'], string>> = {
  create: 'Created',
  add: 'Climes added',
  remove: 'Climes removed',
  cancel: 'Cancelled',
};

export function orderPage(viewer: Viewer, record: OrderRecord, history: readonly OrderEvent[], now: number): SafeHtml {
  const sent = record.order;
  const field = (name: string, value: HtmlValue): SafeHtml => html`<tr><th scope="row">${name}</th><td>${value}</td></tr>`;
  return layout(
    `Order ${record.partnerOrderId}`,
    viewer,
    html`<p><a href="${BASE}/orders${query({ env: record.environment })}">All ${record.environment} orders</a></p>
<div class="table"><table><tbody>
${field('Environment', record.environment)}${field('Variant', record.variant)}${field('State', orderState(record, now))}
${field('Climes now', climes(record.microClimes))}${field('customer_name', sent.customer_name)}${field('customer_email', sent.customer_email)}
${field('customer_phone', sent.customer_phone ?? '—')}${field('cart_id', record.cartId ?? sent.cart_id ?? '—')}${field('project_id', sent.project_id ?? '—')}
${field('Created', when(record.createdAt))}${field('Unlocks', when(record.unlockDate))}${field('Cancelled', when(record.cancelledAt))}
</tbody></table></div>
<h2>History</h2>
<div class="table"><table><thead><tr><th scope="col">When</th><th scope="col">Change</th><th scope="col">Climes</th><th scope="col">Climes after</th></tr></thead>
<tbody>${
      history.length === 0
        ? html`<tr><td colspan="4" class="muted">No history: the order was stored before truecost kept it.</td></tr>`
        : history.map(
            (event) => html`<tr><td>${when(event.at)}</td><td>${EVENT_NAMES[event.kind]}</td>
<td>${event.deltaMicroClimes > 0 ? '+' : ''}${climes(event.deltaMicroClimes)}</td><td>${climes(event.microClimesAfter)}</td></tr>`,
          )
    }</tbody></table></div>`,
  );
}

export function optInsPage(viewer: Viewer, filters: Filters, page: ListPage<OptInRecord>, pageNumber: number): SafeHtml {
  const base = `${BASE}/opt-ins`;
  return layout(
    'Opt-ins',
    viewer,
    html`${environmentTabs(base, filters)}
<form method="get" action="${base}" class="filters" role="search"><input type="hidden" name="env" value="${filters['env']}">
<div><label for="q">cart_id</label><input id="q" name="q" type="search" value="${filters['q'] ?? ''}"></div>
<div><button type="submit">Search</button></div></form>
<div class="table"><table><thead><tr><th scope="col">cart_id</th><th scope="col">Opted in</th><th scope="col">Climes</th><th scope="col">Updated</th></tr></thead>
<tbody>${
      page.items.length === 0
        ? html`<tr><td colspan="4" class="muted">No opt-ins match.</td></tr>`
        : page.items.map(
            (record) => html`<tr><td>${record.cartId}</td><td>${record.optedIn ? 'yes' : 'no'}</td><td>${climes(record.microClimes)}</td><td>${when(record.updatedAt)}</td></tr>`,
          )
    }</tbody></table></div>
${pager(base, filters, pageNumber, page.hasMore)}`,
  );
}

export function jobsPage(viewer: Viewer, filters: Filters, page: ListPage<JobRecord>, pageNumber: number): SafeHtml {
  const base = `${BASE}/jobs`;
  return layout(
    'Bulk jobs',
    viewer,
    html`${environmentTabs(base, filters)}
<form method="get" action="${base}" class="filters"><input type="hidden" name="env" value="${filters['env']}">
${select('state', 'State', JOB_STATES, filters['state'])}<div><button type="submit">Filter</button></div></form>
<div class="table"><table><thead><tr><th scope="col">Job</th><th scope="col">State</th><th scope="col">Attempts</th><th scope="col">Last error</th><th scope="col">Created</th></tr></thead>
<tbody>${
      page.items.length === 0
        ? html`<tr><td colspan="5" class="muted">No jobs match.</td></tr>`
        : page.items.map(
            (job) => html`<tr><td><a href="${path('jobs', job.environment, job.jobId)}"><code>${job.jobId}</code></a></td><td>${job.state}</td>
<td>${job.attempts}</td><td>${job.lastError ?? '—'}</td><td>${when(job.createdAt)}</td></tr>`,
          )
    }</tbody></table></div>
${pager(base, filters, pageNumber, page.hasMore)}`,
  );
}

export function jobPage(viewer: Viewer, job: JobRecord): SafeHtml {
  const field = (name: string, value: HtmlValue): SafeHtml => html`<tr><th scope="row">${name}</th><td>${value}</td></tr>`;
  return layout(
    `Bulk job ${job.jobId}`,
    viewer,
    html`<p><a href="${BASE}/jobs${query({ env: job.environment })}">All ${job.environment} jobs</a></p>
<div class="table"><table><tbody>
${field('Environment', job.environment)}${field('State', html`<span id="job-state">${job.state}</span>`)}${field('Attempts', job.attempts)}
${field('Last error', job.lastError ?? '—')}${field('Created', when(job.createdAt))}${field('Delivered', when(job.deliveredAt))}
</tbody></table></div>
${
  job.state === 'failed'
    ? html`<form method="post" action="${path('jobs', job.environment, job.jobId, 'retry')}">${csrfField(viewer.csrf)}
<p><button type="submit">Retry the delivery</button></p></form>`
    : ''
}
<h2>Delivered body</h2>
${job.results === null ? html`<p class="muted">Not computed yet.</p>` : html`<pre>${JSON.stringify(job.results, null, 2)}</pre>`}`,
  );
}
