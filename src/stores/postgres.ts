/**
 * truecost/stores/postgres: a durable store in PostgreSQL, through `pg` (an optional peer
 * dependency). Any number of processes may share one database: order changes write only if the
 * row is unchanged since they read it (locking it after repeated lost races), creates rely on
 * unique indexes and run again after losing a race, and job claims skip rows other workers hold.
 *
 * @packageDocumentation
 */
import pg from 'pg';
import { applyChange, createLookups, planCreate, planOptIn } from '../orders/machine.js';
import type { ChangeOutcome, CreatePlan, OrderChange } from '../orders/machine.js';
import type {
  ApiKeyRecord,
  ApiKeySummary,
  AttemptOutcome,
  InviteRecord,
  JobRecord,
  JobState,
  ListPage,
  OrderEvent,
  ResultEndpoint,
  SessionRecord,
  Store,
} from '../orders/store.js';
import type { Environment, OptInRecord, OrderRecord, Scope } from '../orders/types.js';
import { orderSchema } from '../schemas/order.js';
import type { OptInRequest, Order, Variant } from '../schemas/order.js';

/** Where the PostgreSQL store keeps its data. */
export interface PostgresStoreOptions {
  /** A `postgres://` URL. */
  readonly connectionString: string;
  /** The schema holding the tables, created when missing (default `public`). Lower-case letters, digits and underscores. */
  readonly schema?: string;
  /** Most connections the store keeps open (default 10). */
  readonly poolSize?: number;
  /**
   * How many times `changeOrder` reads and writes conditionally before it locks the row instead
   * (default 8); 0 always locks.
   * @internal
   */
  readonly optimisticAttempts?: number;
  /** Called each time `changeOrder` gives up on the conditional write and locks the row. @internal */
  readonly onLockedFallback?: () => void;
}

/** How many jobs `listJobs` returns when no limit is given (as the memory store). */
const DEFAULT_JOB_LIST_LIMIT = 100;
/** How often a transaction that lost a race (unique violation, serialization failure, deadlock) is run again. */
const MAX_TRANSACTION_ATTEMPTS = 20;
/**
 * How many conditional writes `changeOrder` tries, each after a fresh read, before it locks the row:
 * losing this many races in a row means heavy contention, where waiting for the lock is cheaper.
 */
const OPTIMISTIC_ATTEMPTS = 8;
/** SQLSTATEs after which running the whole transaction again gives the right answer. */
const RETRYABLE_CODES = new Set(['23505', '40001', '40P01']);
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * The schema, one entry per version, applied in order and recorded in `schema_migrations`.
 * Never edit a released entry: append a new one. Times are BIGINT milliseconds since the epoch.
 */
const migrations: readonly string[] = [
  `
  CREATE TABLE partners (
    partner_id TEXT PRIMARY KEY,
    result_url TEXT,
    result_secret TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
  );
  CREATE TABLE api_keys (
    key_hash TEXT PRIMARY KEY,
    partner_id TEXT NOT NULL REFERENCES partners (partner_id),
    environment TEXT NOT NULL CHECK (environment IN ('staging', 'production')),
    created_at BIGINT NOT NULL,
    revoked_at BIGINT
  );
  CREATE TABLE orders (
    partner_id TEXT NOT NULL,
    environment TEXT NOT NULL CHECK (environment IN ('staging', 'production')),
    partner_order_id TEXT NOT NULL,
    variant TEXT NOT NULL CHECK (variant IN ('vote', 'calculated')),
    micro_climes BIGINT NOT NULL CHECK (micro_climes >= 0),
    sent_order JSONB NOT NULL,
    cart_id TEXT,
    unlock_date BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    cancelled_at BIGINT,
    PRIMARY KEY (partner_id, environment, partner_order_id)
  );
  CREATE UNIQUE INDEX orders_vote_cart ON orders (partner_id, environment, cart_id) WHERE cart_id IS NOT NULL;
  CREATE TABLE opt_ins (
    partner_id TEXT NOT NULL,
    environment TEXT NOT NULL CHECK (environment IN ('staging', 'production')),
    cart_id TEXT NOT NULL,
    opted_in BOOLEAN NOT NULL,
    micro_climes BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (partner_id, environment, cart_id)
  );
  CREATE TABLE jobs (
    job_id TEXT PRIMARY KEY,
    seq BIGINT GENERATED ALWAYS AS IDENTITY,
    partner_id TEXT NOT NULL,
    environment TEXT NOT NULL CHECK (environment IN ('staging', 'production')),
    request JSONB NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('queued', 'delivering', 'delivered', 'failed')),
    attempts INTEGER NOT NULL,
    last_error TEXT,
    results JSONB,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    next_attempt_at BIGINT NOT NULL,
    lease_owner TEXT,
    lease_expires_at BIGINT,
    delivered_at BIGINT
  );
  CREATE INDEX jobs_due ON jobs (next_attempt_at, seq) WHERE state IN ('queued', 'delivering');
  CREATE INDEX jobs_created ON jobs (created_at DESC, seq);
  `,
  // Every write of an order increments updated_seq, so a conditional UPDATE can tell whether the
  // row changed since it was read.
  `
  ALTER TABLE orders ADD COLUMN updated_seq BIGINT NOT NULL DEFAULT 0;
  `,
  // The partner dashboard: key prefixes and last use, every order's history, listings by
  // partner, and sign-in (invitations, passwords, sessions). Rows stored before have no prefix
  // and no history.
  `
  ALTER TABLE api_keys ADD COLUMN prefix TEXT;
  ALTER TABLE api_keys ADD COLUMN last_used_at BIGINT;
  CREATE INDEX api_keys_partner ON api_keys (partner_id, created_at);
  CREATE TABLE order_events (
    event_id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    partner_id TEXT NOT NULL,
    environment TEXT NOT NULL CHECK (environment IN ('staging', 'production')),
    partner_order_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('create', 'add', 'remove', 'cancel')),
    delta_micro_climes BIGINT NOT NULL,
    micro_climes_after BIGINT NOT NULL,
    at BIGINT NOT NULL
  );
  CREATE INDEX order_events_order ON order_events (partner_id, environment, partner_order_id, event_id);
  CREATE INDEX orders_listing ON orders (partner_id, environment, created_at DESC);
  CREATE INDEX opt_ins_listing ON opt_ins (partner_id, environment, updated_at DESC);
  CREATE INDEX jobs_partner ON jobs (partner_id, environment, created_at DESC);
  CREATE TABLE dashboard_invites (
    token_hash TEXT PRIMARY KEY,
    partner_id TEXT NOT NULL REFERENCES partners (partner_id),
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
  );
  CREATE TABLE dashboard_passwords (
    partner_id TEXT PRIMARY KEY REFERENCES partners (partner_id),
    password_hash TEXT NOT NULL,
    updated_at BIGINT NOT NULL
  );
  CREATE TABLE dashboard_sessions (
    token_hash TEXT PRIMARY KEY,
    partner_id TEXT NOT NULL REFERENCES partners (partner_id),
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    revoked_at BIGINT
  );
  `,
];

