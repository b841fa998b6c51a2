import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderChange, Store } from '../../src/index.js';
import { openPostgresStore, type PostgresStoreOptions } from '../../src/stores/postgres.js';
import { changeInChild, type Outcome } from './children/run.js';
import { storeContract } from './contract.js';
import { calculation, day, now, order, staging } from './fixtures.js';
import { storeModelProperty } from './model.js';
import { erasedValuesIn, orderErasedThroughTheApi } from './erasure.js';

const url = process.env['TRUECOST_TEST_PG_URL'];
if (!url) console.warn('Skipping the PostgreSQL store tests: set TRUECOST_TEST_PG_URL (e.g. postgres://postgres@127.0.0.1:5432/test).');

// One schema for this file, emptied before each test that needs an empty store and dropped after.
const schema = `truecost_test_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
const connectionString = url ?? '';
type Tuning = Pick<PostgresStoreOptions, 'optimisticAttempts' | 'onLockedFallback' | 'poolSize'>;
// The stores LISTEN for key changes on a connection of their own (the tests through PgBouncer poll instead).
const openShared = (tuning: Tuning = {}): Promise<Store> =>
  openPostgresStore({ connectionString, listenConnectionString: connectionString, schema, poolSize: 4, ...tuning });

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function openEmpty(tuning: Tuning = {}): Promise<Store> {
  const store = await openShared(tuning);
  await adminQuery(`TRUNCATE "${schema}".orders, "${schema}".opt_ins, "${schema}".api_keys, "${schema}".partners, "${schema}".jobs, "${schema}".order_events, "${schema}".dashboard_invites, "${schema}".dashboard_passwords, "${schema}".dashboard_sessions, "${schema}".sign_in_failures, "${schema}".idempotency_keys, "${schema}".rate_buckets, "${schema}".server_heartbeats, "${schema}".outbox_events, "${schema}".events_endpoints, "${schema}".calculations, "${schema}".calculation_days, "${schema}".partner_projects`);
  return store;
}

const add = (climes: number): OrderChange => ({ kind: 'add', climes });
const remove = (climes: number): OrderChange => ({ kind: 'remove', climes });

describe.skipIf(!url)('the PostgreSQL store', () => {
  beforeAll(async () => {
    // Opening once creates the schema and its tables before the tests race on it.
    await (await openShared()).close();
  });
  afterAll(async () => {
    await adminQuery(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  });

  storeContract('the PostgreSQL store', openEmpty);
  // The fallback path alone: every change locks its row.
  storeContract('the PostgreSQL store, always locking', () => openEmpty({ optimisticAttempts: 0 }));

  describe('against the model', () => {
    storeModelProperty('the PostgreSQL store', openEmpty, 25);
  });

  it('migrates once when several processes open a new schema at the same time', async () => {
    const fresh = `${schema}_m`;
    try {
      const stores = await Promise.all([1, 2, 3, 4].map(() => openPostgresStore({ connectionString, schema: fresh, poolSize: 1 })));
      await Promise.all(stores.map((store) => store.close()));
      const client = new pg.Client({ connectionString });
      await client.connect();
      const { rows } = await client.query(`SELECT version FROM "${fresh}".schema_migrations ORDER BY version`);
      await client.end();
      expect(rows).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16].map((version) => ({ version })));
    } finally {
      await adminQuery(`DROP SCHEMA IF EXISTS "${fresh}" CASCADE`);
    }
  });

  it('adds the row version to orders stored before it existed, and changes them', async () => {
    const store = await openEmpty();
    await store.createOrders(staging, 'calculated', [order({ partner_order_id: 'old', climes: 2 })], now);
    await store.close();
    // Back to the first schema version, as a database created before the second migration (undoing the later ones too).
    await adminQuery(`SET search_path = "${schema}";
      DROP TABLE events_endpoints, partner_projects, calculations, calculation_days, outbox_events, key_changes, rate_buckets, server_heartbeats, idempotency_keys, sign_in_failures, order_events, dashboard_invites, dashboard_passwords, dashboard_sessions;
      DROP INDEX api_keys_partner, jobs_failed, orders_by_created, orders_by_variant, orders_open, orders_cancelled, opt_ins_by_updated, jobs_by_partner, jobs_by_state;
      ALTER TABLE api_keys DROP COLUMN prefix, DROP COLUMN last_used_at;
      ALTER TABLE jobs DROP COLUMN endpoint;
      ALTER TABLE orders DROP COLUMN updated_seq, DROP COLUMN unlock_announced_at, DROP COLUMN certificate_id, DROP COLUMN calculation_g;
      ALTER TABLE partners DROP COLUMN events_url, DROP COLUMN events_secret, DROP COLUMN display_name, DROP COLUMN grams_per_clime, DROP COLUMN locale; DELETE FROM schema_migrations WHERE version >= 2`);
    const migrated = await openShared();
    try {
      expect((await migrated.changeOrder(staging, 'calculated', 'old', add(1), now)).ok).toBe(true);
      expect((await migrated.getOrder(staging, 'old'))?.microClimes).toBe(3e6);
    } finally {
      await migrated.close();
    }
  });

  it('gives the orders stored before certificate ids at creation theirs', async () => {
    const store = await openEmpty();
    await store.createOrders(staging, 'calculated', [order({ partner_order_id: 'old-1' }), order({ partner_order_id: 'old-2' })], now);
    await store.close();
    // As the previous version left them: no certificate id until the first read.
    await adminQuery(`SET search_path = "${schema}"; UPDATE orders SET certificate_id = NULL; DELETE FROM schema_migrations WHERE version = 16`);
    const migrated = await openShared();
    try {
      const ids = [await migrated.certificateOf(staging, 'old-1'), await migrated.certificateOf(staging, 'old-2')];
      expect(ids[0]).toMatch(/^[0-9a-f]{32}$/);
      expect(ids[1]).toMatch(/^[0-9a-f]{32}$/);
      expect(ids[0]).not.toBe(ids[1]);
      expect(await migrated.orderByCertificate(ids[1]!)).toMatchObject({ partnerOrderId: 'old-2' });
      // A server of the previous version, still running, inserts without an id: the column's default gives one.
      await adminQuery(`INSERT INTO "${schema}".orders (partner_id, environment, partner_order_id, variant, micro_climes, sent_order, unlock_date, created_at, updated_at)
        VALUES ('p1', 'staging', 'old-3', 'calculated', 1000000, '{}', ${now}, ${now}, ${now})`);
      expect(await migrated.certificateOf(staging, 'old-3')).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      await migrated.close();
    }
  });

  it("holds none of an erased customer's data in any table", async () => {
    const store = await openEmpty();
    try {
      await orderErasedThroughTheApi(store);
    } finally {
      await store.close();
    }
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      const { rows: tables } = await client.query<{ table_name: string }>('SELECT table_name FROM information_schema.tables WHERE table_schema = $1', [schema]);
      expect(tables.map((table) => table.table_name)).toContain('idempotency_keys');
      const texts: { where: string; text: string }[] = [];
      for (const { table_name: table } of tables) {
        const { rows } = await client.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM "${schema}"."${table}" t`);
        texts.push(...rows.map((row) => ({ where: table, text: row.row })));
      }
      expect(erasedValuesIn(texts)).toEqual([]);
      const { rows } = await client.query(`SELECT micro_climes::int AS micro_climes FROM "${schema}".orders WHERE partner_order_id = 'o-erase'`);
      expect(rows).toEqual([{ micro_climes: 3_500_000 }]);
    } finally {
      await client.end();
    }
  });

  it('counts sign-in failures from several pools exactly, and deletes the ended windows as it records', async () => {
    const stores = [await openEmpty(), await openShared(), await openShared()];
    try {
      await stores[0]!.recordSignInFailures(Array.from({ length: 150 }, (_, n) => `a:10.0.${n}`), now - 60_000, 60_000);
      // Each failure also deletes ended windows, racing the others for the same rows.
      await Promise.all(Array.from({ length: 45 }, (_, n) => stores[n % 3]!.recordSignInFailures(['p:p1', `a:x${n % 2}`], now, 60_000)));
      const counts = await stores[1]!.signInFailures(['p:p1', 'a:x0', 'a:x1', 'a:10.0.0'], now);
      expect(counts.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
        { key: 'a:x0', count: 23, windowEnds: now + 60_000 },
        { key: 'a:x1', count: 22, windowEnds: now + 60_000 },
        { key: 'p:p1', count: 45, windowEnds: now + 60_000 },
      ]);
      const client = new pg.Client({ connectionString });
      await client.connect();
      const { rows } = await client.query(`SELECT COUNT(*)::int AS count FROM "${schema}".sign_in_failures`);
      await client.end();
      expect(rows).toEqual([{ count: 3 }]);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });

  it('vacuums and analyses the jobs table after 1 % of it changed, without a cost delay', async () => {
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      const { rows } = await client.query<{ reloptions: string[] }>(
        `SELECT c.reloptions FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relname = 'jobs'`,
        [schema],
      );
      expect(rows[0]?.reloptions.sort()).toEqual([
        'autovacuum_analyze_scale_factor=0.01',
        'autovacuum_analyze_threshold=1000',
        'autovacuum_vacuum_cost_delay=0',
        'autovacuum_vacuum_scale_factor=0.01',
        'autovacuum_vacuum_threshold=1000',
      ]);
    } finally {
      await client.end();
    }
  });

  it('refuses a schema name it would have to quote', async () => {
    await expect(openPostgresStore({ connectionString, schema: 'Bad-Name' })).rejects.toThrow(/identifier/);
  });

  it('refuses a key poll interval that is not a number of milliseconds', async () => {
    for (const keyPollIntervalMs of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      await expect(openPostgresStore({ connectionString, schema, keyPollIntervalMs })).rejects.toThrow(RangeError);
    }
  });

  describe('under concurrency', () => {
    it('sums concurrent additions and removals from several pools and two processes exactly', async () => {
      for (let round = 0; round < 3; round += 1) {
        const setup = await openEmpty();
        await setup.createOrders(staging, 'calculated', [order({ partner_order_id: 'sum', climes: 1000 })], now);
        // 10.5 climes and 35 removals of one: exactly ten may succeed, the rest find too few climes.
        await setup.createOrders(staging, 'calculated', [order({ partner_order_id: 'scarce', climes: 10.5 })], now);
        const stores = [setup, await openShared(), await openShared()];
        const inProcess = Array.from({ length: 60 }, (_, index) => ({
          id: 'sum',
          change: index % 2 === 0 ? add(0.1) : remove(0.3),
        }));
        const scarce = Array.from({ length: 15 }, () => ({ id: 'scarce', change: remove(1) }));
        const childChanges = [
          ...Array.from({ length: 40 }, (_, index) => ({ id: 'sum', change: index % 2 === 0 ? add(0.2) : remove(0.1) })),
          ...Array.from({ length: 10 }, () => ({ id: 'scarce', change: remove(1) })),
        ];
        const [local, first, second] = await Promise.all([
          Promise.all(
            [...inProcess, ...scarce].map(async ({ id, change }, index): Promise<Outcome> => {
              const outcome = await stores[index % stores.length]!.changeOrder(staging, 'calculated', id, change, now);
              return outcome.ok ? 'ok' : outcome.refusal.kind;
            }),
          ),
          changeInChild({ connectionString, schema }, childChanges),
          changeInChild({ connectionString, schema }, childChanges),
        ]);
        const sumOutcomes = [...local.slice(0, 60), ...first.slice(0, 40), ...second.slice(0, 40)];
        expect(sumOutcomes.every((outcome) => outcome === 'ok')).toBe(true);
        // 1000 + 30 × 0.1 − 30 × 0.3 + 2 × (20 × 0.2 − 20 × 0.1) climes
        expect((await setup.getOrder(staging, 'sum'))?.microClimes).toBe(998_000_000);
        const scarceOutcomes = [...local.slice(60), ...first.slice(40), ...second.slice(40)];
        expect(scarceOutcomes.filter((outcome) => outcome === 'ok')).toHaveLength(10);
        expect(scarceOutcomes.filter((outcome) => outcome !== 'ok').every((outcome) => outcome === 'insufficient_climes')).toBe(true);
        expect((await setup.getOrder(staging, 'scarce'))?.microClimes).toBe(500_000);
        await Promise.all(stores.map((store) => store.close()));
      }
    }, 120_000);

    it('records overlapping batches from several pools at once, each calculation once and every day\'s totals exact', async () => {
      const stores = [await openEmpty(), await openShared(), await openShared()];
      try {
        // 40 calculations over four days, half with a client; 30 batches of two thirds of them, in either order.
        const all = Array.from({ length: 40 }, (_, index) =>
          calculation({ calculationId: `calc-${index}`, occurredAt: now + (index % 4) * day, client: index % 2 === 0 ? 'acme' : null }),
        );
        const batches = Array.from({ length: 30 }, (_, n) => {
          const batch = all.filter((_, index) => (index + n) % 3 !== 0);
          return n % 2 === 0 ? batch : batch.reverse();
        });
        await Promise.all(batches.map((batch, n) => stores[n % stores.length]!.recordCalculations(batch)));
        const totals = (count: number) => ({ count, wellToWheelGrams: 1200 * count, tankToWheelGrams: 1000 * count, wellToTankGrams: 200 * count, primaryGrams: 0 });
        const byClient = await stores[1]!.emissionsRollup(staging, { fromDay: '2027-01-01', toDay: '2027-02-01', groupBy: 'client' });
        expect(byClient.sort((a, b) => a.group.localeCompare(b.group))).toEqual([
          { group: 'acme', methodologyVersion: '2026.1', ...totals(20) },
          { group: 'unclassified', methodologyVersion: '2026.1', ...totals(20) },
        ]);
        expect((await stores[2]!.listCalculations(staging, { limit: 100 }))?.items).toHaveLength(40);
      } finally {
        await Promise.all(stores.map((store) => store.close()));
      }
    }, 60_000);

    it('re-decides every change that lost the optimistic race, and falls back to the row lock exactly', async () => {
      for (let round = 0; round < 3; round += 1) {
        let fallbacks = 0;
        // One optimistic attempt: any write that lost a race goes to the locked path at once.
        const tuning: Tuning = { optimisticAttempts: 1, onLockedFallback: () => (fallbacks += 1), poolSize: 8 };
        const setup = await openEmpty(tuning);
        await setup.createOrders(staging, 'calculated', [order({ partner_order_id: 'hot', climes: 100 })], now);
        await setup.createOrders(staging, 'calculated', [order({ partner_order_id: 'scarce', climes: 7.5 })], now);
        const stores = [setup, await openShared(tuning), await openShared(tuning)];
        const changes = [
          ...Array.from({ length: 90 }, (_, index) => ({ id: 'hot', change: index % 3 === 0 ? remove(0.7) : add(0.4) })),
          ...Array.from({ length: 20 }, () => ({ id: 'scarce', change: remove(1) })),
        ];
        const outcomes = await Promise.all(
          changes.map(async ({ id, change }, index): Promise<Outcome> => {
            const outcome = await stores[index % stores.length]!.changeOrder(staging, 'calculated', id, change, now);
            return outcome.ok ? 'ok' : outcome.refusal.kind;
          }),
        );
        expect(fallbacks).toBeGreaterThan(0);
        expect(outcomes.slice(0, 90).every((outcome) => outcome === 'ok')).toBe(true);
        // 100 + 60 × 0.4 − 30 × 0.7 climes
        expect((await setup.getOrder(staging, 'hot'))?.microClimes).toBe(103_000_000);
        expect(outcomes.slice(90).filter((outcome) => outcome === 'ok')).toHaveLength(7);
        expect(outcomes.slice(90).filter((outcome) => outcome !== 'ok').every((outcome) => outcome === 'insufficient_climes')).toBe(true);
        expect((await setup.getOrder(staging, 'scarce'))?.microClimes).toBe(500_000);
        await Promise.all(stores.map((store) => store.close()));
      }
    }, 120_000);

    it('inserts concurrent identical creates once and answers every one as created', async () => {
      for (let round = 0; round < 3; round += 1) {
        const stores = [await openEmpty(), await openShared(), await openShared()];
        const batch = [order({ partner_order_id: 'same-1' }), order({ partner_order_id: 'same-2', climes: 2 })];
        const plans = await Promise.all(
          Array.from({ length: 24 }, (_, index) => stores[index % 3]!.createOrders(staging, 'vote', batch, now)),
        );
        expect(plans.every((plan) => plan.ok)).toBe(true);
        const inserted = plans.map((plan) => (plan.ok ? plan.inserts.length : -1));
        expect(inserted.filter((count) => count === 2)).toHaveLength(1);
        expect(inserted.filter((count) => count === 0)).toHaveLength(23);
        expect((await stores[0]!.getOrder(staging, 'same-2'))?.microClimes).toBe(2e6);
        await Promise.all(stores.map((store) => store.close()));
      }
    }, 60_000);

    it('lets exactly one of concurrent different creates of one id, or of one cart, win', async () => {
      for (let round = 0; round < 3; round += 1) {
        const stores = [await openEmpty(), await openShared(), await openShared()];
        const sameId = await Promise.all(
          Array.from({ length: 12 }, (_, index) =>
            stores[index % 3]!.createOrders(staging, 'vote', [order({ partner_order_id: 'contested', climes: index + 1 })], now),
          ),
        );
        expect(sameId.filter((plan) => plan.ok)).toHaveLength(1);
        expect(sameId.filter((plan) => !plan.ok && plan.refusal.kind === 'conflict')).toHaveLength(11);
        const sameCart = await Promise.all(
          Array.from({ length: 12 }, (_, index) =>
            stores[index % 3]!.createOrders(staging, 'vote', [order({ partner_order_id: `cart-${index}`, cart_id: 'cart' })], now),
          ),
        );
        expect(sameCart.filter((plan) => plan.ok)).toHaveLength(1);
        expect(sameCart.filter((plan) => !plan.ok && plan.refusal.kind === 'cart_conflict')).toHaveLength(11);
        await Promise.all(stores.map((store) => store.close()));
      }
    }, 60_000);

    it('never leases one job to two workers claiming at the same time', async () => {
      for (let round = 0; round < 3; round += 1) {
        const stores = [await openEmpty(), await openShared(), await openShared()];
        for (let index = 0; index < 20; index += 1) {
          await stores[0]!.enqueueJob({ ...staging, jobId: `job-${index}`, request: {}, createdAt: now + index });
        }
        const claims = await Promise.all(
          Array.from({ length: 30 }, (_, index) => stores[index % 3]!.claimJob(`w${index}`, now + 100, 60_000)),
        );
        const claimed = claims.flatMap((job) => (job === undefined ? [] : [job.jobId]));
        expect(claimed.sort()).toEqual(Array.from({ length: 20 }, (_, index) => `job-${index}`).sort());
        await Promise.all(stores.map((store) => store.close()));
      }
    }, 60_000);
  });
});
