/**
 * truecost/stores/postgres: a durable store in PostgreSQL, through `pg` (an optional peer
 * dependency). Any number of processes may share one database: order changes write only if the
 * row is unchanged since they read it (locking it after repeated lost races), creates rely on
 * unique indexes and run again after losing a race, and job claims skip rows other workers hold.
 *
 * @packageDocumentation
 */
import pg from 'pg';
import type { JobRecord, Store } from '../orders/store.js';
import { postgresDialect } from './postgres/dialect.js';
import { postgresIdempotency } from './postgres/idempotency.js';
import { listenForKeyChanges, pollKeyChanges, type KeyChanges } from './postgres/key-changes.js';
import { postgresOrderWrites } from './postgres/orders.js';
import { postgresEventTransactions } from './postgres/events.js';
import { sqlEventMethods } from './sql/events.js';
import { sqlCalculationReads } from './sql/calculations.js';
import { postgresCalculationWrites } from './postgres/calculations.js';
import { sqlProfileMethods } from './sql/profiles.js';
import { KEY_CHANNEL, postgresRunner } from './postgres/statements.js';
import { inTransaction, type PostgresDatabase } from './postgres/transactions.js';
import { preparedStatementFailure } from './postgres/prepared-statements.js';
import { postgresUnavailability } from './postgres/unavailable.js';
import { classifyingFailures } from '../orders/unavailable.js';
import { planOptIn } from '../orders/machine.js';
import { migrate } from './postgres/migrate.js';
import { sharedStoreMethods, SIGN_IN_PRUNE_BATCH } from './sql/queries.js';
import { jobColumns, type JobRow } from './sql/rows.js';

/** Where the PostgreSQL store keeps its data. */
export interface PostgresStoreOptions {
  /**
   * A `postgres://` URL: PostgreSQL itself, or a connection pooler in front of it, PgBouncer in
   * transaction mode included (the store sends no startup parameter and keeps no state on a
   * connection between transactions; docs/operations.md, "PgBouncer").
   */
  readonly connectionString: string;
  /**
   * A `postgres://` URL straight to PostgreSQL (not through a transaction-pooling proxy) on which
   * one connection LISTENs for key changes, so that every process learns of a key added or
   * revoked at once. Without it the store polls a counter every `keyPollIntervalMs` instead.
   * @remarks Since 0.3.0
   */
  readonly listenConnectionString?: string;
  /**
   * Without `listenConnectionString`: how often the store reads the key change counter, in
   * milliseconds (default 1000); `revokeApiKey` resolves this long (and 250 ms) after its commit.
   * @remarks Since 0.3.0
   */
  readonly keyPollIntervalMs?: number;
  /** The schema holding the tables, created when missing (default `public`). Lower-case letters, digits and underscores. */
  readonly schema?: string;
  /**
   * Whether statements are named, so that each connection parses and plans each once (default
   * true). False for a transaction-pooling proxy that keeps no prepared statements: PgBouncer before
   * 1.21, or later with `max_prepared_statements = 0` (docs/operations.md, "PgBouncer").
   * @remarks Since 0.3.0
   */
  readonly preparedStatements?: boolean;
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
  /**
   * Longest a statement may run, in milliseconds (default 5000): the
   * server cancels it (`statement_timeout`), and the driver gives up on a server that does not
   * answer at all 1 s later, dropping the connection. The call then fails with a
   * `StoreUnavailableError`. Migrations, run when the store opens, are not bounded.
   */
  readonly queryTimeoutMs?: number;
  /** Longest wait for a pooled connection, opening it included, in milliseconds (default 5000). */
  readonly connectTimeoutMs?: number;
}

/**
 * How many conditional writes `changeOrder` tries, each after a fresh read, before it locks the row:
 * losing this many races in a row means heavy contention, where waiting for the lock is cheaper.
 */
const OPTIMISTIC_ATTEMPTS = 8;
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** How long waiting for a pooled connection, opening it included, may take before the call that needed it fails. */
const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
/** How long a statement may run before the server cancels it (`statement_timeout`). */
const DEFAULT_QUERY_TIMEOUT_MS = 5_000;
/** How much longer than the statement's bound the driver waits for a server that does not answer at all. */
const QUERY_TIMEOUT_MARGIN_MS = 1_000;
/** Idle time after which TCP keepalive probes a connection, so that a vanished server is noticed. */
const KEEPALIVE_INITIAL_DELAY_MS = 5_000;
/** How often a store that does not LISTEN reads the key change counter. */
const DEFAULT_KEY_POLL_INTERVAL_MS = 1_000;
/** How long `ping` waits for `SELECT 1`, connecting included, before it reports the database down. */
const PING_TIMEOUT_MS = 2_000;

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
  const pollMs = options.keyPollIntervalMs ?? DEFAULT_KEY_POLL_INTERVAL_MS;
  if (!(pollMs >= 1 && Number.isFinite(pollMs))) throw new RangeError(`keyPollIntervalMs must be a number of milliseconds, at least 1 (got ${pollMs}).`);
  const queryTimeoutMs = options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
  const connection: pg.PoolConfig = {
    connectionString: options.connectionString,
    // A connection attempt the server never answers would hold its pool slot for good.
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    // A server that vanished (a failover, a cut network) is noticed on idle connections too.
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_INITIAL_DELAY_MS,
  };
  try {
    await migrate(connection, schema);
  } catch (error) {
    throw postgresUnavailability(error) ?? error;
  }
  const pool = new pg.Pool({
    ...connection,
    max: options.poolSize ?? 10,
    // The driver gives up on a server that says nothing (frozen, or cut off) a little after the
    // statement bound each transaction sets, and the pool then drops that connection.
    query_timeout: queryTimeoutMs + QUERY_TIMEOUT_MARGIN_MS,
  });
  // An idle connection that dies is dropped by the pool; the next query opens a new one. One that
  // dies while checked out (between two queries of a transaction, in an outage or behind a cut
  // proxy) reports through its queries' rejections: its own 'error' event, which the pool listens
  // to only while the connection is idle, must not end the process.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  // The server cancels a statement past its bound (statement_timeout, set in each transaction).
  const database: PostgresDatabase = { pool, schema, statementTimeoutMs: queryTimeoutMs, namedStatements: options.preparedStatements ?? true };
  const keyChanges =
    options.listenConnectionString === undefined
      ? await pollKeyChanges(database, schema, pollMs)
      : await listenForKeyChanges(options.listenConnectionString, schema);
  // A database away, slow or full: StoreUnavailableError (503 or 507); statements lost behind a pooler: the setting to add.
  return classifyingFailures(createPostgresStore(database, options, keyChanges), (error) => postgresUnavailability(error) ?? preparedStatementFailure(error));
}

