// Group commit for the SQLite store's order writes (docs/stores.md, "Durability"): the writes asked
// for during one turn of the event loop run together, once the turn's I/O callbacks are done, in
// one `BEGIN IMMEDIATE` transaction, so that they share one sync of the log instead of one each.
// Each write runs in a savepoint of its own (better-sqlite3 nests a transaction function called
// inside a transaction as a savepoint): a write that throws is undone alone and only its caller is
// refused. No caller hears of success before the one commit returned, so every acknowledged write
// is on disk, as with a commit per write.
import type Database from 'better-sqlite3';

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
  /** Runs `work` (a better-sqlite3 transaction function) in the next group, and settles once that group committed. */
  run<T>(work: () => T): Promise<T>;
  /** Runs and commits what is waiting now, without waiting for the end of the turn (before closing the database). */
  flush(): void;
}

/** Group commit on `db`: a group runs in a `setImmediate`, once the turn's I/O is done. */
export function groupCommit(db: Database.Database): GroupCommit {
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

  function flush(): void {
    const group = waiting;
    if (group.length === 0) return;
    waiting = [];
    let outcomes: Outcome[];
    try {
      outcomes = commitAll.immediate(group);
    } catch (error) {
      // Nothing of the group was committed (no lock, a failed commit, a closed database).
      for (const { reject } of group) reject(error);
      return;
    }
    group.forEach(({ resolve, reject }, index) => {
      const { ok, value } = outcomes[index]!;
      if (ok) resolve(value);
      else reject(value);
    });
  }

  return {
    run<T>(work: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (waiting.length === 0) setImmediate(flush);
        waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
      });
    },
    flush,
  };
}