/** Every statement the store runs (unqualified names resolve through the pool's search_path). */
const statements = {
  ordersForCreate: `SELECT * FROM orders WHERE partner_id = $1 AND environment = $2
    AND (partner_order_id = ANY($3::text[]) OR cart_id = ANY($4::text[]))`,
  // One statement inserts the orders and their 'create' history events, atomically.
  insertOrders: `WITH inserted AS (INSERT INTO orders (partner_id, environment, partner_order_id, variant, micro_climes,
    sent_order, cart_id, unlock_date, created_at, updated_at, cancelled_at)
    SELECT partner_id, environment, partner_order_id, variant, micro_climes,
    sent_order, cart_id, unlock_date, created_at, updated_at, cancelled_at
    FROM jsonb_to_recordset($1::jsonb) AS r(partner_id text, environment text, partner_order_id text,
    variant text, micro_climes bigint, sent_order jsonb, cart_id text, unlock_date bigint,
    created_at bigint, updated_at bigint, cancelled_at bigint)
    RETURNING partner_id, environment, partner_order_id, micro_climes, created_at)
    INSERT INTO order_events (partner_id, environment, partner_order_id, kind, delta_micro_climes, micro_climes_after, at)
    SELECT partner_id, environment, partner_order_id, 'create', micro_climes, micro_climes, created_at FROM inserted`,
  order: `SELECT * FROM orders WHERE partner_id = $1 AND environment = $2 AND partner_order_id = $3`,
  lockOrder: `SELECT * FROM orders WHERE partner_id = $1 AND environment = $2 AND partner_order_id = $3 FOR UPDATE`,
  // Writes only if the row is still the version read ($7); a concurrent write makes it touch no row.
  // The same statement records the change in the order's history ($8 kind, $9 delta), atomically.
  updateOrder: `WITH updated AS (UPDATE orders SET micro_climes = $4, updated_at = $5, cancelled_at = $6, updated_seq = updated_seq + 1
    WHERE partner_id = $1 AND environment = $2 AND partner_order_id = $3 AND updated_seq = $7
    RETURNING partner_id, environment, partner_order_id, micro_climes, updated_at)
    INSERT INTO order_events (partner_id, environment, partner_order_id, kind, delta_micro_climes, micro_climes_after, at)
    SELECT partner_id, environment, partner_order_id, $8, $9, micro_climes, updated_at FROM updated`,
  upsertOptIn: `INSERT INTO opt_ins (partner_id, environment, cart_id, opted_in, micro_climes, updated_at)
    VALUES ($1, $2, $3, $4, $5, $6)
    ON CONFLICT (partner_id, environment, cart_id) DO UPDATE SET
    opted_in = excluded.opted_in, micro_climes = excluded.micro_climes, updated_at = excluded.updated_at`,
  optIn: `SELECT * FROM opt_ins WHERE partner_id = $1 AND environment = $2 AND cart_id = $3`,
  ensurePartner: `INSERT INTO partners (partner_id, created_at, updated_at) VALUES ($1, $2, $2)
    ON CONFLICT (partner_id) DO NOTHING`,
  upsertApiKey: `INSERT INTO api_keys (key_hash, partner_id, environment, created_at, revoked_at)
    VALUES ($1, $2, $3, $4, NULL)
    ON CONFLICT (key_hash) DO UPDATE SET partner_id = excluded.partner_id,
    environment = excluded.environment, created_at = excluded.created_at, revoked_at = NULL`,
  apiKey: `SELECT * FROM api_keys WHERE key_hash = $1`,
  revokeApiKey: `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $2) WHERE key_hash = $1`,
  notifyKeys: `SELECT pg_notify($1, $2)`,
  setEndpoint: `INSERT INTO partners (partner_id, result_url, result_secret, created_at, updated_at)
    VALUES ($1, $2, $3, $4, $4)
    ON CONFLICT (partner_id) DO UPDATE SET result_url = excluded.result_url,
    result_secret = excluded.result_secret, updated_at = excluded.updated_at`,
  endpoint: `SELECT result_url, result_secret FROM partners WHERE partner_id = $1 AND result_url IS NOT NULL`,
  insertJob: `INSERT INTO jobs (job_id, partner_id, environment, request, state, attempts, created_at,
    updated_at, next_attempt_at) VALUES ($1, $2, $3, $4::jsonb, 'queued', 0, $5, $5, $5)`,
  // SKIP LOCKED: a job another worker is claiming right now is passed over, never waited for.
  claimJob: `UPDATE jobs SET state = 'delivering', lease_owner = $1, lease_expires_at = $3, updated_at = $2
    WHERE job_id = (
      SELECT job_id FROM jobs WHERE state IN ('queued', 'delivering') AND next_attempt_at <= $2
      AND (lease_expires_at IS NULL OR lease_expires_at <= $2)
      ORDER BY next_attempt_at, seq LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING *`,
  saveResults: `UPDATE jobs SET results = $3::jsonb, updated_at = $4 WHERE job_id = $1 AND lease_owner = $2`,
  startAttempt: `UPDATE jobs SET attempts = attempts + 1, updated_at = $3 WHERE job_id = $1 AND lease_owner = $2`,
  recordAttempt: `UPDATE jobs SET lease_owner = NULL, lease_expires_at = NULL,
    updated_at = $3, state = $4, last_error = $5,
    next_attempt_at = COALESCE($6, next_attempt_at), delivered_at = COALESCE($7, delivered_at)
    WHERE job_id = $1 AND lease_owner = $2`,
  job: `SELECT * FROM jobs WHERE job_id = $1`,
  listJobs: `SELECT * FROM jobs WHERE ($1::text IS NULL OR state = $1) ORDER BY created_at DESC, seq LIMIT $2`,
  retryJob: `UPDATE jobs SET state = 'queued', next_attempt_at = $2, lease_owner = NULL,
    lease_expires_at = NULL, updated_at = $2 WHERE job_id = $1 AND state <> 'delivered' RETURNING *`,
  // The partner dashboard (docs/dashboard.md).
  setKeyPrefix: `UPDATE api_keys SET prefix = $2 WHERE key_hash = $1`,
  partnerKeys: `SELECT * FROM api_keys WHERE partner_id = $1 ORDER BY created_at DESC, key_hash`,
  touchKey: `UPDATE api_keys SET last_used_at = $2 WHERE key_hash = $1`,
  orderEvents: `SELECT kind, delta_micro_climes, micro_climes_after, at FROM order_events
    WHERE partner_id = $1 AND environment = $2 AND partner_order_id = $3 ORDER BY event_id`,
  listOrders: `SELECT * FROM orders WHERE partner_id = $1 AND environment = $2
    AND ($3::text IS NULL OR variant = $3)
    AND ($4::text IS NULL
      OR ($4 = 'cancelled' AND cancelled_at IS NOT NULL)
      OR ($4 = 'unlocked' AND cancelled_at IS NULL AND unlock_date <= $5)
      OR ($4 = 'locked' AND cancelled_at IS NULL AND unlock_date > $5))
    AND ($6::text IS NULL OR partner_order_id = $6 OR cart_id = $6)
    ORDER BY created_at DESC, partner_order_id LIMIT $7 OFFSET $8`,
  listOptIns: `SELECT * FROM opt_ins WHERE partner_id = $1 AND environment = $2
    AND ($3::text IS NULL OR cart_id = $3)
    ORDER BY updated_at DESC, cart_id LIMIT $4 OFFSET $5`,
  listPartnerJobs: `SELECT * FROM jobs WHERE partner_id = $1 AND environment = $2
    AND ($3::text IS NULL OR state = $3)
    ORDER BY created_at DESC, job_id LIMIT $4 OFFSET $5`,
  insertInvite: `INSERT INTO dashboard_invites (token_hash, partner_id, created_at, expires_at) VALUES ($1, $2, $3, $4)`,
  invite: `SELECT * FROM dashboard_invites WHERE token_hash = $1`,
  useInvite: `UPDATE dashboard_invites SET used_at = $2
    WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING partner_id`,
  setPassword: `INSERT INTO dashboard_passwords (partner_id, password_hash, updated_at) VALUES ($1, $2, $3)
    ON CONFLICT (partner_id) DO UPDATE SET password_hash = excluded.password_hash, updated_at = excluded.updated_at`,
  password: `SELECT password_hash FROM dashboard_passwords WHERE partner_id = $1`,
  insertSession: `INSERT INTO dashboard_sessions (token_hash, partner_id, created_at, expires_at) VALUES ($1, $2, $3, $4)`,
  session: `SELECT * FROM dashboard_sessions WHERE token_hash = $1`,
  revokeSession: `UPDATE dashboard_sessions SET revoked_at = COALESCE(revoked_at, $2) WHERE token_hash = $1`,
} as const;

