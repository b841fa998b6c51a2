import { afterEach, describe, expect, it } from 'vitest';
import { generateSigningSecret } from '../../src/bulk/signing.js';
import { startBulkWorker } from '../../src/bulk/worker.js';
import type { BulkWorker, BulkWorkerOptions, WorkerEvent } from '../../src/bulk/worker.js';
import type { Store } from '../../src/orders/store.js';
import { bulkFlightResults } from '../../src/calculators/flight/index.js';
import { bulkFlightRequestSchema } from '../../src/schemas/flight.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import { validate } from '../../src/validation/validate.js';
import { enqueue, fixedTruecost, flights, scope, waitForJob, localEndpoints } from './helpers.js';
import { closedPort, startReceiver } from './receiver.js';
import type { Receiver } from './receiver.js';

const fast = { retryDelaysMs: [10, 20, 30], timeoutMs: 2_000, pollIntervalMs: 10 } as const;
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(answer?: Parameters<typeof startReceiver>[1], holdMs?: number): Promise<{ store: Store; secret: string; receiver: Receiver }> {
  const store = createMemoryStore();
  const secret = generateSigningSecret();
  const receiver = await startReceiver(secret, answer, holdMs === undefined ? {} : { holdMs });
  cleanups.push(() => receiver.close());
  await store.setResultEndpoint(scope.partnerId, { url: receiver.url, secret }, Date.now());
  return { store, secret, receiver };
}

function start(options: Partial<BulkWorkerOptions> & { store: Store }): BulkWorker {
  const worker = startBulkWorker({ compute: fixedTruecost, ...fast, ...localEndpoints, ...options });
  cleanups.push(() => worker.stop());
  return worker;
}

