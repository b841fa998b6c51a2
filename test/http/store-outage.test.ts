import { describe, expect, it } from 'vitest';
import { apiErrors } from '../../src/errors.js';
import { createHandler, hashApiKey } from '../../src/http/index.js';
import type { Store } from '../../src/orders/store.js';
import { StoreUnavailableError, type StoreUnavailableReason } from '../../src/orders/unavailable.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import { trackKeyUsage } from '../../src/dashboard/key-usage.js';
import { calculatorSamples } from '../schemas/samples.js';
import { addKey, BASE, order, served } from './support.js';

// The handler's answers while its store cannot answer. The store here is the memory store with a
// switch that makes every call fail as a real store's failure classifier would make it fail; the
// real databases (a frozen and a restarted PostgreSQL, a locked and a full SQLite file) are in
// test/e2e/store-faults.test.ts.

/** A memory store whose calls all fail with `StoreUnavailableError(reason)` (or `fault`) while `down` is set. */
function switchableStore() {
  const inner = createMemoryStore();
  const state: { down: StoreUnavailableReason | Error | undefined } = { down: undefined };
  const failing = (): never => {
    const { down } = state;
    throw down instanceof Error ? down : new StoreUnavailableError(down!, `the store is ${down}`);
  };
  const store = new Proxy(inner, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (typeof value !== 'function' || name === 'close') return value;
      return (...args: unknown[]) => {
        if (state.down === undefined) return (value as (...args: unknown[]) => unknown).apply(target, args);
        if (name === 'apiKeysVersion') return undefined;
        return Promise.resolve().then(failing);
      };
    },
  }) as Store;
  return { store, state };
}

async function setupOutage(options: { staleKeyWindowMs?: number } = {}) {
  const { store, state } = switchableStore();
  const key = await addKey(store, 'acme', 'staging');
  let clock = 1_000_000;
  const handler = await served(createHandler({ store, now: () => clock, ...options }));
  async function call(method: string, path: string, body?: unknown, withKey = key) {
    const headers: Record<string, string> = { 'x-api-key': withKey };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await handler(new Request(BASE + path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }));
    return { status: response.status, retryAfter: response.headers.get('retry-after'), json: (await response.json()) as { message: string } };
  }
  return { store, state, key, call, advance: (ms: number) => (clock += ms) };
}

