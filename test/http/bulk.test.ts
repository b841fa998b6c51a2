import { describe, expect, it } from 'vitest';
import { apiErrors, successMessages } from '../../src/errors.js';
import { CALCULATION_ENDPOINTS } from '../../src/orders/calculations.js';
import { BULK_MAX_BODY_BYTES, MAX_BULK_BODIES } from '../../src/schemas/bulk.js';
import { requestSamples } from '../../src/testing/index.js';
import { addKey, setup } from './support.js';

// `POST /v3/bulk/{endpoint}` as the partner sees it when queuing: what it checks at once (the path,
// the array, the ids, the size) and what it leaves to the worker (each body). test/bulk/bodies.test.ts
// follows the jobs to their delivery.
const train = { queries: { legs: [{ shipping_method: 'TRAIN', shipping_distance: 1000, shipping_weight: 20 }] } };

async function withEndpoint(options: Parameters<typeof setup>[0] = {}) {
  const context = await setup(options);
  await context.store.setResultEndpoint('acme', { url: 'https://acme.example/results', secret: 'whsec_x' }, 0);
  return context;
}

describe('POST /v3/bulk/{endpoint}', () => {
  it('queues a job for every calculator, answering 202 with the job id, and wakes the worker', async () => {
    const queued: string[] = [];
    const { call, store } = await withEndpoint({ onJobQueued: (jobId) => queued.push(jobId) });
    const samples = {
      flight: requestSamples.flight,
      cars: requestSamples.car,
      transportation: requestSamples.bus,
      logistics: requestSamples.logistics,
      commute: requestSamples.commute,
      freight: requestSamples.freight,
      trip: requestSamples.trip,
    };
    for (const endpoint of CALCULATION_ENDPOINTS) {
      const answer = await call('POST', `/v3/bulk/${endpoint}`, [{ id: 'a', ...samples[endpoint] }]);
      expect(answer.status).toBe(202);
      expect(answer.json).toEqual({ message: successMessages.bulkJobQueued, job_id: expect.any(String) });
      const job = await store.getJob({ partnerId: 'acme', environment: 'staging' }, answer.json.job_id);
      expect(job).toMatchObject({ endpoint, state: 'queued', request: { bodies: [{ id: 'a', ...samples[endpoint] }] } });
    }
    expect(queued).toHaveLength(CALCULATION_ENDPOINTS.length);
  });

  it('checks only the array and the ids: a body its calculator would refuse is queued', async () => {
    const { call } = await withEndpoint();
    const answer = await call('POST', '/v3/bulk/logistics', [{ id: 'a', queries: 'not legs', record: 7 }]);
    expect(answer.status).toBe(202);
  });

  it('is 404 for a calculator it does not know', async () => {
    const { call } = await withEndpoint();
    for (const path of ['/v3/bulk/bogus', '/v3/bulk/bus', '/v3/bulk/Logistics']) {
      expect(await call('POST', path, [{ id: 'a', ...train }])).toMatchObject({ status: 404, json: { message: apiErrors.notFound.message } });
    }
  });

  it('refuses a partner without a result endpoint', async () => {
    const { call } = await setup();
    const answer = await call('POST', '/v3/bulk/logistics', [{ id: 'a', ...train }]);
    expect(answer).toMatchObject({ status: 400, json: { message: apiErrors.noBulkEndpoint.message } });
  });

  it(`refuses an empty array and more than ${MAX_BULK_BODIES} bodies`, async () => {
    const { call } = await withEndpoint();
    expect((await call('POST', '/v3/bulk/logistics', [])).json.error).toEqual({ path: '', reason: 'Must have at least 1 element(s).' });
    const tooMany = Array.from({ length: MAX_BULK_BODIES + 1 }, (_, index) => ({ id: `s${index}`, ...train }));
    const answer = await call('POST', '/v3/bulk/logistics', tooMany);
    expect(answer.status).toBe(400);
    expect(answer.json.error).toEqual({ path: '', reason: `Must have at most ${MAX_BULK_BODIES} element(s).` });
  });

  it('takes 10 000 bodies, over the 1 MiB of the other routes', async () => {
    const { call } = await withEndpoint();
    const bodies = Array.from({ length: MAX_BULK_BODIES }, (_, index) => ({ id: `shipment-${index}`, ...requestSamples.logistics }));
    expect(JSON.stringify(bodies).length).toBeGreaterThan(1024 * 1024);
    expect((await call('POST', '/v3/bulk/logistics', bodies)).status).toBe(202);
  });

  it('refuses a body over its own limit of 32 MiB, naming it', async () => {
    const { call } = await withEndpoint();
    const answer = await call('POST', '/v3/bulk/logistics', `[${' '.repeat(BULK_MAX_BODY_BYTES)}]`);
    expect(answer).toMatchObject({ status: 413, json: { message: 'Payload Too Large! The body must be at most 32 MiB.' } });
  });

  it('refuses a repeated id, a missing id and a body that is not an object, with the path', async () => {
    const { call } = await withEndpoint();
    const refused = async (bodies: unknown) => {
      const answer = await call('POST', '/v3/bulk/logistics', bodies);
      expect(answer.status).toBe(400);
      return answer.json.error;
    };
    expect(await refused([{ id: 'a', ...train }, { id: 'b', ...train }, { id: 'a', ...train }])).toEqual({ path: '2.id', reason: 'Must be unique within the job.' });
    expect((await refused([{ id: 'a' }, { ...train }])).path).toBe('1.id');
    expect((await refused([{ id: 'a' }, { id: '' }])).path).toBe('1.id');
    expect((await refused([{ id: 'a' }, ['b']])).path).toBe('1');
    expect((await refused({ id: 'a' })).path).toBe('');
  });

  it('answers a repeated Idempotency-Key with the first job, queuing one job', async () => {
    const queued: string[] = [];
    const { call } = await withEndpoint({ onJobQueued: (jobId) => queued.push(jobId) });
    const headers = { 'idempotency-key': 'bulk-1' };
    const first = await call('POST', '/v3/bulk/logistics', [{ id: 'a', ...train }], headers);
    const again = await call('POST', '/v3/bulk/logistics', [{ id: 'a', ...train }], headers);
    expect(first.status).toBe(202);
    expect(again).toMatchObject({ status: 202, json: first.json });
    expect(queued).toEqual([first.json.job_id]);
    expect((await call('POST', '/v3/bulk/logistics', [{ id: 'b', ...train }], headers)).status).toBe(422);
  });
});

