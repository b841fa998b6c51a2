// The listings' pages: orders, opt-ins and bulk jobs, with their filters and pagers.
import { orderState } from '../orders/machine.js';
import { JOB_STATES, type JobRecord, type OrderEvent } from '../orders/store.js';
import { ENVIRONMENTS, type OptInRecord, type OrderRecord } from '../orders/types.js';
import { variantSchema, type OrderState, type Variant } from '../schemas/order.js';
import { html, type HtmlValue, type SafeHtml } from './html.js';
import { BASE, climes, csrfField, layout, path, when, type Viewer } from './pages.js';
import { customerErased } from '../orders/erasure.js';
import type { ShownPage } from './paging.js';

export const VARIANTS: readonly Variant[] = variantSchema.options;
export const ORDER_STATES: readonly OrderState[] = ['locked', 'unlocked', 'cancelled'];

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

/** The links to the newer and older pages, each carrying its cursor (./paging.ts). */
function pager(base: string, filters: Filters, shown: ShownPage<unknown>): SafeHtml {
  return html`<nav class="pager" aria-label="Pages">${shown.previous !== undefined ? html`<a href="${base}${query(filters, { before: shown.previous })}" rel="prev">Previous page</a>` : ''}
${shown.previous !== undefined ? html`<a href="${base}${query(filters)}">First page</a>` : ''}${shown.next !== undefined ? html`<a href="${base}${query(filters, { after: shown.next })}" rel="next">Next page</a>` : ''}</nav>`;
}

export function ordersPage(viewer: Viewer, filters: Filters, page: ShownPage<OrderRecord>, now: number): SafeHtml {
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
<p><a href="${BASE}/orders.csv${query(filters)}" download>Export these orders as CSV</a> · <a href="${BASE}/orders.jsonl${query(filters)}" download>Export these orders as JSON Lines</a> · <a href="${BASE}/events.jsonl${query({ env: filters['env'] })}" download>Export every order event of this environment as JSON Lines</a></p>
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
${pager(base, filters, page)}`,
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
    }</tbody></table></div>
<h2>The customer's personal data</h2>
${
  customerErased(sent)
    ? html`<p>Erased: the order keeps no e-mail, name or phone of its customer.</p>`
    : html`<p>At the customer's request (India's DPDP Act, the GDPR), erase the e-mail, name and phone this order was sent with; its climes and dates stay.</p>
<p><a href="${path('orders', record.environment, record.partnerOrderId, 'erase')}">Erase the customer's data…</a></p>`
}`,
  );
}

/** The confirmation of erasing an order's customer: what goes, what stays, and the one button that does it. */
export function eraseCustomerPage(viewer: Viewer, record: OrderRecord): SafeHtml {
  const order = path('orders', record.environment, record.partnerOrderId);
  return layout(
    `Erase the customer of order ${record.partnerOrderId}?`,
    viewer,
    html`<p>The e-mail, name and phone of the ${record.environment} order <code>${record.partnerOrderId}</code> will be emptied,
here and wherever truecost keeps them. This cannot be undone. The order stays, with its climes, cart, dates and history.</p>
<form method="post" action="${order}/erase">${csrfField(viewer.csrf)}
<p><button class="danger" type="submit">Erase the customer's data</button> <a href="${order}">Keep them</a></p></form>`,
  );
}

export function optInsPage(viewer: Viewer, filters: Filters, page: ShownPage<OptInRecord>): SafeHtml {
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
${pager(base, filters, page)}`,
  );
}

export function jobsPage(viewer: Viewer, filters: Filters, page: ShownPage<JobRecord>): SafeHtml {
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
${pager(base, filters, page)}`,
  );
}

export function jobPage(viewer: Viewer, job: JobRecord): SafeHtml {
  const field = (name: string, value: HtmlValue): SafeHtml => html`<tr><th scope="row">${name}</th><td>${value}</td></tr>`;
  return layout(
    `Bulk job ${job.jobId}`,
    viewer,
    html`<p><a href="${BASE}/jobs${query({ env: job.environment })}">All ${job.environment} jobs</a></p>
<div class="table"><table><tbody>
${field('Environment', job.environment)}${field('Calculator', job.endpoint)}${field('State', html`<span id="job-state">${job.state}</span>`)}${field('Attempts', job.attempts)}
${field('Last error', job.lastError ?? '—')}${field('Created', when(job.createdAt))}${field('Delivered', when(job.deliveredAt))}
</tbody></table></div>
${
  job.state === 'failed'
    ? html`<form method="post" action="${path('jobs', job.environment, job.jobId, 'retry')}">${csrfField(viewer.csrf)}
<p><button type="submit">Retry the delivery</button></p></form>`
    : ''
}
<h2>Delivered body</h2>
${(job.bodyResults ?? job.results) === null ? html`<p class="muted">Not computed yet.</p>` : html`<pre>${JSON.stringify(job.bodyResults ?? job.results, null, 2)}</pre>`}`,
  );
}
