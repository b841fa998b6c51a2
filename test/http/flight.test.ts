import { describe, expect, it } from 'vitest';
import { METHODOLOGY_VERSION } from '../../src/data/version.js';
import { apiErrors, successMessages } from '../../src/errors.js';
import { served, setup } from './support.js';

const flight = (id: string) => ({
  flight_id: id,
  departure: 'DEL',
  arrival: 'BOM',
  no_of_tickets: 1,
  flight_class: 'ECONOMY',
  flight_type: 'ONE_WAY',
});

describe('E6 flight truecost', () => {
  it('answers the contract body in request order with the methodology header', async () => {
    const { call } = await setup();
    const answer = await call('POST', '/v3/flight', { queries: { flights: [flight('a'), { ...flight('b'), flight_type: 'ROUND_TRIP' }] } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-truecost-methodology')).toBe(METHODOLOGY_VERSION);
    expect(answer.json.message).toBe(successMessages.truecostCalculated);
    expect(answer.json.truecost.map((item: { flight_id: string }) => item.flight_id)).toEqual(['a', 'b']);
    expect(answer.json.truecost[0].truecost).toMatch(/^\d+\.\d{6}$/);
  });

  it('refuses an unknown airport with the path of the field', async () => {
    const { call } = await setup();
    const answer = await call('POST', '/v3/flight', { queries: { flights: [flight('a'), { ...flight('b'), departure: 'QQQ' }] } });
    expect(answer.status).toBe(400);
    expect(answer.json.error.path).toBe('queries.flights.1.departure');
  });

  it('answers a calculator fault with the flight 500 message', async () => {
    const { createHandlerFor, routes } = await import('../../src/http/index.js');
    const { store, staging } = await setup();
    const broken = routes.map((route) => (route.path === '/v3/flight' ? { ...route, handle: () => { throw new Error('boom'); } } : route));
    const handler = await served(createHandlerFor(broken, { store }));
    const response = await handler(
      new Request('http://x/v3/flight', {
        method: 'POST',
        headers: { 'x-api-key': staging, 'content-type': 'application/json' },
        body: JSON.stringify({ queries: { flights: [flight('a')] } }),
      }),
    );
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: apiErrors.flightServerError.message });
  });
});

describe('E7 flight truecost in bulk', () => {
  it('refuses a partner without a result endpoint', async () => {
    const { call } = await setup();
    const answer = await call('POST', '/v3/flight/bulk', [flight('a')]);
    expect(answer).toMatchObject({ status: 400, json: { message: apiErrors.noBulkEndpoint.message } });
  });

  it('stores the job before answering, wakes the worker, and shows the job to its owner only', async () => {
    const queued: string[] = [];
    const { call, store, production } = await setup({ onJobQueued: (jobId) => queued.push(jobId) });
    await store.setResultEndpoint('acme', { url: 'https://acme.example/results', secret: 'whsec_x' }, 0);
    const answer = await call('POST', '/v3/flight/bulk', [flight('a'), flight('b')]);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ message: successMessages.bulkAccepted, job_id: expect.any(String) });
    expect(queued).toEqual([answer.json.job_id]);
    const job = await call('GET', `/v3/flight/bulk/${answer.json.job_id}`);
    expect(job.json).toEqual({ job: { job_id: answer.json.job_id, state: 'queued', attempts: 0, last_error: null, results: null } });
    const fromProduction = await call('GET', `/v3/flight/bulk/${answer.json.job_id}`, undefined, { 'x-api-key': production });
    expect(fromProduction).toMatchObject({ status: 404, json: { message: apiErrors.jobNotFound.message } });
  });

  it('refuses a repeated flight_id with the path of the repeat', async () => {
    const { call, store } = await setup();
    await store.setResultEndpoint('acme', { url: 'https://acme.example/results', secret: 'whsec_x' }, 0);
    const answer = await call('POST', '/v3/flight/bulk', [flight('a'), flight('a')]);
    expect(answer.status).toBe(400);
    expect(answer.json.error.path).toBe('1.flight_id');
  });
});
