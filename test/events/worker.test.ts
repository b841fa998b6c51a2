import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startEventsWorker, type EventsWorkerOptions } from '../../src/bulk/events-worker.js';
import { generateSigningSecret } from '../../src/bulk/signing.js';
import type { OrderEventBody } from '../../src/orders/events.js';
import type { Store } from '../../src/orders/store.js';
import type { Scope } from '../../src/orders/types.js';
import type { Order } from '../../src/schemas/order.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import { openSqliteStore } from '../../src/stores/sqlite.js';
import { openPostgresStore } from '../../src/stores/postgres.js';
import { dropSchema } from '../setup/pg-schema.js';
import { startReceiver, type Answer, type ReceivedDelivery, type Receiver } from '../bulk/receiver.js';

// The events worker against a real receiver (it verifies each delivery with the standardwebhooks
// package) on the memory store and a SQLite file: order, retries under one webhook-id, unlocks.
const scope: Scope = { partnerId: 'acme', environment: 'staging' };
const work = mkdtempSync(join(tmpdir(), 'truecost-events-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const order = (overrides: Partial<Order> = {}): Order => ({
  partner_order_id: 'o-1',
  climes: 10,
  customer_email: 'ada@example.com',
  customer_name: 'Ada Lovelace',
  customer_phone: '+44 20 7946 0000',
  project_id: 'forest-1',
  ...overrides,
});

const pgUrl = process.env['TRUECOST_TEST_PG_URL'];
const schemas: string[] = [];
afterAll(async () => {
  for (const schema of schemas) await dropSchema(pgUrl!, schema);
});
/** A store in a schema of its own on the test PostgreSQL. */
async function openPostgres(schema = `truecost_events_${process.pid}_${Math.floor(Math.random() * 1e9)}`): Promise<Store> {
  if (!schemas.includes(schema)) schemas.push(schema);
  return openPostgresStore({ connectionString: pgUrl!, schema, poolSize: 4 });
}

const stores: Record<string, () => Promise<Store>> = {
  memory: async () => createMemoryStore(),
  sqlite: async () => openSqliteStore({ path: join(work, `${Math.random().toString(36).slice(2)}.db`) }),
  ...(pgUrl === undefined ? {} : { postgres: () => openPostgres() }),
};

async function setup(open: () => Promise<Store>, answer?: (delivery: ReceivedDelivery, nth: number) => Answer): Promise<{ store: Store; receiver: Receiver; secret: string }> {
  const store = await open();
  cleanups.push(() => store.close());
  const secret = generateSigningSecret();
  const receiver = await startReceiver(secret, answer);
  cleanups.push(() => receiver.close());
  await store.setEventsEndpoint(scope.partnerId, { url: receiver.url, secret }, Date.now());
  return { store, receiver, secret };
}

function start(store: Store, options: Partial<EventsWorkerOptions> = {}): void {
  const worker = startEventsWorker({ store, pollIntervalMs: 20, timeoutMs: 2_000, endpointPolicy: { allowPrivateAddresses: true }, ...options });
  cleanups.push(() => worker.stop());
}

const bodies = (receiver: Receiver): OrderEventBody[] => receiver.deliveries.map((delivery) => JSON.parse(delivery.body) as OrderEventBody);

