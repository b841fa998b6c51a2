// The data of bench/growth.bench.ts: one partner's orders, N of them, in a fresh SQLite file or
// PostgreSQL schema. One order is made through the store's own code (as E1 makes it); the other
// N - 1 are copied from it by one SQL statement (a recursive CTE in SQLite, generate_series in
// PostgreSQL), spread evenly over two years, newest first: every tenth is a calculated order, every
// fiftieth was cancelled an hour after it was made, and each unlocks ten days after it was made (the
// contract's default), so that the newest ~1.4 % are locked. Each copied order whose unlock date has
// passed, and that was not cancelled, is marked announced a second after it (`unlock_announced_at`),
// as the events worker of a running `truecost serve` or `truecost worker` would have marked it; so
// the server starts with no backlog of unlocks to announce. No history rows or events are copied.
// The partner also has recorded calculations (N unless said): one recorded through the store, the others copied
// from it over the last 90 days, by four clients and three Scope 3 groups (4, 9, none), and the
// per-day totals rebuilt from them by one GROUP BY, as the recordings would have written them.
import Database from 'better-sqlite3';
import pg from 'pg';
import { tokenHash, newToken } from '../src/dashboard/tokens.js';
import { generateApiKey, hashApiKey } from '../src/http/keys.js';
import type { Store } from '../src/orders/store.js';
import { openPostgresStore } from '../src/stores/postgres.js';
import { openSqliteStore } from '../src/stores/sqlite.js';
import { recordedCalculation } from '../src/calculators/recorded.js';
import { logisticsRequestSchema } from '../src/schemas/logistics.js';
import { validate } from '../src/validation/validate.js';

export const PARTNER = 'growth';
const SPAN_MS = 730 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The span of the recorded calculations, ending at the fill's time. */
export const CALCULATION_SPAN_MS = 90 * DAY_MS;

/** A filled store, ready for `truecost serve --db url`. */
export interface Filled {
  readonly url: string;
  readonly orders: number;
  readonly calculations: number;
  readonly key: string;
  /** The dashboard's session cookie of the partner. */
  readonly cookie: string;
  /** When the newest order was made, and the time between two orders. */
  readonly newest: number;
  readonly stepMs: number;
}

/** The copy's columns from the template order `o` and the number `i`, in one dialect's JSON functions. */
function copyColumns(json: { calculated: string; vote: string }): string {
  return `o.partner_id, o.environment, 'bench-' || i,
    CASE WHEN i % 10 = 3 THEN 'calculated' ELSE 'vote' END, o.micro_climes,
    CASE WHEN i % 10 = 3 THEN ${json.calculated} ELSE ${json.vote} END,
    CASE WHEN i % 10 = 3 THEN NULL ELSE 'cart-' || i END,
    o.created_at - i * STEP + ${10 * DAY_MS}, o.created_at - i * STEP, o.created_at - i * STEP,
    CASE WHEN i % 50 = 7 THEN o.created_at - i * STEP + 3600000 ELSE NULL END,
    CASE WHEN i % 50 <> 7 AND o.created_at - i * STEP + ${10 * DAY_MS + 1000} <= o.created_at
      THEN o.created_at - i * STEP + ${10 * DAY_MS + 1000} ELSE NULL END`;
}
const COLUMNS = 'partner_id, environment, partner_order_id, variant, micro_climes, sent_order, cart_id, unlock_date, created_at, updated_at, cancelled_at, unlock_announced_at';

const CALCULATION_COLUMNS = `calculation_id, partner_id, environment, endpoint, reference, client, occurred_at, recorded_at,
  scope3_category, methodology_version, well_to_wheel_g, tank_to_wheel_g, well_to_tank_g, primary_g, data_type, query, request_json, response_json`;

/** The copy of the template calculation `c` numbered `i`, `STEP` ms before the one after it. */
const calculationCopy = `'calc-' || i, c.partner_id, c.environment, c.endpoint, 'ref-' || i, 'client-' || (i % 4),
  c.occurred_at - i * STEP, c.recorded_at - i * STEP, CASE i % 3 WHEN 0 THEN 4 WHEN 1 THEN 9 ELSE NULL END,
  c.methodology_version, c.well_to_wheel_g, c.tank_to_wheel_g, c.well_to_tank_g, c.primary_g, c.data_type, c.query, c.request_json, c.response_json`;

/** The per-day totals of every calculation, as recording them one by one would have written them; DAY is the dialect's UTC day of occurred_at. */
const rebuildDays = `INSERT INTO calculation_days (partner_id, environment, day, endpoint, scope3_category, client, methodology_version,
  calculation_count, well_to_wheel_g, tank_to_wheel_g, well_to_tank_g, primary_g)
  SELECT partner_id, environment, DAY, endpoint, COALESCE(scope3_category, 0), COALESCE(client, ''), methodology_version,
  COUNT(*), SUM(well_to_wheel_g), SUM(tank_to_wheel_g), SUM(well_to_tank_g), SUM(primary_g)
  FROM calculations GROUP BY partner_id, environment, DAY, endpoint, COALESCE(scope3_category, 0), COALESCE(client, ''), methodology_version`;