describe('GET /v3/bulk/{job_id}', () => {
  it("shows a job to its partner and environment only, and no E7 job", async () => {
    const { call, store, production } = await withEndpoint();
    const jobId: string = (await call('POST', '/v3/bulk/commute', [{ id: 'c', ...requestSamples.commute }])).json.job_id;
    expect(await call('GET', `/v3/bulk/${jobId}`)).toMatchObject({
      status: 200,
      json: { job: { job_id: jobId, endpoint: 'commute', state: 'queued', attempts: 0, last_error: null, results: null } },
    });
    const otherPartner = await addKey(store, 'globex', 'staging');
    for (const key of [production, otherPartner]) {
      expect(await call('GET', `/v3/bulk/${jobId}`, undefined, { 'x-api-key': key })).toMatchObject({ status: 404, json: { message: apiErrors.jobNotFound.message } });
    }
    const e7: string = (await call('POST', '/v3/flight/bulk', requestSamples.bulkFlight)).json.job_id;
    expect(await call('GET', `/v3/bulk/${e7}`)).toMatchObject({ status: 404, json: { message: apiErrors.jobNotFound.message } });
    expect((await call('GET', `/v3/flight/bulk/${e7}`)).status).toBe(200);
  });

  it('is 404 for an id that is no job id, and 405 for a calculator path', async () => {
    const { call } = await withEndpoint();
    expect((await call('GET', '/v3/bulk/not-a-job')).status).toBe(404);
    const wrongMethod = await call('GET', '/v3/bulk/logistics');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
  });
});
