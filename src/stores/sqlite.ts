/**
 * truecost/stores/sqlite: a durable store in one SQLite file, through better-sqlite3 (an optional
 * peer dependency). Several processes may open the same file: every read-modify-write runs in one
 * `BEGIN IMMEDIATE` transaction, which holds the file's write lock from its first read.
 *
 * @packageDocumentation
 */
import Database from 'better-sqlite3';
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
import type { OptInRequest, Order, Variant } from '../schemas/order.js';

/** Where the SQLite store keeps its data. */
export interface SqliteStoreOptions {
  /** The database file, created when missing. */
  readonly path: string;
  /** How long a write waits for another connection's lock before failing, in ms (default 5000). */
  readonly busyTimeoutMs?: number;
}

/** How many jobs `listJobs` returns when no limit is given (as the memory store). */
const DEFAULT_JOB_LIST_LIMIT = 100;

/**
 * The schema, one entry per version, applied in order and recorded in `schema_migrations`.
 * Never edit a released entry: append a new one.
 */
const migrations: readonly string[] = [
  `
  CREATE TABLE partners (
    partner_id TEXT PRIMARY KEY,
    result_url TEXT,
    result_secret TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE TABLE api_keys (
    key_hash TEXT PRIMARY KEY,
    partner_id TEXT NOT NULL REFERENCES partners (partner_id),
    environment TEXT NOT NULL CHECK (environment IN ('staging', 'production')),
    created_at INTEGER NOT NULL,
    revoked_at INTEGER
  );
  CREATE TABLE orders (
    partner_id TEXT NOT NULL,
    environment TEXT NOT NULL CHECK (environment IN ('staging', 'production')),
    partner_order_id TEXT NOT NULL,
    variant TEXT NOT NULL CHECK (variant IN ('vote', 'calculated')),
    micro_climes INTEGER NOT NULL CHECK (micro_climes >= 0),
    sent_order TEXT NOT NULL,
    cart_id TEXT,
    unlock_date INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    cancelled_at INTEGER,
    PRIMARY KEY (partner_id, environment, partner_order_id)
  );
  CREATE UNIQUE INDEX orders_vote_cart ON orders (partner_id, environment, cart_id) WHERE cart_id IS NOT NULL;
  CREATE TABLE opt_ins (
    partner_id TEXT NOT NULL,
    environment TEXT NOT NULL CHECK (environment IN ('staging', 'production')),
    cart_id TEXT NOT NULL,
    opted_in INTEGER NOT NULL,
    micro_climes INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (partner_id, environment, cart_id)
  );
  CREATE TABLE jobs (
    job_id TEXT PRIMARY KEY,
    partner_id TEXT NOT NULL,
    environment TEXT NOT NULL CHECK (environment IN ('staging', 'production')),
    request TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('queued', 'delivering', 'delivered', 'failed')),
    attempts INTEGER NOT NULL,
    last_error TEXT,
    results TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    next_attempt_at INTEGER NOT NULL,
    lease_owner TEXT,
    lease_expires_at INTEGER,
    delivered_at INTEGER
  );
  CREATE INDEX jobs_due ON jobs (state, next_attempt_at);
  CREATE INDEX jobs_created ON jobs (created_at);
  `,
  // The partner dashboard: key prefixes and last use, every order's history, listings by
  // partner, and sign-in (invitations, passwords, sessions). Rows stored before have no prefix
  // and no history.
  `
  ALTER TABLE api_keys ADD COLUMN prefix TEXT;
  ALTER TABLE api_keys ADD COLUMN last_used_at INTEGER;
  CREATE INDEX api_keys_partner ON api_keys (partner_id, created_at);
  CREATE TABLE order_events (
    event_id INTEGER PRIMARY KEY,
    partner_id TEXT NOT NULL,
    environment TEXT NOT NULL CHECK (environment IN ('staging', 'production')),
    partner_order_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('create', 'add', 'remove', 'cancel')),
    delta_micro_climes INTEGER NOT NULL,
    micro_climes_after INTEGER NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX order_events_order ON order_events (partner_id, environment, partner_order_id, event_id);
  CREATE INDEX orders_listing ON orders (partner_id, environment, created_at);
  CREATE INDEX opt_ins_listing ON opt_ins (partner_id, environment, updated_at);
  CREATE INDEX jobs_partner ON jobs (partner_id, environment, created_at);
  CREATE TABLE dashboard_invites (
    token_hash TEXT PRIMARY KEY,
    partner_id TEXT NOT NULL REFERENCES partners (partner_id),
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
  );
  CREATE TABLE dashboard_passwords (
    partner_id TEXT PRIMARY KEY REFERENCES partners (partner_id),
    password_hash TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE TABLE dashboard_sessions (
    token_hash TEXT PRIMARY KEY,
    partner_id TEXT NOT NULL REFERENCES partners (partner_id),
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    revoked_at INTEGER
  );
  `,
];

