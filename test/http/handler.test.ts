import { describe, expect, it } from 'vitest';
import { apiErrors, payloadTooLargeMessage, successMessages } from '../../src/errors.js';
import { addKey, callRaw, order, served, setup } from './support.js';

describe('routing', () => {
  it('answers 404 Not Found for an unknown path', async () => {
    const { call } = await setup();
    const answer = await call('GET', '/v3/nothing-here');
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ message: 'Not Found' });
  });

  it('answers 405 with the methods of the path in Allow', async () => {
    const { call } = await setup();
    const answer = await call('DELETE', '/v3/integrations/vote/order/add');
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('PATCH, GET');
    expect(answer.json).toEqual({ message: apiErrors.methodNotAllowed.message });
  });

  it('answers the health check without a key', async () => {
    const { handler } = await setup();
    const response = await handler(new Request('http://x/healthz'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('routes percent-encoded dots, backslashes and dot segments as new URL resolves them', async () => {
    const { direct } = await setup();
    for (const target of ['/x/%2e%2e/healthz', '/x\\..\\healthz', '/x/../healthz', '/./healthz?probe=1']) {
      const response = await callRaw(direct, 'GET', target);
      expect(response.status, target).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
    }
    for (const target of ['/x/%2e%2e/nothing', '/healthz/%2e%2e/v3/nothing', '/%2fhealthz']) {
      expect((await callRaw(direct, 'GET', target)).status, target).toBe(404);
    }
  });

  it('answers 404 for a variant that does not exist', async () => {
    const { call } = await setup();
    expect((await call('POST', '/v3/integrations/other/order', { order: order('a') })).status).toBe(404);
  });

  it('reads the order whose id is add with GET .../order/add', async () => {
    const { call } = await setup();
    await call('POST', '/v3/integrations/vote/order', { order: order('add') });
    const answer = await call('GET', '/v3/integrations/vote/order/add');
    expect(answer.status).toBe(200);
    expect(answer.json.order.partner_order_id).toBe('add');
  });
});

describe('authentication', () => {
  it('refuses a missing, malformed, unknown or revoked key with 401', async () => {
    const { call, store, staging } = await setup();
    const unauthorized = { message: apiErrors.unauthorized.message };
    for (const key of ['', 'hello', 'truecost_staging_short', 'truecost_staging_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      const answer = await call('GET', '/v3/integrations/vote/order/x', undefined, { 'x-api-key': key });
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual(unauthorized);
    }
    const { hashApiKey } = await import('../../src/http/keys.js');
    await store.revokeApiKey(await hashApiKey(staging), 1);
    expect((await call('GET', '/v3/integrations/vote/order/x')).status).toBe(401);
  });

  it('keeps staging and production apart', async () => {
    const { call, production } = await setup();
    await call('POST', '/v3/integrations/vote/order', { order: order('o1') });
    const fromProduction = await call('GET', '/v3/integrations/vote/order/o1', undefined, { 'x-api-key': production });
    expect(fromProduction.status).toBe(404);
    const created = await call('POST', '/v3/integrations/vote/order', { order: order('o1', { climes: 3 }) }, { 'x-api-key': production });
    expect(created.status).toBe(201);
  });

  it('keeps partners apart', async () => {
    const { call, store } = await setup();
    const other = await addKey(store, 'globex', 'staging');
    await call('POST', '/v3/integrations/vote/order', { order: order('o1') });
    expect((await call('GET', '/v3/integrations/vote/order/o1', undefined, { 'x-api-key': other })).status).toBe(404);
  });
});

describe('request checks', () => {
  it('answers 415 without Content-Type application/json and accepts a charset', async () => {
    const { call } = await setup();
    const text = await call('POST', '/v3/integrations/vote/order', JSON.stringify({ order: order('a') }), { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    const charset = await call('POST', '/v3/integrations/vote/order', { order: order('a') }, { 'content-type': 'application/json; charset=utf-8' });
    expect(charset.status).toBe(201);
  });

  it('answers 400 with the contract message for a body that is not JSON', async () => {
    const { call } = await setup();
    const answer = await call('POST', '/v3/integrations/vote/order', '{"order":');
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ message: apiErrors.badRequest.message, error: { path: '', reason: expect.stringMatching(/^The body is not JSON: /) } });
  });

  it('answers 413 for a body over the limit, counting the bytes that arrive', async () => {
    const { handler, staging } = await setup({ maxBodyBytes: 100 });
    const big = JSON.stringify({ order: order('x'.repeat(200)) });
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const response = await handler(
      new Request('http://x/v3/integrations/vote/order', {
        method: 'POST',
        headers: { 'x-api-key': staging, 'content-type': 'application/json' },
        body: chunks,
        duplex: 'half',
      } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect((await response.json()).message).toBe(payloadTooLargeMessage(100));
  });

  it('answers 400 with the path and reason of the first problem', async () => {
    const { call } = await setup();
    const answer = await call('POST', '/v3/integrations/vote/order', { order: order('a', { climes: -1 }) });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      message: apiErrors.badRequest.message,
      error: { path: 'order.climes', reason: 'Must be greater than 0.' },
    });
  });
});

describe('orders', () => {
  it('creates, adds, removes, reads and cancels an order with the contract bodies', async () => {
    const now = 1_700_000_000_000;
    const { call } = await setup({ now: () => now });
    const created = await call('POST', '/v3/integrations/calculated/order', { order: order('o1', { climes: 0.1 }) });
    expect(created).toMatchObject({ status: 201, json: { message: successMessages.orderCreated, partner_order_id: 'o1' } });
    const added = await call('PATCH', '/v3/integrations/calculated/order/add', { climes: 0.2, partner_order_id: 'o1' });
    expect(added.json).toEqual({ message: successMessages.orderUpdated, updated_climes: 0.3, partner_order_id: 'o1' });
    const removed = await call('PATCH', '/v3/integrations/calculated/order/cancel', { climes: 0.1, partner_order_id: 'o1' });
    expect(removed.json).toEqual({ message: successMessages.orderUpdated, remaining_climes: 0.2, partner_order_id: 'o1' });
    const read = await call('GET', '/v3/integrations/calculated/order/o1');
    expect(read.json.order).toMatchObject({ climes: 0.2, state: 'locked', variant: 'calculated', unlock_date: now + 10 * 86_400_000 });
    const cancelled = await call('DELETE', '/v3/integrations/calculated/order/o1/cancel');
    expect(cancelled.json).toEqual({ message: successMessages.orderCancelled, partner_order_id: 'o1', remaining_climes: 0 });
    const again = await call('PATCH', '/v3/integrations/calculated/order/add', { climes: 1, partner_order_id: 'o1' });
    expect(again).toMatchObject({ status: 409, json: { message: apiErrors.orderCancelled.message } });
  });

  it('answers 409 for a different order under a stored id and 201 for an identical retry', async () => {
    const { call } = await setup();
    expect((await call('POST', '/v3/integrations/vote/order', { order: order('o1') })).status).toBe(201);
    expect((await call('POST', '/v3/integrations/vote/order', { order: order('o1') })).status).toBe(201);
    const conflict = await call('POST', '/v3/integrations/vote/order', { order: order('o1', { climes: 2 }) });
    expect(conflict).toMatchObject({ status: 409, json: { message: apiErrors.orderConflict.message } });
  });

  it('creates a batch and refuses a batch repeating an id with the path of the repeat', async () => {
    const { call } = await setup();
    const created = await call('POST', '/v3/integrations/vote/orders', { orders: [order('a'), order('b')] });
    expect(created.json).toEqual({ message: successMessages.ordersCreated, partner_order_ids: ['a', 'b'] });
    const repeated = await call('POST', '/v3/integrations/vote/orders', { orders: [order('c'), order('c')] });
    expect(repeated.status).toBe(400);
    expect(repeated.json.error.path).toBe('orders.1.partner_order_id');
    const stored = await call('POST', '/v3/integrations/vote/orders', { orders: [order('d'), order('a', { climes: 5 })] });
    expect(stored).toMatchObject({ status: 409, json: { error: { path: 'orders.1.partner_order_id' } } });
    expect((await call('GET', '/v3/integrations/vote/order/d')).status).toBe(404);
  });

  it('refuses an unlock_date before the year 2000 on E1 and E2 as seconds where milliseconds are due', async () => {
    const { call } = await setup();
    const seconds = 1_767_225_600;
    const reason = 'Looks like seconds since the epoch: unlock_date takes milliseconds since the epoch (1767225600000 for 2026-01-01), and none before the year 2000.';
    const single = await call('POST', '/v3/integrations/vote/order', { order: order('o1', { unlock_date: seconds }) });
    expect(single).toMatchObject({ status: 400, json: { error: { path: 'order.unlock_date', reason } } });
    const batch = await call('POST', '/v3/integrations/calculated/orders', { orders: [order('o2'), order('o3', { unlock_date: seconds })] });
    expect(batch).toMatchObject({ status: 400, json: { error: { path: 'orders.1.unlock_date', reason } } });
    // The first millisecond of 2000 is a date, in the past: the order is created unlocked.
    expect((await call('POST', '/v3/integrations/vote/order', { order: order('o4', { unlock_date: 946_684_800_000 }) })).status).toBe(201);
    expect((await call('GET', '/v3/integrations/vote/order/o4')).json.order.state).toBe('unlocked');
  });

  it('answers 404 for an unknown order and 409 once it is unlocked or would go below zero', async () => {
    const unlockDate = 1_800_000_005_000;
    let now = unlockDate - 4_000;
    const { call } = await setup({ now: () => now });
    expect((await call('PATCH', '/v3/integrations/vote/order/add', { climes: 1, partner_order_id: 'nope' })).json).toEqual({
      message: apiErrors.orderNotFound.message,
    });
    await call('POST', '/v3/integrations/vote/order', { order: order('o1', { unlock_date: unlockDate }) });
    const tooMuch = await call('PATCH', '/v3/integrations/vote/order/cancel', { climes: 11, partner_order_id: 'o1' });
    expect(tooMuch).toMatchObject({ status: 409, json: { message: apiErrors.insufficientClimes.message } });
    now = unlockDate;
    const unlocked = await call('PATCH', '/v3/integrations/vote/order/add', { climes: 1, partner_order_id: 'o1' });
    expect(unlocked).toMatchObject({ status: 409, json: { message: apiErrors.orderUnlocked.message } });
    expect((await call('DELETE', '/v3/integrations/vote/order/o1/cancel')).status).toBe(409);
  });

  it('stores, replaces and reads a cart opt-in', async () => {
    const { call } = await setup({ now: () => 42 });
    expect((await call('GET', '/v3/integrations/vote/opt-in/cart-1')).json).toEqual({ message: apiErrors.optInNotFound.message });
    const saved = await call('POST', '/v3/integrations/vote/opt-in', { cart_id: 'cart-1', climes: 2, opted_in: true });
    expect(saved).toMatchObject({ status: 200, json: { message: successMessages.optInSaved } });
    await call('POST', '/v3/integrations/vote/opt-in', { cart_id: 'cart-1', climes: 3, opted_in: false });
    const read = await call('GET', '/v3/integrations/vote/opt-in/cart-1');
    expect(read.json).toEqual({ opt_in: { cart_id: 'cart-1', opted_in: false, climes: 3, updated_at: 42 } });
  });
});

describe('faults', () => {
  it('answers a store fault with 500 and the generic message, never the fault', async () => {
    const { handler, staging, store } = await setup();
    const errors: unknown[] = [];
    const { createHandler } = await import('../../src/http/index.js');
    const broken = await served(
      createHandler({
        store: { ...store, getOrder: () => Promise.reject(new Error('disk on fire')) },
        onError: (error) => errors.push(error),
      }),
    );
    void handler;
    const response = await broken(new Request('http://x/v3/integrations/vote/order/a', { headers: { 'x-api-key': staging } }));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ message: apiErrors.serverError.message });
    expect(text).not.toContain('disk on fire');
    expect(errors).toHaveLength(1);
  });
});

describe('rate limiting', () => {
  it('answers 429 with Retry-After once a key spends its bucket, and recovers', async () => {
    let now = 0;
    const { call } = await setup({ now: () => now, rateLimit: { requestsPerSecond: 2 } });
    expect((await call('GET', '/v3/integrations/vote/order/a')).status).toBe(404);
    expect((await call('GET', '/v3/integrations/vote/order/a')).status).toBe(404);
    const limited = await call('GET', '/v3/integrations/vote/order/a');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.json.message).toBe(apiErrors.rateLimited.message);
    now = 600;
    expect((await call('GET', '/v3/integrations/vote/order/a')).status).toBe(404);
  });

  it('tells the policy and what is left in RateLimit-Policy and RateLimit on every keyed answer', async () => {
    let now = 0;
    const { call } = await setup({ now: () => now, rateLimit: { requestsPerSecond: 4 } });
    const first = await call('GET', '/v3/integrations/vote/order/a');
    expect(first.headers.get('ratelimit-policy')).toBe('"default";q=4;w=1');
    expect(first.headers.get('ratelimit')).toBe('"default";r=3;t=0');
    for (let index = 0; index < 3; index += 1) await call('GET', '/v3/integrations/vote/order/a');
    const limited = await call('GET', '/v3/integrations/vote/order/a');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.headers.get('ratelimit-policy')).toBe('"default";q=4;w=1');
    expect(limited.headers.get('ratelimit')).toBe('"default";r=0;t=1');
    now = 500;
    expect((await call('GET', '/v3/integrations/vote/order/a')).headers.get('ratelimit')).toBe('"default";r=1;t=0');
    // Answers without a key carry no field: there is no bucket to tell of.
    expect((await call('GET', '/healthz')).headers.get('ratelimit')).toBeNull();
  });

  it('states a slow limit over the window its burst refills in', async () => {
    const { call } = await setup({ rateLimit: { requestsPerSecond: 0.5, burst: 3 } });
    expect((await call('GET', '/v3/integrations/vote/order/a')).headers.get('ratelimit-policy')).toBe('"default";q=3;w=6');
  });

  it('adds no field without a limit', async () => {
    const { call } = await setup();
    const answer = await call('GET', '/v3/integrations/vote/order/a');
    expect(answer.headers.get('ratelimit')).toBeNull();
    expect(answer.headers.get('ratelimit-policy')).toBeNull();
  });

  it('takes its tokens from the limiter it is given, waiting for one that answers later', async () => {
    const keys: string[] = [];
    const limiter = {
      take: async (key: string) => {
        keys.push(key);
        return { allowed: keys.length < 2, remaining: 0, resetSeconds: keys.length < 2 ? 0 : 7 };
      },
    };
    const { call } = await setup({ rateLimit: { requestsPerSecond: 10, limiter } });
    expect((await call('GET', '/v3/integrations/vote/order/a')).status).toBe(404);
    const limited = await call('GET', '/v3/integrations/vote/order/a');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{64}$/);
  });
});
