// The behaviour every Store must show, whatever keeps its data. Each store's test file calls
// `storeContract` with a function that opens an empty store.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_UNLOCK_DELAY_MS, orderState, type Store } from '../../src/index.js';
import { day, now, order, otherPartner, production, staging } from './fixtures.js';

export function storeContract(name: string, open: () => Promise<Store>): void {
  describe(`${name} keeps the store contract`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    describe('creating orders', () => {
      it('stores a created order with its climes, cart, dates and sent body', async () => {
        const plan = await store.createOrders(staging, 'vote', [order({ customer_phone: '+41 1' })], now);
        expect(plan).toMatchObject({ ok: true, partnerOrderIds: ['o-1'] });
        const record = await store.getOrder(staging, 'o-1');
        expect(record).toEqual({
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

      it('keeps the largest order exactly (1e9 climes are 1e15 micro-climes)', async () => {
        await store.createOrders(staging, 'calculated', [order({ climes: 999_999_999.999999 })], now);
        expect((await store.getOrder(staging, 'o-1'))?.microClimes).toBe(999_999_999_999_999);
      });

      it('stores every order of a batch', async () => {
        const batch = [1, 2, 3].map((n) => order({ partner_order_id: `o-${n}`, climes: n }));
        const plan = await store.createOrders(staging, 'calculated', batch, now);
        expect(plan).toEqual(expect.objectContaining({ ok: true, partnerOrderIds: ['o-1', 'o-2', 'o-3'] }));
        for (const n of [1, 2, 3]) expect((await store.getOrder(staging, `o-${n}`))?.microClimes).toBe(n * 1e6);
        expect((await store.getOrder(staging, 'o-1'))?.cartId).toBeNull();
      });

      it('stores nothing of a batch whose third order conflicts', async () => {
        await store.createOrders(staging, 'vote', [order({ partner_order_id: 'o-3', climes: 1 })], now);
        const batch = [1, 2, 3].map((n) => order({ partner_order_id: `o-${n}`, climes: 5 }));
        const plan = await store.createOrders(staging, 'vote', batch, now);
        expect(plan).toEqual({ ok: false, refusal: { kind: 'conflict', partnerOrderId: 'o-3' }, index: 2 });
        expect(await store.getOrder(staging, 'o-1')).toBeUndefined();
        expect(await store.getOrder(staging, 'o-2')).toBeUndefined();
        expect((await store.getOrder(staging, 'o-3'))?.microClimes).toBe(1e6);
      });

      it('answers an identical repeat as created without inserting it again', async () => {
        await store.createOrders(staging, 'vote', [order()], now);
        await store.changeOrder(staging, 'vote', 'o-1', { kind: 'add', climes: 1 }, now + 1);
        const retry = await store.createOrders(staging, 'vote', [order()], now + 2);
        expect(retry).toEqual({ ok: true, inserts: [], partnerOrderIds: ['o-1'] });
        expect(await store.getOrder(staging, 'o-1')).toMatchObject({ microClimes: 11e6, createdAt: now });
      });

      it('refuses a different body under a stored partner_order_id', async () => {
        await store.createOrders(staging, 'vote', [order()], now);
        const plan = await store.createOrders(staging, 'vote', [order({ customer_name: 'Grace' })], now);
        expect(plan).toEqual({ ok: false, refusal: { kind: 'conflict', partnerOrderId: 'o-1' }, index: 0 });
        expect((await store.getOrder(staging, 'o-1'))?.order.customer_name).toBe('Ada Lovelace');
      });

      it('refuses the same partner_order_id in the other variant', async () => {
        await store.createOrders(staging, 'vote', [order()], now);
        const plan = await store.createOrders(staging, 'calculated', [order()], now);
        expect(plan).toEqual({ ok: false, refusal: { kind: 'conflict', partnerOrderId: 'o-1' }, index: 0 });
        expect((await store.getOrder(staging, 'o-1'))?.variant).toBe('vote');
      });

      it('refuses a vote order whose cart another order holds, stored or in the same batch', async () => {
        await store.createOrders(staging, 'vote', [order({ cart_id: 'cart-1' })], now);
        const stored = await store.createOrders(staging, 'vote', [order({ partner_order_id: 'o-2', cart_id: 'cart-1' })], now);
        expect(stored).toEqual({ ok: false, refusal: { kind: 'cart_conflict', cartId: 'cart-1' }, index: 0 });
        const inBatch = await store.createOrders(
          staging,
          'vote',
          [order({ partner_order_id: 'o-3', cart_id: 'cart-2' }), order({ partner_order_id: 'o-4', cart_id: 'cart-2' })],
          now,
        );
        expect(inBatch).toEqual({ ok: false, refusal: { kind: 'cart_conflict', cartId: 'cart-2' }, index: 1 });
        expect(await store.getOrder(staging, 'o-3')).toBeUndefined();
        // Calculated orders hold no cart.
        const calculated = await store.createOrders(staging, 'calculated', [order({ partner_order_id: 'o-5', cart_id: 'cart-1' })], now);
        expect(calculated.ok).toBe(true);
      });
    });

    describe('changing orders', () => {
      beforeEach(async () => {
        await store.createOrders(staging, 'vote', [order({ climes: 0.1 })], now);
      });

      it('adds climes exactly', async () => {
        const outcome = await store.changeOrder(staging, 'vote', 'o-1', { kind: 'add', climes: 0.2 }, now + 5);
        expect(outcome).toMatchObject({ ok: true, response: { updated_climes: 0.3, partner_order_id: 'o-1' } });
        expect(await store.getOrder(staging, 'o-1')).toMatchObject({ microClimes: 300_000, updatedAt: now + 5 });
      });

      it('removes climes, and refuses to remove more than the order holds', async () => {
        const removed = await store.changeOrder(staging, 'vote', 'o-1', { kind: 'remove', climes: 0.04 }, now);
        expect(removed).toMatchObject({ ok: true, response: { remaining_climes: 0.06 } });
        const tooMany = await store.changeOrder(staging, 'vote', 'o-1', { kind: 'remove', climes: 0.060001 }, now);
        expect(tooMany).toEqual({ ok: false, refusal: { kind: 'insufficient_climes' } });
        expect((await store.getOrder(staging, 'o-1'))?.microClimes).toBe(60_000);
      });

      it('cancels an order whose climes are all removed', async () => {
        await store.changeOrder(staging, 'vote', 'o-1', { kind: 'remove', climes: 0.1 }, now + 7);
        const record = await store.getOrder(staging, 'o-1');
        expect(record).toMatchObject({ microClimes: 0, cancelledAt: now + 7 });
        expect(record && orderState(record, now + 8)).toBe('cancelled');
      });

      it('cancels in full, after which every change is refused as cancelled', async () => {
        const outcome = await store.changeOrder(staging, 'vote', 'o-1', { kind: 'cancel' }, now + 3);
        expect(outcome).toMatchObject({ ok: true, response: { remaining_climes: 0, partner_order_id: 'o-1' } });
        expect(await store.getOrder(staging, 'o-1')).toMatchObject({ microClimes: 0, cancelledAt: now + 3 });
        for (const change of [{ kind: 'add', climes: 1 }, { kind: 'remove', climes: 1 }, { kind: 'cancel' }] as const) {
          expect(await store.changeOrder(staging, 'vote', 'o-1', change, now + 4)).toEqual({
            ok: false,
            refusal: { kind: 'cancelled' },
          });
        }
      });

      it('refuses changes once the unlock date has come', async () => {
        const unlock = now + DEFAULT_UNLOCK_DELAY_MS;
        expect((await store.changeOrder(staging, 'vote', 'o-1', { kind: 'add', climes: 1 }, unlock - 1)).ok).toBe(true);
        for (const change of [{ kind: 'add', climes: 1 }, { kind: 'remove', climes: 1 }, { kind: 'cancel' }] as const) {
          expect(await store.changeOrder(staging, 'vote', 'o-1', change, unlock)).toEqual({
            ok: false,
            refusal: { kind: 'unlocked' },
          });
        }
        expect((await store.getOrder(staging, 'o-1'))?.microClimes).toBe(1_100_000);
      });

      it('refuses an unknown id, and an id of the other variant, as not found', async () => {
        const add = { kind: 'add', climes: 1 } as const;
        expect(await store.changeOrder(staging, 'vote', 'nope', add, now)).toEqual({ ok: false, refusal: { kind: 'not_found' } });
        expect(await store.changeOrder(staging, 'calculated', 'o-1', add, now)).toEqual({
          ok: false,
          refusal: { kind: 'not_found' },
        });
      });

      it('refuses an addition beyond 1e9 climes and keeps the order as it was', async () => {
        const outcome = await store.changeOrder(staging, 'vote', 'o-1', { kind: 'add', climes: 1e9 }, now);
        expect(outcome).toEqual({ ok: false, refusal: { kind: 'climes_limit' } });
        expect((await store.getOrder(staging, 'o-1'))?.microClimes).toBe(100_000);
        const upTo = await store.changeOrder(staging, 'vote', 'o-1', { kind: 'add', climes: 999_999_999.9 }, now);
        expect(upTo).toMatchObject({ ok: true, response: { updated_climes: 1e9 } });
      });
    });

    describe('opt-ins', () => {
      it('creates and then replaces the opt-in of a cart', async () => {
        expect(await store.getOptIn(staging, 'cart-1')).toBeUndefined();
        await store.saveOptIn(staging, { cart_id: 'cart-1', opted_in: true, climes: 1.5 }, now);
        expect(await store.getOptIn(staging, 'cart-1')).toEqual({
          ...staging,
          cartId: 'cart-1',
          optedIn: true,
          microClimes: 1_500_000,
          updatedAt: now,
        });
        const replaced = await store.saveOptIn(staging, { cart_id: 'cart-1', opted_in: false, climes: 2 }, now + 1);
        expect(replaced).toMatchObject({ optedIn: false, microClimes: 2e6, updatedAt: now + 1 });
        expect(await store.getOptIn(staging, 'cart-1')).toEqual(replaced);
      });
    });

    describe('isolation', () => {
      it('keeps orders of each partner and environment apart', async () => {
        await store.createOrders(staging, 'vote', [order({ climes: 1 })], now);
        expect(await store.getOrder(production, 'o-1')).toBeUndefined();
        expect(await store.getOrder(otherPartner, 'o-1')).toBeUndefined();
        const change = await store.changeOrder(production, 'vote', 'o-1', { kind: 'add', climes: 1 }, now);
        expect(change).toEqual({ ok: false, refusal: { kind: 'not_found' } });
        // The same id and cart are free in the other namespaces.
        expect((await store.createOrders(production, 'vote', [order({ climes: 2 })], now)).ok).toBe(true);
        expect((await store.createOrders(otherPartner, 'calculated', [order({ climes: 3 })], now)).ok).toBe(true);
        expect((await store.getOrder(staging, 'o-1'))?.microClimes).toBe(1e6);
        expect((await store.getOrder(production, 'o-1'))?.microClimes).toBe(2e6);
        expect((await store.getOrder(otherPartner, 'o-1'))?.microClimes).toBe(3e6);
      });

      it('keeps opt-ins of each partner and environment apart', async () => {
        await store.saveOptIn(staging, { cart_id: 'cart-1', opted_in: true, climes: 1 }, now);
        expect(await store.getOptIn(production, 'cart-1')).toBeUndefined();
        expect(await store.getOptIn(otherPartner, 'cart-1')).toBeUndefined();
        await store.saveOptIn(production, { cart_id: 'cart-1', opted_in: false, climes: 2 }, now);
        expect((await store.getOptIn(staging, 'cart-1'))?.optedIn).toBe(true);
      });

      it('shows a job only in the scope that enqueued it', async () => {
        await store.enqueueJob({ ...staging, jobId: 'job-1', request: { flights: [] }, createdAt: now });
        expect(await store.getJob(production, 'job-1')).toBeUndefined();
        expect(await store.getJob(otherPartner, 'job-1')).toBeUndefined();
        expect((await store.getJob(staging, 'job-1'))?.jobId).toBe('job-1');
      });
    });

    describe('partners', () => {
      it('adds, finds and revokes an API key, keeping the first revocation time', async () => {
        await store.addApiKey({ keyHash: 'hash-1', partnerId: 'p1', environment: 'production', createdAt: now });
        expect(await store.findApiKey('hash-1')).toEqual({
          keyHash: 'hash-1',
          partnerId: 'p1',
          environment: 'production',
          createdAt: now,
          revokedAt: null,
        });
        expect(await store.findApiKey('hash-2')).toBeUndefined();
        expect(await store.revokeApiKey('hash-1', now + 10)).toBe(true);
        expect(await store.revokeApiKey('hash-1', now + 20)).toBe(true);
        expect((await store.findApiKey('hash-1'))?.revokedAt).toBe(now + 10);
        expect(await store.revokeApiKey('hash-2', now)).toBe(false);
      });

      it('sets and replaces a result endpoint, beside the partner keys', async () => {
        expect(await store.getResultEndpoint('p1')).toBeUndefined();
        await store.addApiKey({ keyHash: 'hash-1', partnerId: 'p1', environment: 'staging', createdAt: now });
        expect(await store.getResultEndpoint('p1')).toBeUndefined();
        await store.setResultEndpoint('p1', { url: 'https://example.com/a', secret: 'whsec_a' }, now);
        await store.setResultEndpoint('p1', { url: 'https://example.com/b', secret: 'whsec_b' }, now + 1);
        await store.addApiKey({ keyHash: 'hash-2', partnerId: 'p1', environment: 'production', createdAt: now + 2 });
        expect(await store.getResultEndpoint('p1')).toEqual({ url: 'https://example.com/b', secret: 'whsec_b' });
        expect(await store.getResultEndpoint('p2')).toBeUndefined();
        expect((await store.findApiKey('hash-1'))?.partnerId).toBe('p1');
      });
    });

    describe('bulk jobs', () => {
      const request = { flights: [{ flight_id: 'f1', departure: 'ZRH', arrival: 'LHR' }] };
      const enqueue = (jobId: string, createdAt = now) => store.enqueueJob({ ...staging, jobId, request, createdAt });

      it('stores a queued job due at once', async () => {
        await enqueue('job-1');
        expect(await store.getJob(staging, 'job-1')).toEqual({
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

      it('leases the oldest due job to one worker, and to no one else until the lease expires', async () => {
        await enqueue('job-late', now + 50);
        await enqueue('job-1');
        expect(await store.claimJob('w1', now - 1, 1000)).toBeUndefined();
        const claimed = await store.claimJob('w1', now, 1000);
        expect(claimed).toMatchObject({ jobId: 'job-1', state: 'delivering', leaseOwner: 'w1', leaseExpiresAt: now + 1000 });
        expect(await store.claimJob('w2', now + 10, 1000)).toBeUndefined();
        const late = await store.claimJob('w2', now + 60, 1000);
        expect(late?.jobId).toBe('job-late');
        const takenOver = await store.claimJob('w3', now + 1000, 1000);
        expect(takenOver).toMatchObject({ jobId: 'job-1', leaseOwner: 'w3', leaseExpiresAt: now + 2000 });
        expect(await store.claimJob('w4', now + 1000, 1000)).toBeUndefined();
      });

      it('saves results and attempts only for the worker holding the lease', async () => {
        await enqueue('job-1');
        await store.claimJob('w1', now, 1000);
        await store.claimJob('w2', now + 1000, 1000);
        expect(await store.saveJobResults('job-1', 'w1', { f1: '0.1' }, now + 1001)).toBe(false);
        expect(await store.recordAttempt('job-1', 'w1', { delivered: true, at: now + 1001 })).toBe(false);
        expect(await store.saveJobResults('job-1', 'w2', { f1: '0.123456' }, now + 1002)).toBe(true);
        expect(await store.getJob(staging, 'job-1')).toMatchObject({
          results: { f1: '0.123456' },
          attempts: 0,
          updatedAt: now + 1002,
        });
        expect(await store.saveJobResults('job-unknown', 'w2', {}, now)).toBe(false);
      });

      it('records a delivered attempt and releases the lease', async () => {
        await enqueue('job-1');
        await store.claimJob('w1', now, 1000);
        expect(await store.recordAttempt('job-1', 'w1', { delivered: true, at: now + 5 })).toBe(true);
        expect(await store.getJob(staging, 'job-1')).toMatchObject({
          state: 'delivered',
          attempts: 1,
          deliveredAt: now + 5,
          leaseOwner: null,
          leaseExpiresAt: null,
          lastError: null,
        });
        expect(await store.claimJob('w1', now + 10_000, 1000)).toBeUndefined();
        expect(await store.recordAttempt('job-1', 'w1', { delivered: true, at: now + 6 })).toBe(false);
      });

      it('queues a failed attempt again at its next time, and fails the job when no retry is left', async () => {
        await enqueue('job-1');
        await store.claimJob('w1', now, 1000);
        const failed = { delivered: false, at: now + 5, error: 'HTTP 500' } as const;
        expect(await store.recordAttempt('job-1', 'w1', { ...failed, nextAttemptAt: now + 5000 })).toBe(true);
        expect(await store.getJob(staging, 'job-1')).toMatchObject({
          state: 'queued',
          attempts: 1,
          lastError: 'HTTP 500',
          nextAttemptAt: now + 5000,
          leaseOwner: null,
          deliveredAt: null,
        });
        expect(await store.claimJob('w1', now + 4999, 1000)).toBeUndefined();
        expect((await store.claimJob('w1', now + 5000, 1000))?.attempts).toBe(1);
        expect(await store.recordAttempt('job-1', 'w1', { ...failed, error: 'timeout', nextAttemptAt: null })).toBe(true);
        expect(await store.getJob(staging, 'job-1')).toMatchObject({ state: 'failed', attempts: 2, lastError: 'timeout' });
        expect(await store.claimJob('w1', now + 1e9, 1000)).toBeUndefined();
      });

      it('lists jobs newest first, by state and up to a limit', async () => {
        await enqueue('job-1', now);
        await enqueue('job-2', now + 1);
        await enqueue('job-3', now + 2);
        await store.claimJob('w1', now + 10, 1000);
        expect((await store.listJobs({})).map((job) => job.jobId)).toEqual(['job-3', 'job-2', 'job-1']);
        expect((await store.listJobs({ limit: 2 })).map((job) => job.jobId)).toEqual(['job-3', 'job-2']);
        expect((await store.listJobs({ state: 'delivering' })).map((job) => job.jobId)).toEqual(['job-1']);
        expect(await store.listJobs({ state: 'failed' })).toEqual([]);
      });

      it('queues a failed job again at once, leaves a delivered one alone, and knows no unknown one', async () => {
        await enqueue('job-1');
        await store.claimJob('w1', now, 1000);
        await store.recordAttempt('job-1', 'w1', { delivered: false, at: now + 1, error: 'gone', nextAttemptAt: null });
        const retried = await store.retryJob('job-1', now + 100);
        expect(retried).toMatchObject({ state: 'queued', nextAttemptAt: now + 100, attempts: 1, updatedAt: now + 100 });
        expect((await store.claimJob('w2', now + 100, 1000))?.jobId).toBe('job-1');
        await store.recordAttempt('job-1', 'w2', { delivered: true, at: now + 101 });
        expect(await store.retryJob('job-1', now + 200)).toMatchObject({ state: 'delivered', updatedAt: now + 101 });
        expect(await store.retryJob('job-unknown', now)).toBeUndefined();
      });
    });

    describe('the dashboard: keys', () => {
      it('lists a partner\'s keys newest first, with prefix and last use, and nobody else\'s', async () => {
        await store.addApiKey({ keyHash: 'h-old', partnerId: 'p1', environment: 'staging', createdAt: now });
        await store.addApiKey({ keyHash: 'h-new', partnerId: 'p1', environment: 'production', createdAt: now + 1, prefix: 'truecost_prod_abcdef' });
        await store.addApiKey({ keyHash: 'h-other', partnerId: 'p2', environment: 'staging', createdAt: now });
        await store.touchApiKey('h-old', now + 60_000);
        await store.revokeApiKey('h-new', now + 5);
        expect(await store.listApiKeys('p1')).toEqual([
          { keyHash: 'h-new', partnerId: 'p1', environment: 'production', createdAt: now + 1, revokedAt: now + 5, prefix: 'truecost_prod_abcdef', lastUsedAt: null },
          { keyHash: 'h-old', partnerId: 'p1', environment: 'staging', createdAt: now, revokedAt: null, prefix: null, lastUsedAt: now + 60_000 },
        ]);
        expect(await store.listApiKeys('p3')).toEqual([]);
        // Touching an unknown key is harmless.
        await store.touchApiKey('h-unknown', now);
        expect(await store.findApiKey('h-unknown')).toBeUndefined();
      });
    });

    describe('the dashboard: order history and listings', () => {
      it('records every create, addition, removal and cancellation, oldest first, and no refused change', async () => {
        await store.createOrders(staging, 'vote', [order({ climes: 1 })], now);
        await store.changeOrder(staging, 'vote', 'o-1', { kind: 'add', climes: 0.5 }, now + 1);
        await store.changeOrder(staging, 'vote', 'o-1', { kind: 'remove', climes: 5 }, now + 2);
        await store.changeOrder(staging, 'vote', 'o-1', { kind: 'remove', climes: 0.25 }, now + 3);
        await store.changeOrder(staging, 'vote', 'o-1', { kind: 'cancel' }, now + 4);
        await store.createOrders(staging, 'vote', [order({ climes: 1 })], now + 5);
        expect(await store.orderHistory(staging, 'o-1')).toEqual([
          { kind: 'create', deltaMicroClimes: 1e6, microClimesAfter: 1e6, at: now },
          { kind: 'add', deltaMicroClimes: 5e5, microClimesAfter: 1.5e6, at: now + 1 },
          { kind: 'remove', deltaMicroClimes: -25e4, microClimesAfter: 1.25e6, at: now + 3 },
          { kind: 'cancel', deltaMicroClimes: -1.25e6, microClimesAfter: 0, at: now + 4 },
        ]);
        expect(await store.orderHistory(production, 'o-1')).toEqual([]);
        expect(await store.orderHistory(otherPartner, 'o-1')).toEqual([]);
      });

      it('lists one partner\'s orders in one environment, newest first, by page, variant, state and search', async () => {
        const ids = ['a', 'b', 'c', 'd', 'e'];
        for (const [index, id] of ids.entries()) {
          const variant = index % 2 === 0 ? 'vote' : 'calculated';
          await store.createOrders(staging, variant, [order({ partner_order_id: id, cart_id: `cart-${id}`, unlock_date: now + (index + 1) * day })], now + index);
        }
        await store.createOrders(production, 'vote', [order({ partner_order_id: 'prod' })], now);
        await store.createOrders(otherPartner, 'vote', [order({ partner_order_id: 'other' })], now);
        await store.changeOrder(staging, 'vote', 'a', { kind: 'cancel' }, now + 10);
        const base = { environment: 'staging' as const, now: now + 2.5 * day, limit: 2, offset: 0 };
        const ids_ = (page: { items: { partnerOrderId: string }[] }): string[] => page.items.map((record) => record.partnerOrderId);
        const first = await store.listOrders('p1', base);
        expect([ids_(first), first.hasMore]).toEqual([['e', 'd'], true]);
        const last = await store.listOrders('p1', { ...base, offset: 4 });
        expect([ids_(last), last.hasMore]).toEqual([['a'], false]);
        expect(ids_(await store.listOrders('p1', { ...base, limit: 10, variant: 'calculated' }))).toEqual(['d', 'b']);
        expect(ids_(await store.listOrders('p1', { ...base, limit: 10, state: 'cancelled' }))).toEqual(['a']);
        expect(ids_(await store.listOrders('p1', { ...base, limit: 10, state: 'unlocked' }))).toEqual(['b']);
        expect(ids_(await store.listOrders('p1', { ...base, limit: 10, state: 'locked' }))).toEqual(['e', 'd', 'c']);
        expect(ids_(await store.listOrders('p1', { ...base, limit: 10, search: 'c' }))).toEqual(['c']);
        // A vote order is found by its cart too.
        expect(ids_(await store.listOrders('p1', { ...base, limit: 10, search: 'cart-e' }))).toEqual(['e']);
        expect(ids_(await store.listOrders('p1', { ...base, limit: 10, environment: 'production' }))).toEqual(['prod']);
        expect(ids_(await store.listOrders('p2', { ...base, limit: 10 }))).toEqual(['other']);
        expect(ids_(await store.listOrders('p1', { ...base, limit: 10, search: 'other' }))).toEqual([]);
      });

      it('lists one partner\'s opt-ins in one environment, newest first, by page and cart', async () => {
        for (const [index, cart] of ['x', 'y', 'z'].entries()) {
          await store.saveOptIn(staging, { cart_id: cart, opted_in: index !== 1, climes: 1 }, now + index);
        }
        await store.saveOptIn(production, { cart_id: 'x', opted_in: true, climes: 1 }, now);
        await store.saveOptIn(otherPartner, { cart_id: 'w', opted_in: true, climes: 1 }, now);
        const first = await store.listOptIns('p1', { environment: 'staging', limit: 2, offset: 0 });
        expect([first.items.map((record) => record.cartId), first.hasMore]).toEqual([['z', 'y'], true]);
        expect((await store.listOptIns('p1', { environment: 'staging', limit: 2, offset: 2 })).items).toEqual([
          { ...staging, cartId: 'x', optedIn: true, microClimes: 1e6, updatedAt: now },
        ]);
        expect((await store.listOptIns('p1', { environment: 'staging', limit: 5, offset: 0, search: 'y' })).items).toHaveLength(1);
        expect((await store.listOptIns('p1', { environment: 'production', limit: 5, offset: 0 })).items).toHaveLength(1);
      });

      it('lists one partner\'s jobs in one environment, newest first, by state', async () => {
        await store.enqueueJob({ ...staging, jobId: 'j-1', request: { flights: [] }, createdAt: now });
        await store.enqueueJob({ ...staging, jobId: 'j-2', request: { flights: [] }, createdAt: now + 1 });
        await store.enqueueJob({ ...production, jobId: 'j-3', request: { flights: [] }, createdAt: now });
        await store.enqueueJob({ ...otherPartner, jobId: 'j-4', request: { flights: [] }, createdAt: now });
        await store.claimJob('w', now + 2, 1000);
        await store.recordAttempt('j-1', 'w', { delivered: false, at: now + 3, error: 'The endpoint answered 500.', nextAttemptAt: null });
        const all = await store.listPartnerJobs(staging, { limit: 1, offset: 0 });
        expect([all.items.map((job) => job.jobId), all.hasMore]).toEqual([['j-2'], true]);
        const failed = await store.listPartnerJobs(staging, { state: 'failed', limit: 10, offset: 0 });
        expect(failed.items).toMatchObject([{ jobId: 'j-1', attempts: 1, lastError: 'The endpoint answered 500.' }]);
        expect((await store.listPartnerJobs(production, { limit: 10, offset: 0 })).items.map((job) => job.jobId)).toEqual(['j-3']);
      });
    });

    describe('the dashboard: sign-in', () => {
      const invite = { tokenHash: 'inv-1', partnerId: 'p1', createdAt: now, expiresAt: now + day };

      it('redeems an invitation once, before it expires, setting the partner\'s password', async () => {
        await store.createInvite(invite);
        expect(await store.findInvite('inv-1')).toEqual({ ...invite, usedAt: null });
        expect(await store.getPasswordHash('p1')).toBeUndefined();
        expect(await store.redeemInvite('inv-1', 'scrypt$hash-1', now + 1)).toBe('p1');
        expect(await store.getPasswordHash('p1')).toBe('scrypt$hash-1');
        expect(await store.redeemInvite('inv-1', 'scrypt$hash-2', now + 2)).toBeUndefined();
        expect(await store.getPasswordHash('p1')).toBe('scrypt$hash-1');
        expect(await store.findInvite('inv-1')).toEqual({ ...invite, usedAt: now + 1 });
        await store.createInvite({ ...invite, tokenHash: 'inv-2' });
        expect(await store.redeemInvite('inv-2', 'scrypt$hash-3', now + day)).toBeUndefined();
        expect(await store.redeemInvite('inv-unknown', 'scrypt$hash-3', now)).toBeUndefined();
        // A new invitation replaces the password (a partner who forgot it is invited again).
        await store.createInvite({ ...invite, tokenHash: 'inv-3', partnerId: 'p1' });
        expect(await store.redeemInvite('inv-3', 'scrypt$hash-4', now + 5)).toBe('p1');
        expect(await store.getPasswordHash('p1')).toBe('scrypt$hash-4');
      });

      it('keeps sessions by hash and revokes them once', async () => {
        await store.createInvite(invite);
        const session = { tokenHash: 's-1', partnerId: 'p1', createdAt: now, expiresAt: now + day };
        await store.createSession(session);
        expect(await store.findSession('s-1')).toEqual({ ...session, revokedAt: null });
        await store.revokeSession('s-1', now + 5);
        await store.revokeSession('s-1', now + 9);
        expect(await store.findSession('s-1')).toEqual({ ...session, revokedAt: now + 5 });
        expect(await store.findSession('s-unknown')).toBeUndefined();
      });
    });

    it('reads the order an unlock date puts in the past as unlocked', async () => {
      await store.createOrders(staging, 'calculated', [order({ unlock_date: now + day })], now);
      const record = await store.getOrder(staging, 'o-1');
      expect(record && orderState(record, now + day)).toBe('unlocked');
    });
  });
}