/** The statements as named queries: each connection parses and plans each one once, then reuses it. */
const sql = Object.fromEntries(
  Object.entries(statements).map(([name, text]) => [name, { name: `truecost_${name}`, text }]),
) as Record<keyof typeof statements, { readonly name: string; readonly text: string }>;

/** BIGINT columns arrive as strings; every value the store writes is a safe integer. */
type Bigint = string;

interface OrderRow {
  partner_id: string;
  environment: Environment;
  partner_order_id: string;
  variant: Variant;
  micro_climes: Bigint;
  sent_order: Order;
  cart_id: string | null;
  unlock_date: Bigint;
  created_at: Bigint;
  updated_at: Bigint;
  cancelled_at: Bigint | null;
  /** How many times the row was written since its insert. */
  updated_seq: Bigint;
}

interface OptInRow {
  partner_id: string;
  environment: Environment;
  cart_id: string;
  opted_in: boolean;
  micro_climes: Bigint;
  updated_at: Bigint;
}

interface ApiKeyRow {
  key_hash: string;
  partner_id: string;
  environment: Environment;
  created_at: Bigint;
  revoked_at: Bigint | null;
}

interface JobRow {
  job_id: string;
  partner_id: string;
  environment: Environment;
  request: unknown;
  state: JobState;
  attempts: number;
  last_error: string | null;
  results: Record<string, string> | null;
  created_at: Bigint;
  updated_at: Bigint;
  next_attempt_at: Bigint;
  lease_owner: string | null;
  lease_expires_at: Bigint | null;
  delivered_at: Bigint | null;
}

