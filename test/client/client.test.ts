// truecost/client against a real `truecost serve`, through a proxy that cuts answers after the
// server handled the request, or answers 503 in its place.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { signDelivery } from '../../src/bulk/signing.js';
import { createTruecostClient, TruecostApiError, TruecostNetworkError, verifyBulkDelivery, verifyWebhook } from '../../src/client/index.js';
import { startCuttingProxy, type CuttingProxy } from '../e2e/cutting-proxy.js';
import { startService, type Service } from '../e2e/serve-process.js';

let server: Service;
let proxy: CuttingProxy;
let apiKey: string;

beforeAll(async () => {
  server = await startService(['--db', 'memory:', '--no-request-log']);
  apiKey = /staging key \(partner [^)]+\): (\S+)/.exec(server.lines.join('\n'))![1]!;
  proxy = await startCuttingProxy(server.base);
}, 60_000);

afterAll(async () => {
  await proxy?.close();
  await server?.stop();
});

const order = (id: string) => ({ order: { partner_order_id: id, climes: 10, customer_email: 'ada@example.com', customer_name: 'Ada' } });
// One connection per request, so that the proxy's plan meets each attempt (fetch would keep them alive).
const closing: typeof fetch = (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), connection: 'close' } });
const client = (overrides: Partial<Parameters<typeof createTruecostClient>[0]> = {}) =>
  createTruecostClient({ baseUrl: proxy.url, apiKey, retryBaseDelayMs: 1, fetch: closing, ...overrides });

