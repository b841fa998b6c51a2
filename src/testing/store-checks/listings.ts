// The store contract's checks of the dashboard's listings by keyset: paging forward through any
// filtered set yields each row once, newest first, and paging backward yields the same rows.
import fc from 'fast-check';
import { orderState } from '../../orders/machine.js';
import type { ListPosition, OrderListQuery, Store } from '../../orders/store.js';
import type { Scope } from '../../orders/types.js';
import type { OrderState, Variant } from '../../schemas/order.js';
import { expectThat } from '../expect.js';
import { day, now, order, type DefineCheck } from './fixtures.js';

interface Planned {
  readonly id: string;
  readonly variant: Variant;
  readonly createdAt: number;
  readonly unlockDate: number;
  readonly cancel: boolean;
}

/** Ids that differ in case and share prefixes, so that an id order other than by code point shows. */
const idArbitrary = fc.string({ unit: fc.constantFrom('a', 'B', 'b', '0', '-', 'Z'), minLength: 1, maxLength: 3 });

const plannedArbitrary = fc.uniqueArray(
  fc.record({
    id: idArbitrary,
    variant: fc.constantFrom<Variant>('vote', 'calculated'),
    // Few distinct times, so that many orders share one and the id breaks the tie.
    createdAt: fc.integer({ min: 0, max: 3 }).map((minute) => now + minute * 60_000),
    unlockDate: fc.integer({ min: -2, max: 2 }).map((days) => now + days * day),
    cancel: fc.boolean(),
  }),
  { selector: (planned) => planned.id, maxLength: 12 },
);

const filterArbitrary = fc.record({
  variant: fc.option(fc.constantFrom<Variant>('vote', 'calculated'), { nil: undefined }),
  state: fc.option(fc.constantFrom<OrderState>('locked', 'unlocked', 'cancelled'), { nil: undefined }),
  search: fc.option(fc.oneof(idArbitrary, idArbitrary.map((id) => `c${id}`)), { nil: undefined }),
  limit: fc.integer({ min: 1, max: 4 }),
});

const byCodePoint = (a: string, b: string): number => {
  const [x, y] = [[...a].map((c) => c.codePointAt(0)!), [...b].map((c) => c.codePointAt(0)!)];
  for (let index = 0; index < Math.min(x.length, y.length); index += 1) if (x[index] !== y[index]) return x[index]! - y[index]!;
  return x.length - y.length;
};

async function store_(store: Store, scope: Scope, planned: readonly Planned[]): Promise<void> {
  for (const { id, variant, createdAt, unlockDate, cancel } of planned) {
    // Vote orders hold a cart: their own id with a prefix, so that a search finds the order by either.
    const cart = variant === 'vote' ? { cart_id: `c${id}` } : {};
    await store.createOrders(scope, variant, [order({ partner_order_id: id, unlock_date: unlockDate, ...cart })], createdAt);
    if (cancel && unlockDate > createdAt + 1) await store.changeOrder(scope, variant, id, { kind: 'cancel' }, createdAt + 1);
  }
}

/** Registers the checks of the listings' paging. */
export function defineListingChecks(check: DefineCheck): void {
  check('listing orders: paging forward by cursor yields every order of any filter once, newest first, and backward the same', async (store) => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(plannedArbitrary, filterArbitrary, async (planned, filter) => {
        run += 1;
        const scope: Scope = { partnerId: `paging-${run}`, environment: 'staging' };
        await store_(store, scope, planned);
        const at = now + 10 * 60_000;
        const query: Omit<OrderListQuery, 'limit'> = {
          environment: 'staging',
          now: at,
          ...(filter.variant === undefined ? {} : { variant: filter.variant }),
          ...(filter.state === undefined ? {} : { state: filter.state }),
          ...(filter.search === undefined ? {} : { search: filter.search }),
        };
        const all = (await Promise.all(planned.map((one) => store.getOrder(scope, one.id)))).filter((record) => record !== undefined);
        const expected = all
          .filter((record) => filter.variant === undefined || record.variant === filter.variant)
          .filter((record) => filter.state === undefined || orderState(record, at) === filter.state)
          .filter((record) => filter.search === undefined || record.partnerOrderId === filter.search || record.cartId === filter.search)
          .sort((a, b) => b.createdAt - a.createdAt || byCodePoint(b.partnerOrderId, a.partnerOrderId))
          .map((record) => record.partnerOrderId);
        const position = (id: string | undefined): ListPosition => ({ at: all.find((record) => record.partnerOrderId === id)!.createdAt, id: id! });
        const forward: string[] = [];
        let page = await store.listOrders(scope.partnerId, { ...query, limit: filter.limit });
        const pages = [page.items.map((record) => record.partnerOrderId)];
        for (let guard = 0; page.hasMore && guard <= expected.length; guard += 1) {
          page = await store.listOrders(scope.partnerId, { ...query, limit: filter.limit, after: position(pages.at(-1)!.at(-1)) });
          pages.push(page.items.map((record) => record.partnerOrderId));
        }
        forward.push(...pages.flat());
        expectThat(forward).toEqual(expected);
        expectThat(page.hasMore).toBe(false);
        // Backward from the last page's first order, to the newest.
        const backward: string[] = [...pages.at(-1)!];
        let back = { items: backward, hasMore: backward.length > 0 && expected.length > backward.length };
        for (let guard = 0; back.hasMore && guard <= expected.length; guard += 1) {
          const read = await store.listOrders(scope.partnerId, { ...query, limit: filter.limit, before: position(backward[0]) });
          back = { items: read.items.map((record) => record.partnerOrderId), hasMore: read.hasMore };
          expectThat(back.items.length).toBe(Math.min(filter.limit, expected.indexOf(backward[0]!)));
          backward.unshift(...back.items);
        }
        expectThat(backward).toEqual(expected);
      }),
      { numRuns: 30 },
    );
  });
}
