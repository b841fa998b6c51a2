import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bulkCalculationId, computeBulkBodies } from '../../src/bulk/compute.js';
import { generateSigningSecret } from '../../src/bulk/signing.js';
import { startBulkWorker, type BulkWorkerOptions } from '../../src/bulk/worker.js';
import { createHandler, generateApiKey, hashApiKey } from '../../src/http/index.js';
import type { CalculationRecord, Store } from '../../src/orders/store.js';
import type { Environment } from '../../src/orders/types.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import { openSqliteStore } from '../../src/stores/sqlite.js';
import { requestSamples } from '../../src/testing/index.js';
import { localEndpoints, scope, waitForJob } from './helpers.js';
import { startReceiver, type Receiver } from './receiver.js';

// `POST /v3/bulk/{endpoint}` end to end: the real handler queues the job on a memory store, the
// real worker computes it and POSTs it, signed, to a local receiver that checks the signature with
// the standardwebhooks reference implementation.
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const shipment = requestSamples.logistics;
const train = { queries: { legs: [{ shipping_method: 'TRAIN', shipping_distance: 1000, shipping_weight: 20 }] } };

async function addKey(store: Store, partnerId: string, environment: Environment): Promise<string> {
  const key = generateApiKey(environment);
  await store.addApiKey({ keyHash: await hashApiKey(key), partnerId, environment, createdAt: 0 });
  return key;
}