describe('truecost/client against truecost serve', () => {
  it('adds climes once when the answers of two attempts are cut after the server applied the first', async () => {
    const truecost = client();
    await truecost.createOrder('calculated', order('cut-1'));
    const cutsBefore = proxy.cuts;
    proxy.plan = ['cut', 'cut'];
    const added = await truecost.addClimes('calculated', { partner_order_id: 'cut-1', climes: 5 });
    expect(proxy.cuts - cutsBefore).toBe(2);
    expect(added).toMatchObject({ updated_climes: 15 });
    expect((await truecost.getOrder('calculated', 'cut-1')).order.climes).toBe(15);
  });

  it('retries E1, E2, E4, E5 and E7 after cut answers with the same key, each applied once', async () => {
    const truecost = client();
    proxy.plan = ['cut'];
    await truecost.createOrders('vote', { orders: [order('b-1').order, order('b-2').order] });
    proxy.plan = ['cut'];
    await truecost.removeClimes('vote', { partner_order_id: 'b-1', climes: 3 });
    proxy.plan = ['cut'];
    await expect(truecost.setOptIn({ cart_id: 'cart-1', opted_in: true, climes: 2 })).resolves.toMatchObject({ message: expect.any(String) });
    expect((await truecost.getOrder('vote', 'b-1')).order.climes).toBe(7);
    proxy.plan = ['cut'];
    // No result endpoint is set: E7 is refused, and the refusal is a typed error.
    await expect(truecost.bulkFlight([{ flight_id: 'f', departure: 'ZRH', arrival: 'LHR', no_of_tickets: 1, flight_class: 'ECONOMY', flight_type: 'ONE_WAY' }])).rejects.toMatchObject({
      status: 400,
      message: 'No endpoint is configured for bulk results.',
    });
  });

  it('waits out 503s, honouring Retry-After, and gives up with the 503 once its retries are spent', async () => {
    const refusedBefore = proxy.refusals;
    proxy.plan = ['unavailable', 'unavailable'];
    await expect(client().flight({ queries: { flights: [{ departure: 'ZRH', arrival: 'LHR', no_of_tickets: 1 }] } })).resolves.toMatchObject({
      truecost: [{ truecost: expect.any(String) }],
    });
    expect(proxy.refusals - refusedBefore).toBe(2);
    proxy.plan = ['unavailable', 'unavailable', 'unavailable'];
    const failure = await client({ retries: 2 }).getOrder('calculated', 'cut-1').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TruecostApiError);
    expect((failure as TruecostApiError).status).toBe(503);
  });

  it('never retries a write sent without a key after a cut connection', async () => {
    const truecost = client();
    await truecost.createOrder('calculated', order('nokey-1'));
    proxy.plan = ['cut'];
    const failure = await truecost.addClimes('calculated', { partner_order_id: 'nokey-1', climes: 1 }, { idempotencyKey: false }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TruecostNetworkError);
    expect((await truecost.getOrder('calculated', 'nokey-1')).order.climes).toBe(11);
  });

  it('reuses a key the caller gives across calls: the second call replays the first', async () => {
    const truecost = client();
    await truecost.createOrder('calculated', order('mine-1'));
    const first = await truecost.addClimes('calculated', { partner_order_id: 'mine-1', climes: 2 }, { idempotencyKey: 'my-key' });
    const second = await truecost.addClimes('calculated', { partner_order_id: 'mine-1', climes: 2 }, { idempotencyKey: 'my-key' });
    expect(second).toEqual(first);
    expect((await truecost.getOrder('calculated', 'mine-1')).order.climes).toBe(12);
    await expect(truecost.addClimes('calculated', { partner_order_id: 'mine-1', climes: 3 }, { idempotencyKey: 'my-key' })).rejects.toMatchObject({ status: 422 });
  });

  it('throws typed errors with the path and reason of a refused field', async () => {
    const failure = await client().createOrder('calculated', { order: { ...order('bad').order, climes: -1 } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TruecostApiError);
    expect(failure).toMatchObject({ status: 400, path: 'order.climes', message: 'Bad Request! Please send all the variables properly.' });
    expect((failure as TruecostApiError).reason).toEqual(expect.any(String));
    await expect(createTruecostClient({ baseUrl: proxy.url, apiKey: 'nope' }).getOrder('vote', 'x')).rejects.toMatchObject({ status: 401 });
  });

  it('returns the ISO 14083 report of E11 and E13, typed, and the 400 of a bad load with its path', async () => {
    const truecost = client();
    const legs = [{ shipping_method: 'TRUCK_HEAVY' as const, shipping_distance: 800, shipping_weight: 0.002, load: 'shared' as const }];
    const { report } = await truecost.logisticsReport({ queries: { legs } });
    expect(report.transport_chain_elements[0]).toMatchObject({ tonne_km: 1.6, well_to_wheel_kg: 0.334, data_type: 'default' });
    expect(report.totals.well_to_wheel_kg).toBe(0.334);
    const freight = await truecost.freightReport({
      configs: { region: 'IN', transportation_type: 'rail' },
      queries: { legs: [{ shipping_method: 'loose', weight: 10, distance: 500, fuel_type: 'electricity', fuel_amount: 1000, grid: 'IN' }] },
    });
    expect(freight.report.transport_chain_elements[0]!.data_type).toBe('primary');
    await expect(truecost.logisticsReport({ queries: { legs: [{ ...legs[0]!, load: 'full' as never }] } })).rejects.toMatchObject({
      status: 400,
      path: 'queries.legs.0.load',
    });
  });

  it('gives up on an aborted call at once, and times out an attempt that gets no answer', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(client().getOrder('vote', 'x', { signal: controller.signal })).rejects.toThrow('stop');
    // A port that accepts and never answers.
    const { createServer } = await import('node:net');
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const failure = await createTruecostClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey, timeoutMs: 200, retries: 1, retryBaseDelayMs: 1 })
      .getOrder('vote', 'x')
      .catch((error: unknown) => error);
    silent.close();
    expect(failure).toBeInstanceOf(TruecostNetworkError);
    expect((failure as TruecostNetworkError).timedOut).toBe(true);
    expect((failure as Error).message).toBe(`GET /v3/integrations/vote/order/x: no answer from 127.0.0.1:${port} (timed out after 200 ms)`);
  });

  it('names the method, path, host, port and cause when the connection is refused', async () => {
    const { createServer } = await import('node:net');
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const failure = await createTruecostClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey, retries: 0 })
      .flight({ queries: { flights: [{ departure: 'DEL', arrival: 'BOM', no_of_tickets: 1 }] } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TruecostNetworkError);
    expect((failure as TruecostNetworkError).timedOut).toBe(false);
    expect((failure as Error).message).toBe(`POST /v3/flight: no answer from 127.0.0.1:${port} (connect ECONNREFUSED 127.0.0.1:${port})`);
  });

  it('writes out the default port of the scheme, and names the cause a custom fetch gives', async () => {
    const refusing: typeof fetch = () => Promise.reject(new TypeError('fetch failed', { cause: Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }) }));
    const failure = await createTruecostClient({ baseUrl: 'https://truecost.invalid/api', apiKey, retries: 0, fetch: refusing }).bulkJob('j').catch((error: unknown) => error);
    expect((failure as Error).message).toBe('GET /v3/flight/bulk/j: no answer from truecost.invalid:443 (getaddrinfo ENOTFOUND)');
  });
});

