import { describe, expect, it } from 'vitest';
import { createHandler, type RequestLogEntry } from '../../src/http/handler.js';
import { generateApiKey, hashApiKey } from '../../src/http/keys.js';
import type { Store } from '../../src/orders/store.js';
import { createMemoryStore } from '../../src/stores/memory.js';

async function readyz(store: Store, draining = false): Promise<{ status: number; body: unknown }> {
  const handler = createHandler({ store, draining: () => draining });
  const response = await handler(new Request('http://x/readyz'));
  return { status: response.status, body: await response.json() };
}

describe('GET /readyz', () => {
  it('is ready while the store answers and the service is not shutting down', async () => {
    expect(await readyz(createMemoryStore())).toEqual({ status: 200, body: { status: 'ready', checks: { store: 'ok', shutdown: 'no' } } });
  });

  it('answers 503 naming the store when its ping fails', async () => {
    const store: Store = { ...createMemoryStore(), ping: () => Promise.reject(new Error('connection refused')) };
    expect(await readyz(store)).toEqual({
      status: 503,
      body: { message: 'Service Unavailable! Not ready to take requests.', checks: { store: 'down: connection refused', shutdown: 'no' } },
    });
  });

  it('answers 503 once the service is draining, while /healthz stays 200', async () => {
    const store = createMemoryStore();
    expect(await readyz(store, true)).toMatchObject({ status: 503, body: { checks: { store: 'ok', shutdown: 'in progress' } } });
    const handler = createHandler({ store, draining: () => true });
    expect((await handler(new Request('http://x/healthz'))).status).toBe(200);
  });

  it('counts a store without ping as ready', async () => {
    const { ping: _ping, ...rest } = createMemoryStore();
    expect((await readyz(rest as Store)).status).toBe(200);
  });
});

describe('the request log entry', () => {
  it('names the route template and the failure, never the raw path or key', async () => {
    const store = createMemoryStore();
    const key = generateApiKey('staging');
    await store.addApiKey({ keyHash: await hashApiKey(key), partnerId: 'acme', environment: 'staging', createdAt: 0 });
    const entries: RequestLogEntry[] = [];
    const handler = createHandler({ store, onRequest: (entry) => entries.push(entry) });
    const headers = { 'x-api-key': key, 'content-type': 'application/json' };
    await handler(new Request('http://x/v3/integrations/vote/order/ORD-9/cancel', { method: 'DELETE', headers }));
    await handler(new Request('http://x/nowhere'));
    expect(entries[0]).toMatchObject({ route: '/v3/integrations/{variant}/order/{partner_order_id}/cancel', status: 404, error: 'orderNotFound' });
    expect(entries[1]).toMatchObject({ path: '/nowhere', status: 404, error: 'notFound' });
    expect(entries[1]).not.toHaveProperty('route');
    expect(JSON.stringify(entries)).not.toContain(key);
  });
});
