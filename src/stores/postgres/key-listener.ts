// Key writes announced across processes: LISTEN/NOTIFY on one connection outside the pool.
import pg from 'pg';
import { KEY_CHANNEL } from './statements.js';

/** How long the key listener waits before connecting again after losing its connection. */
const LISTEN_RETRY_MS = 1000;
/** Idle time after which TCP keepalive probes the listening connection. */
const LISTEN_KEEPALIVE_MS = 5000;
/** Longest the listener waits to connect before trying again later. */
const LISTEN_CONNECT_TIMEOUT_MS = 5000;
/** Longest a key write waits for its own notice to come back (see `KeyChanges.delivered`). */
const NOTICE_WAIT_MS = 1000;

export interface KeyChanges {
  /** The key version, or undefined while the listening connection is down. */
  version(): number | undefined;
  /** A fresh payload for the notice of one key write. */
  notice(): string;
  /**
   * Resolves once this store's listener receives the notice (or after {@link NOTICE_WAIT_MS}, or
   * at once while it is not listening); call it before the notice is sent. PostgreSQL hands a
   * notice to every listener at commit, so by then the other processes' listeners have it too.
   */
  arrival(notice: string): Promise<void>;
  close(): Promise<void>;
}

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

  await connect();
  return {
    version: () => (listening ? version : undefined),
    notice: () => `${schema} ${crypto.randomUUID()}`,
    arrival(notice) {
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
    },
    async close() {
      closed = true;
      listening = false;
      if (retry !== undefined) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
