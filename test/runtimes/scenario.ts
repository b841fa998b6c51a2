// The handler with the memory store, as a page or a worker would use it: the entry point of the
// bundle that test/runtimes/runtimes.test.ts builds for the browser and runs in each runtime.
// It imports `truecost/http` (the package's own entry) and answers what a few requests got.
import { createHandler, generateApiKey, hashApiKey } from '../../src/http/index.js';
import { createMemoryStore } from '../../src/stores/memory.js';

/** One request of the scenario and what it got. */
export interface Outcome {
  readonly request: string;
  readonly status: number;
  readonly body: unknown;
}

/**
 * The body with an order's certificate id (128 random bits, different in every run) written as
 * `{id}` when it has the form of one, so that runs in different runtimes compare equal.
 */
function withoutCertificateId(body: unknown): unknown {
  const order = (body as { order?: { certificate_url?: unknown } } | null)?.order;
  if (typeof order?.certificate_url !== 'string' || !/^\/certificates\/[0-9a-f]{32}$/.test(order.certificate_url)) return body;
  return { ...(body as object), order: { ...order, certificate_url: '/certificates/{id}' } };
}

/** Runs the scenario: health, E6, E1 then its read, an unknown key, a revoked key, an odd path. */
export async function runScenario(): Promise<Outcome[]> {
  const store = createMemoryStore();
  const key = generateApiKey('staging');
  await store.addApiKey({ keyHash: await hashApiKey(key), partnerId: 'acme', environment: 'staging', createdAt: 0 });
  const handler = createHandler({ store, now: () => 1_700_000_000_000 });
  const outcomes: Outcome[] = [];
  async function send(method: string, path: string, body?: unknown, apiKey: string = key): Promise<void> {
    const headers: Record<string, string> = { 'x-api-key': apiKey };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const init: RequestInit = { method, headers };
    if (body !== undefined) init.body = JSON.stringify(body);
    const response = await handler(new Request(`http://localhost${path}`, init));
    outcomes.push({ request: `${method} ${path}`, status: response.status, body: withoutCertificateId(await response.json()) });
  }
  await send('GET', '/healthz');
  await send('POST', '/v3/flight', { queries: { flights: [{ flight_id: 'f1', departure: 'DEL', arrival: 'BOM', no_of_tickets: 2 }] } });
  await send('POST', '/v3/integrations/vote/order', { order: { climes: 1.5, partner_order_id: 'o1', customer_email: 'ada@example.com', customer_name: 'Ada' } });
  await send('GET', '/v3/integrations/vote/order/o1');
  await send('GET', '/v3/integrations/vote/order/o1', undefined, generateApiKey('staging'));
  await store.revokeApiKey(await hashApiKey(key), 1);
  await send('GET', '/v3/integrations/vote/order/o1');
  await send('GET', '/x/%2e%2e/healthz');
  return outcomes;
}
