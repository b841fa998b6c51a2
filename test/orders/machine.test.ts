import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_UNLOCK_DELAY_MS,
  applyChange,
  createOrdersRequestSchema,
  fromMicroClimes,
  orderState,
  orderView,
  planCreate,
  toMicroClimes,
  validate,
  type Order,
  type OrderRecord,
  type Scope,
} from '../../src/index.js';

const scope: Scope = { partnerId: 'p1', environment: 'staging' };
const now = 1_800_000_000_000;
const empty = { byId: new Map<string, OrderRecord>(), byCart: new Map<string, OrderRecord>() };
const order = (overrides: Partial<Order> = {}): Order => ({
  climes: 10,
  partner_order_id: 'o-1',
  customer_email: 'ada@example.com',
  customer_name: 'Ada Lovelace',
  ...overrides,
});

function created(o: Order = order(), variant: 'vote' | 'calculated' = 'vote'): OrderRecord {
  const plan = planCreate(scope, variant, [o], empty, now);
  if (!plan.ok || plan.inserts[0] === undefined) throw new Error('expected a created order');
  return plan.inserts[0];
}

const microClimes = fc.integer({ min: 1, max: 1_000_000_000 });

describe('creating orders', () => {
  it('locks a new order for 10 days by default, and fills the vote cart from partner_order_id', () => {
    const record = created();
    expect(record.unlockDate).toBe(now + DEFAULT_UNLOCK_DELAY_MS);
    expect(record.cartId).toBe('o-1');
    expect(orderState(record, now)).toBe('locked');
    expect(orderState(record, now + DEFAULT_UNLOCK_DELAY_MS)).toBe('unlocked');
  });

  it('creates an order with a past unlock_date already unlocked', () => {
    expect(orderState(created(order({ unlock_date: now - 1 })), now)).toBe('unlocked');
  });

  it('treats an identical body as a safe retry and a different one as a conflict', () => {
    const stored = created();
    const byId = new Map([['o-1', stored]]);
    const retry = planCreate(scope, 'vote', [order()], { byId, byCart: new Map() }, now + 5);
    expect(retry).toEqual({ ok: true, inserts: [], partnerOrderIds: ['o-1'] });
    const other = planCreate(scope, 'vote', [order({ climes: 11 })], { byId, byCart: new Map() }, now);
    expect(other).toEqual({ ok: false, refusal: { kind: 'conflict', partnerOrderId: 'o-1' }, index: 0 });
    const otherVariant = planCreate(scope, 'calculated', [order()], { byId, byCart: new Map() }, now);
    expect(otherVariant.ok).toBe(false);
  });

  it('calls a body a retry exactly when its fields, in any order, equal the stored ones as JSON', () => {
    const values: Record<string, readonly [unknown, unknown]> = {
      climes: [10, 10.5],
      customer_email: ['ada@example.com', 'Ada@example.com'],
      customer_name: ['Ada', 'Ada '],
      customer_phone: ['+441234', '+441235'],
      unlock_date: [now + 1, now + 2],
      cart_id: ['c-1', 'c-2'],
      project_id: ['p-1', 'p-2'],
    };
    const keys = Object.keys(values);
    const required = new Set(['climes', 'customer_email', 'customer_name']);
    // A field is absent (null here), sent as undefined, or one of two values, so that pairs often agree.
    const stored = fc.record(
      Object.fromEntries(keys.map((key) => [key, required.has(key) ? fc.constantFrom(...values[key]!) : fc.constantFrom(null, undefined, ...values[key]!)])),
    );
    // The body sent: the stored one with at most one field left out, set to undefined or given a value.
    const edit = fc.record({ key: fc.constantFrom(...keys), to: fc.constantFrom('same', null, undefined, 0, 1) });
    const build = (fields: Record<string, unknown>, order: readonly string[]): Order =>
      Object.fromEntries([['partner_order_id', 'o-1'], ...order.filter((key) => fields[key] !== null).map((key) => [key, fields[key]])]) as Order;
    const canonical = (o: Order) => JSON.stringify(Object.fromEntries(Object.entries(o).sort(([x], [y]) => (x < y ? -1 : 1))));
    fc.assert(
      fc.property(stored, edit, fc.shuffledSubarray(keys, { minLength: keys.length }), (fields, { key, to }, order) => {
        const sentFields = to === 'same' ? fields : { ...fields, [key]: typeof to === 'number' ? values[key]![to] : to };
        const kept = build(fields, keys);
        const sent = build(sentFields, order);
        const byId = new Map([['o-1', created(kept)]]);
        const plan = planCreate(scope, 'vote', [sent], { byId, byCart: new Map() }, now);
        expect(plan.ok).toBe(canonical(kept) === canonical(sent));
      }),
    );
  });

  it('refuses a vote cart held by another order, in the store or earlier in the batch', () => {
    const stored = created(order({ cart_id: 'cart-9' }));
    const held = planCreate(scope, 'vote', [order({ partner_order_id: 'o-2', cart_id: 'cart-9' })], { byId: new Map(), byCart: new Map([['cart-9', stored]]) }, now);
    expect(held).toEqual({ ok: false, refusal: { kind: 'cart_conflict', cartId: 'cart-9' }, index: 0 });
    const batch = [order({ partner_order_id: 'a', cart_id: 'c' }), order({ partner_order_id: 'b', cart_id: 'c' })];
    expect(planCreate(scope, 'vote', batch, empty, now)).toMatchObject({ ok: false, index: 1 });
    expect(planCreate(scope, 'calculated', batch, empty, now).ok).toBe(true);
  });

  it('names the second occurrence of a repeated partner_order_id in a batch', () => {
    const body = { orders: [order({ partner_order_id: 'x' }), order({ partner_order_id: 'y' }), order({ partner_order_id: 'x' })] };
    expect(validate(createOrdersRequestSchema, body)).toMatchObject({ ok: false, error: { path: 'orders.2.partner_order_id' } });
  });
});