describe('a store that cannot answer', () => {
  it('answers order reads and writes with 503, Retry-After and the message of docs/api.md, never 500', async () => {
    const { state, call } = await setupOutage();
    expect((await call('POST', '/v3/integrations/vote/order', { order: order('o-1') })).status).toBe(201);
    state.down = 'unavailable';
    for (const [method, path, body] of [
      ['POST', '/v3/integrations/vote/order', { order: order('o-2') }],
      ['GET', '/v3/integrations/vote/order/o-1', undefined],
      ['PATCH', '/v3/integrations/vote/order/add', { partner_order_id: 'o-1', climes: 1 }],
    ] as const) {
      const answer = await call(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(503);
      expect(answer.retryAfter).toBe('2');
      expect(answer.json).toEqual({ message: apiErrors.storeUnavailable.message });
    }
  });

  it('answers a write with 507 and Retry-After when the disk is full', async () => {
    const { state, call } = await setupOutage();
    expect((await call('GET', '/v3/integrations/vote/order/none')).status).toBe(404);
    state.down = 'disk_full';
    const answer = await call('POST', '/v3/integrations/vote/order', { order: order('o-1') });
    expect(answer.status).toBe(507);
    expect(answer.retryAfter).toBe('30');
    expect(answer.json).toEqual({ message: apiErrors.storeFull.message });
  });

  it('answers reads 200 while every write fails for a full disk, a key use it cannot record included', async () => {
    const inner = createMemoryStore();
    const key = await addKey(inner, 'acme', 'staging');
    const full = { on: false };
    const writes: string[] = [];
    // Every call but the reads fails as the SQLite store fails on a full disk.
    const reads = new Set(['findApiKey', 'apiKeysVersion', 'getOrder', 'certificateOf', 'getOptIn', 'listEvents', 'getCalculation', 'listCalculations']);
    const store = new Proxy(inner, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver) as unknown;
        if (typeof value !== 'function' || typeof name !== 'string' || reads.has(name)) return value;
        return (...args: unknown[]) => {
          if (!full.on) return (value as (...args: unknown[]) => unknown).apply(target, args);
          writes.push(name);
          return Promise.reject(new StoreUnavailableError('disk_full', 'the disk is full'));
        };
      },
    }) as Store;
    // As `truecost serve` runs it: each key's use recorded, at most once a minute, without waiting.
    let clock = 1_000_000;
    const handler = await served(createHandler({ store: trackKeyUsage(store, { now: () => clock }), now: () => clock }));
    const call = async (method: string, path: string, body?: unknown) => {
      const headers: Record<string, string> = { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
      const response = await handler(new Request(BASE + path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }));
      return { status: response.status, text: await response.text() };
    };
    expect((await call('POST', '/v3/integrations/vote/order', { order: order('o-1') })).status).toBe(201);
    expect((await call('POST', '/v3/integrations/vote/opt-in', { cart_id: 'c-1', opted_in: true, climes: 1 })).status).toBe(200);
    full.on = true;
    clock += 120_000;
    for (const path of ['/v3/integrations/vote/order/o-1', '/v3/integrations/vote/opt-in/c-1', '/v3/integrations/events', '/v3/calculations']) {
      const answer = await call('GET', path);
      expect(answer.status, `GET ${path}: ${answer.text}`).toBe(200);
    }
    expect((await call('POST', '/v3/integrations/vote/order', { order: order('o-2') })).status).toBe(507);
    // The only writes tried were the order's, and a key use that was allowed to fail.
    expect(new Set(writes)).toEqual(new Set(['touchApiKey', 'createOrders']));
  });

  it('still answers 500 for a fault that is not an outage', async () => {
    const { state, call } = await setupOutage();
    state.down = new Error('a bug');
    expect((await call('GET', '/v3/integrations/vote/order/o-1')).status).toBe(500);
  });

  it('keeps the calculators answering for a key confirmed within the stale window, and only within it', async () => {
    const { state, call, advance } = await setupOutage({ staleKeyWindowMs: 60_000 });
    expect((await call('POST', '/v3/cars', calculatorSamples.car)).status).toBe(200);
    state.down = 'unavailable';
    advance(30_000);
    expect((await call('POST', '/v3/cars', calculatorSamples.car)).status).toBe(200);
    advance(2_000);
    expect((await call('POST', '/v3/cars', calculatorSamples.car)).status).toBe(200);
    advance(28_001);
    const late = await call('POST', '/v3/cars', calculatorSamples.car);
    expect(late.status).toBe(503);
    expect(late.retryAfter).toBe('2');
  });

  it('answers 503, not 401, for a key it never confirmed, and accepts it once the store is back', async () => {
    const { store, state, call, advance } = await setupOutage();
    const other = await addKey(store, 'acme', 'staging');
    state.down = 'unavailable';
    expect((await call('POST', '/v3/cars', calculatorSamples.car, other)).status).toBe(503);
    state.down = undefined;
    // The handler asks the store again once a second during an outage.
    advance(1_000);
    expect((await call('POST', '/v3/cars', calculatorSamples.car, other)).status).toBe(200);
  });

  it('keeps refusing a key it saw revoked', async () => {
    const { store, state, key, call, advance } = await setupOutage();
    expect((await call('POST', '/v3/cars', calculatorSamples.car)).status).toBe(200);
    await store.revokeApiKey(await hashApiKey(key), 1);
    expect((await call('POST', '/v3/cars', calculatorSamples.car)).status).toBe(401);
    state.down = 'unavailable';
    advance(1_000);
    expect((await call('POST', '/v3/cars', calculatorSamples.car)).status).toBe(503);
  });

  it('accepts no stale key when the window is 0', async () => {
    const { state, call, advance } = await setupOutage({ staleKeyWindowMs: 0 });
    expect((await call('POST', '/v3/cars', calculatorSamples.car)).status).toBe(200);
    state.down = 'unavailable';
    advance(KEY_CACHE_TTL_FOR_TEST);
    expect((await call('POST', '/v3/cars', calculatorSamples.car)).status).toBe(503);
  });
});

/** Past the key cache's backstop, so that the handler must ask the store. */
const KEY_CACHE_TTL_FOR_TEST = 5_001;
