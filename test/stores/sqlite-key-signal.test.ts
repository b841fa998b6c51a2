// The SQLite store's key version (docs/http.md, "Revoking a key"): it moves when another connection
// commits and when this one writes a key, and holds otherwise, whether it notices commits through
// the wal-index header or through `PRAGMA data_version` alone.
import {
  copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, truncateSync, writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { hashApiKey } from '../../src/http/index.js';
import { keyChangeSignal, openWalIndexHeader, walIndexHeaderAt, type WalIndexHeader } from '../../src/stores/sqlite/key-signal.js';
import { openSqliteStore } from '../../src/stores/sqlite.js';
import { addKey } from '../http/support.js';
import { now, order, staging } from './fixtures.js';

const directory = mkdtempSync(join(tmpdir(), 'truecost-key-signal-'));
let files = 0;
const freshPath = (): string => join(directory, `keys-${(files += 1)}.db`);
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** A connection to `path` in `mode`, with a table to write to. */
function connect(path: string, mode: 'wal' | 'delete'): Database.Database {
  const db = new Database(path);
  db.pragma('busy_timeout = 5000');
  db.pragma(`journal_mode = ${mode}`);
  db.exec('CREATE TABLE IF NOT EXISTS t (x)');
  return db;
}

describe('the SQLite store key version', () => {
  it('moves on a commit by another connection or its own key write, and holds otherwise', async () => {
    const path = freshPath();
    const store = await openSqliteStore({ path });
    const other = await openSqliteStore({ path });
    const raw = new Database(path);
    try {
      const key = await addKey(store, 'acme', 'staging');
      const start = store.apiKeysVersion?.();
      expect(start).toEqual(expect.any(Number));
      expect(store.apiKeysVersion?.()).toBe(start);
      // Its own order writes leave the version (and so the handler's remembered keys) alone.
      await store.createOrders(staging, 'vote', [order()], now);
      expect(store.apiKeysVersion?.()).toBe(start);

      expect(await other.revokeApiKey(await hashApiKey(key), 1)).toBe(true);
      const afterRevoke = store.apiKeysVersion?.();
      expect(afterRevoke).not.toBe(start);
      expect(store.apiKeysVersion?.()).toBe(afterRevoke);

      raw.exec('CREATE TABLE unrelated (x)');
      const afterUnrelated = store.apiKeysVersion?.();
      expect(afterUnrelated).not.toBe(afterRevoke);

      await addKey(store, 'acme', 'staging');
      expect(store.apiKeysVersion?.()).not.toBe(afterUnrelated);
    } finally {
      raw.close();
      await other.close();
      await store.close();
    }
    expect(store.apiKeysVersion?.()).toBeUndefined();
  });
});

const sources: { name: string; open(path: string): { db: Database.Database; header: WalIndexHeader | undefined } }[] = [
  {
    name: 'the wal-index header',
    open(path) {
      const db = connect(path, 'wal');
      const header = openWalIndexHeader(db);
      expect(header).toBeDefined();
      return { db, header };
    },
  },
  { name: 'PRAGMA data_version, when given no header', open: (path) => ({ db: connect(path, 'wal'), header: undefined }) },
  {
    name: 'PRAGMA data_version, in rollback-journal mode',
    open(path) {
      const db = connect(path, 'delete');
      const header = openWalIndexHeader(db);
      expect(header).toBeUndefined();
      return { db, header };
    },
  },
];

describe.each(sources)('the key version through $name', (source) => {
  it('moves on every commit by another connection and on bump, and only then', () => {
    const path = freshPath();
    const { db, header } = source.open(path);
    const signal = keyChangeSignal(db, header);
    const other = new Database(path);
    try {
      const start = signal.read();
      expect(signal.read()).toBe(start);
      db.exec('INSERT INTO t VALUES (1)');
      expect(signal.read()).toBe(start);

      other.exec('INSERT INTO t VALUES (2)');
      const afterOther = signal.read();
      expect(afterOther).not.toBe(start);
      expect(signal.read()).toBe(afterOther);
      other.exec('INSERT INTO t VALUES (3)');
      expect(signal.read()).not.toBe(afterOther);

      const beforeBump = signal.read();
      signal.bump();
      expect(signal.read()).not.toBe(beforeBump);
    } finally {
      other.close();
      db.close();
      signal.close();
    }
    expect(signal.read()).toBeUndefined();
  });
});

describe('the wal-index header', () => {
  it('is not used for a database in memory or a file that is not a wal-index', () => {
    const memory = new Database(':memory:');
    memory.pragma('journal_mode = WAL');
    expect(openWalIndexHeader(memory)).toBeUndefined();
    memory.close();
    const zeros = join(directory, 'zeros-shm');
    writeFileSync(zeros, new Uint8Array(64));
    expect(() => walIndexHeaderAt(zeros)).toThrow(/not a wal-index/);
    expect(() => walIndexHeaderAt(join(directory, 'missing-shm'))).toThrow();
  });

  it('gives way to PRAGMA data_version for good once it cannot be read', () => {
    const path = freshPath();
    const db = connect(path, 'wal');
    // A copy stands for a -shm that stops being readable; the live one is never touched.
    const copy = join(directory, 'copy-shm');
    copyFileSync(`${path}-shm`, copy);
    const signal = keyChangeSignal(db, walIndexHeaderAt(copy));
    const other = new Database(path);
    try {
      const start = signal.read();
      expect(signal.read()).toBe(start);
      truncateSync(copy, 0);
      other.exec('INSERT INTO t VALUES (1)');
      const afterOther = signal.read();
      expect(afterOther).not.toBe(start);
      // Readable again but frozen: were the header asked again, the next commit would go unseen.
      writeFileSync(copy, readFileSync(`${path}-shm`));
      expect(signal.read()).toBe(afterOther);
      other.exec('INSERT INTO t VALUES (2)');
      expect(signal.read()).not.toBe(afterOther);
    } finally {
      other.close();
      db.close();
      signal.close();
    }
  });
});

/** This process's descriptors that lead to `path`, deleted or not. */
const descriptorsOf = (path: string): string[] =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).startsWith(path);
    } catch {
      return false;
    }
  });

/** Whether this process holds a POSIX lock on the file with inode `ino` (/proc/locks). */
const locksInode = (ino: number): boolean =>
  readFileSync('/proc/locks', 'utf8')
    .split('\n')
    .some((line) => {
      const fields = line.trim().split(/\s+/);
      return fields[1] === 'POSIX' && fields[4] === String(process.pid) && fields[5]?.endsWith(`:${ino}`) === true;
    });

describe.skipIf(!existsSync('/proc/locks'))('closing the store', () => {
  it('keeps the locks of another connection of this process on the -shm file, and lets go of the file once unused', async () => {
    const path = freshPath();
    const raw = connect(path, 'wal');
    const shm = `${path}-shm`;
    const ino = statSync(shm).ino;
    expect(locksInode(ino)).toBe(true);
    const store = await openSqliteStore({ path });
    await store.close();
    // Closing a descriptor of the file then would drop every lock this process holds on it.
    expect(locksInode(ino)).toBe(true);
    expect(raw.prepare('SELECT count(*) FROM t').pluck().get()).toBe(0);
    raw.close();
    expect(existsSync(shm)).toBe(false);
    // The next store to open or close lets go of the file whose last connection closed.
    await (await openSqliteStore({ path: freshPath() })).close();
    expect(descriptorsOf(shm)).toEqual([]);
  });
});
