import { afterEach, describe, expect, it } from 'vitest';
import { guardedFetch, type LookupFunction } from '../../src/bulk/index.js';
import { generateSigningSecret } from '../../src/bulk/signing.js';
import { startBulkWorker, type BulkWorkerOptions } from '../../src/bulk/worker.js';
import type { Store } from '../../src/orders/store.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import { enqueue, fixedTruecost, scope, waitForJob } from './helpers.js';
import { startReceiver, type Receiver } from './receiver.js';

// The endpoint policy at delivery time: the address actually connected to is checked, whatever
// the endpoint's URL says, and a refused delivery is recorded with its reason.
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A resolver that sends every name to 127.0.0.1, as a hostile DNS record would. */
const toLoopback: LookupFunction = (_, __, callback) => callback(null, [{ address: '127.0.0.1', family: 4 }]);

async function setup(url: (receiver: Receiver) => string): Promise<{ store: Store; receiver: Receiver }> {
  const store = createMemoryStore();
  const secret = generateSigningSecret();
  const receiver = await startReceiver(secret);
  cleanups.push(() => receiver.close());
  await store.setResultEndpoint(scope.partnerId, { url: url(receiver), secret }, Date.now());
  return { store, receiver };
}

function start(options: Omit<BulkWorkerOptions, 'compute'>): void {
  const worker = startBulkWorker({ compute: fixedTruecost, retryDelaysMs: [], pollIntervalMs: 10, timeoutMs: 2_000, ...options });
  cleanups.push(() => worker.stop());
}

/** The receiver's URL under a host name the test's resolver answers. */
const named = (receiver: Receiver) => receiver.url.replace('127.0.0.1', 'results.partner.test');

describe('a delivery under the endpoint policy', () => {
  it('is refused when the host name resolves to a loopback address, and the refusal is recorded', async () => {
    const { store, receiver } = await setup(named);
    const jobId = await enqueue(store);
    start({ store, lookup: toLoopback });
    const job = await waitForJob(store, jobId, ['failed']);
    expect(job.attempts).toBe(1);
    expect(job.lastError).toBe("The endpoint's host results.partner.test resolves to 127.0.0.1, a loopback address.");
    expect(receiver.deliveries).toHaveLength(0);
  });

  it('connects to the address the resolver gave when private addresses are allowed', async () => {
    const { store, receiver } = await setup(named);
    const jobId = await enqueue(store);
    start({ store, lookup: toLoopback, endpointPolicy: { allowPrivateAddresses: true } });
    expect((await waitForJob(store, jobId, ['delivered'])).attempts).toBe(1);
    expect(receiver.deliveries.map((delivery) => [delivery.webhookId, delivery.verified])).toEqual([[jobId, true]]);
  });

  it('refuses localhost with the system resolver, and an address literal without resolving it', async () => {
    for (const url of [(receiver: Receiver) => receiver.url.replace('127.0.0.1', 'localhost'), (receiver: Receiver) => receiver.url]) {
      const { store, receiver } = await setup(url);
      const jobId = await enqueue(store);
      start({ store });
      const job = await waitForJob(store, jobId, ['failed']);
      expect(job.lastError).toMatch(/^The endpoint's host (localhost|127\.0\.0\.1) is a loopback address\.$/);
      expect(receiver.deliveries).toHaveLength(0);
    }
  });

  it('refuses plain http for a production job, allowed addresses or not', async () => {
    const { store, receiver } = await setup((receiver) => receiver.url);
    const jobId = 'production-job';
    await store.enqueueJob({ jobId, request: [{ flight_id: 'F1' }], createdAt: Date.now(), partnerId: scope.partnerId, environment: 'production' });
    start({ store, endpointPolicy: { allowPrivateAddresses: true } });
    const job = await waitForJob(store, jobId, ['failed'], 10_000, { partnerId: scope.partnerId, environment: 'production' });
    expect(job.lastError).toBe('Production results are delivered over https only.');
    expect(receiver.deliveries).toHaveLength(0);
  });
});

describe('the guarded fetch', () => {
  it('drains the body and keeps none of it by default, and keeps at most keepBodyBytes when asked', async () => {
    const receiver = await startReceiver(generateSigningSecret(), (delivery) => (delivery.body === 'none' ? 204 : 201), { body: 'abcdef' });
    cleanups.push(() => receiver.close());
    const post = (fetch: ReturnType<typeof guardedFetch>, body: string) => fetch(receiver.url, { method: 'POST', body });
    const local = { allowPrivateAddresses: true };
    const bare = await post(guardedFetch(local), 'some');
    expect([bare.status, bare.body]).toEqual([201, null]);
    const kept = await post(guardedFetch(local, undefined, { keepBodyBytes: 4 }), 'some');
    expect([kept.status, await kept.text()]).toEqual([201, 'abcd']);
    const whole = await post(guardedFetch(local, undefined, { keepBodyBytes: 100 }), 'some');
    expect(await whole.text()).toBe('abcdef');
    const noContent = await post(guardedFetch(local, undefined, { keepBodyBytes: 100 }), 'none');
    expect([noContent.status, await noContent.text()]).toEqual([204, '']);
    expect(() => guardedFetch(local, undefined, { keepBodyBytes: -1 })).toThrow(RangeError);
  });
});
