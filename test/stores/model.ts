// Model-based tests: random sequences of creates, changes, opt-ins and clock advances run against a
// store and against a tiny reference model; after every command the store must hold the model's
// climes and states, and every refusal must be the one the model predicts.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { orderState, type Order, type OrderRefusal, type Store, type Variant } from '../../src/index.js';
import { day, now as start, staging } from './fixtures.js';

interface ModelOrder {
  readonly variant: Variant;
  readonly body: Order;
  readonly cartId: string | null;
  microClimes: number;
  cancelled: boolean;
  readonly unlockDate: number;
  readonly createdAt: number;
}

interface Model {
  now: number;
  readonly orders: Map<string, ModelOrder>;
  readonly optIns: Map<string, { optedIn: boolean; microClimes: number }>;
}

interface Real {
  readonly store: Store;
}

const MAX_MICRO = 1e15;
const micro = (climes: number): number => Math.round(climes * 1e6);
const sameBody = (a: Order, b: Order): boolean =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** The model's answer to a create: the refusal with its index, or the new orders. */
function modelCreate(model: Model, variant: Variant, batch: readonly Order[]) {
  const inserts: [string, ModelOrder][] = [];
  const carts = new Set([...model.orders.values()].flatMap((o) => (o.cartId === null ? [] : [o.cartId])));
  for (const [index, body] of batch.entries()) {
    const stored = model.orders.get(body.partner_order_id);
    if (stored !== undefined) {
      if (stored.variant === variant && sameBody(stored.body, body)) continue;
      return { ok: false as const, index, refusal: { kind: 'conflict', partnerOrderId: body.partner_order_id } };
    }
    const cartId = variant === 'vote' ? (body.cart_id ?? body.partner_order_id) : null;
    if (cartId !== null) {
      if (carts.has(cartId)) return { ok: false as const, index, refusal: { kind: 'cart_conflict', cartId } };
      carts.add(cartId);
    }
    const unlockDate = body.unlock_date ?? model.now + 10 * day;
    inserts.push([body.partner_order_id, { variant, body, cartId, microClimes: micro(body.climes), cancelled: false, unlockDate, createdAt: model.now }]);
  }
  return { ok: true as const, inserts };
}

type Change = { kind: 'add' | 'remove'; climes: number } | { kind: 'cancel' };

/** The model's answer to a change: the refusal kind, or undefined when it applies (and applies it). */
function modelChange(model: Model, variant: Variant, id: string, change: Change): OrderRefusal['kind'] | undefined {
  const stored = model.orders.get(id);
  if (stored === undefined || stored.variant !== variant) return 'not_found';
  if (stored.cancelled) return 'cancelled';
  if (model.now >= stored.unlockDate) return 'unlocked';
  if (change.kind === 'cancel') {
    stored.microClimes = 0;
    stored.cancelled = true;
    return undefined;
  }
  const next = stored.microClimes + (change.kind === 'add' ? 1 : -1) * micro(change.climes);
  if (next > MAX_MICRO) return 'climes_limit';
  if (next < 0) return 'insufficient_climes';
  stored.microClimes = next;
  stored.cancelled = next === 0;
  return undefined;
}

/** Every stored order has the model's climes and state, and no order exists that the model lacks. */
async function expectSameOrders(model: Model, store: Store, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const expected = model.orders.get(id);
    const record = await store.getOrder(staging, id);
    if (expected === undefined) {
      expect(record).toBeUndefined();
      continue;
    }
    const expectedState = expected.cancelled ? 'cancelled' : model.now >= expected.unlockDate ? 'unlocked' : 'locked';
    expect(record && { microClimes: record.microClimes, state: orderState(record, model.now) }).toEqual({
      microClimes: expected.microClimes,
      state: expectedState,
    });
    // The history replays to the order: a create first, each event after the one before it.
    const history = await store.orderHistory(staging, id);
    expect(history[0]?.kind).toBe('create');
    let climesAfter = 0;
    for (const event of history) {
      climesAfter += event.deltaMicroClimes;
      expect(event.microClimesAfter).toBe(climesAfter);
    }
    expect(climesAfter).toBe(expected.microClimes);
  }
  // The dashboard's state filter agrees with the model's states, newest first, page by page.
  for (const state of ['locked', 'unlocked', 'cancelled'] as const) {
    const query = { environment: staging.environment, state, now: model.now };
    const listed = await store.listOrders(staging.partnerId, { ...query, limit: 50 });
    const expectedIds = newestFirst(model, ids.filter((id) => {
      const expected = model.orders.get(id);
      if (expected === undefined) return false;
      return (expected.cancelled ? 'cancelled' : model.now >= expected.unlockDate ? 'unlocked' : 'locked') === state;
    }));
    expect(listed.items.map((record) => record.partnerOrderId)).toEqual(expectedIds);
    await expectPages(store, query, expectedIds);
  }
}

/** The ids by when their orders were made and by id, newest first (the listings' order). */
function newestFirst(model: Model, orderIds: readonly string[]): string[] {
  const made = (id: string): number => model.orders.get(id)!.createdAt;
  return [...orderIds].sort((a, b) => made(b) - made(a) || (a < b ? 1 : a > b ? -1 : 0));
}