async function setup(store: Store = createMemoryStore()) {
  const secret = generateSigningSecret();
  const receiver = await startReceiver(secret);
  cleanups.push(() => receiver.close());
  await store.setResultEndpoint(scope.partnerId, { url: receiver.url, secret }, Date.now());
  const key = await addKey(store, scope.partnerId, scope.environment);
  const handler = createHandler({ store });
  async function call(method: string, path: string, body?: unknown, apiKey = key) {
    const headers: Record<string, string> = { 'x-api-key': apiKey };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await handler(new Request(`http://truecost.test${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }));
    return { status: response.status, json: (await response.json()) as any };
  }
  return { store, receiver, call };
}

function start(options: Partial<BulkWorkerOptions> & { store: Store }): void {
  const worker = startBulkWorker({ retryDelaysMs: [10], timeoutMs: 2_000, pollIntervalMs: 10, ...localEndpoints, ...options });
  cleanups.push(() => worker.stop());
}

function deliveredBody(receiver: Receiver, jobId: string): any {
  const deliveries = receiver.deliveriesOf(jobId);
  expect(deliveries).toHaveLength(1);
  expect(deliveries[0]!.verified).toBe(true);
  return JSON.parse(deliveries[0]!.body);
}

describe('a bulk job of logistics bodies', () => {
  it('delivers one signed result per id in the order sent, a refused body (or a field it does not read) as an error with its path', async () => {
    const { store, receiver, call } = await setup();
    const bodies = [
      { id: 's1', ...shipment },
      { id: 's2', queries: { legs: [{ shipping_method: 'TRAIN', shipping_distance: 1000, shipping_weight: 'heavy' }] } },
      { id: 's3', ...train },
      { id: 's4', ...train, record: { scope3_category: 16 } },
      { id: 's5', queries: { legs: [{ ...train.queries.legs[0]!, no_of_tickets: 2 }] } },
    ];
    const queued = await call('POST', '/v3/bulk/logistics', bodies);
    expect(queued.status).toBe(202);
    const jobId: string = queued.json.job_id;
    start({ store });
    await waitForJob(store, jobId, ['delivered']);

    const sync = async (body: unknown) => (await call('POST', '/v3/logistics', body)).json;
    expect(deliveredBody(receiver, jobId)).toEqual({
      job_id: jobId,
      endpoint: 'logistics',
      results: [
        { id: 's1', result: await sync(shipment) },
        { id: 's2', error: { path: 'queries.legs.0.shipping_weight', reason: 'Expected number, received string.' } },
        { id: 's3', result: await sync(train) },
        { id: 's4', error: { path: 'record.scope3_category', reason: 'Must be at most 15.' } },
        { id: 's5', error: { path: 'queries.legs.0.no_of_tickets', reason: 'This endpoint does not read this field.' } },
      ],
    });
  });

  it('answers GET /v3/bulk/{job_id} with the results once computed, and 404 to another partner or environment', async () => {
    const { store, call } = await setup();
    const queued = await call('POST', '/v3/bulk/logistics', [{ id: 'a', ...train }]);
    const jobId: string = queued.json.job_id;
    expect((await call('GET', `/v3/bulk/${jobId}`)).json).toEqual({
      job: { job_id: jobId, endpoint: 'logistics', state: 'queued', attempts: 0, last_error: null, results: null },
    });
    start({ store });
    await waitForJob(store, jobId, ['delivered']);
    const answer = await call('GET', `/v3/bulk/${jobId}`);
    expect(answer.status).toBe(200);
    expect(answer.json.job).toMatchObject({ job_id: jobId, endpoint: 'logistics', state: 'delivered', attempts: 1, last_error: null });
    expect(answer.json.job.results).toEqual([{ id: 'a', result: (await call('POST', '/v3/logistics', train)).json }]);

    for (const other of [await addKey(store, 'partner-2', 'staging'), await addKey(store, scope.partnerId, 'production')]) {
      expect(await call('GET', `/v3/bulk/${jobId}`, undefined, other)).toEqual({ status: 404, json: { message: 'Job not found.' } });
    }
    // Each status route shows the jobs of its own POST route.
    expect((await call('GET', `/v3/flight/bulk/${jobId}`)).status).toBe(404);
  });
});

describe('a recorded body of a bulk job', () => {
  it('is stored once under an id made of the job and the body, even when the job is computed again', async () => {
    const memory = createMemoryStore();
    let recordCalls = 0;
    let saves = 0;
    // The first save of the results fails as a store outage would: the lease runs out and the
    // job is claimed and computed again, recording the same calculations a second time.
    const store: Store = {
      ...memory,
      recordCalculations: (records, guard) => ((recordCalls += 1), memory.recordCalculations(records, guard)),
      saveJobResults: async (...args) => {
        saves += 1;
        if (saves === 1) throw new Error('The database is not answering.');
        return memory.saveJobResults(...args);
      },
    };
    const { receiver, call } = await setup(store);
    const record = { reference: 'PO-7', client: 'acme-retail', occurred_at: '2026-03-02', scope3_category: 4 };
    const queued = await call('POST', '/v3/bulk/logistics', [
      { id: 'r1', ...train, record },
      { id: 'plain', ...shipment },
      { id: 'r2', ...shipment, record: {} },
    ]);
    const jobId: string = queued.json.job_id;
    start({ store, leaseMs: 300 });
    const job = await waitForJob(store, jobId, ['delivered']);
    expect(recordCalls).toBe(2);
    expect(job.attempts).toBe(1);

    const results = deliveredBody(receiver, jobId).results;
    const ids = [bulkCalculationId(jobId, 'r1'), bulkCalculationId(jobId, 'r2')];
    expect(results.map((result: any) => result.result.calculation_id)).toEqual([ids[0], undefined, ids[1]]);
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const page = await store.listCalculations(scope, { limit: 10 });
    expect(page?.items.map((calculation) => calculation.calculationId).sort()).toEqual([...ids].sort());
    const stored = (await store.getCalculation(scope, ids[0]!)) as CalculationRecord;
    const { calculation_id: _id, ...answer } = results[0].result;
    expect(stored).toMatchObject({
      endpoint: 'logistics',
      reference: 'PO-7',
      client: 'acme-retail',
      occurredAt: Date.parse('2026-03-02T00:00:00Z'),
      scope3Category: 4,
      query: '',
      request: { id: 'r1', ...train, record },
      response: answer,
    });
    expect(stored.wellToWheelGrams).toBeGreaterThan(0);
  });

  it('gets the same calculation ids every time the job is computed', () => {
    const job = { jobId: 'job-1', endpoint: 'flight' as const, ...scope, request: { bodies: [{ id: 'f', ...requestSamples.flight, record: {} }] } };
    const first = computeBulkBodies(job, 1_000);
    const again = computeBulkBodies(job, 2_000);
    expect(first.records.map((record) => record.calculationId)).toEqual([bulkCalculationId('job-1', 'f')]);
    expect(again.records.map((record) => record.calculationId)).toEqual(first.records.map((record) => record.calculationId));
    expect(bulkCalculationId('job-1', 'f')).not.toBe(bulkCalculationId('job-2', 'f'));
  });
});

describe('a bulk job on the SQLite store', () => {
  it('keeps its calculator and results through the database, and records its recorded body once', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'truecost-bulk-bodies-'));
    const store = await openSqliteStore({ path: join(directory, 'truecost.db') });
    cleanups.push(async () => {
      await store.close();
      rmSync(directory, { recursive: true, force: true });
    });
    const { receiver, call } = await setup(store);
    const queued = await call('POST', '/v3/bulk/commute', [
      { id: 'c1', ...requestSamples.commute, record: { client: 'north' } },
      { id: 'c2', queries: { legs: [] } },
    ]);
    const jobId: string = queued.json.job_id;
    start({ store });
    await waitForJob(store, jobId, ['delivered']);
    const calculationId = bulkCalculationId(jobId, 'c1');
    const results = [
      { id: 'c1', result: { ...(await call('POST', '/v3/commute', requestSamples.commute)).json, calculation_id: calculationId } },
      { id: 'c2', error: { path: 'queries.legs', reason: 'Must have at least 1 element(s).' } },
    ];
    expect(deliveredBody(receiver, jobId)).toEqual({ job_id: jobId, endpoint: 'commute', results });
    expect((await call('GET', `/v3/bulk/${jobId}`)).json.job).toMatchObject({ endpoint: 'commute', state: 'delivered', results });
    expect((await store.listCalculations(scope, { limit: 10 }))?.items.map((calculation) => [calculation.calculationId, calculation.client])).toEqual([[calculationId, 'north']]);
  });
});
