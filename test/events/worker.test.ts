import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
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
  await store.setEventsEndpoint(scope.partnerId, scope.environment, { url: receiver.url, secret }, Date.now());
  return { store, receiver, secret };
}

/** Whether the reference implementation accepts `delivery` under `secret`. */
function verifiesWith(secret: string, delivery: ReceivedDelivery): boolean {
  const headers = { 'webhook-id': delivery.webhookId, 'webhook-timestamp': delivery.timestamp, 'webhook-signature': delivery.signature };
  try {
    new Webhook(secret).verify(delivery.body, headers);
    return true;
  } catch {
    return false;
  }
}

/** The store, with each claim's size written down. */
function countingClaims(store: Store): { store: Store; claims: number[]; attempts: string[] } {
  const claims: number[] = [];
  const attempts: string[] = [];
  const counted = Object.create(store) as Store;
  counted.claimEvents = async (...args) => {
    const claimed = await store.claimEvents(...args);
    claims.push(claimed.length);
    return claimed;
  };
  counted.recordEventAttempt = async (eventId, ...rest) => {
    attempts.push(eventId);
    return store.recordEventAttempt(eventId, ...rest);
  };
  return { store: counted, claims, attempts };
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

  it('leaves the events of a partner or environment without an endpoint in the feed only: never claimed, never written', async () => {
    const { store: plain, receiver } = await setup(open);
    const { store, claims, attempts } = countingClaims(plain);
    const others: Scope[] = [{ partnerId: 'no-endpoint', environment: 'staging' }, { ...scope, environment: 'production' }];
    for (const other of others) for (const n of [1, 2, 3]) await store.createOrders(other, 'vote', [order({ partner_order_id: `x-${n}` })], Date.now());
    await store.createOrders(scope, 'vote', [order()], Date.now());
    start(store, { pollIntervalMs: 10 });
    await receiver.waitFor(1);
    await expect.poll(() => claims.length).toBeGreaterThan(5);
    expect(bodies(receiver).map((body) => [body.environment, body.data.order.partner_order_id])).toEqual([['staging', 'o-1']]);
    expect(attempts).toEqual([receiver.deliveries[0]!.webhookId]);
    for (const other of others) {
      const listed = (await store.listEvents(other, { limit: 10 }))!.items;
      expect(listed).toHaveLength(3);
      for (const event of listed) expect(await store.getEventDelivery(other, event.eventId)).toMatchObject({ state: 'queued', attempts: 0, leaseOwner: null });
    }
  });

  it('claims as many due events as it has free deliveries in one claim, and keeps each order in order', async () => {
    const { store: plain, receiver } = await setup(open);
    const { store, claims } = countingClaims(plain);
    for (const n of [1, 2, 3, 4, 5, 6]) {
      await store.createOrders(scope, 'vote', [order({ partner_order_id: `o-${n}` })], Date.now());
      await store.changeOrder(scope, 'vote', `o-${n}`, { kind: 'add', climes: 1 }, Date.now());
    }
    start(store, { concurrency: 4 });
    await receiver.waitFor(12);
    expect(claims[0]).toBe(4);
    for (const n of [1, 2, 3, 4, 5, 6]) {
      const types = bodies(receiver).filter((body) => body.data.order.partner_order_id === `o-${n}`).map((body) => body.type);
      expect(types).toEqual(['order.created', 'order.climes_added']);
    }
  });

  it('sends an event that failed, and one due before the endpoint was set, again under its first id when resent', async () => {
    const early = { ...scope, environment: 'production' } as const;
    const store = await open();
    cleanups.push(() => store.close());
    await store.createOrders(early, 'vote', [order({ partner_order_id: 'before' })], Date.now() - 1000);
    const secret = generateSigningSecret();
    let failing = true;
    const receiver = await startReceiver(secret, () => (failing ? 500 : 200));
    cleanups.push(() => receiver.close());
    for (const environment of ['staging', 'production'] as const) {
      await store.setEventsEndpoint(scope.partnerId, environment, { url: receiver.url, secret, allowHttp: true }, Date.now());
    }
    await store.createOrders(scope, 'vote', [order()], Date.now());
    start(store, { retryDelaysMs: [] });
    const [failed] = (await store.listEvents(scope, { limit: 10 }))!.items;
    await expect.poll(async () => (await store.getEventDelivery(scope, failed!.eventId))?.state).toBe('failed');
    expect(receiver.deliveries).toHaveLength(1);
    failing = false;
    const [before] = (await store.listEvents(early, { limit: 10 }))!.items;
    expect(await store.resendEvent(scope.partnerId, failed!.eventId, Date.now())).toEqual({ resent: true, environment: 'staging' });
    expect(await store.resendEvent(scope.partnerId, before!.eventId, Date.now())).toEqual({ resent: true, environment: 'production' });
    await receiver.waitFor(3);
    expect(receiver.deliveries.map((delivery) => delivery.webhookId).sort()).toEqual([failed!.eventId, failed!.eventId, before!.eventId].sort());
    expect(receiver.deliveriesOf(failed!.eventId).map((delivery) => delivery.body)).toEqual([receiver.deliveries[0]!.body, receiver.deliveries[0]!.body]);
    expect(receiver.deliveries.every((delivery) => delivery.verified)).toBe(true);
    await expect.poll(async () => store.getEventDelivery(scope, failed!.eventId)).toMatchObject({ state: 'delivered', attempts: 1 });
  });

  it('signs with the old secret beside the new one for 24 hours after a rotation, then with the new one alone', async () => {
    const store = await open();
    cleanups.push(() => store.close());
    const [oldSecret, newSecret] = [generateSigningSecret(), generateSigningSecret()];
    const receiver = await startReceiver(oldSecret);
    cleanups.push(() => receiver.close());
    const set = (secret: string, at: number) => store.setEventsEndpoint(scope.partnerId, scope.environment, { url: receiver.url, secret }, at);
    await set(oldSecret, Date.now() - 1000);
    await set(newSecret, Date.now());
    await store.createOrders(scope, 'vote', [order()], Date.now());
    start(store);
    await receiver.waitFor(1);
    const [rotated] = receiver.deliveries;
    expect(rotated!.signature).toMatch(/^v1,\S+ v1,\S+$/);
    expect([verifiesWith(oldSecret, rotated!), verifiesWith(newSecret, rotated!)]).toEqual([true, true]);
    // A rotation 24 hours ago: only the new secret signs now.
    const thirdSecret = generateSigningSecret();
    await set(thirdSecret, Date.now() - 24 * 60 * 60 * 1000 - 1);
    await store.changeOrder(scope, 'vote', 'o-1', { kind: 'add', climes: 1 }, Date.now());
    await receiver.waitFor(2);
    const later = receiver.deliveries[1]!;
    expect(later.signature).toMatch(/^v1,\S+$/);
    expect([verifiesWith(newSecret, later), verifiesWith(thirdSecret, later)]).toEqual([false, true]);
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