describe('changing orders', () => {
  it('adds and removes climes exactly to the micro-clime', () => {
    fc.assert(
      fc.property(microClimes, fc.array(fc.tuple(fc.boolean(), microClimes), { maxLength: 30 }), (start, steps) => {
        let record = created(order({ climes: fromMicroClimes(start) }));
        let expected = start;
        for (const [add, amount] of steps) {
          const climes = fromMicroClimes(amount);
          const outcome = applyChange(record, 'vote', { kind: add ? 'add' : 'remove', climes }, now);
          const next = add ? expected + amount : expected - amount;
          if (next < 0) {
            expect(outcome).toEqual({ ok: false, refusal: { kind: 'insufficient_climes' } });
            continue;
          }
          if (next > 1e15) {
            expect(outcome).toEqual({ ok: false, refusal: { kind: 'climes_limit' } });
            continue;
          }
          if (!outcome.ok) throw new Error(`unexpected refusal ${outcome.refusal.kind}`);
          expected = next;
          record = outcome.record;
          expect(record.microClimes).toBe(expected);
          if (expected === 0) {
            expect(orderState(record, now)).toBe('cancelled');
            return;
          }
        }
      }),
    );
  });

  it('makes 0.1 + 0.2 climes exactly 0.3 climes', () => {
    const outcome = applyChange(created(order({ climes: 0.1 })), 'vote', { kind: 'add', climes: 0.2 }, now);
    expect(outcome).toMatchObject({ ok: true, response: { updated_climes: 0.3 } });
    expect(toMicroClimes(0.3)).toBe(300_000);
  });

  it('refuses unknown, wrong-variant, unlocked and cancelled orders', () => {
    const record = created();
    expect(applyChange(undefined, 'vote', { kind: 'cancel' }, now)).toEqual({ ok: false, refusal: { kind: 'not_found' } });
    expect(applyChange(record, 'calculated', { kind: 'cancel' }, now)).toEqual({ ok: false, refusal: { kind: 'not_found' } });
    expect(applyChange(record, 'vote', { kind: 'add', climes: 1 }, record.unlockDate)).toEqual({ ok: false, refusal: { kind: 'unlocked' } });
    const cancelled = applyChange(record, 'vote', { kind: 'cancel' }, now);
    if (!cancelled.ok) throw new Error('expected the cancellation to succeed');
    expect(cancelled.response).toEqual({ message: 'Order cancelled successfully', partner_order_id: 'o-1', remaining_climes: 0 });
    for (const change of [{ kind: 'add', climes: 1 }, { kind: 'remove', climes: 1 }, { kind: 'cancel' }] as const) {
      expect(applyChange(cancelled.record, 'vote', change, now)).toEqual({ ok: false, refusal: { kind: 'cancelled' } });
    }
  });

  it('shows the fields sent, the climes now and the state in the order view', () => {
    const record = created(order({ customer_phone: '+44 20 7946 0000', project_id: 'forest' }));
    expect(orderView(record, now)).toEqual({
      partner_order_id: 'o-1',
      climes: 10,
      customer_email: 'ada@example.com',
      customer_name: 'Ada Lovelace',
      customer_phone: '+44 20 7946 0000',
      project_id: 'forest',
      state: 'locked',
      variant: 'vote',
      created_at: now,
      unlock_date: now + DEFAULT_UNLOCK_DELAY_MS,
    });
  });
});
