// Group commit of the SQLite store's order writes (docs/stores.md, "Durability"): the writes of one
// turn share one transaction, each in a savepoint of its own, and none is acknowledged before the
// one commit returned.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { groupCommit, type LogSync } from '../../src/stores/sqlite/group-commit.js';
import { StoreUnavailableError } from '../../src/orders/unavailable.js';
import { openSqliteStore } from '../../src/stores/sqlite.js';
import { now, order, staging } from './fixtures.js';

const directory = mkdtempSync(join(tmpdir(), 'truecost-group-commit-'));
let files = 0;
const freshPath = (): string => join(directory, `group-${(files += 1)}.db`);
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** A writer and a second connection on one new file with a table `t (x)`. */
function open(): { db: Database.Database; other: Database.Database; close(): void } {
  const path = freshPath();
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.exec(`CREATE TABLE t (x TEXT);
    CREATE TABLE parent (id INTEGER PRIMARY KEY);
    CREATE TABLE child (parent_id INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)`);
  const other = new Database(path);
  return {
    db,
    other,
    close() {
      other.close();
      db.close();
    },
  };
}

const rowsOf = (db: Database.Database): string[] => db.prepare('SELECT x FROM t ORDER BY rowid').pluck().all() as string[];

describe('group commit', () => {
  it('commits the writes of a turn together: none is visible to another connection before all settle', async () => {
    const { db, other, close } = open();
    try {
      const group = groupCommit(db);
      const insert = db.transaction((x: string) => {
        db.prepare('INSERT INTO t (x) VALUES (?)').run(x);
        // What another connection sees while this write runs.
        return rowsOf(other).length;
      });
      const seen = await Promise.all(['a', 'b', 'c'].map((x) => group.run(() => insert(x))));
      expect(seen).toEqual([0, 0, 0]);
      expect(rowsOf(other)).toEqual(['a', 'b', 'c']);
    } finally {
      close();
    }
  });

  it('undoes a write that throws alone and refuses only its caller', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }), async (throws) => {
        const { db, other, close } = open();
        try {
          const group = groupCommit(db);
          const write = db.transaction((index: number) => {
            db.prepare('INSERT INTO t (x) VALUES (?)').run(String(index));
            if (throws[index]) throw new Error(`refused ${index}`);
            return index;
          });
          const outcomes = await Promise.allSettled(throws.map((_, index) => group.run(() => write(index))));
          expect(outcomes.map((outcome) => outcome.status)).toEqual(throws.map((fails) => (fails ? 'rejected' : 'fulfilled')));
          expect(rowsOf(other)).toEqual(throws.flatMap((fails, index) => (fails ? [] : [String(index)])));
        } finally {
          close();
        }
      }),
      { numRuns: 30 },
    );
  });

  it('refuses every write of a group whose commit failed, and keeps none of them', async () => {
    const { db, other, close } = open();
    try {
      const group = groupCommit(db);
      const good = group.run(() => db.prepare("INSERT INTO t (x) VALUES ('kept?')").run());
      // Checked only at COMMIT: a child without its parent.
      const orphan = group.run(() => db.prepare('INSERT INTO child (parent_id) VALUES (7)').run());
      await expect(good).rejects.toThrow(/FOREIGN KEY/);
      await expect(orphan).rejects.toThrow(/FOREIGN KEY/);
      expect(rowsOf(other)).toEqual([]);
      expect(db.inTransaction).toBe(false);
      // The next group commits as usual.
      await group.run(() => db.prepare("INSERT INTO t (x) VALUES ('next')").run());
      expect(rowsOf(other)).toEqual(['next']);
    } finally {
      close();
    }
  });

  it('ends the group when a write ended the whole transaction: nothing of it is kept', async () => {
    const { db, other, close } = open();
    try {
      const group = groupCommit(db);
      const first = group.run(() => db.prepare("INSERT INTO t (x) VALUES ('first')").run());
      const ending = group.run(() => {
        db.exec('ROLLBACK');
        throw new Error('the transaction is gone');
      });
      const after = group.run(() => db.prepare("INSERT INTO t (x) VALUES ('after')").run());
      for (const write of [first, ending, after]) await expect(write).rejects.toThrow('the transaction is gone');
      expect(rowsOf(other)).toEqual([]);
    } finally {
      close();
    }
  });
});

/** A log sync the test ends by hand: each `sync` waits in `running` until the test calls it back. */
function heldLogSync(): LogSync & { running: ((error: Error | null) => void)[]; syncedNow: number } {
  const held = {
    running: [] as ((error: Error | null) => void)[],
    syncedNow: 0,
    sync(done: (error: Error | null) => void) {
      held.running.push(done);
    },
    syncNow() {
      held.syncedNow += 1;
    },
  };
  return held;
}

