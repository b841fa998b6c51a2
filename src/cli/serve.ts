import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHandler, type RequestLogEntry } from '../http/handler.js';
import { generateApiKey, hashApiKey } from '../http/keys.js';
import { readApiReferenceScript, toNodeListener } from '../http/node.js';
import { startBulkWorker, type BulkWorker } from '../bulk/worker.js';
import { trackKeyUsage } from '../dashboard/key-usage.js';
import { keyPrefix } from '../dashboard/keys.js';
import { dashboardListener, withDashboard } from '../dashboard/node.js';
import type { Store } from '../orders/store.js';
import { DEFAULT_DB_URL, openStore } from './store-url.js';
import { integerOption, parseCommand, UsageError } from './usage.js';
import { logWorkerEvents } from './worker.js';

/** The partner that `--db memory:` creates its staging key for. */
export const MEMORY_PARTNER_ID = 'local';
/** How long a shutdown waits for requests in flight before closing their connections. */
const SHUTDOWN_GRACE_MS = 10_000;

/** Where the command writes: one line at a time. */
export interface Output {
  out(line: string): void;
  err(line: string): void;
}

/** One structured JSON log line per request: method, path, status, duration and partner, never the key. */
export function logLine(entry: RequestLogEntry): string {
  return JSON.stringify({
    time: new Date().toISOString(),
    method: entry.method,
    path: entry.path,
    status: entry.status,
    duration_ms: Math.round(entry.durationMs * 1000) / 1000,
    partner: entry.partnerId ?? null,
    environment: entry.environment ?? null,
  });
}

function rateLimitOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const rate = Number(value);
  if (value.trim() === '' || !Number.isFinite(rate) || rate <= 0) {
    throw new UsageError(`--rate-limit must be a number of requests per second above 0; got ${JSON.stringify(value)}.`);
  }
  return rate;
}

/**
 * `truecost serve`: the whole service on one port. Resolves once it listens; on SIGTERM or SIGINT
 * it stops accepting, finishes the requests in flight, closes the store and exits 0.
 */
export async function serveCommand(args: readonly string[], output: Output): Promise<Server> {
  const { values, positionals } = parseCommand(args, {
    port: { type: 'string' },
    host: { type: 'string' },
    db: { type: 'string' },
    'rate-limit': { type: 'string' },
    'secure-cookies': { type: 'boolean' },
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument ${JSON.stringify(positionals[0])}.`);
  const port = integerOption(values.port, 'port', 8080, 0, 65_535);
  const host = values.host ?? '127.0.0.1';
  const rate = rateLimitOf(values['rate-limit']);
  const db = values.db ?? DEFAULT_DB_URL;
  // "Last used" on the dashboard's key list: recorded at most once a minute per key, off the request's path.
  const store = trackKeyUsage(await openStore(db));
  if (db === 'memory:') {
    const key = generateApiKey('staging');
    await store.addApiKey({ keyHash: hashApiKey(key), partnerId: MEMORY_PARTNER_ID, environment: 'staging', createdAt: Date.now(), prefix: keyPrefix(key, 'staging') });
    output.out(`staging key (partner ${MEMORY_PARTNER_ID}): ${key}`);
  }
  const apiReferenceScript = await readApiReferenceScript();
  // The service delivers its own bulk jobs; more workers may share the database (`truecost worker`).
  const worker = startBulkWorker({ store, log: logWorkerEvents(output) });
  const handler = createHandler({
    store,
    onJobQueued: () => worker.wake(),
    ...(rate === undefined ? {} : { rateLimit: { requestsPerSecond: rate } }),
    ...(apiReferenceScript === undefined ? {} : { apiReferenceScript }),
    onRequest: (entry) => output.out(logLine(entry)),
    onError: (error, request) =>
      output.err(JSON.stringify({ time: new Date().toISOString(), level: 'error', ...request, error: String(error) })),
  });
  const dashboard = dashboardListener({
    store,
    onJobQueued: () => worker.wake(),
    ...(values['secure-cookies'] === true ? { secureCookies: true } : {}),
    onError: (error, request) =>
      output.err(JSON.stringify({ time: new Date().toISOString(), level: 'error', ...request, error: String(error) })),
  });
  const server = createServer(withDashboard(toNodeListener(handler), dashboard));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  output.out(`truecost listening on http://${shownHost}:${address.port}`);
  stopOnSignals(server, worker, store, output);
  return server;
}

function stopOnSignals(server: Server, worker: BulkWorker, store: Store, output: Output): void {
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    output.err(JSON.stringify({ time: new Date().toISOString(), level: 'info', message: `${signal}: finishing requests in flight` }));
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(() => {
      void worker
        .stop()
        .then(() => store.close())
        .finally(() => process.exit(0));
    });
    server.closeIdleConnections();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