const numberOrNull = (value: Bigint | null): number | null => (value === null ? null : Number(value));

interface ApiKeySummaryRow extends ApiKeyRow {
  prefix: string | null;
  last_used_at: Bigint | null;
}

interface OrderEventRow {
  kind: OrderEvent['kind'];
  delta_micro_climes: Bigint;
  micro_climes_after: Bigint;
  at: Bigint;
}

interface InviteRow {
  token_hash: string;
  partner_id: string;
  created_at: Bigint;
  expires_at: Bigint;
  used_at: Bigint | null;
}

interface SessionRow {
  token_hash: string;
  partner_id: string;
  created_at: Bigint;
  expires_at: Bigint;
  revoked_at: Bigint | null;
}

/** The rows of a listing fetched with one extra row, as a page. */
function pageOf<Row, T>(rows: readonly Row[], limit: number, convert: (row: Row) => T): ListPage<T> {
  return { items: rows.slice(0, limit).map(convert), hasMore: rows.length > limit };
}

const sentFieldOrder = Object.keys(orderSchema.shape);

/** JSONB sorts an object's keys; this puts the sent order's fields back in the schema's order. */
function inSentFieldOrder(order: Order): Order {
  const ordered: Record<string, unknown> = {};
  for (const key of sentFieldOrder) if (key in order) ordered[key] = order[key as keyof Order];
  return Object.assign(ordered, order) as Order;
}

function orderFromRow(row: OrderRow): OrderRecord {
  return {
    partnerId: row.partner_id,
    environment: row.environment,
    variant: row.variant,
    partnerOrderId: row.partner_order_id,
    microClimes: Number(row.micro_climes),
    order: inSentFieldOrder(row.sent_order),
    cartId: row.cart_id,
    unlockDate: Number(row.unlock_date),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    cancelledAt: numberOrNull(row.cancelled_at),
  };
}

/** The columns of an order as `insertOrders` reads them from JSON. */
function orderToRow(record: OrderRecord): Record<string, unknown> {
  return {
    partner_id: record.partnerId,
    environment: record.environment,
    partner_order_id: record.partnerOrderId,
    variant: record.variant,
    micro_climes: record.microClimes,
    sent_order: record.order,
    cart_id: record.cartId,
    unlock_date: record.unlockDate,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
    cancelled_at: record.cancelledAt,
  };
}

function optInFromRow(row: OptInRow): OptInRecord {
  return {
    partnerId: row.partner_id,
    environment: row.environment,
    cartId: row.cart_id,
    optedIn: row.opted_in,
    microClimes: Number(row.micro_climes),
    updatedAt: Number(row.updated_at),
  };
}

function apiKeyFromRow(row: ApiKeyRow): ApiKeyRecord {
  return {
    keyHash: row.key_hash,
    partnerId: row.partner_id,
    environment: row.environment,
    createdAt: Number(row.created_at),
    revokedAt: numberOrNull(row.revoked_at),
  };
}

function jobFromRow(row: JobRow): JobRecord {
  return {
    jobId: row.job_id,
    partnerId: row.partner_id,
    environment: row.environment,
    request: row.request,
    state: row.state,
    attempts: row.attempts,
    lastError: row.last_error,
    results: row.results,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    nextAttemptAt: Number(row.next_attempt_at),
    leaseOwner: row.lease_owner,
    leaseExpiresAt: numberOrNull(row.lease_expires_at),
    deliveredAt: numberOrNull(row.delivered_at),
  };
}

