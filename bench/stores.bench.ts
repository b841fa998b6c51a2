// Orders created and E3 updates per second on the SQLite and PostgreSQL stores, each next to the
// same number of bare INSERTs or UPDATEs through the same driver, same settings, same run; on
// SQLite, creates asked for at once, and the store's key version read next to the bare
// `PRAGMA data_version`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { Order, Scope, Store } from '../src/index.js';
import { openPostgresStore } from '../src/stores/postgres.js';
import { openSqliteStore } from '../src/stores/sqlite.js';
import { compare, measure, type Measurement } from './harness.js';

// Every write waits for an fsync, whose time varies with whatever else uses the disk: each pair is
// measured in alternating rounds, and each side keeps its best round.
const ROUNDS = 3;
const BUDGET_MS = 700;

async function bestOfAlternating(
  baseline: [string, () => unknown],
  target: [string, () => unknown],
): Promise<[Measurement, Measurement]> {
  const best = (a: Measurement | undefined, b: Measurement) => (a === undefined || b.opsPerSecond > a.opsPerSecond ? b : a);
  let base: Measurement | undefined;
  let store: Measurement | undefined;
  for (let round = 0; round < ROUNDS; round += 1) {
    base = best(base, await measure(baseline[0], baseline[1], { budgetMs: BUDGET_MS }));
    store = best(store, await measure(target[0], target[1], { budgetMs: BUDGET_MS }));
  }
  return [base as Measurement, store as Measurement];
}

const scope: Scope = { partnerId: 'bench', environment: 'staging' };
const now = 1_800_000_000_000;
const order = (id: string): Order => ({
  climes: 1.5,
  partner_order_id: id,
  customer_email: 'ada@example.com',
  customer_name: 'Ada Lovelace',
});

// The bare statements write the same row the store writes, in a table of the same shape.
const bareTable = `CREATE TABLE bare_orders (partner_id TEXT NOT NULL, environment TEXT NOT NULL,
  partner_order_id TEXT NOT NULL, variant TEXT NOT NULL, micro_climes BIGINT NOT NULL, sent_order TEXT NOT NULL,
  cart_id TEXT, unlock_date BIGINT NOT NULL, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL,
  cancelled_at BIGINT, PRIMARY KEY (partner_id, environment, partner_order_id))`;
const bareInsert = (p: (n: number) => string) => `INSERT INTO bare_orders VALUES
  (${[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map(p).join(', ')})`;
const bareUpdate = (p: (n: number) => string) =>
  `UPDATE bare_orders SET micro_climes = micro_climes + ${p(1)}, updated_at = ${p(2)}
  WHERE partner_id = ${p(3)} AND environment = ${p(4)} AND partner_order_id = ${p(5)}`;
const bareRow = (id: string): unknown[] => [
  scope.partnerId, scope.environment, id, 'calculated', 1_500_000, JSON.stringify(order(id)), null, now + 1e9, now, now, null,
];

/** A driver's bare statements on a table of the order's shape. */
interface Bare {
  insert(id: string): unknown;
  update(id: string): unknown;
}

async function benchAgainstBare(title: string, driver: string, bare: Bare, store: Store): Promise<void> {
  let created = 0;
  const [bareCreate, storeCreate] = await bestOfAlternating(
    [`${driver}: bare INSERT`, () => bare.insert(`o-${(created += 1)}`)],
    [`store: createOrders (one order)`, () => store.createOrders(scope, 'calculated', [order(`o-${(created += 1)}`)], now)],
  );
  compare(`${title}: orders created per second`, bareCreate, storeCreate);
  await bare.insert('updated');
  await store.createOrders(scope, 'calculated', [order('updated')], now);
  const [bareChange, storeChange] = await bestOfAlternating(
    [`${driver}: bare UPDATE`, () => bare.update('updated')],
    [`store: changeOrder (E3 add)`, () => store.changeOrder(scope, 'calculated', 'updated', { kind: 'add', climes: 0.000001 }, now)],
  );
  compare(`${title}: E3 updates per second`, bareChange, storeChange);
}

async function benchSqlite(): Promise<void> {
  let created = 0;
  const directory = mkdtempSync(join(tmpdir(), 'truecost-bench-'));
  const db = new Database(join(directory, 'bare.db'));
  const store = await openSqliteStore({ path: join(directory, 'store.db') });
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec(bareTable);
    const insert = db.prepare(bareInsert(() => '?'));
    const update = db.prepare(bareUpdate(() => '?'));
    await benchAgainstBare('SQLite (WAL, synchronous = FULL)', 'better-sqlite3', {
      insert: (id) => insert.run(...bareRow(id)),
      update: (id) => update.run(1, now, scope.partnerId, scope.environment, id),
    }, store);
    // Orders created by several requests at once: the store commits the creates asked for in one
    // turn together (one sync of the log); the bare side commits each INSERT on its own.
    const concurrent = 16;
    compare(
      `SQLite: ${concurrent} orders created at once, per second (batches of ${concurrent})`,
      await measure(`better-sqlite3: ${concurrent} bare INSERTs, a commit each`, () => {
        for (let n = 0; n < concurrent; n += 1) insert.run(...bareRow(`c-${(created += 1)}`));
      }, { budgetMs: BUDGET_MS }),
      await measure(`store: ${concurrent} createOrders at once`, () =>
        Promise.all(Array.from({ length: concurrent }, () => store.createOrders(scope, 'calculated', [order(`c-${(created += 1)}`)], now))),
      { budgetMs: BUDGET_MS }),
    );
    // The key version the handler reads once per turn: the store reads the wal-index header and
    // asks the pragma only when it moved; before, it asked the pragma every time.
    const dataVersion = db.prepare('PRAGMA data_version').pluck();
    compare(
      'SQLite: key version reads per second',
      await measure('better-sqlite3: PRAGMA data_version', () => dataVersion.get(), { budgetMs: BUDGET_MS }),
      await measure('store: apiKeysVersion (wal-index header)', () => store.apiKeysVersion?.(), { budgetMs: BUDGET_MS }),
    );
  } finally {
    db.close();
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

async function benchPostgres(connectionString: string): Promise<void> {
  const schema = `truecost_bench_${process.pid}`;
  const pool = new pg.Pool({ connectionString, max: 1, options: `-c search_path=${schema}` });
  const store = await openPostgresStore({ connectionString, schema, poolSize: 1 });
  try {
    await pool.query(bareTable);
    // Named, so that the driver prepares each once per connection, as the store's statements are.
    const insert = { name: 'bare_insert', text: bareInsert((n) => `$${n}`) };
    const update = { name: 'bare_update', text: bareUpdate((n) => `$${n}`) };
    await benchAgainstBare('PostgreSQL (one connection each)', 'pg', {
      insert: (id) => pool.query(insert, bareRow(id)),
      update: (id) => pool.query(update, [1, now, scope.partnerId, scope.environment, id]),
    }, store);
  } finally {
    await store.close();
    await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await pool.end();
  }
}

export default async function run(): Promise<void> {
  await benchSqlite();
  const url = process.env['TRUECOST_TEST_PG_URL'];
  if (url) await benchPostgres(url);
  else console.log('\nSkipping the PostgreSQL benchmarks: set TRUECOST_TEST_PG_URL to run them.');
}