async function seed(store: Store, now: number): Promise<{ key: string; cookie: string }> {
  const key = generateApiKey('staging');
  await store.addApiKey({ keyHash: await hashApiKey(key), partnerId: PARTNER, environment: 'staging', createdAt: now });
  const order = { partner_order_id: 'bench-0', cart_id: 'cart-0', climes: 2.5, customer_name: 'Ada Lovelace', customer_email: 'ada@example.com' };
  const plan = await store.createOrders({ partnerId: PARTNER, environment: 'staging' }, 'vote', [order], now);
  if (!plan.ok) throw new Error('the template order was refused');
  const sent = { queries: { legs: [{ shipping_method: 'TRUCK_HEAVY', shipping_distance: 600, shipping_weight: 12, truck_capacity: 15 }] } };
  const body = validate(logisticsRequestSchema, sent);
  if (!body.ok) throw new Error('the template calculation was refused');
  const calculation = recordedCalculation({
    partnerId: PARTNER,
    environment: 'staging',
    calculationId: 'calc-0',
    endpoint: 'logistics',
    record: { client: 'client-0', scope3_category: 4 },
    body: body.value,
    query: '',
    sent: { ...sent, record: { client: 'client-0', scope3_category: 4 } },
    response: { message: 'Truecost calculated successfully' },
    now,
  });
  await store.recordCalculations([calculation]);
  const token = newToken();
  await store.createSession({ tokenHash: tokenHash(token), partnerId: PARTNER, createdAt: now, expiresAt: now + DAY_MS });
  return { key, cookie: `truecost_session=${token}` };
}

export async function fillSqlite(path: string, orders: number, calculations: number = orders): Promise<Filled> {
  const now = Date.now();
  const store = await openSqliteStore({ path });
  const { key, cookie } = await seed(store, now);
  await store.close();
  const step = Math.floor(SPAN_MS / orders);
  const db = new Database(path);
  const columns = copyColumns({
    calculated: `json_remove(json_set(o.sent_order, '$.partner_order_id', 'bench-' || i), '$.cart_id')`,
    vote: `json_set(o.sent_order, '$.partner_order_id', 'bench-' || i, '$.cart_id', 'cart-' || i)`,
  }).replaceAll('STEP', String(step));
  db.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${orders - 1})
    INSERT INTO orders (${COLUMNS}) SELECT ${columns} FROM n, orders o WHERE o.partner_id = '${PARTNER}' AND o.partner_order_id = 'bench-0'`);
  db.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${calculations - 1})
    INSERT INTO calculations (${CALCULATION_COLUMNS}) SELECT ${calculationCopy.replaceAll('STEP', String(Math.floor(CALCULATION_SPAN_MS / calculations)))}
    FROM n, calculations c WHERE c.calculation_id = 'calc-0'`);
  db.exec('DELETE FROM calculation_days');
  db.exec(rebuildDays.replaceAll('DAY', "strftime('%Y-%m-%d', occurred_at / 1000, 'unixepoch')"));
  db.exec('ANALYZE');
  db.close();
  return { url: `sqlite:${path}`, orders, calculations, key, cookie, newest: now, stepMs: step };
}

export async function fillPostgres(connectionString: string, schema: string, orders: number, calculations: number = orders): Promise<Filled> {
  const now = Date.now();
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  try {
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    const store = await openPostgresStore({ connectionString, schema });
    const { key, cookie } = await seed(store, now);
    await store.close();
    const step = Math.floor(SPAN_MS / orders);
    const columns = copyColumns({
      calculated: `(o.sent_order - 'cart_id') || jsonb_build_object('partner_order_id', 'bench-' || i)`,
      vote: `o.sent_order || jsonb_build_object('partner_order_id', 'bench-' || i, 'cart_id', 'cart-' || i)`,
    }).replaceAll('STEP', String(step));
    await admin.query(`SET search_path TO "${schema}"`);
    await admin.query(`INSERT INTO orders (${COLUMNS}) SELECT ${columns}
      FROM generate_series(1::bigint, ${orders - 1}) AS i, orders o WHERE o.partner_id = '${PARTNER}' AND o.partner_order_id = 'bench-0'`);
    await admin.query(`INSERT INTO calculations (${CALCULATION_COLUMNS}) SELECT ${calculationCopy.replaceAll('STEP', String(Math.floor(CALCULATION_SPAN_MS / calculations)))}
      FROM generate_series(1::bigint, ${calculations - 1}) AS i, calculations c WHERE c.calculation_id = 'calc-0'`);
    await admin.query('DELETE FROM calculation_days');
    await admin.query(rebuildDays.replaceAll('DAY', "to_char(to_timestamp(occurred_at / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD')"));
    await admin.query('VACUUM ANALYZE orders');
    await admin.query('VACUUM ANALYZE calculations');
    await admin.query('VACUUM ANALYZE calculation_days');
    const url = new URL(connectionString);
    url.searchParams.set('schema', schema);
    return { url: url.toString(), orders, calculations, key, cookie, newest: now, stepMs: step };
  } finally {
    await admin.end();
  }
}

/** Drops a schema {@link fillPostgres} made. */
export async function dropSchema(connectionString: string, schema: string): Promise<void> {
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await admin.end();
}