/** Pages of two, forwards by `after` and back by `before`, hold the expected ids in order. */
async function expectPages(store: Store, query: Omit<Parameters<Store['listOrders']>[1], 'limit'>, expectedIds: readonly string[]): Promise<void> {
  const forwards: string[] = [];
  let page = await store.listOrders(staging.partnerId, { ...query, limit: 2 });
  const pages = [page];
  for (;;) {
    forwards.push(...page.items.map((record) => record.partnerOrderId));
    const last = page.items.at(-1);
    if (!page.hasMore || last === undefined) break;
    page = await store.listOrders(staging.partnerId, { ...query, limit: 2, after: { at: last.createdAt, id: last.partnerOrderId } });
    pages.push(page);
  }
  expect(forwards).toEqual(expectedIds);
  // Back from the last page: each page before it, as it was read forwards.
  for (let index = pages.length - 1; index > 0; index -= 1) {
    const first = pages[index]!.items[0]!;
    const back = await store.listOrders(staging.partnerId, { ...query, limit: 2, before: { at: first.createdAt, id: first.partnerOrderId } });
    expect(back.items.map((record) => record.partnerOrderId)).toEqual(pages[index - 1]!.items.map((record) => record.partnerOrderId));
    expect(back.hasMore).toBe(index - 1 > 0);
  }
}

const ids = ['a', 'b', 'c', 'd', 'e'];
const climes = fc.constantFrom(0.1, 0.2, 0.3, 1, 2.5, 999_999_999.9);
const variant = fc.constantFrom<Variant>('vote', 'calculated');
const body = fc.record(
  {
    climes,
    partner_order_id: fc.constantFrom(...ids),
    customer_email: fc.constant('ada@example.com'),
    customer_name: fc.constantFrom('Ada', 'Grace'),
    cart_id: fc.constantFrom('cart-1', 'cart-2'),
    unlock_date: fc.integer({ min: 1, max: 20 }).map((days) => start + days * day),
  },
  { requiredKeys: ['climes', 'partner_order_id', 'customer_email', 'customer_name'] },
);
const batch = fc.uniqueArray(body, { minLength: 1, maxLength: 4, selector: (order) => order.partner_order_id });

function command(label: string, run: (model: Model, real: Real) => Promise<void>): fc.AsyncCommand<Model, Real> {
  return { check: () => true, run, toString: () => label };
}

const commands = [
  fc.tuple(variant, batch).map(([v, orders]) =>
    command(`create ${v} ${JSON.stringify(orders)}`, async (model, { store }) => {
      const expected = modelCreate(model, v, orders);
      const plan = await store.createOrders(staging, v, orders, model.now);
      if (expected.ok) {
        expect(plan.ok).toBe(true);
        for (const [id, record] of expected.inserts) model.orders.set(id, record);
      } else {
        expect(plan).toEqual({ ok: false, refusal: expected.refusal, index: expected.index });
      }
      await expectSameOrders(model, store, ids);
    }),
  ),
  fc
    .tuple(variant, fc.constantFrom(...ids), fc.oneof(
      fc.record({ kind: fc.constantFrom<'add' | 'remove'>('add', 'remove'), climes }),
      fc.constant({ kind: 'cancel' as const }),
    ))
    .map(([v, id, change]) =>
      command(`change ${v} ${id} ${JSON.stringify(change)}`, async (model, { store }) => {
        const refusal = modelChange(model, v, id, change);
        const outcome = await store.changeOrder(staging, v, id, change, model.now);
        expect(outcome.ok ? undefined : outcome.refusal.kind).toBe(refusal);
        await expectSameOrders(model, store, ids);
      }),
    ),
  fc.tuple(fc.constantFrom('cart-1', 'cart-2'), fc.boolean(), climes).map(([cartId, optedIn, amount]) =>
    command(`opt-in ${cartId} ${optedIn} ${amount}`, async (model, { store }) => {
      await store.saveOptIn(staging, { cart_id: cartId, opted_in: optedIn, climes: amount }, model.now);
      model.optIns.set(cartId, { optedIn, microClimes: micro(amount) });
      for (const [cart, expected] of model.optIns) {
        expect(await store.getOptIn(staging, cart)).toMatchObject(expected);
      }
    }),
  ),
  // The events worker's poll: announces some of the unlocks due, which the unlocked listing reads apart.
  fc.integer({ min: 0, max: 3 }).map((limit) =>
    command(`announce ${limit} unlocks`, async (model, { store }) => {
      await store.announceUnlocks(model.now, limit);
      await expectSameOrders(model, store, ids);
    }),
  ),
  fc.integer({ min: 1, max: 4 * day }).map((ms) =>
    command(`advance ${ms} ms`, async (model, { store }) => {
      model.now += ms;
      await expectSameOrders(model, store, ids);
    }),
  ),
];

/** Registers the model-based property for a store; `open` gives an empty store for each run. */
export function storeModelProperty(name: string, open: () => Promise<Store>, numRuns: number): void {
  it(`${name} holds the climes and states of the reference model after every command`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 30 }), async (sequence) => {
        const store = await open();
        try {
          const model: Model = { now: start, orders: new Map(), optIns: new Map() };
          await fc.asyncModelRun(() => ({ model, real: { store } }), sequence);
        } finally {
          await store.close();
        }
      }),
      { numRuns },
    );
  }, 120_000);
}
