// The listings (orders, opt-ins, bulk jobs) with their filters, and the page of one order.
import { JOB_STATES, type JobState, type ListPosition, type OrderListQuery, type PageBounds, type Store } from '../orders/store.js';
import { ENVIRONMENTS, type Environment, type OrderRecord, type Scope } from '../orders/types.js';
import type { OrderState, Variant } from '../schemas/order.js';
import { jobsPage, optInsPage, ORDER_STATES, orderPage, ordersPage, VARIANTS, type Filters } from './listing-pages.js';
import type { Viewer } from './pages.js';
import { pageBoundsOf, readPage } from './paging.js';
import { oneOf, PageError, respond, searchOf, segment } from './responses.js';

/** An order's place in the orders listing. */
export const orderPosition = (record: OrderRecord): ListPosition => ({ at: record.createdAt, id: record.partnerOrderId });

/** The filters of a listing's query string, its environment (staging by default) and the page's bounds. */
export function filtersOf(url: URL, withVariantAndState: 'orders' | 'opt-ins' | 'jobs'): { filters: Filters; environment: Environment; bounds: PageBounds } {
  const environment = oneOf<Environment>(url.searchParams.get('env'), ENVIRONMENTS, 'env') ?? 'staging';
  const filters: Record<string, string | undefined> = { env: environment };
  if (withVariantAndState === 'orders') {
    filters['variant'] = oneOf<Variant>(url.searchParams.get('variant'), VARIANTS, 'variant');
    filters['state'] = oneOf<OrderState>(url.searchParams.get('state'), ORDER_STATES, 'state');
  }
  if (withVariantAndState === 'jobs') filters['state'] = oneOf<JobState>(url.searchParams.get('state'), JOB_STATES, 'state');
  if (withVariantAndState !== 'jobs') filters['q'] = searchOf(url.searchParams.get('q'));
  return { filters, environment, bounds: pageBoundsOf(url) };
}

/** The store query of the orders listing for the filters. */
export function orderQuery(filters: Filters, environment: Environment, bounds: PageBounds, now: number): OrderListQuery {
  return {
    environment,
    now,
    ...bounds,
    ...(filters['variant'] === undefined ? {} : { variant: filters['variant'] as Variant }),
    ...(filters['state'] === undefined ? {} : { state: filters['state'] as OrderState }),
    ...(filters['q'] === undefined ? {} : { search: filters['q'] }),
  };
}

/** The orders listing. */
export async function ordersResponse(store: Store, viewer: Viewer, url: URL, now: number): Promise<Response> {
  const { filters, environment, bounds } = filtersOf(url, 'orders');
  const shown = await readPage(bounds, (page) => store.listOrders(viewer.partnerId, orderQuery(filters, environment, page, now)), orderPosition);
  return respond(200, ordersPage(viewer, filters, shown, now));
}

/** The bulk jobs listing. */
export async function jobsResponse(store: Store, viewer: Viewer, url: URL): Promise<Response> {
  const { filters, environment, bounds } = filtersOf(url, 'jobs');
  const scope: Scope = { partnerId: viewer.partnerId, environment };
  const state = filters['state'] as JobState | undefined;
  const shown = await readPage(bounds, (page) => store.listPartnerJobs(scope, { ...(state === undefined ? {} : { state }), ...page }), (job) => ({ at: job.createdAt, id: job.jobId }));
  return respond(200, jobsPage(viewer, filters, shown));
}

/** The page of one order (`/orders/ENV/ID`) and its history. */
export async function orderResponse(store: Store, viewer: Viewer, rest: readonly string[], now: number): Promise<Response> {
  const { scope, record } = await viewedOrder(store, viewer, rest);
  return respond(200, orderPage(viewer, record, await store.orderHistory(scope, record.partnerOrderId), now));
}

/** The order of `/orders/{environment}/{id}` in the signed-in partner's scope, or a 404. */
export async function viewedOrder(store: Store, viewer: Viewer, rest: readonly string[]): Promise<{ scope: Scope; record: OrderRecord }> {
  const environment = oneOf<Environment>(segment(rest[0]), ENVIRONMENTS, 'The environment');
  if (environment === undefined) throw new PageError(404, 'Not found', 'No such page.');
  // The scope comes from the session: an id of another partner's order is simply not found.
  const scope: Scope = { partnerId: viewer.partnerId, environment };
  const record = await store.getOrder(scope, segment(rest[1]));
  if (record === undefined) throw new PageError(404, 'Not found', 'No such order.');
  return { scope, record };
}

/** The opt-ins listing. */
export async function optInsResponse(store: Store, viewer: Viewer, url: URL): Promise<Response> {
  const { filters, environment, bounds } = filtersOf(url, 'opt-ins');
  const search = filters['q'];
  const shown = await readPage(
    bounds,
    (page) => store.listOptIns(viewer.partnerId, { environment, ...page, ...(search === undefined ? {} : { search }) }),
    (record) => ({ at: record.updatedAt, id: record.cartId }),
  );
  return respond(200, optInsPage(viewer, filters, shown));
}
