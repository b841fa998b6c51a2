import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHandler } from '../http/handler.js';
import { generateApiKey, hashApiKey } from '../http/keys.js';
import { readApiReferenceScript, toNodeListener } from '../http/node.js';
import { createNodeServer, DEFAULT_HEADERS_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS } from '../http/node-server.js';
import { startBulkWorker, type BulkWorker, type WorkerEvent } from '../bulk/worker.js';
import type { Store } from '../orders/store.js';
import { createServiceLog, LOG_LEVELS, type LogLevel, type ServiceLog } from './log.js';
import { dbUrlOf, openStore } from './store-url.js';
import { integerOption, parseCommand, UsageError } from './usage.js';
import { workerEventFields, workerEventLevel } from './worker.js';

/** The partner that `--db memory:` creates its staging key for. */
export const MEMORY_PARTNER_ID = 'local';
/** How long a shutdown waits for requests in flight before closing their connections. */
const SHUTDOWN_GRACE_MS = 10_000;

/** Where the command writes: one line at a time. */
export interface Output {
  out(line: string): void;
  err(line: string): void;
}

function logLevelOf(value: string | undefined): LogLevel {
  if (value === undefined) return 'info';
  const level = LOG_LEVELS.find((candidate) => candidate === value);
  if (level === undefined) throw new UsageError(`--log-level must be one of ${LOG_LEVELS.join(', ')}; got ${JSON.stringify(value)}.`);
  return level;
}

function rateLimitOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const rate = Number(value);
  if (value.trim() === '' || !Number.isFinite(rate) || rate <= 0) {
    throw new UsageError(`--rate-limit must be a number of requests per second above 0; got ${JSON.stringify(value)}.`);
  }
  return rate;
}

/** The bulk worker's events on the service's log, with the fields of `truecost worker`'s lines. */
function logWorkerEventsTo(log: ServiceLog): (event: WorkerEvent) => void {
  return (event) => log.write(workerEventLevel(event), workerEventFields(event));
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
    'log-level': { type: 'string' },
    'no-request-log': { type: 'boolean' },
    'request-timeout': { type: 'string' },
    'headers-timeout': { type: 'string' },
    'allow-private-endpoints': { type: 'boolean' },
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument ${JSON.stringify(positionals[0])}.`);
  // Each flag wins over its environment variable (PORT, HOST, TRUECOST_RATE_LIMIT; the store in dbUrlOf).
  const port = integerOption(values.port ?? (process.env['PORT'] || undefined), 'port', 8080, 0, 65_535);
  const host = values.host ?? (process.env['HOST'] || '127.0.0.1');
  const rate = rateLimitOf(values['rate-limit'] ?? (process.env['TRUECOST_RATE_LIMIT'] || undefined));
  const log = createServiceLog({ level: logLevelOf(values['log-level']) });
  const requestLog = values['no-request-log'] === true ? undefined : log.request;
  const requestTimeoutMs = integerOption(values['request-timeout'], 'request-timeout', DEFAULT_REQUEST_TIMEOUT_MS, 1, 3_600_000);
  const headersTimeoutMs = integerOption(values['headers-timeout'], 'headers-timeout', DEFAULT_HEADERS_TIMEOUT_MS, 1, 3_600_000);
  const endpointPolicy = { allowPrivateAddresses: values['allow-private-endpoints'] === true };
  const db = dbUrlOf(values.db);
  const store = await openStore(db);
  if (db === 'memory:') {
    const key = generateApiKey('staging');
    await store.addApiKey({ keyHash: await hashApiKey(key), partnerId: MEMORY_PARTNER_ID, environment: 'staging', createdAt: Date.now() });
    output.out(`staging key (partner ${MEMORY_PARTNER_ID}): ${key}`);
  }
  const apiReferenceScript = await readApiReferenceScript();
  // The service delivers its own bulk jobs; more workers may share the database (`truecost worker`).
  const worker = startBulkWorker({ store, endpointPolicy, log: logWorkerEventsTo(log) });
  const handler = createHandler({
    store,
    onJobQueued: () => worker.wake(),
    ...(rate === undefined ? {} : { rateLimit: { requestsPerSecond: rate } }),
    ...(apiReferenceScript === undefined ? {} : { apiReferenceScript }),
    ...(requestLog === undefined ? {} : { onRequest: requestLog }),
    onError: (error, request) => log.write('error', { ...request, error: String(error) }),
  });
  const server = createNodeServer(toNodeListener(handler), { requestTimeoutMs, headersTimeoutMs });
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
  stopOnSignals(server, worker, store, log);
  return server;
}

function stopOnSignals(server: Server, worker: BulkWorker, store: Store, log: ServiceLog): void {
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    log.write('info', `${signal}: finishing requests in flight`);
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(() => {
      void worker
        .stop()
        .then(() => store.close())
        .finally(() => {
          log.flush();
          process.exit(0);
        });
    });
    server.closeIdleConnections();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
