import { createHandler, generateApiKey, hashApiKey, type HandlerOptions } from '../../src/http/index.js';
import type { Environment } from '../../src/orders/types.js';
import type { Store } from '../../src/orders/store.js';
import { createMemoryStore } from '../../src/stores/memory.js';

export const BASE = 'http://truecost.test';

/** Stores a new key for the partner and returns it. */
export async function addKey(store: Store, partnerId: string, environment: Environment): Promise<string> {
  const key = generateApiKey(environment);
  await store.addApiKey({ keyHash: await hashApiKey(key), partnerId, environment, createdAt: 0 });
  return key;
}

/** A handler on a fresh memory store with a staging and a production key of partner `acme`. */
export async function setup(options: Omit<HandlerOptions, 'store'> = {}) {
  const store = createMemoryStore();
  const staging = await addKey(store, 'acme', 'staging');
  const production = await addKey(store, 'acme', 'production');
  const handler = createHandler({ store, ...options });
  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const init: RequestInit = { method, headers: { 'x-api-key': staging, ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      init.headers = { 'content-type': 'application/json', ...init.headers };
    }
    const response = await handler(new Request(BASE + path, init));
    const text = await response.text();
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, json, text };
  }
  return { store, staging, production, handler, call };
}

export const order = (partnerOrderId: string, extra: Record<string, unknown> = {}) => ({
  climes: 10,
  partner_order_id: partnerOrderId,
  customer_email: 'ada@example.com',
  customer_name: 'Ada Lovelace',
  ...extra,
});