/** The parameters `recordAttempt` writes after the job id and worker (the lease is released in every case). */
function attemptParameters(outcome: AttemptOutcome): unknown[] {
  if (outcome.delivered) return [outcome.at, 'delivered', null, null, outcome.at];
  const state: JobState = outcome.nextAttemptAt === null ? 'failed' : 'queued';
  return [outcome.at, state, outcome.error, outcome.nextAttemptAt, null];
}

/** Runs `work` in one transaction on one connection, rolling back when it throws. */
async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

/** Whether the statement lost a race (unique violation, serialization failure, deadlock) that a fresh run decides correctly. */
function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && RETRYABLE_CODES.has(code);
}

/** Runs the transaction again when it lost a race that a fresh run decides correctly. */
async function retrying<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= MAX_TRANSACTION_ATTEMPTS || !isRetryable(error)) throw error;
    }
  }
}

/** How long opening a connection may take before the query that needed it fails. */
const CONNECT_TIMEOUT_MS = 10_000;

/** How long `ping` waits for `SELECT 1`, connecting included, before it reports the database down. */
const PING_TIMEOUT_MS = 2_000;

/** Applies the missing migrations in order, holding an advisory lock so that concurrent opens wait for each other. */
async function migrate(pool: pg.Pool, schema: string): Promise<void> {
  await inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`truecost.migrate.${schema}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)');
    const { rows } = await client.query<{ version: number }>('SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations');
    const applied = rows[0]?.version ?? 0;
    for (const [index, migration] of migrations.entries()) {
      const version = index + 1;
      if (version <= applied) continue;
      await client.query(migration);
      await client.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)', [version, Date.now()]);
    }
  });
}

/**
 * Opens (creating and migrating when needed) a {@link Store} in PostgreSQL. Every write is
 * committed before its promise resolves. `changeOrder` reads the order, decides, and writes only
 * if the row is unchanged since the read (deciding again otherwise, and locking the row with
 * `SELECT ... FOR UPDATE` after repeated lost races); `createOrders` inserts first and relies on
 * unique indexes, reading and running again when the insert collides; and `claimJob` skips jobs
 * other workers are claiming, so several processes may share the database.
 *
 * @example
 * ```ts
 * import { openPostgresStore } from 'truecost/stores/postgres';
 * const store = await openPostgresStore({ connectionString: 'postgres://truecost@localhost/truecost' });
 * // ... use it, then:
 * await store.close();
 * ```
 * @remarks Since 0.1.0
 */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<Store> {
  const schema = options.schema ?? 'public';
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Not a lower-case PostgreSQL identifier: ${schema}`);
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.poolSize ?? 10,
    // A connection attempt the server never answers would hold its pool slot for good.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    options: `-c search_path=${schema}`,
  });
  // An idle connection that dies is dropped by the pool; the next query opens a new one.
  pool.on('error', () => {});
  try {
    await migrate(pool, schema);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const keyChanges = await listenForKeyChanges(options.connectionString, schema);
  return createPostgresStore(pool, options, keyChanges);
}

/** The channel on which key writes are announced; the payload is `<schema> <notice id>`. */
const KEY_CHANNEL = 'truecost_api_keys';
/** How long the key listener waits before connecting again after losing its connection. */
const LISTEN_RETRY_MS = 1000;
/** Longest a key write waits for its own notice to come back (see `KeyChanges.delivered`). */
const NOTICE_WAIT_MS = 1000;

