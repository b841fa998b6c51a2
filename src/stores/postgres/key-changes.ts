// Key writes announced across processes: LISTEN/NOTIFY on one direct connection outside the pool
// or, without one, polling the key change counter (behind a transaction-pooling proxy, where LISTEN
// cannot work: the proxy hands the listening server connection to other clients).
import pg from 'pg';
import { KEY_CHANNEL, postgresRunner } from './statements.js';
import type { PostgresDatabase } from './transactions.js';

/** How long the key listener waits before connecting again after losing its connection. */
const LISTEN_RETRY_MS = 1000;
/** Idle time after which TCP keepalive probes the listening connection. */
const LISTEN_KEEPALIVE_MS = 5000;
/** Longest the listener waits to connect before trying again later. */
const LISTEN_CONNECT_TIMEOUT_MS = 5000;
/** Longest a key write waits for its own notice to come back (see `KeyChanges.announce`). */
const NOTICE_WAIT_MS = 1000;

export interface KeyChanges {
  /** The key version, or undefined while the listening connection (or the last poll) is down. */
  version(): number | undefined;
  /**
   * Called before a key write: the payload of its notice, and what to await once it committed.
   * Listening, that resolves once this store's listener receives the notice (or after
   * {@link NOTICE_WAIT_MS}, or at once while it is not listening): PostgreSQL hands a notice to
   * every listener at commit, so by then the other processes' listeners have it too. Polling, a
   * revocation's resolves after one poll interval (and a margin), within which every other polling
   * process read the counter; an added key's at once, as no process trusts a key it has not read.
   */
  announce(change: 'added' | 'revoked'): { readonly notice: string; committed(): Promise<void> };
  close(): Promise<void>;
}

/** The payload of a key write's notice: the schema, and an id of its own. */
const noticeOf = (schema: string): string => `${schema} ${crypto.randomUUID()}`;

/**
 * One connection, outside the pool, that LISTENs for key writes in `schema` from any process
 * (`addApiKey` and `revokeApiKey` notify inside their transaction, so the notice arrives once the
 * write is committed). Each notice bumps the version, and so does every (re)connection, since
 * notices sent while it was down are lost.
 */
export async function listenForKeyChanges(connectionString: string, schema: string): Promise<KeyChanges> {
  let version = 0;
  let listening = false;
  let closed = false;
  let client: pg.Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const waiting = new Map<string, () => void>();

  async function connect(): Promise<void> {
    // Named after the schema, so that an operator (or a test) can tell the listener of each store.
    const next = new pg.Client({
      connectionString,
      application_name: `truecost key listener ${schema}`,
      // Idle by design: keepalive notices a server that vanished, and the listener then reconnects.
      keepAlive: true,
      keepAliveInitialDelayMillis: LISTEN_KEEPALIVE_MS,
      connectionTimeoutMillis: LISTEN_CONNECT_TIMEOUT_MS,
    });
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

  function arrival(notice: string): Promise<void> {
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
  }

  await connect();
  return {
    version: () => (listening ? version : undefined),
    announce() {
      const notice = noticeOf(schema);
      const arrived = arrival(notice);
      return { notice, committed: () => arrived };
    },
    async close() {
      closed = true;
      listening = false;
      if (retry !== undefined) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

/** How much longer than one poll interval a revocation waits, for the polls that started in the interval to finish. */
const POLL_MARGIN_MS = 250;

/**
 * Reads the key change counter every `intervalMs`, at a fixed rate (every key write increments it
 * in its transaction); each new value bumps the version, and so does every poll that succeeds
 * after one that failed. Key writes of this store bump it at once.
 */
export async function pollKeyChanges(database: PostgresDatabase, schema: string, intervalMs: number): Promise<KeyChanges> {
  const runner = postgresRunner(database);
  let version = 0;
  let up = false;
  let seen: string | undefined;
  let polling: Promise<void> | undefined;

  async function poll(): Promise<void> {
    try {
      const row = await runner.get<{ version: string }>('keyChanges', {});
      const counted = row?.version ?? '0';
      if (!up || counted !== seen) version += 1;
      seen = counted;
      up = true;
    } catch {
      up = false;
    } finally {
      polling = undefined;
    }
  }

  await (polling = poll());
  // A poll still running when the next is due (a slow database) is not doubled.
  const timer = setInterval(() => (polling ??= poll()), intervalMs);
  timer.unref();
  return {
    version: () => (up ? version : undefined),
    announce: (change) => ({
      notice: noticeOf(schema),
      async committed() {
        version += 1;
        if (change === 'revoked') await new Promise((resolve) => setTimeout(resolve, intervalMs + POLL_MARGIN_MS).unref());
      },
    }),
    async close() {
      clearInterval(timer);
      await polling;
    },
  };
}
