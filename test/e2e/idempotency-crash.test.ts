import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/orders/store.js';
import { openPostgresStore } from '../../src/stores/postgres.js';
import { openSqliteStore } from '../../src/stores/sqlite.js';
import { dropSchema } from '../setup/pg-schema.js';
import { calculatorSamples } from '../schemas/samples.js';
import { startCuttingProxy } from './cutting-proxy.js';
import { startService, truecost, type Service } from './serve-process.js';

// Partners retry E1 to E4 and E7 with the same Idempotency-Key after their connection was cut, in
// parallel, and across a `truecost serve` killed with SIGKILL and started again on the same
// database: every write is applied exactly once, and every retry gets the first answer.
const work = mkdtempSync(join(tmpdir(), 'truecost-idempotency-crash-'));
const url = process.env['TRUECOST_TEST_PG_URL'];
const schema = `truecost_idem_crash_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  if (url) await dropSchema(url, schema);
});

const ORDERS = 8;
const COPIES = 3;
const scope = { partnerId: 'acme', environment: 'staging' } as const;

interface Call {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
  readonly key: string;
}

/** The writes of one wave: per order, an E1, an E2 of two, an E3, an E4 and an E7. */
function wave(name: string): Call[] {
  return Array.from({ length: ORDERS }, (_, n): Call[] => [
    { method: 'POST', path: '/v3/integrations/calculated/order', body: { order: order(`${name}-new-${n}`) }, key: `${name}-e1-${n}` },
    {
      method: 'POST',
      path: '/v3/integrations/vote/orders',
      body: { orders: [order(`${name}-batch-${n}-a`), order(`${name}-batch-${n}-b`)] },
      key: `${name}-e2-${n}`,
    },
    { method: 'PATCH', path: '/v3/integrations/calculated/order/add', body: { partner_order_id: `base-${n}`, climes: 1 }, key: `${name}-e3-${n}` },
    { method: 'PATCH', path: '/v3/integrations/calculated/order/cancel', body: { partner_order_id: `base-${n}`, climes: 2 }, key: `${name}-e4-${n}` },
    { method: 'POST', path: '/v3/flight/bulk', body: calculatorSamples.bulkFlight, key: `${name}-e7-${n}` },
  ]).flat();
}

const order = (id: string) => ({ climes: 10, partner_order_id: id, customer_email: 'ada@example.com', customer_name: 'Ada' });

function send(base: string, apiKey: string, call: Call): Promise<Response> {
  return fetch(base + call.path, {
    method: call.method,
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json', 'idempotency-key': call.key, connection: 'close' },
    body: JSON.stringify(call.body),
  });
}

/** Retries the call until it gets an answer other than the 409 of a key still held; its status, body and replay marker. */
async function settle(base: string, apiKey: string, call: Call): Promise<{ status: number; body: string; replayed: boolean }> {
  for (;;) {
    const answer = await send(base, apiKey, call);
    const body = await answer.text();
    if (answer.status !== 409) return { status: answer.status, body, replayed: answer.headers.get('idempotent-replayed') === 'true' };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function scenario(db: string, openStore: () => Promise<Store>): Promise<void> {
  const apiKey = truecost(['keys', 'create', '--partner', 'acme', '--env', 'staging', '--db', db]).stdout.trim();
  // Deliveries go nowhere (port 9 refuses); only the stored jobs are counted.
  expect(truecost(['partners', 'set-endpoint', '--partner', 'acme', '--url', 'http://127.0.0.1:9/results', '--allow-private-endpoints', '--db', db]).status).toBe(0);
  const args = ['--db', db, '--allow-private-endpoints', '--no-request-log'];
  let server: Service = await startService(args);
  const proxy = await startCuttingProxy(server.base, 'cut');
  try {
    for (let n = 0; n < ORDERS; n += 1) {
      const created = await send(server.base, apiKey, { method: 'POST', path: '/v3/integrations/calculated/order', body: { order: order(`base-${n}`) }, key: `base-${n}` });
      expect(created.status).toBe(201);
    }

    // Wave 1: every call sent three times at once; every answer cut after the server handled it. Then SIGKILL.
    const first = wave('cut');
    const cut = await Promise.allSettled(first.flatMap((call) => Array.from({ length: COPIES }, () => send(proxy.url, apiKey, call))));
    expect(cut.every((outcome) => outcome.status === 'rejected')).toBe(true);
    expect(await server.stop('SIGKILL')).toBeNull();

    // Wave 2 is sent to a fresh server, which is killed while the wave is in flight.
    server = await startService(args);
    proxy.upstream = { host: '127.0.0.1', port: Number(new URL(server.base).port) };
    const second = wave('kill');
    const inFlight = Promise.allSettled(second.flatMap((call) => Array.from({ length: COPIES }, () => send(proxy.url, apiKey, call))));
    await proxy.waitForCuts(proxy.cuts + 5);
    expect(await server.stop('SIGKILL')).toBeNull();
    await inFlight;

    // Every call retried with its key on a restarted server until it is answered.
    server = await startService(args);
    const retried = new Map<string, { status: number; body: string; replayed: boolean }>();
    await Promise.all([...first, ...second].map(async (call) => retried.set(call.key, await settle(server.base, apiKey, call))));
    for (const call of first) {
      const answer = retried.get(call.key)!;
      expect(answer.status, call.key).toBeLessThan(300);
      // The server answered every call of the first wave before it was killed: each retry is a replay.
      expect(answer.replayed, call.key).toBe(true);
    }
    for (const call of second) expect(retried.get(call.key)!.status, call.key).toBeLessThan(300);
    // A second retry gives the same answer, byte for byte.
    for (const call of [...first, ...second]) {
      const again = await settle(server.base, apiKey, call);
      expect(again.body).toBe(retried.get(call.key)!.body);
      expect(again.replayed).toBe(true);
    }
  } finally {
    await server.stop('SIGKILL');
    await proxy.close();
  }

  // Exactly once: each base order got one addition of 1 and one removal of 2 per wave.
  const store = await openStore();
  try {
    for (let n = 0; n < ORDERS; n += 1) {
      expect((await store.getOrder(scope, `base-${n}`))?.microClimes, `base-${n}`).toBe((10 - 2) * 1e6);
      expect(await store.orderHistory(scope, `base-${n}`)).toHaveLength(5);
      for (const name of ['cut', 'kill']) {
        expect(await store.orderHistory(scope, `${name}-new-${n}`)).toHaveLength(1);
        expect(await store.orderHistory(scope, `${name}-batch-${n}-a`)).toHaveLength(1);
      }
    }
    expect((await store.listPartnerJobs(scope, { limit: 1000 })).items).toHaveLength(2 * ORDERS);
  } finally {
    await store.close();
  }
}

describe('retries with an Idempotency-Key across cut connections and a killed server', () => {
  it('apply every write exactly once on SQLite', async () => {
    const path = join(work, 'truecost.db');
    await scenario(`sqlite:${path}`, () => openSqliteStore({ path }));
  }, 180_000);

  it.skipIf(!url)('apply every write exactly once on PostgreSQL', async () => {
    const db = `${url}${url!.includes('?') ? '&' : '?'}schema=${schema}`;
    await scenario(db, () => openPostgresStore({ connectionString: url!, schema }));
  }, 180_000);
});