/** Every statement the store runs. Lists of ids travel as one JSON array parameter. */
const sql = {
  ordersById: `SELECT * FROM orders WHERE partner_id = ? AND environment = ?
    AND partner_order_id IN (SELECT value FROM json_each(?))`,
  ordersByCart: `SELECT * FROM orders WHERE partner_id = ? AND environment = ?
    AND cart_id IN (SELECT value FROM json_each(?))`,
  order: `SELECT * FROM orders WHERE partner_id = ? AND environment = ? AND partner_order_id = ?`,
  insertOrder: `INSERT INTO orders (partner_id, environment, partner_order_id, variant, micro_climes,
    sent_order, cart_id, unlock_date, created_at, updated_at, cancelled_at)
    VALUES (@partnerId, @environment, @partnerOrderId, @variant, @microClimes,
    @sentOrder, @cartId, @unlockDate, @createdAt, @updatedAt, @cancelledAt)`,
  updateOrder: `UPDATE orders SET micro_climes = @microClimes, updated_at = @updatedAt, cancelled_at = @cancelledAt
    WHERE partner_id = @partnerId AND environment = @environment AND partner_order_id = @partnerOrderId`,
  upsertOptIn: `INSERT INTO opt_ins (partner_id, environment, cart_id, opted_in, micro_climes, updated_at)
    VALUES (@partnerId, @environment, @cartId, @optedIn, @microClimes, @updatedAt)
    ON CONFLICT (partner_id, environment, cart_id) DO UPDATE SET
    opted_in = excluded.opted_in, micro_climes = excluded.micro_climes, updated_at = excluded.updated_at`,
  optIn: `SELECT * FROM opt_ins WHERE partner_id = ? AND environment = ? AND cart_id = ?`,
  ensurePartner: `INSERT INTO partners (partner_id, created_at, updated_at) VALUES (?, ?, ?)
    ON CONFLICT (partner_id) DO NOTHING`,
  upsertApiKey: `INSERT INTO api_keys (key_hash, partner_id, environment, created_at, revoked_at)
    VALUES (@keyHash, @partnerId, @environment, @createdAt, NULL)
    ON CONFLICT (key_hash) DO UPDATE SET partner_id = excluded.partner_id,
    environment = excluded.environment, created_at = excluded.created_at, revoked_at = NULL`,
  apiKey: `SELECT * FROM api_keys WHERE key_hash = ?`,
  revokeApiKey: `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE key_hash = ?`,
  setEndpoint: `INSERT INTO partners (partner_id, result_url, result_secret, created_at, updated_at)
    VALUES (@partnerId, @url, @secret, @now, @now)
    ON CONFLICT (partner_id) DO UPDATE SET result_url = excluded.result_url,
    result_secret = excluded.result_secret, updated_at = excluded.updated_at`,
  endpoint: `SELECT result_url, result_secret FROM partners WHERE partner_id = ? AND result_url IS NOT NULL`,
  insertJob: `INSERT INTO jobs (job_id, partner_id, environment, request, state, attempts, created_at,
    updated_at, next_attempt_at) VALUES (@jobId, @partnerId, @environment, @request, 'queued', 0,
    @createdAt, @createdAt, @createdAt)`,
  dueJob: `SELECT * FROM jobs WHERE state IN ('queued', 'delivering') AND next_attempt_at <= @now
    AND (lease_expires_at IS NULL OR lease_expires_at <= @now)
    ORDER BY next_attempt_at, rowid LIMIT 1`,
  leaseJob: `UPDATE jobs SET state = 'delivering', lease_owner = @workerId, lease_expires_at = @leaseExpiresAt,
    updated_at = @now WHERE job_id = @jobId RETURNING *`,
  saveResults: `UPDATE jobs SET results = @results, updated_at = @now
    WHERE job_id = @jobId AND lease_owner = @workerId`,
  startAttempt: `UPDATE jobs SET attempts = attempts + 1, updated_at = @now
    WHERE job_id = @jobId AND lease_owner = @workerId`,
  recordAttempt: `UPDATE jobs SET lease_owner = NULL, lease_expires_at = NULL,
    updated_at = @at, state = @state, last_error = @lastError,
    next_attempt_at = COALESCE(@nextAttemptAt, next_attempt_at), delivered_at = COALESCE(@deliveredAt, delivered_at)
    WHERE job_id = @jobId AND lease_owner = @workerId`,
  job: `SELECT * FROM jobs WHERE job_id = ?`,
  listJobs: `SELECT * FROM jobs WHERE (@state IS NULL OR state = @state)
    ORDER BY created_at DESC, rowid LIMIT @limit`,
  retryJob: `UPDATE jobs SET state = 'queued', next_attempt_at = @now, lease_owner = NULL,
    lease_expires_at = NULL, updated_at = @now WHERE job_id = @jobId AND state <> 'delivered' RETURNING *`,
  // The partner dashboard (docs/dashboard.md).
  setKeyPrefix: `UPDATE api_keys SET prefix = ? WHERE key_hash = ?`,
  partnerKeys: `SELECT * FROM api_keys WHERE partner_id = ? ORDER BY created_at DESC, key_hash`,
  touchKey: `UPDATE api_keys SET last_used_at = ? WHERE key_hash = ?`,
  insertOrderEvent: `INSERT INTO order_events (partner_id, environment, partner_order_id, kind,
    delta_micro_climes, micro_climes_after, at) VALUES (@partnerId, @environment, @partnerOrderId, @kind,
    @deltaMicroClimes, @microClimesAfter, @at)`,
  orderEvents: `SELECT kind, delta_micro_climes, micro_climes_after, at FROM order_events
    WHERE partner_id = ? AND environment = ? AND partner_order_id = ? ORDER BY event_id`,
  listOrders: `SELECT * FROM orders WHERE partner_id = @partnerId AND environment = @environment
    AND (@variant IS NULL OR variant = @variant)
    AND (@state IS NULL
      OR (@state = 'cancelled' AND cancelled_at IS NOT NULL)
      OR (@state = 'unlocked' AND cancelled_at IS NULL AND unlock_date <= @now)
      OR (@state = 'locked' AND cancelled_at IS NULL AND unlock_date > @now))
    AND (@search IS NULL OR partner_order_id = @search OR cart_id = @search)
    ORDER BY created_at DESC, partner_order_id LIMIT @limit OFFSET @offset`,
  listOptIns: `SELECT * FROM opt_ins WHERE partner_id = @partnerId AND environment = @environment
    AND (@search IS NULL OR cart_id = @search)
    ORDER BY updated_at DESC, cart_id LIMIT @limit OFFSET @offset`,
  listPartnerJobs: `SELECT * FROM jobs WHERE partner_id = @partnerId AND environment = @environment
    AND (@state IS NULL OR state = @state)
    ORDER BY created_at DESC, job_id LIMIT @limit OFFSET @offset`,
  insertInvite: `INSERT INTO dashboard_invites (token_hash, partner_id, created_at, expires_at)
    VALUES (@tokenHash, @partnerId, @createdAt, @expiresAt)`,
  invite: `SELECT * FROM dashboard_invites WHERE token_hash = ?`,
  useInvite: `UPDATE dashboard_invites SET used_at = @now
    WHERE token_hash = @tokenHash AND used_at IS NULL AND expires_at > @now RETURNING partner_id`,
  setPassword: `INSERT INTO dashboard_passwords (partner_id, password_hash, updated_at) VALUES (?, ?, ?)
    ON CONFLICT (partner_id) DO UPDATE SET password_hash = excluded.password_hash, updated_at = excluded.updated_at`,
  password: `SELECT password_hash FROM dashboard_passwords WHERE partner_id = ?`,
  insertSession: `INSERT INTO dashboard_sessions (token_hash, partner_id, created_at, expires_at)
    VALUES (@tokenHash, @partnerId, @createdAt, @expiresAt)`,
  session: `SELECT * FROM dashboard_sessions WHERE token_hash = ?`,
  revokeSession: `UPDATE dashboard_sessions SET revoked_at = COALESCE(revoked_at, ?) WHERE token_hash = ?`,
} as const;

