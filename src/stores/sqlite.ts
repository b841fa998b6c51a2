/**
 * truecost/stores/sqlite: a durable store in one SQLite file, through better-sqlite3 (an optional
 * peer dependency). Several processes may open the same file: every read-modify-write runs in one
 * `BEGIN IMMEDIATE` transaction, which holds the file's write lock from its first read.
 *
 * @packageDocumentation
 */
import { closeSync, fsync, fsyncSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Store } from '../orders/store.js';
import { migrationsOf, migrationsTableSql } from './sql/migrations.js';
import { sharedStoreMethods } from './sql/queries.js';
import { rateTakeOf, takeParameters, type RateTakeRow } from './sql/rate-limit.js';
import { sqliteDialect } from './sqlite/dialect.js';
import { groupCommit } from './sqlite/group-commit.js';
import { SYNC_BUSY_WAIT_MS, withSqliteFaults } from './sqlite/faults.js';
import { keyChangeSignal, openWalIndexHeader } from './sqlite/key-signal.js';
import { sqliteRunner } from './sqlite/statements.js';
import { sqliteTransactions } from './sqlite/transactions.js';
import { sqliteEventTransactions } from './sqlite/events.js';
import { sqlEventMethods } from './sql/events.js';
import { sqlCalculationReads } from './sql/calculations.js';
import { sqliteCalculationWrites } from './sqlite/calculations.js';
import { sqlProfileMethods } from './sql/profiles.js';

/** Where the SQLite store keeps its data. */
export interface SqliteStoreOptions {
  /** The database file, created when missing. */
  readonly path: string;
  /**
   * How long a write waits for another connection's lock before failing with a
   * `StoreUnavailableError`, in ms (default 5000). The wait is spent on timers, not inside SQLite,
   * so the event loop keeps running (`sqlite/faults.ts`).
   */
  readonly busyTimeoutMs?: number;
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
  // Each order write of a group commit runs in a savepoint (./sqlite/group-commit.ts), whose
  // statement journal SQLite otherwise writes to a temporary file, page by page. It only undoes a
  // savepoint inside an open transaction, never recovers after a crash, so memory holds it.
  db.pragma('temp_store = MEMORY');
  // A changed or deleted row's old bytes are zeroed where that costs no extra I/O: an erased
  // customer's data does not linger in the page that held it (docs/operations.md).
  db.pragma('secure_delete = FAST');
}

/** Applies the missing migrations (./sql/migrations.ts) in order, under the write lock, so that concurrent opens agree. */
function migrate(db: Database.Database): void {
  db.transaction(() => {
    db.exec(migrationsTableSql(sqliteDialect));
    const row = db.prepare('SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations').get() as {
      version: number;
    };
    const record = db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)');
    migrationsOf(sqliteDialect).forEach((migration, index) => {
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
 * file without losing an update. The order writes asked for during one turn of the event loop share
 * one transaction and one flush of the log, each in a savepoint of its own (docs/stores.md, "Durability").
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
    const lockWaitMs = options.busyTimeoutMs ?? 5000;
    // Opening may wait inside SQLite: nothing is served yet.
    configure(db, lockWaitMs);
    migrate(db);
    // From now on a statement waits a few milliseconds at most; the store retries on timers.
    db.pragma(`busy_timeout = ${SYNC_BUSY_WAIT_MS}`);
    return withSqliteFaults(createSqliteStore(db), db, options.path, lockWaitMs);
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * A descriptor of the database's log (its `-wal` file), for the group commit's own sync of it
 * (./sqlite/group-commit.ts), or undefined when the database keeps no log file (in memory). The
 * file lives as long as this connection is open.
 */
function openLog(db: Database.Database): number | undefined {
  if (db.memory || db.pragma('journal_mode', { simple: true }) !== 'wal') return undefined;
  return openSync(`${db.name}-wal`, 'r');
}

function createSqliteStore(db: Database.Database): Store {
  const runner = sqliteRunner(db);
  // After configure and migrate: the connection is in WAL mode and has its -shm file open.
  const keysVersion = keyChangeSignal(db, openWalIndexHeader(db));
  const { methods, rows } = sharedStoreMethods(runner, sqliteDialect);
  const logFd = openLog(db);
  const orderWrites = groupCommit(
    db,
    logFd === undefined ? undefined : { sync: (done) => fsync(logFd, done), syncNow: () => fsyncSync(logFd) },
  );
  const transactions = sqliteTransactions(db, runner, rows, orderWrites);
  // A rate limit's take commits without a sync of the log (docs/http.md, "Rate limits"): in WAL
  // mode a crash may lose the last takes, never corrupt the file, and a lost take only leaves a
  // bucket fuller; the next order write's sync covers it. On this connection, between group
  // commits, so that the take moves no key version (a commit by another connection would).
  const [unsynced, synced] = [db.prepare('PRAGMA synchronous = NORMAL'), db.prepare('PRAGMA synchronous = FULL')];
  function takeRateToken(parameters: Record<string, unknown>): RateTakeRow {
    unsynced.run();
    try {
      return runner.get<RateTakeRow>('takeRateToken', parameters)!;
    } finally {
      synced.run();
    }
  }
  const { deliveryOf: _deliveryOf, ...events } = sqlEventMethods(runner, sqliteDialect.decode, rows);
  return {
    ...methods,
    ...transactions,
    // Order events (./sql/events.ts, ./sqlite/events.ts).
    ...events,
    ...sqliteEventTransactions(db, runner, rows),
    // Recorded calculations (./sql/calculations.ts, ./sqlite/calculations.ts).
    ...sqlCalculationReads(runner, sqliteDialect.decode),
    ...sqliteCalculationWrites(db, runner, orderWrites),
    // Partners' profiles and project catalogues (./sql/profiles.ts).
    ...sqlProfileMethods(runner, sqliteDialect),

    takeRateToken: async (key, bucket, now) => rateTakeOf(takeRateToken(takeParameters(key, bucket, now))),

    async eraseCustomer(scope, partnerOrderId) {
      const erased = await methods.eraseCustomer(scope, partnerOrderId);
      // The log still holds the page as it was before; copied into the file and truncated, it
      // holds nothing. Another connection reading may hold the checkpoint back: the next one does it.
      if (erased) db.pragma('wal_checkpoint(TRUNCATE)');
      return erased;
    },

    async addApiKey(record) {
      await transactions.addApiKey(record);
      keysVersion.bump();
    },

    async revokeApiKey(keyHash: string, now: number): Promise<boolean> {
      const revoked = runner.run('revokeApiKey', { keyHash, now }) > 0;
      keysVersion.bump();
      return revoked;
    },

    apiKeysVersion(): number | undefined {
      return keysVersion.read();
    },

    async close(): Promise<void> {
      orderWrites.flush();
      db.close();
      if (logFd !== undefined) closeSync(logFd);
      keysVersion.close();
    },

    async ping(): Promise<void> {
      // Reads a table, so that a closed or unreadable file fails, not only a closed handle.
      db.prepare('SELECT 1 FROM schema_migrations LIMIT 1').get();
    },
  };
}
