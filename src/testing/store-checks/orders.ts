// The store contract's checks of creating and changing orders, and of opt-ins.
import { DEFAULT_UNLOCK_DELAY_MS, orderState } from '../../orders/machine.js';
import { expectThat } from '../expect.js';
import { now, order, staging, type DefineCheck } from './fixtures.js';

/** Registers the checks of orders and opt-ins, in order. */
export function defineOrderChecks(check: DefineCheck): void {
  check('creating orders: stores a created order with its climes, cart, dates and sent body', async (store) => {
    const plan = await store.createOrders(staging, 'vote', [order({ customer_phone: '+41 1' })], now);
    expectThat(plan).toMatchObject({ ok: true, partnerOrderIds: ['o-1'] });
    const record = await store.getOrder(staging, 'o-1');
    expectThat(record).toEqual({
      ...staging,
      variant: 'vote',
      partnerOrderId: 'o-1',
      microClimes: 10_000_000,
      order: order({ customer_phone: '+41 1' }),
      cartId: 'o-1',
      unlockDate: now + DEFAULT_UNLOCK_DELAY_MS,
      createdAt: now,
      updatedAt: now,
      cancelledAt: null,
      calculationGrams: null,
    });
  });

  check('creating orders: keeps the largest order exactly (1e9 climes are 1e15 micro-climes)', async (store) => {
    await store.createOrders(staging, 'calculated', [order({ climes: 999_999_999.999999 })], now);
    expectThat((await store.getOrder(staging, 'o-1'))?.microClimes).toBe(999_999_999_999_999);
  });

  check('creating orders: stores every order of a batch', async (store) => {
    const batch = [1, 2, 3].map((n) => order({ partner_order_id: `o-${n}`, climes: n }));
    const plan = await store.createOrders(staging, 'calculated', batch, now);
    expectThat(plan).toMatchObject({ ok: true, partnerOrderIds: ['o-1', 'o-2', 'o-3'] });
    for (const n of [1, 2, 3]) expectThat((await store.getOrder(staging, `o-${n}`))?.microClimes).toBe(n * 1e6);
    expectThat((await store.getOrder(staging, 'o-1'))?.cartId).toBeNull();
  });

  check('creating orders: stores nothing of a batch whose third order conflicts', async (store) => {
    await store.createOrders(staging, 'vote', [order({ partner_order_id: 'o-3', climes: 1 })], now);
    const batch = [1, 2, 3].map((n) => order({ partner_order_id: `o-${n}`, climes: 5 }));
    const plan = await store.createOrders(staging, 'vote', batch, now);
    expectThat(plan).toEqual({ ok: false, refusal: { kind: 'conflict', partnerOrderId: 'o-3' }, index: 2 });
    expectThat(await store.getOrder(staging, 'o-1')).toBeUndefined();
    expectThat(await store.getOrder(staging, 'o-2')).toBeUndefined();
    expectThat((await store.getOrder(staging, 'o-3'))?.microClimes).toBe(1e6);
  });

  check('creating orders: answers an identical repeat as created without inserting it again', async (store) => {
    await store.createOrders(staging, 'vote', [order()], now);
    await store.changeOrder(staging, 'vote', 'o-1', { kind: 'add', climes: 1 }, now + 1);
    const retry = await store.createOrders(staging, 'vote', [order()], now + 2);
    expectThat(retry).toEqual({ ok: true, inserts: [], partnerOrderIds: ['o-1'] });
    expectThat(await store.getOrder(staging, 'o-1')).toMatchObject({ microClimes: 11e6, createdAt: now });
  });

  check('creating orders: refuses a different body under a stored partner_order_id', async (store) => {
    await store.createOrders(staging, 'vote', [order()], now);
    const plan = await store.createOrders(staging, 'vote', [order({ customer_name: 'Grace' })], now);
    expectThat(plan).toEqual({ ok: false, refusal: { kind: 'conflict', partnerOrderId: 'o-1' }, index: 0 });
    expectThat((await store.getOrder(staging, 'o-1'))?.order.customer_name).toBe('Ada Lovelace');
  });

  check('creating orders: refuses the same partner_order_id in the other variant', async (store) => {
    await store.createOrders(staging, 'vote', [order()], now);
    const plan = await store.createOrders(staging, 'calculated', [order()], now);
    expectThat(plan).toEqual({ ok: false, refusal: { kind: 'conflict', partnerOrderId: 'o-1' }, index: 0 });
    expectThat((await store.getOrder(staging, 'o-1'))?.variant).toBe('vote');
  });

  check('creating orders: refuses a vote order whose cart another order holds, stored or in the same batch', async (store) => {
    await store.createOrders(staging, 'vote', [order({ cart_id: 'cart-1' })], now);
    const stored = await store.createOrders(staging, 'vote', [order({ partner_order_id: 'o-2', cart_id: 'cart-1' })], now);
    expectThat(stored).toEqual({ ok: false, refusal: { kind: 'cart_conflict', cartId: 'cart-1' }, index: 0 });
    const inBatch = await store.createOrders(
      staging,
      'vote',
      [order({ partner_order_id: 'o-3', cart_id: 'cart-2' }), order({ partner_order_id: 'o-4', cart_id: 'cart-2' })],
      now,
    );
    expectThat(inBatch).toEqual({ ok: false, refusal: { kind: 'cart_conflict', cartId: 'cart-2' }, index: 1 });
    expectThat(await store.getOrder(staging, 'o-3')).toBeUndefined();
    // Calculated orders hold no cart.
    const calculated = await store.createOrders(staging, 'calculated', [order({ partner_order_id: 'o-5', cart_id: 'cart-1' })], now);
    expectThat(calculated.ok).toBe(true);
  });


  check('changing orders: adds climes exactly', async (store) => {
    await store.createOrders(staging, 'vote', [order({ climes: 0.1 })], now);
    const outcome = await store.changeOrder(staging, 'vote', 'o-1', { kind: 'add', climes: 0.2 }, now + 5);
    expectThat(outcome).toMatchObject({ ok: true, response: { updated_climes: 0.3, partner_order_id: 'o-1' } });
    expectThat(await store.getOrder(staging, 'o-1')).toMatchObject({ microClimes: 300_000, updatedAt: now + 5 });
  });

  check('changing orders: removes climes, and refuses to remove more than the order holds', async (store) => {
    await store.createOrders(staging, 'vote', [order({ climes: 0.1 })], now);
    const removed = await store.changeOrder(staging, 'vote', 'o-1', { kind: 'remove', climes: 0.04 }, now);
    expectThat(removed).toMatchObject({ ok: true, response: { remaining_climes: 0.06 } });
    const tooMany = await store.changeOrder(staging, 'vote', 'o-1', { kind: 'remove', climes: 0.060001 }, now);
    expectThat(tooMany).toEqual({ ok: false, refusal: { kind: 'insufficient_climes' } });
    expectThat((await store.getOrder(staging, 'o-1'))?.microClimes).toBe(60_000);
  });

  check('changing orders: cancels an order whose climes are all removed', async (store) => {
    await store.createOrders(staging, 'vote', [order({ climes: 0.1 })], now);
    await store.changeOrder(staging, 'vote', 'o-1', { kind: 'remove', climes: 0.1 }, now + 7);
    const record = await store.getOrder(staging, 'o-1');
    expectThat(record).toMatchObject({ microClimes: 0, cancelledAt: now + 7 });
    expectThat(record && orderState(record, now + 8)).toBe('cancelled');
  });

  check('changing orders: cancels in full, after which every change is refused as cancelled', async (store) => {
    await store.createOrders(staging, 'vote', [order({ climes: 0.1 })], now);
    const outcome = await store.changeOrder(staging, 'vote', 'o-1', { kind: 'cancel' }, now + 3);
    expectThat(outcome).toMatchObject({ ok: true, response: { remaining_climes: 0, partner_order_id: 'o-1' } });
    expectThat(await store.getOrder(staging, 'o-1')).toMatchObject({ microClimes: 0, cancelledAt: now + 3 });
    for (const change of [{ kind: 'add', climes: 1 }, { kind: 'remove', climes: 1 }, { kind: 'cancel' }] as const) {
      expectThat(await store.changeOrder(staging, 'vote', 'o-1', change, now + 4)).toEqual({
        ok: false,
        refusal: { kind: 'cancelled' },
      });
    }
  });

  check('changing orders: refuses changes once the unlock date has come', async (store) => {
    await store.createOrders(staging, 'vote', [order({ climes: 0.1 })], now);
    const unlock = now + DEFAULT_UNLOCK_DELAY_MS;
    expectThat((await store.changeOrder(staging, 'vote', 'o-1', { kind: 'add', climes: 1 }, unlock - 1)).ok).toBe(true);
    for (const change of [{ kind: 'add', climes: 1 }, { kind: 'remove', climes: 1 }, { kind: 'cancel' }] as const) {
      expectThat(await store.changeOrder(staging, 'vote', 'o-1', change, unlock)).toEqual({
        ok: false,
        refusal: { kind: 'unlocked' },
      });
    }
    expectThat((await store.getOrder(staging, 'o-1'))?.microClimes).toBe(1_100_000);
  });

  check('changing orders: refuses an unknown id, and an id of the other variant, as not found', async (store) => {
    await store.createOrders(staging, 'vote', [order({ climes: 0.1 })], now);
    const add = { kind: 'add', climes: 1 } as const;
    expectThat(await store.changeOrder(staging, 'vote', 'nope', add, now)).toEqual({ ok: false, refusal: { kind: 'not_found' } });
    expectThat(await store.changeOrder(staging, 'calculated', 'o-1', add, now)).toEqual({
      ok: false,
      refusal: { kind: 'not_found' },
    });
  });

  check('changing orders: refuses an addition beyond 1e9 climes and keeps the order as it was', async (store) => {
    await store.createOrders(staging, 'vote', [order({ climes: 0.1 })], now);
    const outcome = await store.changeOrder(staging, 'vote', 'o-1', { kind: 'add', climes: 1e9 }, now);
    expectThat(outcome).toEqual({ ok: false, refusal: { kind: 'climes_limit' } });
    expectThat((await store.getOrder(staging, 'o-1'))?.microClimes).toBe(100_000);
    const upTo = await store.changeOrder(staging, 'vote', 'o-1', { kind: 'add', climes: 999_999_999.9 }, now);
    expectThat(upTo).toMatchObject({ ok: true, response: { updated_climes: 1e9 } });
  });

  check('opt-ins: creates and then replaces the opt-in of a cart', async (store) => {
    expectThat(await store.getOptIn(staging, 'cart-1')).toBeUndefined();
    await store.saveOptIn(staging, { cart_id: 'cart-1', opted_in: true, climes: 1.5 }, now);
    expectThat(await store.getOptIn(staging, 'cart-1')).toEqual({
      ...staging,
      cartId: 'cart-1',
      optedIn: true,
      microClimes: 1_500_000,
      updatedAt: now,
    });
    const replaced = await store.saveOptIn(staging, { cart_id: 'cart-1', opted_in: false, climes: 2 }, now + 1);
    expectThat(replaced).toMatchObject({ optedIn: false, microClimes: 2e6, updatedAt: now + 1 });
    expectThat(await store.getOptIn(staging, 'cart-1')).toEqual(replaced);
  });
}