interface ApiKeySummaryRow extends ApiKeyRow {
  prefix: string | null;
  last_used_at: number | null;
}

interface OrderEventRow {
  kind: OrderEvent['kind'];
  delta_micro_climes: number;
  micro_climes_after: number;
  at: number;
}

interface InviteRow {
  token_hash: string;
  partner_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

interface SessionRow {
  token_hash: string;
  partner_id: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

/** The rows of a listing fetched with one extra row, as a page. */
function pageOf<Row, T>(rows: readonly Row[], limit: number, convert: (row: Row) => T): ListPage<T> {
  return { items: rows.slice(0, limit).map(convert), hasMore: rows.length > limit };
}

interface OrderRow {
  partner_id: string;
  environment: Environment;
  partner_order_id: string;
  variant: Variant;
  micro_climes: number;
  sent_order: string;
  cart_id: string | null;
  unlock_date: number;
  created_at: number;
  updated_at: number;
  cancelled_at: number | null;
}

interface OptInRow {
  partner_id: string;
  environment: Environment;
  cart_id: string;
  opted_in: 0 | 1;
  micro_climes: number;
  updated_at: number;
}

interface ApiKeyRow {
  key_hash: string;
  partner_id: string;
  environment: Environment;
  created_at: number;
  revoked_at: number | null;
}

interface JobRow {
  job_id: string;
  partner_id: string;
  environment: Environment;
  request: string;
  state: JobState;
  attempts: number;
  last_error: string | null;
  results: string | null;
  created_at: number;
  updated_at: number;
  next_attempt_at: number;
  lease_owner: string | null;
  lease_expires_at: number | null;
  delivered_at: number | null;
}

function orderFromRow(row: OrderRow): OrderRecord {
  return {
    partnerId: row.partner_id,
    environment: row.environment,
    variant: row.variant,
    partnerOrderId: row.partner_order_id,
    microClimes: row.micro_climes,
    order: JSON.parse(row.sent_order) as Order,
    cartId: row.cart_id,
    unlockDate: row.unlock_date,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    cancelledAt: row.cancelled_at,
  };
}

function orderToRow(record: OrderRecord): Record<string, unknown> {
  return {
    partnerId: record.partnerId,
    environment: record.environment,
    partnerOrderId: record.partnerOrderId,
    variant: record.variant,
    microClimes: record.microClimes,
    sentOrder: JSON.stringify(record.order),
    cartId: record.cartId,
    unlockDate: record.unlockDate,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    cancelledAt: record.cancelledAt,
  };
}

function optInFromRow(row: OptInRow): OptInRecord {
  return {
    partnerId: row.partner_id,
    environment: row.environment,
    cartId: row.cart_id,
    optedIn: row.opted_in === 1,
    microClimes: row.micro_climes,
    updatedAt: row.updated_at,
  };
}

function apiKeyFromRow(row: ApiKeyRow): ApiKeyRecord {
  return {
    keyHash: row.key_hash,
    partnerId: row.partner_id,
    environment: row.environment,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}

function jobFromRow(row: JobRow): JobRecord {
  return {
    jobId: row.job_id,
    partnerId: row.partner_id,
    environment: row.environment,
    request: JSON.parse(row.request) as unknown,
    state: row.state,
    attempts: row.attempts,
    lastError: row.last_error,
    results: row.results === null ? null : (JSON.parse(row.results) as Record<string, string>),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    nextAttemptAt: row.next_attempt_at,
    leaseOwner: row.lease_owner,
    leaseExpiresAt: row.lease_expires_at,
    deliveredAt: row.delivered_at,
  };
}

/** The row of an order's history event. */
function eventRow(record: OrderRecord, kind: OrderEvent['kind'], deltaMicroClimes: number, at: number): Record<string, unknown> {
  return {
    partnerId: record.partnerId,
    environment: record.environment,
    partnerOrderId: record.partnerOrderId,
    kind,
    deltaMicroClimes,
    microClimesAfter: record.microClimes,
    at,
  };
}

/** The columns `recordAttempt` writes for each outcome (the lease is released in every case). */
function attemptColumns(outcome: AttemptOutcome): Record<string, unknown> {
  if (outcome.delivered) {
    return { at: outcome.at, state: 'delivered', lastError: null, nextAttemptAt: null, deliveredAt: outcome.at };
  }
  const state: JobState = outcome.nextAttemptAt === null ? 'failed' : 'queued';
  return { at: outcome.at, state, lastError: outcome.error, nextAttemptAt: outcome.nextAttemptAt, deliveredAt: null };
}

/**
 * Durability and locking: WAL lets readers run beside one writer; `synchronous = FULL` syncs the
 * log on every commit, so an acknowledged write survives a power loss, not only a process crash.
 */
function configure(db: Database.Database, busyTimeoutMs: number): void {
  // First, so that every later statement waits for another process's lock instead of failing.
  db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
}

/** Applies the missing migrations in order, under the write lock, so that concurrent opens agree. */
function migrate(db: Database.Database): void {
  db.transaction(() => {
    db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)');
    const row = db.prepare('SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations').get() as {
      version: number;
    };
    const record = db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)');
    migrations.forEach((migration, index) => {
      const version = index + 1;
      if (version <= row.version) return;
      db.exec(migration);
      record.run(version, Date.now());
    });
  }).immediate();
}

/**
 * Opens (creating and migrating when needed) a {@link Store} in a SQLite file. Every write is
 * durable (WAL, `synchronous = FULL`) before its promise resolves, and every read-modify-write runs
 * the order machine inside one `BEGIN IMMEDIATE` transaction, so several processes may share the
 * file without losing an update.
 *
 * @example
 * ```ts
 * import { openSqliteStore } from 'truecost/stores/sqlite';
 * const store = await openSqliteStore({ path: './truecost.db' });
 * // ... use it, then:
 * await store.close();
 * ```
 * @remarks Since 0.1.0
 */
export async function openSqliteStore(options: SqliteStoreOptions): Promise<Store> {
  const db = new Database(options.path);
  try {
    configure(db, options.busyTimeoutMs ?? 5000);
    migrate(db);
    return createSqliteStore(db);
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * The key version of the store: a counter bumped by this connection's own key writes and whenever
 * `PRAGMA data_version` moves, which it does when any other connection (another process sharing the
 * file) commits. One cheap read per request; undefined once the database is closed.
 */
function keyChangeSignal(db: Database.Database): { bump(): void; read(): number | undefined } {
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  let seen = dataVersion.get();
  let version = 0;
  return {
    bump() {
      version += 1;
    },
    read() {
      if (!db.open) return undefined;
      const current = dataVersion.get();
      if (current !== seen) {
        seen = current;
        version += 1;
      }
      return version;
    },
  };
}

function createSqliteStore(db: Database.Database): Store {
  const statement = Object.fromEntries(
    Object.entries(sql).map(([name, text]) => [name, db.prepare(text)]),
  ) as Record<keyof typeof sql, Database.Statement>;
  const keysVersion = keyChangeSignal(db);

  const createOrders = db.transaction(
    (scope: Scope, variant: Variant, batch: readonly Order[], now: number): CreatePlan => {
      const lookups = createLookups(variant, batch);
      const byId = new Map<string, OrderRecord>();
      const idRows = statement.ordersById.all(scope.partnerId, scope.environment, JSON.stringify(lookups.partnerOrderIds));
      for (const row of idRows as OrderRow[]) byId.set(row.partner_order_id, orderFromRow(row));
      const byCart = new Map<string, OrderRecord>();
      if (lookups.cartIds.length > 0) {
        const cartRows = statement.ordersByCart.all(scope.partnerId, scope.environment, JSON.stringify(lookups.cartIds));
        for (const row of cartRows as OrderRow[]) if (row.cart_id !== null) byCart.set(row.cart_id, orderFromRow(row));
      }
      const plan = planCreate(scope, variant, batch, { byId, byCart }, now);
      if (plan.ok) {
        for (const record of plan.inserts) {
          statement.insertOrder.run(orderToRow(record));
          statement.insertOrderEvent.run(eventRow(record, 'create', record.microClimes, now));
        }
      }
      return plan;
    },
  );

  const changeOrder = db.transaction(
    (scope: Scope, variant: Variant, partnerOrderId: string, change: OrderChange, now: number): ChangeOutcome => {
      const row = statement.order.get(scope.partnerId, scope.environment, partnerOrderId) as OrderRow | undefined;
      const outcome = applyChange(row === undefined ? undefined : orderFromRow(row), variant, change, now);
      if (outcome.ok && row !== undefined) {
        statement.updateOrder.run(orderToRow(outcome.record));
        const delta = outcome.record.microClimes - row.micro_climes;
        statement.insertOrderEvent.run(eventRow(outcome.record, change.kind, delta, now));
      }
      return outcome;
    },
  );

  const addApiKey = db.transaction(({ prefix, ...record }: Omit<ApiKeyRecord, 'revokedAt'> & { readonly prefix?: string }): void => {
    statement.ensurePartner.run(record.partnerId, record.createdAt, record.createdAt);
    statement.upsertApiKey.run(record);
    statement.setKeyPrefix.run(prefix ?? null, record.keyHash);
  });

  const createInvite = db.transaction((invite: Omit<InviteRecord, 'usedAt'>): void => {
    statement.ensurePartner.run(invite.partnerId, invite.createdAt, invite.createdAt);
    statement.insertInvite.run(invite);
  });

  const redeemInvite = db.transaction((tokenHash: string, passwordHash: string, now: number): string | undefined => {
    const used = statement.useInvite.get({ tokenHash, now }) as { partner_id: string } | undefined;
    if (used === undefined) return undefined;
    statement.setPassword.run(used.partner_id, passwordHash, now);
    return used.partner_id;
  });

  const claimJob = db.transaction((workerId: string, now: number, leaseMs: number): JobRecord | undefined => {
    const due = statement.dueJob.get({ now }) as JobRow | undefined;
    if (due === undefined) return undefined;
    const leased = statement.leaseJob.get({ jobId: due.job_id, workerId, now, leaseExpiresAt: now + leaseMs });
    return jobFromRow(leased as JobRow);
  });

  return {
    async createOrders(scope, variant, batch, now) {
      return createOrders.immediate(scope, variant, batch, now);
    },

    async changeOrder(scope, variant, partnerOrderId, change, now) {
      return changeOrder.immediate(scope, variant, partnerOrderId, change, now);
    },

    async getOrder(scope: Scope, partnerOrderId: string): Promise<OrderRecord | undefined> {
      const row = statement.order.get(scope.partnerId, scope.environment, partnerOrderId) as OrderRow | undefined;
      return row === undefined ? undefined : orderFromRow(row);
    },

    async saveOptIn(scope: Scope, request: OptInRequest, now: number): Promise<OptInRecord> {
      const record = planOptIn(scope, request, now);
      statement.upsertOptIn.run({ ...record, optedIn: record.optedIn ? 1 : 0 });
      return record;
    },

    async getOptIn(scope: Scope, cartId: string): Promise<OptInRecord | undefined> {
      const row = statement.optIn.get(scope.partnerId, scope.environment, cartId) as OptInRow | undefined;
      return row === undefined ? undefined : optInFromRow(row);
    },

    async addApiKey(record) {
      addApiKey.immediate(record);
      keysVersion.bump();
    },

    async findApiKey(keyHash: string): Promise<ApiKeyRecord | undefined> {
      const row = statement.apiKey.get(keyHash) as ApiKeyRow | undefined;
      return row === undefined ? undefined : apiKeyFromRow(row);
    },

    async revokeApiKey(keyHash: string, now: number): Promise<boolean> {
      const revoked = statement.revokeApiKey.run(now, keyHash).changes > 0;
      keysVersion.bump();
      return revoked;
    },

    apiKeysVersion(): number | undefined {
      return keysVersion.read();
    },

    async setResultEndpoint(partnerId: string, endpoint: ResultEndpoint, now: number): Promise<void> {
      statement.setEndpoint.run({ partnerId, url: endpoint.url, secret: endpoint.secret, now });
    },

    async getResultEndpoint(partnerId: string): Promise<ResultEndpoint | undefined> {
      const row = statement.endpoint.get(partnerId) as { result_url: string; result_secret: string } | undefined;
      return row === undefined ? undefined : { url: row.result_url, secret: row.result_secret };
    },

    async enqueueJob(job): Promise<void> {
      statement.insertJob.run({
        jobId: job.jobId,
        partnerId: job.partnerId,
        environment: job.environment,
        request: JSON.stringify(job.request),
        createdAt: job.createdAt,
      });
    },

    async claimJob(workerId: string, now: number, leaseMs: number): Promise<JobRecord | undefined> {
      return claimJob.immediate(workerId, now, leaseMs);
    },

    async saveJobResults(jobId, workerId, results, now): Promise<boolean> {
      return statement.saveResults.run({ jobId, workerId, results: JSON.stringify(results), now }).changes > 0;
    },

    async startAttempt(jobId: string, workerId: string, now: number): Promise<boolean> {
      return statement.startAttempt.run({ jobId, workerId, now }).changes > 0;
    },

    async recordAttempt(jobId: string, workerId: string, outcome: AttemptOutcome): Promise<boolean> {
      return statement.recordAttempt.run({ jobId, workerId, ...attemptColumns(outcome) }).changes > 0;
    },

    async getJob(scope: Scope, jobId: string): Promise<JobRecord | undefined> {
      const row = statement.job.get(jobId) as JobRow | undefined;
      if (row === undefined || row.partner_id !== scope.partnerId || row.environment !== scope.environment) return undefined;
      return jobFromRow(row);
    },

    async listJobs(filter: { readonly state?: JobState; readonly limit?: number }): Promise<JobRecord[]> {
      const rows = statement.listJobs.all({ state: filter.state ?? null, limit: filter.limit ?? DEFAULT_JOB_LIST_LIMIT });
      return (rows as JobRow[]).map(jobFromRow);
    },

    async retryJob(jobId: string, now: number): Promise<JobRecord | undefined> {
      const queued = statement.retryJob.get({ jobId, now }) as JobRow | undefined;
      if (queued !== undefined) return jobFromRow(queued);
      const row = statement.job.get(jobId) as JobRow | undefined;
      return row === undefined ? undefined : jobFromRow(row);
    },

    // -------------------------------------------------------------------------------------------
    // The partner dashboard (docs/dashboard.md).
    // -------------------------------------------------------------------------------------------

    async listApiKeys(partnerId: string): Promise<ApiKeySummary[]> {
      return (statement.partnerKeys.all(partnerId) as ApiKeySummaryRow[]).map((row) => ({
        ...apiKeyFromRow(row),
        prefix: row.prefix,
        lastUsedAt: row.last_used_at,
      }));
    },

    async touchApiKey(keyHash: string, now: number): Promise<void> {
      statement.touchKey.run(now, keyHash);
    },

    async listOrders(partnerId, query): Promise<ListPage<OrderRecord>> {
      const rows = statement.listOrders.all({
        partnerId,
        environment: query.environment,
        variant: query.variant ?? null,
        state: query.state ?? null,
        search: query.search ?? null,
        now: query.now,
        limit: query.limit + 1,
        offset: query.offset,
      }) as OrderRow[];
      return pageOf(rows, query.limit, orderFromRow);
    },

    async listOptIns(partnerId, query): Promise<ListPage<OptInRecord>> {
      const rows = statement.listOptIns.all({
        partnerId,
        environment: query.environment,
        search: query.search ?? null,
        limit: query.limit + 1,
        offset: query.offset,
      }) as OptInRow[];
      return pageOf(rows, query.limit, optInFromRow);
    },

    async orderHistory(scope: Scope, partnerOrderId: string): Promise<OrderEvent[]> {
      const rows = statement.orderEvents.all(scope.partnerId, scope.environment, partnerOrderId) as OrderEventRow[];
      return rows.map((row) => ({
        kind: row.kind,
        deltaMicroClimes: row.delta_micro_climes,
        microClimesAfter: row.micro_climes_after,
        at: row.at,
      }));
    },

    async listPartnerJobs(scope: Scope, query): Promise<ListPage<JobRecord>> {
      const rows = statement.listPartnerJobs.all({
        partnerId: scope.partnerId,
        environment: scope.environment,
        state: query.state ?? null,
        limit: query.limit + 1,
        offset: query.offset,
      }) as JobRow[];
      return pageOf(rows, query.limit, jobFromRow);
    },

    async createInvite(invite): Promise<void> {
      createInvite.immediate(invite);
    },

    async findInvite(tokenHash: string): Promise<InviteRecord | undefined> {
      const row = statement.invite.get(tokenHash) as InviteRow | undefined;
      if (row === undefined) return undefined;
      return { tokenHash: row.token_hash, partnerId: row.partner_id, createdAt: row.created_at, expiresAt: row.expires_at, usedAt: row.used_at };
    },

    async redeemInvite(tokenHash: string, passwordHash: string, now: number): Promise<string | undefined> {
      return redeemInvite.immediate(tokenHash, passwordHash, now);
    },

    async getPasswordHash(partnerId: string): Promise<string | undefined> {
      return (statement.password.get(partnerId) as { password_hash: string } | undefined)?.password_hash;
    },

    async createSession(session): Promise<void> {
      statement.insertSession.run(session);
    },

    async findSession(tokenHash: string): Promise<SessionRecord | undefined> {
      const row = statement.session.get(tokenHash) as SessionRow | undefined;
      if (row === undefined) return undefined;
      return { tokenHash: row.token_hash, partnerId: row.partner_id, createdAt: row.created_at, expiresAt: row.expires_at, revokedAt: row.revoked_at };
    },

    async revokeSession(tokenHash: string, now: number): Promise<void> {
      statement.revokeSession.run(now, tokenHash);
    },

    async close(): Promise<void> {
      db.close();
    },

    async ping(): Promise<void> {
      // Reads a table, so that a closed or unreadable file fails, not only a closed handle.
      db.prepare('SELECT 1 FROM schema_migrations LIMIT 1').get();
    },
  };
}