describe('recorded calculations through truecost/client', () => {
  it('records a calculation once when its answer is cut after the server recorded it, and reads it, the listing and the statement', async () => {
    const truecost = client();
    const reference = `cut-calc-${Date.now()}`;
    proxy.plan = ['cut'];
    const answer = await truecost.logistics({
      queries: { legs: [{ shipping_method: 'TRUCK_HEAVY', shipping_distance: 600, shipping_weight: 12, truck_capacity: 15 }] },
      record: { reference, client: 'shipper-1', occurred_at: '2026-11-10', scope3_category: 4 },
    });
    expect(answer.calculation_id).toEqual(expect.any(String));
    const listed = await truecost.calculations.list({ reference });
    expect(listed.calculations.map((calculation) => calculation.calculation_id)).toEqual([answer.calculation_id]);
    const { calculation } = await truecost.calculations.get(answer.calculation_id!);
    expect(calculation.kg).toBeCloseTo(answer.truecost.total_truecost * 1000, 3);
    const statement = await truecost.reports.emissions({ from: '2026-11-10', to: '2026-11-11', groupBy: 'client' });
    expect(statement.report.rows.find((row) => row.group === 'shipper-1')?.kg).toBeGreaterThanOrEqual(calculation.kg);
    const csv = await truecost.reports.emissionsCsv({ from: '2026-11-10', to: '2026-11-11', groupBy: 'client' });
    expect(csv.split('\n').find((line) => line.startsWith('shipper-1,'))).toBeDefined();
    await expect(truecost.reports.emissionsCsv({ from: '2026-11-10', to: '2026-11-10' })).rejects.toMatchObject({ status: 400 });
  });
});

describe('createTruecostClient', () => {
  it.each([
    [{ baseUrl: 'http://127.0.0.1:8080' }, /needs apiKey/],
    [{ baseUrl: 'http://127.0.0.1:8080', apiKey: '' }, /needs apiKey/],
    [{ baseUrl: 'http://127.0.0.1:8080', apiKey: '  ' }, /needs apiKey/],
    [{ apiKey: 'truecost_staging_x' }, /needs baseUrl/],
    [{ baseUrl: '', apiKey: 'truecost_staging_x' }, /needs baseUrl/],
    [{ baseUrl: '127.0.0.1:8080', apiKey: 'truecost_staging_x' }, /needs baseUrl/],
    [{ baseUrl: 'ftp://truecost.example.com', apiKey: 'truecost_staging_x' }, /needs baseUrl/],
  ])('refuses %j at once, before any call', (options, message) => {
    let fetched = false;
    const fetcher: typeof fetch = () => {
      fetched = true;
      return Promise.reject(new Error('never'));
    };
    expect(() => createTruecostClient({ ...(options as { baseUrl: string; apiKey: string }), fetch: fetcher })).toThrow(TypeError);
    expect(() => createTruecostClient({ ...(options as { baseUrl: string; apiKey: string }), fetch: fetcher })).toThrow(message);
    expect(fetched).toBe(false);
  });
});

describe('verifyWebhook', () => {
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  const body = JSON.stringify({ 'f-1': '0.108396' });
  const now = 1_800_000_000;

  it('accepts the service\'s own signature and the standardwebhooks library\'s, and returns the results', async () => {
    const ours = { 'webhook-id': 'job-1', 'webhook-timestamp': String(now), 'webhook-signature': signDelivery(secret, 'job-1', now, body) };
    expect(await verifyWebhook(secret, ours, body, { nowSeconds: now })).toBe(true);
    const theirs = new Webhook(secret).sign('job-2', new Date(now * 1000), body);
    const headers = new Headers({ 'webhook-id': 'job-2', 'webhook-timestamp': String(now), 'webhook-signature': `v1,bogus ${theirs}` });
    expect(await verifyWebhook(secret, headers, body, { nowSeconds: now + 10 })).toBe(true);
    const fresh = { ...ours, 'webhook-timestamp': String(Math.floor(Date.now() / 1000)) };
    fresh['webhook-signature'] = signDelivery(secret, 'job-1', Number(fresh['webhook-timestamp']), body);
    expect(await verifyBulkDelivery(secret, fresh, body)).toEqual({ 'f-1': '0.108396' });
  });

  it('refuses a changed body, another secret, an old timestamp and missing headers', async () => {
    const headers = { 'webhook-id': 'job-1', 'webhook-timestamp': String(now), 'webhook-signature': signDelivery(secret, 'job-1', now, body) };
    expect(await verifyWebhook(secret, headers, `${body} `, { nowSeconds: now })).toBe(false);
    expect(await verifyWebhook('whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', headers, body, { nowSeconds: now })).toBe(false);
    expect(await verifyWebhook(secret, headers, body, { nowSeconds: now + 301 })).toBe(false);
    expect(await verifyWebhook(secret, { 'webhook-id': 'job-1' }, body, { nowSeconds: now })).toBe(false);
    expect(await verifyWebhook('whsec_***', headers, body, { nowSeconds: now })).toBe(false);
  });
});