describe('the bulk worker', () => {
  it('retries after 500 answers and delivers signed results under one webhook-id', async () => {
    const { store, receiver } = await setup((_, nth) => (nth <= 2 ? 500 : 200));
    const jobId = await enqueue(store, flights(3));
    start({ store });

    const job = await waitForJob(store, jobId, ['delivered', 'failed']);
    expect(job.state).toBe('delivered');
    expect(job.attempts).toBe(3);
    expect(job.lastError).toBeNull();
    expect(job.deliveredAt).not.toBeNull();
    expect(job.results).toEqual({ F1: '0.100000', F2: '0.101000', F3: '0.102000' });
    expect(receiver.deliveries).toHaveLength(3);
    for (const delivery of receiver.deliveries) {
      expect(delivery.webhookId).toBe(jobId);
      expect(delivery.verified).toBe(true);
      expect(delivery.contentType).toBe('application/json');
      expect(delivery.timestamp).toMatch(/^\d{10}$/);
      expect(JSON.parse(delivery.body)).toEqual(job.results);
    }
  });

  it('times out on an endpoint that never answers, retries, then marks the job failed with the last error', async () => {
    const { store, receiver } = await setup(() => 'hang');
    const jobId = await enqueue(store);
    start({ store, timeoutMs: 100, retryDelaysMs: [10, 10] });

    const job = await waitForJob(store, jobId, ['delivered', 'failed']);
    expect(job.state).toBe('failed');
    expect(job.attempts).toBe(3);
    expect(job.lastError).toBe('No answer within 100 ms.');
    expect(receiver.deliveries.map((d) => d.webhookId)).toEqual([jobId, jobId, jobId]);
  });

  it('retries a refused connection the same way, then marks the job failed', async () => {
    const store = createMemoryStore();
    const port = await closedPort();
    await store.setResultEndpoint(scope.partnerId, { url: `http://127.0.0.1:${port}/results`, secret: generateSigningSecret() }, Date.now());
    const jobId = await enqueue(store);
    const events: WorkerEvent[] = [];
    start({ store, log: (event) => events.push(event) });

    const job = await waitForJob(store, jobId, ['delivered', 'failed']);
    expect(job.state).toBe('failed');
    expect(job.attempts).toBe(4);
    expect(job.lastError).toMatch(/ECONNREFUSED/);
    expect(events.map((event) => event.type)).toEqual(['retry', 'retry', 'retry', 'failed']);
  });

  it('takes over a job whose worker died once its lease ends, and delivers it once', async () => {
    const { store, receiver } = await setup();
    const jobId = await enqueue(store);
    const claimed = await store.claimJob('dead-worker', Date.now(), 300);
    expect(claimed?.jobId).toBe(jobId);
    start({ store });

    const job = await waitForJob(store, jobId, ['delivered', 'failed']);
    expect(job.state).toBe('delivered');
    expect(job.attempts).toBe(1);
    expect(receiver.deliveries).toHaveLength(1);
  });

  it('computes the results once and sends the same body on every retry', async () => {
    const { store, receiver } = await setup((_, nth) => (nth === 1 ? 503 : 200));
    const jobId = await enqueue(store);
    let computed = 0;
    start({ store, compute: (request) => ((computed += 1), fixedTruecost(request)) });

    await waitForJob(store, jobId, ['delivered']);
    expect(computed).toBe(1);
    expect(new Set(receiver.deliveries.map((d) => d.body)).size).toBe(1);
  });

  it('keeps a job of a partner without an endpoint, and delivers it when an operator retries after setting one', async () => {
    const store = createMemoryStore();
    const jobId = await enqueue(store);
    start({ store, retryDelaysMs: [10] });
    const failed = await waitForJob(store, jobId, ['failed']);
    expect(failed.lastError).toBe('No endpoint is configured for bulk results.');

    const secret = generateSigningSecret();
    const receiver = await startReceiver(secret);
    cleanups.push(() => receiver.close());
    await store.setResultEndpoint(scope.partnerId, { url: receiver.url, secret }, Date.now());
    await store.retryJob(jobId, Date.now());
    const delivered = await waitForJob(store, jobId, ['delivered']);
    expect(delivered.attempts).toBe(3);
    expect(receiver.deliveries[0]?.verified).toBe(true);
  });

  it('records a compute failure as a failed attempt instead of dropping the job', async () => {
    const { store, receiver } = await setup();
    const jobId = await enqueue(store);
    start({
      store,
      retryDelaysMs: [],
      compute: () => {
        throw new Error('unknown airport XXX');
      },
    });
    const job = await waitForJob(store, jobId, ['failed']);
    expect(job.lastError).toBe('The results could not be computed: unknown airport XXX');
    expect(receiver.deliveries).toHaveLength(0);
  });

  it('claims a new job at once on wake, without waiting for the poll interval', async () => {
    const { store } = await setup();
    const worker = start({ store, pollIntervalMs: 3_600_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const jobId = await enqueue(store);
    worker.wake();
    expect((await waitForJob(store, jobId, ['delivered'])).attempts).toBe(1);
  });

  it('finishes and records the delivery in flight when stopped, then claims nothing more', async () => {
    const { store, receiver } = await setup(() => 200, 300);
    const first = await enqueue(store);
    const worker = start({ store, concurrency: 1 });
    await receiver.waitFor(1);
    const second = await enqueue(store);
    await worker.stop();

    expect((await store.getJob(scope, first))?.state).toBe('delivered');
    expect((await store.getJob(scope, second))?.state).toBe('queued');
    expect(receiver.deliveries).toHaveLength(1);
  });

  it('keeps running when the store fails for a while, and delivers afterwards', async () => {
    const { store } = await setup();
    let failures = 3;
    const flaky: Store = {
      ...store,
      claimJob: (...args) => (failures-- > 0 ? Promise.reject(new Error('database unreachable')) : store.claimJob(...args)),
    };
    const events: WorkerEvent[] = [];
    const jobId = await enqueue(store);
    start({ store: flaky, log: (event) => events.push(event) });

    await waitForJob(store, jobId, ['delivered']);
    expect(events.filter((event) => event.type === 'store-error')).toHaveLength(3);
  });

  it('never lets two workers on one store deliver a job twice', async () => {
    const { store, receiver } = await setup(() => 200, 2);
    const jobIds = await Promise.all(Array.from({ length: 60 }, () => enqueue(store)));
    start({ store, workerId: 'a' });
    start({ store, workerId: 'b' });

    await Promise.all(jobIds.map((jobId) => waitForJob(store, jobId, ['delivered'])));
    for (const jobId of jobIds) expect(receiver.deliveriesOf(jobId)).toHaveLength(1);
    expect(receiver.deliveries.every((d) => d.overlapping === 0 && d.verified)).toBe(true);
  });

  it('refuses a lease that is not a number of milliseconds of at least one per heartbeat', () => {
    const store = createMemoryStore();
    for (const leaseMs of [0, 2, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => startBulkWorker({ store, compute: fixedTruecost, leaseMs })).toThrow(RangeError);
    }
  });

  it('extends its lease while a delivery slower than the lease runs, so that a second worker never delivers the job again', async () => {
    // Each answer takes 700 ms, over three times the 200 ms lease; two workers poll every 10 ms.
    const { store, receiver } = await setup(undefined, 700);
    const jobIds = await Promise.all(Array.from({ length: 3 }, () => enqueue(store)));
    const events: WorkerEvent[] = [];
    start({ store, workerId: 'a', leaseMs: 200, concurrency: 1, log: (event) => events.push(event) });
    start({ store, workerId: 'b', leaseMs: 200, concurrency: 1, log: (event) => events.push(event) });

    await Promise.all(jobIds.map((jobId) => waitForJob(store, jobId, ['delivered', 'failed'])));
    for (const jobId of jobIds) {
      expect(receiver.deliveriesOf(jobId)).toHaveLength(1);
      expect((await store.getJob(scope, jobId))?.attempts).toBe(1);
    }
    expect(events.filter((event) => event.type === 'lease-lost')).toEqual([]);
  });
});

describe('the bulk worker with the flight calculator', () => {
  const request = [
    { flight_id: 'a', departure: 'DEL', arrival: 'BOM', no_of_tickets: 1, flight_class: 'ECONOMY', flight_type: 'ONE_WAY' },
    { flight_id: 'b', departure: 'LHR', arrival: 'JFK', flight_class: 'BUSINESS', flight_type: 'ROUND_TRIP', no_of_tickets: 2 },
  ];

  it('delivers what bulkFlightResults computes for the stored request', async () => {
    const { store, receiver } = await setup();
    const parsed = validate(bulkFlightRequestSchema, request);
    if (!parsed.ok) throw new Error('the test request must be valid');
    // Stored as E7 stores it: the validated request.
    const jobId = await enqueue(store, parsed.value);
    const worker = startBulkWorker({ store, ...fast, ...localEndpoints });
    cleanups.push(() => worker.stop());
    const job = await waitForJob(store, jobId, ['delivered']);
    expect(job.results).toEqual(bulkFlightResults(parsed.value));
    expect(JSON.parse(receiver.deliveries[0]?.body ?? '')).toEqual(bulkFlightResults(parsed.value));
  });

  it('fails a job whose stored request no longer validates, naming the field', async () => {
    const { store, receiver } = await setup();
    const jobId = await enqueue(store, [{ ...request[0], departure: 'XX' }]);
    const worker = startBulkWorker({ store, ...fast, ...localEndpoints, retryDelaysMs: [] });
    cleanups.push(() => worker.stop());
    const job = await waitForJob(store, jobId, ['failed']);
    expect(job.lastError).toMatch(/^The results could not be computed: The stored request is not valid at 0\.departure: /);
    expect(receiver.deliveries).toHaveLength(0);
  });
});