/** Whether `promise` settled by the end of the next turn. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('group commit with its own sync of the log', () => {
  it('answers a write only once a sync of the log that began after its commit has ended', async () => {
    const { db, other, close } = open();
    try {
      const log = heldLogSync();
      const group = groupCommit(db, log);
      const write = group.run(() => db.prepare("INSERT INTO t (x) VALUES ('a')").run().changes);
      expect(await settled(write)).toBe(false);
      // Committed (another connection sees it), not yet answered: its sync runs.
      expect(rowsOf(other)).toEqual(['a']);
      expect(log.running).toHaveLength(1);
      log.running[0]!(null);
      await expect(write).resolves.toBe(1);
    } finally {
      close();
    }
  });

  it('gives the groups committed while a sync runs one sync after it', async () => {
    const { db, close } = open();
    try {
      const log = heldLogSync();
      const group = groupCommit(db, log);
      const insert = (x: string) => group.run(() => db.prepare('INSERT INTO t (x) VALUES (?)').run(x));
      const first = insert('1');
      await settled(first);
      // Two more groups, each of its own turn, commit while the first group's sync runs.
      const second = insert('2');
      await settled(second);
      const third = insert('3');
      expect(await settled(third)).toBe(false);
      expect(log.running).toHaveLength(1);
      log.running[0]!(null);
      await first;
      // One more sync, for every group committed while the first ran.
      expect(log.running).toHaveLength(2);
      expect(await settled(second)).toBe(false);
      log.running[1]!(null);
      await Promise.all([second, third]);
      expect(log.running).toHaveLength(2);
    } finally {
      close();
    }
  });

  it('refuses the committed writes whose sync failed with a StoreUnavailableError, and a retry finds them', async () => {
    const { db, other, close } = open();
    try {
      const log = heldLogSync();
      const group = groupCommit(db, log);
      const write = group.run(() => db.prepare("INSERT INTO t (x) VALUES ('unsure')").run());
      await settled(write);
      log.running[0]!(new Error('EIO: i/o error, fsync'));
      await expect(write).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(write).rejects.toThrow(/could not be synced to disk \(EIO/);
      expect(rowsOf(other)).toEqual(['unsure']);
    } finally {
      close();
    }
  });

  it('syncs now and answers every write on a flush, those whose sync was running included', async () => {
    const { db, close } = open();
    try {
      const log = heldLogSync();
      const group = groupCommit(db, log);
      const running = group.run(() => db.prepare("INSERT INTO t (x) VALUES ('running')").run());
      await settled(running);
      const waiting = group.run(() => db.prepare("INSERT INTO t (x) VALUES ('waiting')").run());
      group.flush();
      expect(log.syncedNow).toBe(1);
      await Promise.all([running, waiting]);
      // The sync that was running ends later and answers nobody twice.
      log.running[0]!(new Error('too late'));
      await expect(running).resolves.toBeDefined();
    } finally {
      close();
    }
  });
});

describe('the SQLite store', () => {
  it('commits the order writes asked for just before it closes', async () => {
    const path = freshPath();
    const store = await openSqliteStore({ path });
    const created = store.createOrders(staging, 'vote', [order()], now);
    await store.close();
    expect((await created).ok).toBe(true);
    const reopened = await openSqliteStore({ path });
    expect((await reopened.getOrder(staging, 'o-1'))?.microClimes).toBe(10e6);
    await reopened.close();
  });

  it('gives the creates of one turn the outcomes they would have one after another', async () => {
    const store = await openSqliteStore({ path: freshPath() });
    try {
      // The same id twice and a new one, asked in one turn: the second of the same id sees the first.
      const outcomes = await Promise.all([
        store.createOrders(staging, 'vote', [order({ climes: 1 })], now),
        store.createOrders(staging, 'vote', [order({ climes: 2 })], now),
        store.createOrders(staging, 'vote', [order({ partner_order_id: 'o-2' })], now),
      ]);
      const serial = await openSqliteStore({ path: freshPath() });
      const expected = [];
      for (const body of [order({ climes: 1 }), order({ climes: 2 }), order({ partner_order_id: 'o-2' })]) {
        expected.push(await serial.createOrders(staging, 'vote', [body], now));
      }
      await serial.close();
      expect(outcomes).toEqual(expected);
    } finally {
      await store.close();
    }
  });
});