interface KeyChanges {
  /** The key version, or undefined while the listening connection is down. */
  version(): number | undefined;
  /** A fresh payload for the notice of one key write. */
  notice(): string;
  /**
   * Resolves once this store's listener receives the notice (or after {@link NOTICE_WAIT_MS}, or
   * at once while it is not listening); call it before the notice is sent. PostgreSQL hands a
   * notice to every listener at commit, so by then the other processes' listeners have it too.
   */
  arrival(notice: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * One connection, outside the pool, that LISTENs for key writes in `schema` from any process
 * (`addApiKey` and `revokeApiKey` notify inside their transaction, so the notice arrives once the
 * write is committed). Each notice bumps the version, and so does every (re)connection, since
 * notices sent while it was down are lost.
 */
async function listenForKeyChanges(connectionString: string, schema: string): Promise<KeyChanges> {
  let version = 0;
  let listening = false;
  let closed = false;
  let client: pg.Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const waiting = new Map<string, () => void>();

  async function connect(): Promise<void> {
    // Named after the schema, so that an operator (or a test) can tell the listener of each store.
    const next = new pg.Client({ connectionString, application_name: `truecost key listener ${schema}` });
    client = next;
    next.on('error', () => {});
    next.on('notification', (message) => {
      const [written, id] = (message.payload ?? '').split(' ');
      if (written !== schema) return;
      version += 1;
      if (id !== undefined) waiting.get(message.payload!)?.();
    });
    next.on('end', () => {
      listening = false;
      if (!closed && client === next) retry = setTimeout(reconnect, LISTEN_RETRY_MS);
      retry?.unref();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${KEY_CHANNEL}`);
      version += 1;
      listening = true;
    } catch {
      await next.end().catch(() => undefined);
    }
  }
  function reconnect(): void {
    if (!closed) void connect();
  }

  await connect();
  return {
    version: () => (listening ? version : undefined),
    notice: () => `${schema} ${crypto.randomUUID()}`,
    arrival(notice) {
      if (!listening) return Promise.resolve();
      return new Promise((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          waiting.delete(notice);
          resolve();
        };
        const timer = setTimeout(done, NOTICE_WAIT_MS);
        timer.unref();
        waiting.set(notice, done);
      });
    },
    async close() {
      closed = true;
      listening = false;
      if (retry !== undefined) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

function createPostgresStore(pool: pg.Pool, options: PostgresStoreOptions, keyChanges: KeyChanges): Store {
  const optimisticAttempts = options.optimisticAttempts ?? OPTIMISTIC_ATTEMPTS;

  async function one<Row extends pg.QueryResultRow>(query: pg.QueryConfig, values: unknown[]): Promise<Row | undefined> {
    return (await pool.query<Row>(query, values)).rows[0];
  }

  /** Inserts the records in one INSERT statement, which is atomic by itself. */
  async function insertOrders(records: readonly OrderRecord[]): Promise<void> {
    if (records.length > 0) await pool.query(sql.insertOrders, [JSON.stringify(records.map(orderToRow))]);
  }

  /**
   * Plans as if no order of the batch were stored, and inserts. When the insert succeeds, no
   * stored order shared an id or a vote cart with the batch at that instant (the primary key and
   * the cart index would have refused it), so this plan is the one a read would have given. When
   * it collides (or the batch refuses itself), the answer is undefined: read and plan instead.
   */
  async function insertAssumingNew(scope: Scope, variant: Variant, batch: readonly Order[], now: number): Promise<CreatePlan | undefined> {
    const plan = planCreate(scope, variant, batch, { byId: new Map(), byCart: new Map() }, now);
    if (!plan.ok) return undefined;
    try {
      await insertOrders(plan.inserts);
      return plan;
    } catch (error) {
      if (isRetryable(error)) return undefined;
      throw error;
    }
  }

  /**
   * Reads, plans, and inserts every new order in one INSERT statement, which is atomic by itself.
   * No lock is needed: an order is never deleted and its variant, body and cart never change, so
   * the read can only miss orders inserted since, and such a race ends in a unique violation, after
   * which `retrying` runs the whole create again and sees the winner.
   */
  async function planAndInsert(scope: Scope, variant: Variant, batch: readonly Order[], now: number): Promise<CreatePlan> {
    const lookups = createLookups(variant, batch);
    const { rows } = await pool.query<OrderRow>(sql.ordersForCreate, [
      scope.partnerId,
      scope.environment,
      lookups.partnerOrderIds,
      lookups.cartIds,
    ]);
    const ids = new Set(lookups.partnerOrderIds);
    const carts = new Set(lookups.cartIds);
    const byId = new Map<string, OrderRecord>();
    const byCart = new Map<string, OrderRecord>();
    for (const row of rows) {
      const record = orderFromRow(row);
      if (ids.has(record.partnerOrderId)) byId.set(record.partnerOrderId, record);
      if (record.cartId !== null && carts.has(record.cartId)) byCart.set(record.cartId, record);
    }
    const plan = planCreate(scope, variant, batch, { byId, byCart }, now);
    if (plan.ok) await insertOrders(plan.inserts);
    return plan;
  }

  /** Writes the changed order, and its history event, if its row is still the version read; false when it is not. */
  async function writeChange(
    client: pg.Pool | pg.PoolClient,
    record: OrderRecord,
    row: OrderRow,
    kind: OrderChange['kind'],
  ): Promise<boolean> {
    const result = await client.query(sql.updateOrder, [
      record.partnerId,
      record.environment,
      record.partnerOrderId,
      record.microClimes,
      record.updatedAt,
      record.cancelledAt,
      row.updated_seq,
      kind,
      record.microClimes - Number(row.micro_climes),
    ]);
    return result.rowCount === 1;
  }

  /**
   * Reads the order without a lock, decides, and writes only if the row is unchanged since the
   * read; after a lost race, reads and decides again. A refusal writes nothing and holds for the
   * row as read. Undefined after `optimisticAttempts` lost races.
   */
  async function changeOptimistically(
    scope: Scope,
    variant: Variant,
    partnerOrderId: string,
    change: OrderChange,
    now: number,
  ): Promise<ChangeOutcome | undefined> {
    for (let attempt = 0; attempt < optimisticAttempts; attempt += 1) {
      const row = await one<OrderRow>(sql.order, [scope.partnerId, scope.environment, partnerOrderId]);
      const outcome = applyChange(row === undefined ? undefined : orderFromRow(row), variant, change, now);
      if (!outcome.ok || row === undefined) return outcome;
      if (await writeChange(pool, outcome.record, row, change.kind)) return outcome;
    }
    return undefined;
  }

  async function lockChangeWrite(
    client: pg.PoolClient,
    scope: Scope,
    variant: Variant,
    partnerOrderId: string,
    change: OrderChange,
    now: number,
  ): Promise<ChangeOutcome> {
    const { rows } = await client.query<OrderRow>(sql.lockOrder, [scope.partnerId, scope.environment, partnerOrderId]);
    const row = rows[0];
    const outcome = applyChange(row === undefined ? undefined : orderFromRow(row), variant, change, now);
    // The lock keeps the row at the version read, so this write always succeeds.
    if (outcome.ok && row !== undefined) await writeChange(client, outcome.record, row, change.kind);
    return outcome;
  }

  return {
    async createOrders(scope, variant, batch, now) {
      return (
        (await insertAssumingNew(scope, variant, batch, now)) ??
        (await retrying(() => planAndInsert(scope, variant, batch, now)))
      );
    },

    async changeOrder(scope, variant, partnerOrderId, change, now) {
      const outcome = await changeOptimistically(scope, variant, partnerOrderId, change, now);
      if (outcome !== undefined) return outcome;
      options.onLockedFallback?.();
      return retrying(() =>
        inTransaction(pool, (client) => lockChangeWrite(client, scope, variant, partnerOrderId, change, now)),
      );
    },

    async getOrder(scope: Scope, partnerOrderId: string): Promise<OrderRecord | undefined> {
      const row = await one<OrderRow>(sql.order, [scope.partnerId, scope.environment, partnerOrderId]);
      return row === undefined ? undefined : orderFromRow(row);
    },

    async saveOptIn(scope: Scope, request: OptInRequest, now: number): Promise<OptInRecord> {
      const record = planOptIn(scope, request, now);
      await pool.query(sql.upsertOptIn, [
        record.partnerId,
        record.environment,
        record.cartId,
        record.optedIn,
        record.microClimes,
        record.updatedAt,
      ]);
      return record;
    },

    async getOptIn(scope: Scope, cartId: string): Promise<OptInRecord | undefined> {
      const row = await one<OptInRow>(sql.optIn, [scope.partnerId, scope.environment, cartId]);
      return row === undefined ? undefined : optInFromRow(row);
    },

    async addApiKey(record) {
      const notice = keyChanges.notice();
      const arrived = keyChanges.arrival(notice);
      await inTransaction(pool, async (client) => {
        await client.query(sql.ensurePartner, [record.partnerId, record.createdAt]);
        await client.query(sql.upsertApiKey, [record.keyHash, record.partnerId, record.environment, record.createdAt]);
        await client.query(sql.setKeyPrefix, [record.keyHash, record.prefix ?? null]);
        await client.query(sql.notifyKeys, [KEY_CHANNEL, notice]);
      });
      await arrived;
    },

    async findApiKey(keyHash: string): Promise<ApiKeyRecord | undefined> {
      const row = await one<ApiKeyRow>(sql.apiKey, [keyHash]);
      return row === undefined ? undefined : apiKeyFromRow(row);
    },

    async revokeApiKey(keyHash: string, now: number): Promise<boolean> {
      const notice = keyChanges.notice();
      const arrived = keyChanges.arrival(notice);
      const revoked = await inTransaction(pool, async (client) => {
        const changed = ((await client.query(sql.revokeApiKey, [keyHash, now])).rowCount ?? 0) > 0;
        await client.query(sql.notifyKeys, [KEY_CHANNEL, notice]);
        return changed;
      });
      // The revocation is acknowledged once its notice is out to every listening process.
      await arrived;
      return revoked;
    },

    apiKeysVersion(): number | undefined {
      return keyChanges.version();
    },

    async setResultEndpoint(partnerId: string, endpoint: ResultEndpoint, now: number): Promise<void> {
      await pool.query(sql.setEndpoint, [partnerId, endpoint.url, endpoint.secret, now]);
    },

    async getResultEndpoint(partnerId: string): Promise<ResultEndpoint | undefined> {
      const row = await one<{ result_url: string; result_secret: string }>(sql.endpoint, [partnerId]);
      return row === undefined ? undefined : { url: row.result_url, secret: row.result_secret };
    },

    async enqueueJob(job): Promise<void> {
      await pool.query(sql.insertJob, [job.jobId, job.partnerId, job.environment, JSON.stringify(job.request), job.createdAt]);
    },

    async claimJob(workerId: string, now: number, leaseMs: number): Promise<JobRecord | undefined> {
      const row = await one<JobRow>(sql.claimJob, [workerId, now, now + leaseMs]);
      return row === undefined ? undefined : jobFromRow(row);
    },

    async saveJobResults(jobId, workerId, results, now): Promise<boolean> {
      return ((await pool.query(sql.saveResults, [jobId, workerId, JSON.stringify(results), now])).rowCount ?? 0) > 0;
    },

    async startAttempt(jobId: string, workerId: string, now: number): Promise<boolean> {
      return ((await pool.query(sql.startAttempt, [jobId, workerId, now])).rowCount ?? 0) > 0;
    },

    async recordAttempt(jobId: string, workerId: string, outcome: AttemptOutcome): Promise<boolean> {
      const result = await pool.query(sql.recordAttempt, [jobId, workerId, ...attemptParameters(outcome)]);
      return (result.rowCount ?? 0) > 0;
    },

    async getJob(scope: Scope, jobId: string): Promise<JobRecord | undefined> {
      const row = await one<JobRow>(sql.job, [jobId]);
      if (row === undefined || row.partner_id !== scope.partnerId || row.environment !== scope.environment) return undefined;
      return jobFromRow(row);
    },

    async listJobs(filter: { readonly state?: JobState; readonly limit?: number }): Promise<JobRecord[]> {
      const { rows } = await pool.query<JobRow>(sql.listJobs, [filter.state ?? null, filter.limit ?? DEFAULT_JOB_LIST_LIMIT]);
      return rows.map(jobFromRow);
    },

    async retryJob(jobId: string, now: number): Promise<JobRecord | undefined> {
      const row = (await one<JobRow>(sql.retryJob, [jobId, now])) ?? (await one<JobRow>(sql.job, [jobId]));
      return row === undefined ? undefined : jobFromRow(row);
    },

    // -------------------------------------------------------------------------------------------
    // The partner dashboard (docs/dashboard.md).
    // -------------------------------------------------------------------------------------------

    async listApiKeys(partnerId: string): Promise<ApiKeySummary[]> {
      const { rows } = await pool.query<ApiKeySummaryRow>(sql.partnerKeys, [partnerId]);
      return rows.map((row) => ({ ...apiKeyFromRow(row), prefix: row.prefix, lastUsedAt: numberOrNull(row.last_used_at) }));
    },

    async touchApiKey(keyHash: string, now: number): Promise<void> {
      await pool.query(sql.touchKey, [keyHash, now]);
    },

    async listOrders(partnerId, query): Promise<ListPage<OrderRecord>> {
      const { rows } = await pool.query<OrderRow>(sql.listOrders, [
        partnerId,
        query.environment,
        query.variant ?? null,
        query.state ?? null,
        query.now,
        query.search ?? null,
        query.limit + 1,
        query.offset,
      ]);
      return pageOf(rows, query.limit, orderFromRow);
    },

    async listOptIns(partnerId, query): Promise<ListPage<OptInRecord>> {
      const { rows } = await pool.query<OptInRow>(sql.listOptIns, [
        partnerId,
        query.environment,
        query.search ?? null,
        query.limit + 1,
        query.offset,
      ]);
      return pageOf(rows, query.limit, optInFromRow);
    },

    async orderHistory(scope: Scope, partnerOrderId: string): Promise<OrderEvent[]> {
      const { rows } = await pool.query<OrderEventRow>(sql.orderEvents, [scope.partnerId, scope.environment, partnerOrderId]);
      return rows.map((row) => ({
        kind: row.kind,
        deltaMicroClimes: Number(row.delta_micro_climes),
        microClimesAfter: Number(row.micro_climes_after),
        at: Number(row.at),
      }));
    },

    async listPartnerJobs(scope: Scope, query): Promise<ListPage<JobRecord>> {
      const { rows } = await pool.query<JobRow>(sql.listPartnerJobs, [
        scope.partnerId,
        scope.environment,
        query.state ?? null,
        query.limit + 1,
        query.offset,
      ]);
      return pageOf(rows, query.limit, jobFromRow);
    },

    async createInvite(invite): Promise<void> {
      await inTransaction(pool, async (client) => {
        await client.query(sql.ensurePartner, [invite.partnerId, invite.createdAt]);
        await client.query(sql.insertInvite, [invite.tokenHash, invite.partnerId, invite.createdAt, invite.expiresAt]);
      });
    },

    async findInvite(tokenHash: string): Promise<InviteRecord | undefined> {
      const row = await one<InviteRow>(sql.invite, [tokenHash]);
      if (row === undefined) return undefined;
      return {
        tokenHash: row.token_hash,
        partnerId: row.partner_id,
        createdAt: Number(row.created_at),
        expiresAt: Number(row.expires_at),
        usedAt: numberOrNull(row.used_at),
      };
    },

    async redeemInvite(tokenHash: string, passwordHash: string, now: number): Promise<string | undefined> {
      return inTransaction(pool, async (client) => {
        const used = (await client.query<{ partner_id: string }>(sql.useInvite, [tokenHash, now])).rows[0];
        if (used === undefined) return undefined;
        await client.query(sql.setPassword, [used.partner_id, passwordHash, now]);
        return used.partner_id;
      });
    },

    async getPasswordHash(partnerId: string): Promise<string | undefined> {
      return (await one<{ password_hash: string }>(sql.password, [partnerId]))?.password_hash;
    },

    async createSession(session): Promise<void> {
      await pool.query(sql.insertSession, [session.tokenHash, session.partnerId, session.createdAt, session.expiresAt]);
    },

    async findSession(tokenHash: string): Promise<SessionRecord | undefined> {
      const row = await one<SessionRow>(sql.session, [tokenHash]);
      if (row === undefined) return undefined;
      return {
        tokenHash: row.token_hash,
        partnerId: row.partner_id,
        createdAt: Number(row.created_at),
        expiresAt: Number(row.expires_at),
        revokedAt: numberOrNull(row.revoked_at),
      };
    },

    async revokeSession(tokenHash: string, now: number): Promise<void> {
      await pool.query(sql.revokeSession, [tokenHash, now]);
    },

    async close(): Promise<void> {
      await keyChanges.close();
      await pool.end();
    },

    async ping(): Promise<void> {
      // The timer covers the wait for a connection as well as the query.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
      });
      try {
        await Promise.race([pool.query('SELECT 1'), late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
