// The SQLite store's faults (docs/operations.md, "Failure modes"). better-sqlite3 runs on the
// event loop, so SQLite's own busy wait would freeze the whole process while another connection
// holds the write lock (a backup, a migration, `truecost keys`): the store waits only a few
// milliseconds inside SQLite, and retries a call that found the lock taken on a timer instead,
// until its bound, when it fails with a StoreUnavailableError (503). A full disk fails the call
// with a StoreUnavailableError too (507), shows on /readyz, and once a write succeeds again the
// log is checkpointed and truncated, giving back the space it grew into.
import { statfsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type Database from 'better-sqlite3';
import type { Store } from '../../orders/store.js';
import { StoreUnavailableError } from '../../orders/unavailable.js';

/** How long one statement waits inside SQLite for another connection's lock: short enough not to be felt. */
export const SYNC_BUSY_WAIT_MS = 5;
/** The first pause before a call that found the lock taken runs again; it doubles up to {@link MAX_RETRY_PAUSE_MS}. */
const FIRST_RETRY_PAUSE_MS = 2;
const MAX_RETRY_PAUSE_MS = 50;
/** Free space under which a database whose last write failed for lack of space is still reported full. */
const FREE_BYTES_TO_RECOVER = 1024 * 1024;

/** The calls that only read: their success says nothing of the disk's space. */
const READS = new Set<string>([
  'getOrder', 'getOptIn', 'findApiKey', 'apiKeysVersion', 'getResultEndpoint', 'getJob', 'listJobs', 'listApiKeys', 'listOrders',
  'listOptIns', 'orderHistory', 'listPartnerJobs', 'findInvite', 'getPasswordHash', 'findSession', 'signInFailures', 'jobQueueHealth', 'ping', 'close',
  'certificateOf', 'orderByCertificate', 'listEvents', 'getEventsEndpoint', 'listEventDeliveries', 'getEventDelivery', 'getIdempotencyKey',
  'getCalculation', 'listCalculations', 'emissionsRollup', 'orderCredits',
]);

const codeOf = (error: unknown): string => String((error as { code?: unknown }).code ?? '');
const isBusy = (error: unknown): boolean => /^SQLITE_(BUSY|LOCKED)/.test(codeOf(error));
const isFull = (error: unknown): boolean => codeOf(error) === 'SQLITE_FULL';

/**
 * `store` (on `db`, the file at `path`) with calls that find the write lock taken retried on a
 * timer for up to `lockWaitMs`, and with a full disk reported as a StoreUnavailableError, on
 * `ping`, and recovered from (see the head of this module).
 */
export function withSqliteFaults(store: Store, db: Database.Database, path: string, lockWaitMs: number): Store {
  let diskFull = false;
  const directory = dirname(resolve(path));

  function recovered(): void {
    diskFull = false;
    try {
      db.pragma('wal_checkpoint(TRUNCATE)');
    } catch {
      // Another connection reading; the next automatic checkpoint does it.
    }
  }

  function classify(error: unknown, name: string): unknown {
    if (isFull(error)) {
      diskFull = true;
      return new StoreUnavailableError('disk_full', `the SQLite database's disk is full (${name})`, { cause: error });
    }
    return error;
  }

  async function call(name: string, method: (...args: unknown[]) => unknown, args: unknown[]): Promise<unknown> {
    const deadline = performance.now() + lockWaitMs;
    for (let pause = FIRST_RETRY_PAUSE_MS; ; pause = Math.min(MAX_RETRY_PAUSE_MS, pause * 2)) {
      try {
        const result = await method.apply(store, args);
        if (diskFull && !READS.has(name)) recovered();
        return result;
      } catch (error) {
        if (!isBusy(error)) throw classify(error, name);
        if (performance.now() + pause > deadline) {
          throw new StoreUnavailableError('unavailable', `the SQLite database is locked by another connection for over ${lockWaitMs} ms`, { cause: error });
        }
      }
      await new Promise((done) => setTimeout(done, pause));
    }
  }

  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(store)) {
    if (typeof value !== 'function' || name === 'apiKeysVersion' || name === 'close' || name === 'ping') continue;
    wrapped[name] = (...args: unknown[]) => call(name, value as (...args: unknown[]) => unknown, args);
  }
  return {
    ...store,
    ...wrapped,
    async ping() {
      if (diskFull) {
        const { bavail, bsize } = statfsSync(directory);
        if (Number(bavail) * Number(bsize) < FREE_BYTES_TO_RECOVER) throw new Error('disk full: the last write failed for lack of space (SQLITE_FULL)');
        recovered();
      }
      await store.ping?.();
    },
  } as Store;
}
