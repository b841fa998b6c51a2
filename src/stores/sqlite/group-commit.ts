// Group commit for the SQLite store's order writes (docs/stores.md, "Durability"): the writes asked
// for during one turn of the event loop run together, once the turn's I/O callbacks are done, in
// one `BEGIN IMMEDIATE` transaction, so that they share one sync of the log instead of one each.
// Each write runs in a savepoint of its own (better-sqlite3 nests a transaction function called
// inside a transaction as a savepoint): a write that throws is undone alone and only its caller is
// refused. No caller hears of its write before the log holding it is on disk, as with a commit per
// write.
//
// The sync of the log: in WAL mode the group commits without it (`synchronous = NORMAL` for that
// commit), and the store's own `fsync` of the log file then runs on libuv's thread pool, off the
// event loop, which meanwhile parses the next requests and commits the next group. The callers of
// a group are answered once an fsync that began after their commit has ended; the groups that
// commit while one runs share the next. Without a log file (not WAL mode) the commit syncs itself.
import type Database from 'better-sqlite3';
import { StoreUnavailableError } from '../../orders/unavailable.js';

/** What is waiting for the next commit. */
interface Waiting {
  readonly work: () => unknown;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/** How one write of a group ended: its value, or what it threw. */
interface Outcome {
  readonly ok: boolean;
  readonly value: unknown;
}

/** The writes of a turn, run in one transaction. */
export interface GroupCommit {
  /** Runs `work` (a better-sqlite3 transaction function) in the next group, and settles once that group is on disk. */
  run<T>(work: () => T): Promise<T>;
  /** Commits what is waiting now and syncs the log before returning, settling every caller (before closing the database). */
  flush(): void;
}

/** Settles a group's callers once the log is synced, or refuses those whose write succeeded when it could not be. */
type Settle = (syncError: Error | null) => void;

/** The sync of the database's log file, done by the group commit instead of by SQLite's commit. */
export interface LogSync {
  /** Syncs the log off the event loop (`fs.fsync` of the `-wal` file), then calls `done`. */
  sync(done: (error: Error | null) => void): void;
  /** Syncs the log now (`fs.fsyncSync`), throwing when it cannot. */
  syncNow(): void;
}

/**
 * Group commit on `db`: a group runs in a `setImmediate`, once the turn's I/O is done. `log`, the
 * sync of the database's `-wal` file, moves the log's sync off the event loop; without it each
 * group's commit syncs the log itself (`synchronous = FULL`).
 */
export function groupCommit(db: Database.Database, log?: LogSync): GroupCommit {
  let waiting: Waiting[] = [];
  const commitAll = db.transaction((group: readonly Waiting[]): Outcome[] =>
    group.map(({ work }) => {
      try {
        return { ok: true, value: work() };
      } catch (error) {
        // An error that ended the whole transaction (SQLite rolls back on some, e.g. a full disk)
        // ends the group: nothing of it is committed.
        if (!db.inTransaction) throw error;
        return { ok: false, value: error };
      }
    }),
  );
  const [unsynced, synced] = [db.prepare('PRAGMA synchronous = NORMAL'), db.prepare('PRAGMA synchronous = FULL')];

  // The groups whose fsync runs, and those committed since it began, answered by the next one.
  let inSync: Settle[] = [];
  let afterNextSync: Settle[] = [];

  function startSync(sync: LogSync['sync']): void {
    inSync = afterNextSync;
    afterNextSync = [];
    const settles = inSync;
    sync((error) => {
      // A flush (the store's close) may have synced and settled them already.
      if (inSync !== settles) return;
      inSync = [];
      if (afterNextSync.length > 0) startSync(sync);
      for (const settle of settles) settle(error);
    });
  }

  /** Commits the waiting group; returns how to settle its callers, or undefined once they are refused. */
  function commitWaiting(): Settle | undefined {
    const group = waiting;
    if (group.length === 0) return undefined;
    waiting = [];
    let outcomes: Outcome[];
    try {
      if (log === undefined) outcomes = commitAll.immediate(group);
      else {
        unsynced.run();
        try {
          outcomes = commitAll.immediate(group);
        } finally {
          synced.run();
        }
      }
    } catch (error) {
      // Nothing of the group was committed (no lock, a failed commit, a closed database).
      for (const { reject } of group) reject(error);
      return undefined;
    }
    return (syncError) => {
      group.forEach(({ resolve, reject }, index) => {
        const { ok, value } = outcomes[index]!;
        if (!ok) reject(value);
        else if (syncError !== null) {
          // Committed, but not known to be on disk: not acknowledged. A retry finds the write.
          reject(new StoreUnavailableError('unavailable', `the SQLite log could not be synced to disk (${syncError.message})`, { cause: syncError }));
        } else resolve(value);
      });
    };
  }

  function commitTurn(): void {
    const settle = commitWaiting();
    if (settle === undefined) return;
    if (log === undefined) settle(null);
    else {
      afterNextSync.push(settle);
      if (inSync.length === 0) startSync(log.sync);
    }
  }

  return {
    run<T>(work: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (waiting.length === 0) setImmediate(commitTurn);
        waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
      });
    },
    flush(): void {
      const settle = commitWaiting();
      if (settle !== undefined) afterNextSync.push(settle);
      const pending = [...inSync, ...afterNextSync];
      inSync = [];
      afterNextSync = [];
      let syncError: Error | null = null;
      if (log !== undefined && pending.length > 0) {
        try {
          log.syncNow();
        } catch (error) {
          syncError = error as Error;
        }
      }
      for (const each of pending) each(syncError);
    },
  };
}
