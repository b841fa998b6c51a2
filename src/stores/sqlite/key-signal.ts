// The SQLite store's key version, asked by the HTTP handler once per turn of the event loop for the
// requests of that turn (docs/http.md, "Revoking a key"): a key revoked through any connection to
// the file, in this or another process, is refused by the next request that arrives after the
// revocation committed.
//
// `PRAGMA data_version` alone gives that guarantee, but costs about 10 µs (it takes SQLite's shared
// lock, several fcntl calls). In WAL mode every commit by any connection rewrites the wal-index
// header at the start of the `-shm` file before it returns (SQLite's file format, "WAL-index
// format"), so 48 bytes read there (about 1 µs) tell that nothing was committed since the last
// look, and the pragma is asked only when they moved. The pragma stays the authority: it moves only
// for the commits of other connections, so this connection's own order writes do not empty the
// handler's key cache. The header is read before the pragma, so a commit between the two is seen
// by the pragma now or by the header next time; a read torn by a writer only asks the pragma again.
import { closeSync, fstatSync, openSync, readSync, realpathSync } from 'node:fs';
import type Database from 'better-sqlite3';

/** The first copy of the wal-index header (WalIndexHdr): 48 bytes, in native byte order. */
const HEADER_BYTES = 48;
/** WalIndexHdr.iVersion of the only wal-index format SQLite has written so far. */
const WAL_INDEX_VERSION = 3007000;

/** Tells whether anything was committed to the database since the last call. */
export interface WalIndexHeader {
  /** True when the header differs from the last call's (conservative: a torn read counts as a change); throws when it cannot be read. */
  changed(): boolean;
  /** Lets go of the `-shm` file; call once the database connection is closed. */
  close(): void;
}

/** The store's key version and how it moves. */
export interface KeyChangeSignal {
  /** Counts one of this connection's own key writes, which `PRAGMA data_version` does not see. */
  bump(): void;
  /** The current version; undefined once the database is closed. */
  read(): number | undefined;
  /** Lets go of the `-shm` file; call once the database connection is closed. */
  close(): void;
}

/**
 * The version of `db`'s keys: bumped by {@link KeyChangeSignal.bump} and whenever
 * `PRAGMA data_version` moved, which it does when another connection committed. With a
 * {@link WalIndexHeader}, the pragma is read only when the header moved; without one, or once the
 * header cannot be read, on every read.
 */
export function keyChangeSignal(db: Database.Database, header: WalIndexHeader | undefined): KeyChangeSignal {
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  let walIndex = header;
  let seen = dataVersion.get();
  let version = 0;
  /** False only when the header says that nothing was committed since it was last read. */
  function mayHaveChanged(): boolean {
    if (walIndex === undefined) return true;
    try {
      return walIndex.changed();
    } catch {
      // The pragma decides from now on, for good; it sees every commit since it was last read.
      walIndex.close();
      walIndex = undefined;
      return true;
    }
  }
  return {
    bump() {
      version += 1;
    },
    read() {
      if (!db.open) return undefined;
      if (mayHaveChanged()) {
        const current = dataVersion.get();
        if (current !== seen) {
          seen = current;
          version += 1;
        }
      }
      return version;
    },
    close() {
      walIndex?.close();
      walIndex = undefined;
    },
  };
}

/**
 * The wal-index header of `db`, or undefined when the pragma must do: the database is not in WAL
 * mode (in memory, or another journal mode), or on Windows, where a read of a file is not promised
 * to see what another process wrote through a mapping of it. Call after `db` is in WAL mode and has
 * read the database, so that its own connection has the `-shm` file open and keeps it.
 */
export function openWalIndexHeader(db: Database.Database): WalIndexHeader | undefined {
  if (process.platform === 'win32' || db.memory) return undefined;
  if (db.pragma('journal_mode', { simple: true }) !== 'wal') return undefined;
  try {
    // SQLite puts the -shm file next to the database file a symbolic link leads to.
    return walIndexHeaderAt(`${realpathSync(db.name)}-shm`);
  } catch {
    return undefined;
  }
}

/** The wal-index header in the `-shm` file at `path`; throws when it cannot be opened or is not one. */
export function walIndexHeaderAt(path: string): WalIndexHeader {
  closeUnused();
  const fd = openSync(path, 'r');
  // Words, so that comparing costs a dozen integer compares and the version reads in native order.
  let last = new Uint32Array(HEADER_BYTES / 4);
  let next = new Uint32Array(HEADER_BYTES / 4);
  const read = (into: Uint32Array): void => {
    if (readSync(fd, into, 0, HEADER_BYTES, 0) !== HEADER_BYTES) throw new Error(`${path}: short read`);
  };
  try {
    read(last);
    if (last[0] !== WAL_INDEX_VERSION) throw new Error(`${path}: not a wal-index`);
  } catch (error) {
    closeWhenUnused(fd);
    throw error;
  }
  return {
    changed() {
      read(next);
      if (sameWords(next, last)) return false;
      [last, next] = [next, last];
      return true;
    },
    close() {
      closeWhenUnused(fd);
    },
  };
}

function sameWords(a: Uint32Array, b: Uint32Array): boolean {
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false;
  return true;
}

/** Descriptors of `-shm` files waiting until no connection uses the file (see closeWhenUnused). */
const lingering = new Set<number>();

/**
 * Closes `fd` once no connection uses its `-shm` file. Closing any descriptor of a file drops every
 * POSIX lock this process holds on it, and SQLite's connections hold locks on the `-shm` file for
 * as long as they are open: closed while another connection of this process still uses the file,
 * it would take that connection's locks away (a new process could then reset the file under it).
 * SQLite deletes the file when its last connection closes, so a descriptor whose file has no name
 * left is safe to close; the others wait for a later call.
 */
function closeWhenUnused(fd: number): void {
  lingering.add(fd);
  closeUnused();
}

function closeUnused(): void {
  for (const fd of lingering) {
    let links: number;
    try {
      links = fstatSync(fd).nlink;
    } catch {
      // No longer a descriptor of ours (closed elsewhere): never close what may now be another file.
      lingering.delete(fd);
      continue;
    }
    if (links > 0) continue;
    lingering.delete(fd);
    closeSync(fd);
  }
}
