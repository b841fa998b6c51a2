import { DEFAULT_UNLOCK_DELAY_MS, orderState } from '../orders/machine.js';
import type { Store } from '../orders/store.js';
import type { Scope } from '../orders/types.js';
import type { Order } from '../schemas/order.js';
import { expectThat } from './expect.js';

/** One behaviour every `Store` must show, run on a freshly opened, empty store. */
export interface StoreCheck {
  /** What the store must do, e.g. `creating orders: stores every order of a batch`. */
  readonly name: string;
  /** Resolves when the store behaves; rejects with a `CheckFailure` saying what differed. */
  run(store: Store): Promise<void>;
}

// The data the checks use: scopes, a clock and order bodies.
const now = 1_800_000_000_000;
const day = 24 * 60 * 60 * 1000;
const staging: Scope = { partnerId: 'p1', environment: 'staging' };
const production: Scope = { partnerId: 'p1', environment: 'production' };
const otherPartner: Scope = { partnerId: 'p2', environment: 'staging' };
const order = (overrides: Partial<Order> = {}): Order => ({
  climes: 10,
  partner_order_id: 'o-1',
  customer_email: 'ada@example.com',
  customer_name: 'Ada Lovelace',
  ...overrides,
});

function defineChecks(check: (name: string, run: (store: Store) => Promise<void>) => void): void {
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

  check('isolation: keeps orders of each partner and environment apart', async (store) => {
    await store.createOrders(staging, 'vote', [order({ climes: 1 })], now);
    expectThat(await store.getOrder(production, 'o-1')).toBeUndefined();
    expectThat(await store.getOrder(otherPartner, 'o-1')).toBeUndefined();
    const change = await store.changeOrder(production, 'vote', 'o-1', { kind: 'add', climes: 1 }, now);
    expectThat(change).toEqual({ ok: false, refusal: { kind: 'not_found' } });
    // The same id and cart are free in the other namespaces.
    expectThat((await store.createOrders(production, 'vote', [order({ climes: 2 })], now)).ok).toBe(true);
    expectThat((await store.createOrders(otherPartner, 'calculated', [order({ climes: 3 })], now)).ok).toBe(true);
    expectThat((await store.getOrder(staging, 'o-1'))?.microClimes).toBe(1e6);
    expectThat((await store.getOrder(production, 'o-1'))?.microClimes).toBe(2e6);
    expectThat((await store.getOrder(otherPartner, 'o-1'))?.microClimes).toBe(3e6);
  });

  check('isolation: keeps opt-ins of each partner and environment apart', async (store) => {
    await store.saveOptIn(staging, { cart_id: 'cart-1', opted_in: true, climes: 1 }, now);
    expectThat(await store.getOptIn(production, 'cart-1')).toBeUndefined();
    expectThat(await store.getOptIn(otherPartner, 'cart-1')).toBeUndefined();
    await store.saveOptIn(production, { cart_id: 'cart-1', opted_in: false, climes: 2 }, now);
    expectThat((await store.getOptIn(staging, 'cart-1'))?.optedIn).toBe(true);
  });

  check('isolation: shows a job only in the scope that enqueued it', async (store) => {
    await store.enqueueJob({ ...staging, jobId: 'job-1', request: { flights: [] }, createdAt: now });
    expectThat(await store.getJob(production, 'job-1')).toBeUndefined();
    expectThat(await store.getJob(otherPartner, 'job-1')).toBeUndefined();
    expectThat((await store.getJob(staging, 'job-1'))?.jobId).toBe('job-1');
  });

  check('partners: adds, finds and revokes an API key, keeping the first revocation time', async (store) => {
    await store.addApiKey({ keyHash: 'hash-1', partnerId: 'p1', environment: 'production', createdAt: now });
    expectThat(await store.findApiKey('hash-1')).toEqual({
      keyHash: 'hash-1',
      partnerId: 'p1',
      environment: 'production',
      createdAt: now,
      revokedAt: null,
    });
    expectThat(await store.findApiKey('hash-2')).toBeUndefined();
    expectThat(await store.revokeApiKey('hash-1', now + 10)).toBe(true);
    expectThat(await store.revokeApiKey('hash-1', now + 20)).toBe(true);
    expectThat((await store.findApiKey('hash-1'))?.revokedAt).toBe(now + 10);
    expectThat(await store.revokeApiKey('hash-2', now)).toBe(false);
  });

  check('partners: sets and replaces a result endpoint, beside the partner keys', async (store) => {
    expectThat(await store.getResultEndpoint('p1')).toBeUndefined();
    await store.addApiKey({ keyHash: 'hash-1', partnerId: 'p1', environment: 'staging', createdAt: now });
    expectThat(await store.getResultEndpoint('p1')).toBeUndefined();
    await store.setResultEndpoint('p1', { url: 'https://example.com/a', secret: 'whsec_a' }, now);
    await store.setResultEndpoint('p1', { url: 'https://example.com/b', secret: 'whsec_b' }, now + 1);
    await store.addApiKey({ keyHash: 'hash-2', partnerId: 'p1', environment: 'production', createdAt: now + 2 });
    expectThat(await store.getResultEndpoint('p1')).toEqual({ url: 'https://example.com/b', secret: 'whsec_b' });
    expectThat(await store.getResultEndpoint('p2')).toBeUndefined();
    expectThat((await store.findApiKey('hash-1'))?.partnerId).toBe('p1');
  });

  const request = { flights: [{ flight_id: 'f1', departure: 'ZRH', arrival: 'LHR' }] };
  const enqueue = (store: Store, jobId: string, createdAt = now) => store.enqueueJob({ ...staging, jobId, request, createdAt });

  check('bulk jobs: stores a queued job due at once', async (store) => {
    await enqueue(store, 'job-1');
    expectThat(await store.getJob(staging, 'job-1')).toEqual({
      ...staging,
      jobId: 'job-1',
      request,
      state: 'queued',
      attempts: 0,
      lastError: null,
      results: null,
      createdAt: now,
      updatedAt: now,
      nextAttemptAt: now,
      leaseOwner: null,
      leaseExpiresAt: null,
      deliveredAt: null,
    });
  });

  check('bulk jobs: leases the oldest due job to one worker, and to no one else until the lease expires', async (store) => {
    await enqueue(store, 'job-late', now + 50);
    await enqueue(store, 'job-1');
    expectThat(await store.claimJob('w1', now - 1, 1000)).toBeUndefined();
    const claimed = await store.claimJob('w1', now, 1000);
    expectThat(claimed).toMatchObject({ jobId: 'job-1', state: 'delivering', leaseOwner: 'w1', leaseExpiresAt: now + 1000 });
    expectThat(await store.claimJob('w2', now + 10, 1000)).toBeUndefined();
    const late = await store.claimJob('w2', now + 60, 1000);
    expectThat(late?.jobId).toBe('job-late');
    const takenOver = await store.claimJob('w3', now + 1000, 1000);
    expectThat(takenOver).toMatchObject({ jobId: 'job-1', leaseOwner: 'w3', leaseExpiresAt: now + 2000 });
    expectThat(await store.claimJob('w4', now + 1000, 1000)).toBeUndefined();
  });

  check('bulk jobs: saves results and attempts only for the worker holding the lease', async (store) => {
    await enqueue(store, 'job-1');
    await store.claimJob('w1', now, 1000);
    await store.claimJob('w2', now + 1000, 1000);
    expectThat(await store.saveJobResults('job-1', 'w1', { f1: '0.1' }, now + 1001)).toBe(false);
    expectThat(await store.startAttempt('job-1', 'w1', now + 1001)).toBe(false);
    expectThat(await store.recordAttempt('job-1', 'w1', { delivered: true, at: now + 1001 })).toBe(false);
    expectThat(await store.saveJobResults('job-1', 'w2', { f1: '0.123456' }, now + 1002)).toBe(true);
    expectThat(await store.getJob(staging, 'job-1')).toMatchObject({
      results: { f1: '0.123456' },
      attempts: 0,
      updatedAt: now + 1002,
    });
    expectThat(await store.saveJobResults('job-unknown', 'w2', {}, now)).toBe(false);
  });

  check('bulk jobs: records a delivered attempt and releases the lease', async (store) => {
    await enqueue(store, 'job-1');
    await store.claimJob('w1', now, 1000);
    expectThat(await store.startAttempt('job-1', 'w1', now + 2)).toBe(true);
    expectThat(await store.recordAttempt('job-1', 'w1', { delivered: true, at: now + 5 })).toBe(true);
    expectThat(await store.getJob(staging, 'job-1')).toMatchObject({
      state: 'delivered',
      attempts: 1,
      deliveredAt: now + 5,
      leaseOwner: null,
      leaseExpiresAt: null,
      lastError: null,
    });
    expectThat(await store.claimJob('w1', now + 10_000, 1000)).toBeUndefined();
    expectThat(await store.recordAttempt('job-1', 'w1', { delivered: true, at: now + 6 })).toBe(false);
  });

  check('bulk jobs: queues a failed attempt again at its next time, and fails the job when no retry is left', async (store) => {
    await enqueue(store, 'job-1');
    await store.claimJob('w1', now, 1000);
    const failed = { delivered: false, at: now + 5, error: 'HTTP 500' } as const;
    await store.startAttempt('job-1', 'w1', now + 1);
    expectThat(await store.recordAttempt('job-1', 'w1', { ...failed, nextAttemptAt: now + 5000 })).toBe(true);
    expectThat(await store.getJob(staging, 'job-1')).toMatchObject({
      state: 'queued',
      attempts: 1,
      lastError: 'HTTP 500',
      nextAttemptAt: now + 5000,
      leaseOwner: null,
      deliveredAt: null,
    });
    expectThat(await store.claimJob('w1', now + 4999, 1000)).toBeUndefined();
    expectThat((await store.claimJob('w1', now + 5000, 1000))?.attempts).toBe(1);
    await store.startAttempt('job-1', 'w1', now + 5001);
    expectThat(await store.recordAttempt('job-1', 'w1', { ...failed, error: 'timeout', nextAttemptAt: null })).toBe(true);
    expectThat(await store.getJob(staging, 'job-1')).toMatchObject({ state: 'failed', attempts: 2, lastError: 'timeout' });
    expectThat(await store.claimJob('w1', now + 1e9, 1000)).toBeUndefined();
  });

  check('bulk jobs: counts an attempt when it starts, so that one cut short by a crash still counts', async (store) => {
    await enqueue(store, 'job-1');
    await store.claimJob('w1', now, 1000);
    expectThat(await store.startAttempt('job-1', 'w1', now + 1)).toBe(true);
    // w1 dies mid-delivery: the attempt is counted, the job still leased to it.
    expectThat(await store.getJob(staging, 'job-1')).toMatchObject({ state: 'delivering', attempts: 1, leaseOwner: 'w1', updatedAt: now + 1 });
    const takenOver = await store.claimJob('w2', now + 1000, 1000);
    expectThat(takenOver).toMatchObject({ attempts: 1, leaseOwner: 'w2' });
    expectThat(await store.startAttempt('job-1', 'w1', now + 1001)).toBe(false);
    expectThat(await store.startAttempt('job-1', 'w2', now + 1001)).toBe(true);
    expectThat(await store.recordAttempt('job-1', 'w2', { delivered: true, at: now + 1002 })).toBe(true);
    expectThat(await store.getJob(staging, 'job-1')).toMatchObject({ state: 'delivered', attempts: 2, deliveredAt: now + 1002 });
    expectThat(await store.startAttempt('job-unknown', 'w2', now)).toBe(false);
  });

  check('bulk jobs: lists jobs newest first, by state and up to a limit', async (store) => {
    await enqueue(store, 'job-1', now);
    await enqueue(store, 'job-2', now + 1);
    await enqueue(store, 'job-3', now + 2);
    await store.claimJob('w1', now + 10, 1000);
    expectThat((await store.listJobs({})).map((job) => job.jobId)).toEqual(['job-3', 'job-2', 'job-1']);
    expectThat((await store.listJobs({ limit: 2 })).map((job) => job.jobId)).toEqual(['job-3', 'job-2']);
    expectThat((await store.listJobs({ state: 'delivering' })).map((job) => job.jobId)).toEqual(['job-1']);
    expectThat(await store.listJobs({ state: 'failed' })).toEqual([]);
  });

  check('bulk jobs: queues a failed job again at once, leaves a delivered one alone, and knows no unknown one', async (store) => {
    await enqueue(store, 'job-1');
    await store.claimJob('w1', now, 1000);
    await store.startAttempt('job-1', 'w1', now);
    await store.recordAttempt('job-1', 'w1', { delivered: false, at: now + 1, error: 'gone', nextAttemptAt: null });
    const retried = await store.retryJob('job-1', now + 100);
    expectThat(retried).toMatchObject({ state: 'queued', nextAttemptAt: now + 100, attempts: 1, updatedAt: now + 100 });
    expectThat((await store.claimJob('w2', now + 100, 1000))?.jobId).toBe('job-1');
    await store.startAttempt('job-1', 'w2', now + 100);
    await store.recordAttempt('job-1', 'w2', { delivered: true, at: now + 101 });
    expectThat(await store.retryJob('job-1', now + 200)).toMatchObject({ state: 'delivered', updatedAt: now + 101 });
    expectThat(await store.retryJob('job-unknown', now)).toBeUndefined();
  });

  check('reads the order an unlock date puts in the past as unlocked', async (store) => {
    await store.createOrders(staging, 'calculated', [order({ unlock_date: now + day })], now);
    const record = await store.getOrder(staging, 'o-1');
    expectThat(record && orderState(record, now + day)).toBe('unlocked');
  });
}

