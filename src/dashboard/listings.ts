// The listings' filters, and the CSV export of orders.
import { fromMicroClimes } from '../orders/climes.js';
import { orderState } from '../orders/machine.js';
import { JOB_STATES, type JobState, type OrderListQuery, type Store } from '../orders/store.js';
import { ENVIRONMENTS, type Environment, type Scope } from '../orders/types.js';
import type { OrderState, Variant } from '../schemas/order.js';
import { csvLines } from './csv.js';
import { optInsPage, ORDER_STATES, orderPage, VARIANTS, type Filters } from './listing-pages.js';
import type { Viewer } from './pages.js';
import { oneOf, PageError, pageNumberOf, respond, searchOf, segment } from './responses.js';

/** Rows per page of a listing. */
export const PAGE_SIZE = 25;
/** Most orders one CSV export holds. */
const MAX_EXPORT_ROWS = 100_000;

/** The filters of a listing's query string, its environment (staging by default) and page. */
export function filtersOf(url: URL, withVariantAndState: 'orders' | 'opt-ins' | 'jobs'): { filters: Filters; environment: Environment; pageNumber: number } {
  const environment = oneOf<Environment>(url.searchParams.get('env'), ENVIRONMENTS, 'env') ?? 'staging';
  const filters: Record<string, string | undefined> = { env: environment };
  if (withVariantAndState === 'orders') {
    filters['variant'] = oneOf<Variant>(url.searchParams.get('variant'), VARIANTS, 'variant');
    filters['state'] = oneOf<OrderState>(url.searchParams.get('state'), ORDER_STATES, 'state');
  }
  if (withVariantAndState === 'jobs') filters['state'] = oneOf<JobState>(url.searchParams.get('state'), JOB_STATES, 'state');
  if (withVariantAndState !== 'jobs') filters['q'] = searchOf(url.searchParams.get('q'));
  return { filters, environment, pageNumber: pageNumberOf(url.searchParams.get('page')) };
}

/** The store query of the orders listing for the filters. */
export function orderQuery(filters: Filters, environment: Environment, limit: number, offset: number, now: number): OrderListQuery {
  return {
    environment,
    now,
    limit,
    offset,
    ...(filters['variant'] === undefined ? {} : { variant: filters['variant'] as Variant }),
    ...(filters['state'] === undefined ? {} : { state: filters['state'] as OrderState }),
    ...(filters['q'] === undefined ? {} : { search: filters['q'] }),
  };
}

/** The orders the filters select, up to MAX_EXPORT_ROWS, as a CSV download. */
export async function exportOrders(store: Store, viewer: Viewer, url: URL, at: number): Promise<Response> {
  const { filters, environment } = filtersOf(url, 'orders');
  const rows: (string | number | null)[][] = [
    ['environment', 'variant', 'partner_order_id', 'cart_id', 'state', 'climes', 'customer_name', 'customer_email', 'customer_phone', 'project_id', 'created_at', 'unlock_date', 'cancelled_at'],
  ];
  const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());
  for (let offset = 0; offset < MAX_EXPORT_ROWS; offset += 500) {
    const page = await store.listOrders(viewer.partnerId, orderQuery(filters, environment, 500, offset, at));
    for (const record of page.items) {
      const sent = record.order;
      rows.push([record.environment, record.variant, record.partnerOrderId, record.cartId, orderState(record, at), fromMicroClimes(record.microClimes),
        sent.customer_name, sent.customer_email, sent.customer_phone ?? null, sent.project_id ?? null,
        iso(record.createdAt), iso(record.unlockDate), iso(record.cancelledAt)]);
    }
    if (!page.hasMore) break;
  }
  return respond(200, csvLines(rows), {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="truecost-orders-${environment}.csv"`,
  });
}

/** The page of one order (`/orders/ENV/ID`) and its history. */
export async function orderResponse(store: Store, viewer: Viewer, rest: readonly string[], now: number): Promise<Response> {
  const environment = oneOf<Environment>(segment(rest[0]), ENVIRONMENTS, 'The environment');
  if (environment === undefined) throw new PageError(404, 'Not found', 'No such page.');
  // The scope comes from the session: an id of another partner's order is simply not found.
  const scope: Scope = { partnerId: viewer.partnerId, environment };
  const id = segment(rest[1]);
  const record = await store.getOrder(scope, id);
  if (record === undefined) throw new PageError(404, 'Not found', 'No such order.');
  return respond(200, orderPage(viewer, record, await store.orderHistory(scope, id), now));
}

/** The opt-ins listing. */
export async function optInsResponse(store: Store, viewer: Viewer, url: URL): Promise<Response> {
  const { filters, environment, pageNumber } = filtersOf(url, 'opt-ins');
  const page = await store.listOptIns(viewer.partnerId, {
    environment,
    limit: PAGE_SIZE,
    offset: (pageNumber - 1) * PAGE_SIZE,
    ...(filters['q'] === undefined ? {} : { search: filters['q'] }),
  });
  return respond(200, optInsPage(viewer, filters, page, pageNumber));
}