describe.each(Object.entries(stores))('the events worker on the %s store', (_name, open) => {
  it('delivers created, climes_added and climes_removed in order, signed, without customer data, then unlocked once the date passed', async () => {
    const { store, receiver } = await setup(open);
    const unlockDate = Date.now() + 1_500;
    await store.createOrders(scope, 'vote', [order({ unlock_date: unlockDate })], Date.now());
    await store.changeOrder(scope, 'vote', 'o-1', { kind: 'add', climes: 2.5 }, Date.now());
    await store.changeOrder(scope, 'vote', 'o-1', { kind: 'remove', climes: 4 }, Date.now());
    start(store);
    await receiver.waitFor(3);
    expect(Date.now()).toBeLessThan(unlockDate);
    await receiver.waitFor(4);
    const arrived = Date.now();
    expect(arrived).toBeGreaterThanOrEqual(unlockDate);
    expect(arrived - unlockDate).toBeLessThan(10_000);
    const received = bodies(receiver);
    expect(received.map((body) => [body.type, body.data.order.climes, body.data.order.state])).toEqual([
      ['order.created', 10, 'locked'],
      ['order.climes_added', 12.5, 'locked'],
      ['order.climes_removed', 8.5, 'locked'],
      ['order.unlocked', 8.5, 'unlocked'],
    ]);
    for (const [index, delivery] of receiver.deliveries.entries()) {
      expect(delivery.verified).toBe(true);
      expect(delivery.webhookId).toBe(received[index]!.id);
      expect(delivery.body).not.toMatch(/ada@example\.com|Ada Lovelace|\+44 20 7946 0000|customer_/);
    }
    expect(received[0]!.data.order).toEqual({
      partner_order_id: 'o-1',
      project_id: 'forest-1',
      climes: 10,
      state: 'locked',
      variant: 'vote',
      created_at: received[0]!.created_at,
      unlock_date: unlockDate,
    });
    // The feed carries the same events under the same ids.
    expect((await store.listEvents(scope, { limit: 10 }))?.items.map((event) => event.eventId)).toEqual(received.map((body) => body.id));
  });

  it('delivers order.cancelled after a full cancellation, and no unlock for the cancelled order', async () => {
    const { store, receiver } = await setup(open);
    await store.createOrders(scope, 'calculated', [order({ unlock_date: Date.now() + 300 })], Date.now());
    await store.changeOrder(scope, 'calculated', 'o-1', { kind: 'cancel' }, Date.now());
    start(store);
    await receiver.waitFor(2);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(bodies(receiver).map((body) => [body.type, body.data.order.state, body.data.order.climes])).toEqual([
      ['order.created', 'locked', 10],
      ['order.cancelled', 'cancelled', 0],
    ]);
  });

  it('sends an event that failed twice again under the same webhook-id, and holds the order\'s next event until it is delivered', async () => {
    const { store, receiver } = await setup(open, (_delivery, nth) => (nth <= 2 ? 503 : 200));
    await store.createOrders(scope, 'vote', [order()], Date.now());
    await store.changeOrder(scope, 'vote', 'o-1', { kind: 'add', climes: 1 }, Date.now());
    start(store, { retryDelaysMs: [100, 200, 300] });
    await receiver.waitFor(4);
    const [first, second, third, fourth] = receiver.deliveries;
    expect([first, second, third].map((delivery) => delivery!.webhookId)).toEqual([first!.webhookId, first!.webhookId, first!.webhookId]);
    expect([first, second, third].map((delivery) => delivery!.body)).toEqual([first!.body, first!.body, first!.body]);
    expect(receiver.deliveries.every((delivery) => delivery.verified)).toBe(true);
    expect(JSON.parse(fourth!.body).type).toBe('order.climes_added');
    const delivery = await store.getEventDelivery(scope, first!.webhookId);
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 3, lastError: null });
  });

  it('skips the events of a partner without an events endpoint; the feed still lists them', async () => {
    const { store, receiver } = await setup(open);
    const other: Scope = { partnerId: 'no-endpoint', environment: 'staging' };
    await store.createOrders(other, 'vote', [order()], Date.now());
    await store.createOrders(scope, 'vote', [order()], Date.now());
    start(store);
    await receiver.waitFor(1);
    const [event] = (await store.listEvents(other, { limit: 10 }))!.items;
    await expect.poll(async () => (await store.getEventDelivery(other, event!.eventId))?.state).toBe('skipped');
    expect(bodies(receiver).map((body) => body.data.order.partner_order_id)).toEqual(['o-1']);
  });
});

const shared: Record<string, () => () => Promise<Store>> = {
  'one SQLite file': () => {
    const path = join(work, `shared-${Math.random().toString(36).slice(2)}.db`);
    return () => openSqliteStore({ path });
  },
  ...(pgUrl === undefined
    ? {}
    : {
        'one PostgreSQL schema': () => {
          const schema = `truecost_events_shared_${process.pid}`;
          return () => openPostgres(schema);
        },
      }),
};

describe.each(Object.entries(shared))('several events workers on %s', (_name, database) => {
  it("deliver each order's events in order, and announce each unlock once", async () => {
    const openShared = database();
    const { store, receiver } = await setup(openShared, (_delivery, nth) => (nth === 1 && Math.random() < 0.3 ? 500 : 200));
    const unlockDate = Date.now() + 800;
    const ids = Array.from({ length: 12 }, (_, n) => `o-${n}`);
    for (const id of ids) {
      await store.createOrders(scope, 'vote', [order({ partner_order_id: id, unlock_date: unlockDate })], Date.now());
      await store.changeOrder(scope, 'vote', id, { kind: 'add', climes: 1 }, Date.now());
      await store.changeOrder(scope, 'vote', id, { kind: 'remove', climes: 2 }, Date.now());
    }
    for (const n of [1, 2, 3]) {
      const other = await openShared();
      cleanups.push(() => other.close());
      start(other, { workerId: `w${n}`, retryDelaysMs: [50, 50, 50, 50, 50] });
    }
    await expect
      .poll(() => new Set(receiver.deliveries.filter((delivery) => delivery.verified).map((delivery) => delivery.webhookId)).size, { timeout: 20_000 })
      .toBe(ids.length * 4);
    const delivered = receiver.deliveries.map((delivery) => JSON.parse(delivery.body) as OrderEventBody);
    for (const id of ids) {
      const types = delivered.filter((body) => body.data.order.partner_order_id === id).map((body) => body.type);
      // Repeats (at least once) only ever repeat the event under way: never one after a later one.
      const distinct = types.filter((type, index) => types[index - 1] !== type);
      expect(distinct).toEqual(['order.created', 'order.climes_added', 'order.climes_removed', 'order.unlocked']);
    }
  }, 30_000);
});