/**
 * The store contract: every behaviour the HTTP handler, the order machine and the bulk worker
 * rely on, whatever keeps the data. Each check runs on its own empty store; a test runner can
 * iterate them (one test per check), or `checkStore` runs them all.
 *
 * @remarks Since 0.1.0
 */
export const storeChecks: readonly StoreCheck[] = (() => {
  const checks: StoreCheck[] = [];
  defineChecks((name, run) => checks.push({ name, run }));
  return checks;
})();

/** The outcome of `checkStore`: the checks that held, and those that did not with their reason. */
export interface StoreCheckReport {
  readonly passed: readonly string[];
  readonly failures: readonly { readonly name: string; readonly message: string }[];
}

/**
 * Runs the store contract against any `Store` implementation: `open` is called once per check and
 * must give an empty store; each store is closed after its check. Never throws for a failed check;
 * the report lists them.
 *
 * @example
 * ```ts
 * import { checkStore } from 'truecost/testing';
 * const report = await checkStore(async () => openMyStore({ database: freshDatabase() }));
 * if (report.failures.length > 0) throw new Error(report.failures.map((f) => `${f.name}: ${f.message}`).join('\n'));
 * ```
 * @remarks Since 0.1.0
 */
export async function checkStore(open: () => Promise<Store>): Promise<StoreCheckReport> {
  const passed: string[] = [];
  const failures: { name: string; message: string }[] = [];
  for (const check of storeChecks) {
    try {
      await runStoreCheck(check, open);
      passed.push(check.name);
    } catch (error) {
      failures.push({ name: check.name, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return { passed, failures };
}

/** Runs one check on a fresh store from `open`, closing the store after it whatever happened. */
export async function runStoreCheck(check: StoreCheck, open: () => Promise<Store>): Promise<void> {
  const store = await open();
  try {
    await check.run(store);
  } finally {
    await store.close();
  }
}
