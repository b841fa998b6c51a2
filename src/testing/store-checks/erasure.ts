// The store contract's checks of erasing a customer's data (docs/operations.md, "Erasing a
// customer's data"): the order keeps its climes and dates, and no read of the store gives the
// customer's e-mail, name or phone back.
import type { IdempotencyGuard } from '../../orders/idempotency.js';
import type { CreatePlan } from '../../orders/machine.js';
import type { Store } from '../../orders/store.js';
import type { Scope } from '../../orders/types.js';
import { expectThat } from '../expect.js';
import { now, order, production, staging, type DefineCheck } from './fixtures.js';

const customer = { customer_email: 'erase.me@example.com', customer_name: 'Erasable Customer', customer_phone: '+91 98765 43210' };

/** Everything the store's reads give of the scope's orders, their events and the Idempotency-Key `key`, as one text. */
async function everythingRead(store: Store, scope: Scope, key: string): Promise<string> {
  const reads: unknown[] = [];
  const listed = await store.listOrders(scope.partnerId, { environment: scope.environment, now, limit: 100 });
  reads.push(listed);
  for (const record of listed.items) {
    reads.push(await store.getOrder(scope, record.partnerOrderId), await store.orderHistory(scope, record.partnerOrderId));
    const certificateId = await store.certificateOf(scope, record.partnerOrderId);
    if (certificateId !== undefined) reads.push(await store.orderByCertificate(certificateId));
  }
  const events = (await store.listEvents(scope, { limit: 100 }))?.items ?? [];
  reads.push(events, await store.listEventDeliveries(scope.partnerId, 100));
  for (const event of events) reads.push(await store.getEventDelivery(scope, event.eventId));
  reads.push(await store.getIdempotencyKey(scope, key));
  return JSON.stringify(reads);
}

/** Registers the checks of erasure, in order. */
export function defineErasureChecks(check: DefineCheck): void {
  check("erasing a customer: empties the order's e-mail, name and phone, keeps its climes, cart and dates, and no read gives them back", async (store) => {
    // Created under an Idempotency-Key, changed, and announced: every table an order reaches.
    const claim = { ...staging, key: 'erase-key', fingerprint: 'f'.repeat(64), token: 't-1' };
    await store.startIdempotent(claim, now, now + 60_000);
    const guard: IdempotencyGuard<CreatePlan> = { claim, expiresAt: now + 86_400_000, answer: () => ({ status: 201, body: '{"partner_order_id":"o-1"}' }) };
    await store.createOrders(staging, 'vote', [order({ ...customer, cart_id: 'cart-1', unlock_date: now + 1000 })], now, guard);
    await store.createOrders(staging, 'vote', [order({ partner_order_id: 'o-2', customer_email: 'keep@example.com' })], now);
    await store.changeOrder(staging, 'vote', 'o-1', { kind: 'add', climes: 1.5 }, now + 1);
    await store.announceUnlocks(now + 2000, 10);
    const before = await store.getOrder(staging, 'o-1');
    const exposed = await everythingRead(store, staging, claim.key);
    for (const value of Object.values(customer)) expectThat(exposed.includes(value), `the reads before erasure hold ${value}`).toBe(true);

    expectThat(await store.eraseCustomer(staging, 'o-1'), 'erased').toBe(true);
    const after = await store.getOrder(staging, 'o-1');
    expectThat(after).toEqual({ ...before, order: { ...before!.order, customer_email: '', customer_name: '', customer_phone: '' } });
    const read = await everythingRead(store, staging, claim.key);
    for (const value of Object.values(customer)) expectThat(read.includes(value), `a read after erasure holds ${value}`).toBe(false);
    // The other order keeps its customer; erasing again changes nothing.
    expectThat((await store.getOrder(staging, 'o-2'))?.order.customer_email).toBe('keep@example.com');
    expectThat(await store.eraseCustomer(staging, 'o-1'), 'erased again').toBe(true);
    expectThat(await store.getOrder(staging, 'o-1')).toEqual(after);
  });

  check('erasing a customer: answers false for an order the scope does not hold', async (store) => {
    await store.createOrders(staging, 'calculated', [order()], now);
    expectThat(await store.eraseCustomer(staging, 'o-unknown')).toBe(false);
    expectThat(await store.eraseCustomer(production, 'o-1')).toBe(false);
    expectThat((await store.getOrder(staging, 'o-1'))?.order.customer_email).toBe(order().customer_email);
  });
}
