// The store contract's checks of isolation, partners and bulk jobs.
import { orderState } from '../../orders/machine.js';
import type { Store } from '../../orders/store.js';
import { expectThat } from '../expect.js';
import { day, now, order, otherPartner, production, staging, type DefineCheck } from './fixtures.js';

/** Registers the checks of isolation, partners and bulk jobs, in order. */
export function definePartnerAndJobChecks(check: DefineCheck): void {
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
      endpoint: 'flight',
      request,
      state: 'queued',
      attempts: 0,
      lastError: null,
      results: null,
      bodyResults: null,
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

  check('bulk jobs: keeps the endpoint of a job of bodies, and reads its saved list back as bodyResults', async (store) => {
    const bodies = { bodies: [{ id: 'b1', legs: [] }, { id: 'b2', record: { reference: 'r' } }] };
    await store.enqueueJob({ ...staging, jobId: 'job-1', endpoint: 'logistics', request: bodies, createdAt: now });
    expectThat(await store.claimJob('w1', now, 1000)).toMatchObject({ jobId: 'job-1', endpoint: 'logistics', request: bodies, bodyResults: null });
    const bodyResults = [
      { id: 'b1', result: { truecost: 0.5, calculation_id: 'c1' } },
      { id: 'b2', error: { path: 'legs', reason: 'Required.' } },
    ];
    expectThat(await store.saveJobResults('job-1', 'w1', bodyResults, now + 1)).toBe(true);
    expectThat(await store.getJob(staging, 'job-1')).toMatchObject({ endpoint: 'logistics', results: null, bodyResults });
    expectThat((await store.listJobs({}))[0]).toMatchObject({ endpoint: 'logistics', bodyResults });
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