function createPostgresStore(database: PostgresDatabase, options: PostgresStoreOptions, keyChanges: KeyChanges): Store {
  const { pool } = database;
  const runner = postgresRunner(database);
  const { methods, rows } = sharedStoreMethods(runner, postgresDialect);
  const { guarded, ...idempotency } = postgresIdempotency(database);
  const orderWrites = postgresOrderWrites(
    database,
    rows,
    {
      optimisticAttempts: options.optimisticAttempts ?? OPTIMISTIC_ATTEMPTS,
      ...(options.onLockedFallback === undefined ? {} : { onLockedFallback: options.onLockedFallback }),
    },
    guarded,
  );

  /**
   * Runs `write` in a transaction that announces a key change (a notice for the listening stores,
   * the counter for the polling ones), and resolves once the other processes have it.
   */
  async function announcingKeyChange<T>(change: 'added' | 'revoked', write: (tx: ReturnType<typeof postgresRunner>) => Promise<T>): Promise<T> {
    const announcement = keyChanges.announce(change);
    const result = await inTransaction(database, async (client) => {
      const tx = postgresRunner(client);
      const written = await write(tx);
      await tx.run('countKeyChange', {});
      await tx.run('notifyKeys', { channel: KEY_CHANNEL, notice: announcement.notice });
      return written;
    });
    await announcement.committed();
    return result;
  }

  const { deliveryOf, ...events } = sqlEventMethods(runner, postgresDialect.decode, rows);
  return {
    ...methods,
    ...orderWrites,
    ...idempotency,
    // Order events (./sql/events.ts, ./postgres/events.ts).
    ...events,
    ...postgresEventTransactions(database, rows, deliveryOf),
    // Recorded calculations (./sql/calculations.ts, ./postgres/calculations.ts).
    ...sqlCalculationReads(runner, postgresDialect.decode),
    ...postgresCalculationWrites(database, guarded),
    // Partners' profiles and project catalogues (./sql/profiles.ts).
    ...sqlProfileMethods(runner, postgresDialect),

    async saveOptIn(scope, request, now, guard) {
      if (guard === undefined) return methods.saveOptIn(scope, request, now);
      return guarded(guard, async (client) => {
        const record = planOptIn(scope, request, now);
        await postgresRunner(client).run('upsertOptIn', { ...record, optedIn: postgresDialect.encodeBoolean(record.optedIn) });
        return record;
      });
    },

    async enqueueJob(job, guard) {
      if (guard === undefined) return methods.enqueueJob(job);
      await guarded(guard, async (client) => {
        await postgresRunner(client).run('insertJob', jobColumns(job));
      });
    },

    async addApiKey(record) {
      await announcingKeyChange('added', async (tx) => {
        await tx.run('ensurePartner', { partnerId: record.partnerId, now: record.createdAt });
        await tx.run('upsertApiKey', record);
        await tx.run('setKeyPrefix', { keyHash: record.keyHash, prefix: record.prefix ?? null });
      });
    },

    async revokeApiKey(keyHash: string, now: number): Promise<boolean> {
      return announcingKeyChange('revoked', async (tx) => (await tx.run('revokeApiKey', { keyHash, now })) > 0);
    },

    apiKeysVersion(): number | undefined {
      return keyChanges.version();
    },

    async claimJob(workerId: string, now: number, leaseMs: number): Promise<JobRecord | undefined> {
      const row = await runner.get<JobRow>('claimJob', { workerId, now, leaseExpiresAt: now + leaseMs });
      return row === undefined ? undefined : rows.job(row);
    },

    async createInvite(invite): Promise<void> {
      await inTransaction(database, async (client) => {
        const tx = postgresRunner(client);
        await tx.run('ensurePartner', { partnerId: invite.partnerId, now: invite.createdAt });
        await tx.run('insertInvite', invite);
      });
    },

    async redeemInvite(tokenHash: string, passwordHash: string, now: number): Promise<string | undefined> {
      return inTransaction(database, async (client) => {
        const tx = postgresRunner(client);
        const used = await tx.get<{ partner_id: string }>('useInvite', { tokenHash, now });
        if (used === undefined) return undefined;
        await tx.run('setPassword', { partnerId: used.partner_id, passwordHash, now });
        return used.partner_id;
      });
    },

    async recordSignInFailures(keys, now, windowMs): Promise<void> {
      // One upsert counts every key atomically (concurrent ones wait for the row's lock); the
      // cleanup after it needs no transaction, as it deletes only windows that have ended.
      await runner.run('countSignInFailures', { keys: postgresDialect.encodeTextList(keys), now, windowEnds: now + windowMs });
      await runner.run('pruneSignInFailures', { now, limit: SIGN_IN_PRUNE_BATCH });
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
