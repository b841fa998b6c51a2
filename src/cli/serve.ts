import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { availableParallelism } from 'node:os';
import { createHandler, DEFAULT_STALE_KEY_WINDOW_MS, type RequestLogEntry } from '../http/handler.js';
import { DEFAULT_IDEMPOTENCY_RETENTION_MS } from '../http/idempotency.js';
import { startIdempotencySweep } from './idempotency-sweep.js';
import { readApiReferenceScript, toNodeListener } from '../http/node.js';
import { createHttpServer, DEFAULT_HEADERS_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS } from '../http/node-server.js';
import { startBulkWorker, type WorkerEvent } from '../bulk/worker.js';
import { runClusterPrimary } from './cluster.js';
import { listen, startMetricsServer, urlOf } from './listening.js';
import { createServiceLog, LOG_LEVELS, type LogLevel, type ServiceLog } from './log.js';
import { clusterWorkerMetrics, createServiceMetrics, metricsListener, type MetricsText } from './metrics.js';
import { registerQueueMetrics } from './queue-metrics.js';
import { onStopSignal } from './shutdown.js';
import { drainable } from './drain.js';
import { addFirstKey, createsSqliteFile, holdsNoKey, noKeyLine } from './first-key.js';
import { dbListenUrlOf, dbUrlOf, openStore, withStore, type StoreBounds } from './store-url.js';
import { openWhenReachable } from './pending-store.js';
import { trackKeyUsage } from '../dashboard/key-usage.js';
import { dashboardListener, withDashboard } from '../dashboard/node.js';
import type { Output, ServeOptions } from './types.js';
import type { Store } from '../orders/store.js';
import type { RateLimitOptions } from '../http/rate-limit.js';
import { sharedRateLimiter, type SharedLimitStore } from '../stores/shared-rate-limit.js';
import { integerOption, parseCommand, UsageError } from './usage.js';
import { publicUrlOf } from './public-url.js';
import { eventsWorkerEventFields, eventsWorkerEventLevel, workerEventFields, workerEventLevel } from './worker.js';
import { startEventsWorker, type EventsWorkerEvent } from '../bulk/events-worker.js';

/** Why `GET /docs` answers 404, logged at start when the API reference's package is missing. */
export const DOCS_UNAVAILABLE = '/docs answers 404: its optional package @scalar/api-reference is not installed (npm install @scalar/api-reference)';
/** How long a shutdown waits for requests in flight before closing their connections. */
const SHUTDOWN_GRACE_MS = 10_000;
/** How long after the grace period the bulk worker and the store may take to stop before the process exits anyway. */
const CLOSE_MARGIN_MS = 10_000;

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

/**
 * The rate limit of `--rate-limit`: in the database when the store keeps buckets (SQLite,
 * PostgreSQL), shared by every server on it; in the process on memory: (docs/http.md, "Rate limits").
 */
function rateLimitsOf(rate: number | undefined, store: Store, log: ServiceLog): { options: RateLimitOptions; stop(): Promise<void> } | undefined {
  if (rate === undefined) return undefined;
  const { takeRateToken, recordServer, forgetServer } = store;
  if (takeRateToken === undefined || recordServer === undefined || forgetServer === undefined) {
    return { options: { requestsPerSecond: rate }, stop: async () => {} };
  }
  const limiter = sharedRateLimiter(store as SharedLimitStore, { requestsPerSecond: rate }, {
    onError: (error) => log.write('warn', { event: 'rate-limit-store-failed', error: String(error) }),
  });
  return { options: { requestsPerSecond: rate, limiter }, stop: () => limiter.stop() };
}

/** The bulk worker's events on the service's log, with the fields of `truecost worker`'s lines. */
function logWorkerEventsTo(log: ServiceLog): (event: WorkerEvent) => void {
  return (event) => log.write(workerEventLevel(event), workerEventFields(event));
}

const HOUR_MS = 60 * 60 * 1000;
/** The longest `--idempotency-retention`: 30 days. */
const MAX_IDEMPOTENCY_RETENTION_HOURS = 720;

/** The default `--drain-delay`: long enough for a load balancer polling `/readyz` every second to notice. */
export const DEFAULT_DRAIN_DELAY_MS = 2_000;

function workersOf(value: string | undefined): number {
  if (value === 'auto') return availableParallelism();
  return integerOption(value, 'workers', 1, 1, 1024);
}

/** Parses and checks the command line of `truecost serve`. */
export function parseServeOptions(args: readonly string[]): ServeOptions {
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
    workers: { type: 'string' },
    'metrics-port': { type: 'string' },
    'metrics-host': { type: 'string' },
    'drain-delay': { type: 'string' },
    'secure-cookies': { type: 'boolean' },
    'db-timeout': { type: 'string' },
    'db-connect-timeout': { type: 'string' },
    'db-listen-url': { type: 'string' },
    'stale-key-window': { type: 'string' },
    'idempotency-retention': { type: 'string' },
    'public-url': { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument ${JSON.stringify(positionals[0])}.`);
  // Each flag wins over its environment variable (PORT, HOST, TRUECOST_RATE_LIMIT; the store in dbUrlOf).
  const host = values.host ?? (process.env['HOST'] || '127.0.0.1');
  const db = dbUrlOf(values.db);
  const workers = workersOf(values.workers);
  if (workers > 1 && db === 'memory:') {
    throw new UsageError(`--workers ${workers} needs a database the processes share: memory: lives in one process; use sqlite:PATH or postgres://...`);
  }
  const rate = rateLimitOf(values['rate-limit'] ?? (process.env['TRUECOST_RATE_LIMIT'] || undefined));
  const dbTimeout = values['db-timeout'] ?? (process.env['TRUECOST_DB_TIMEOUT'] || undefined);
  const dbConnectTimeout = values['db-connect-timeout'] ?? (process.env['TRUECOST_DB_CONNECT_TIMEOUT'] || undefined);
  const dbListenUrl = dbListenUrlOf(values['db-listen-url']);
  const staleKeyWindow = values['stale-key-window'] ?? (process.env['TRUECOST_STALE_KEY_WINDOW'] || undefined);
  const publicUrl = publicUrlOf(values['public-url'] ?? (process.env['TRUECOST_PUBLIC_URL'] || undefined));
  return {
    ...(publicUrl === undefined ? {} : { publicUrl }),
    port: integerOption(values.port ?? (process.env['PORT'] || undefined), 'port', 8080, 0, 65_535),
    host,
    db,
    workers,
    logLevel: logLevelOf(values['log-level']),
    requestLog: values['no-request-log'] !== true,
    requestTimeoutMs: integerOption(values['request-timeout'], 'request-timeout', DEFAULT_REQUEST_TIMEOUT_MS, 1, 3_600_000),
    headersTimeoutMs: integerOption(values['headers-timeout'], 'headers-timeout', DEFAULT_HEADERS_TIMEOUT_MS, 1, 3_600_000),
    allowPrivateEndpoints: values['allow-private-endpoints'] === true,
    secureCookies: values['secure-cookies'] === true,
    metricsHost: values['metrics-host'] ?? host,
    drainDelayMs: integerOption(values['drain-delay'], 'drain-delay', DEFAULT_DRAIN_DELAY_MS, 0, 600_000),
    staleKeyWindowMs: integerOption(staleKeyWindow, 'stale-key-window', DEFAULT_STALE_KEY_WINDOW_MS, 0, 86_400_000),
    ...(dbTimeout === undefined ? {} : { dbTimeoutMs: integerOption(dbTimeout, 'db-timeout', 0, 1, 600_000) }),
    ...(dbConnectTimeout === undefined ? {} : { dbConnectTimeoutMs: integerOption(dbConnectTimeout, 'db-connect-timeout', 0, 1, 600_000) }),
    ...(dbListenUrl === undefined ? {} : { dbListenUrl }),
    idempotencyRetentionMs:
      HOUR_MS *
      integerOption(
        values['idempotency-retention'] ?? (process.env['TRUECOST_IDEMPOTENCY_RETENTION'] || undefined),
        'idempotency-retention',
        DEFAULT_IDEMPOTENCY_RETENTION_MS / HOUR_MS,
        1,
        MAX_IDEMPOTENCY_RETENTION_HOURS,
      ),
    ...(rate === undefined ? {} : { rateLimit: rate }),
    ...(values['metrics-port'] === undefined ? {} : { metricsPort: integerOption(values['metrics-port'], 'metrics-port', 0, 0, 65_535) }),
  };
}

/**
 * `truecost serve`: the whole service on one port. With `--workers N` above 1, this process
 * becomes the primary of N server processes sharing the port (see `./cluster.ts`). Resolves once
 * it listens; on SIGTERM or SIGINT `/readyz` answers 503 for the drain delay, then the server
 * stops accepting, finishes the requests in flight, closes the store and exits 0.
 */
export async function serveCommand(args: readonly string[], output: Output): Promise<void> {
  const options = parseServeOptions(args);
  const log = createServiceLog({ level: options.logLevel });
  // Once, before any worker opens it: a SQLite file created now holds no key yet; a store that
  // exists and holds none gets the command that makes one.
  if (cluster.isPrimary && createsSqliteFile(options.db)) output.out(await withStore(options.db, addFirstKey));
  else if (cluster.isPrimary && options.db !== 'memory:' && (await holdsNoKey(options.db)) === true) {
    output.out(noKeyLine(options.db));
  }
  if (options.workers > 1 && cluster.isPrimary) await runClusterPrimary(options, output, log);
  else await runServer(options, output, log);
}

/** One server process: alone (`--workers 1`) or as a worker of the cluster. */
async function runServer(options: ServeOptions, output: Output, log: ServiceLog): Promise<void> {
  const inCluster = cluster.isWorker;
  // "Last used" on the dashboard's key list: recorded at most once a minute per key, off the request's path.
  const bounds: StoreBounds = {
    ...(options.dbTimeoutMs === undefined ? {} : { timeoutMs: options.dbTimeoutMs }),
    ...(options.dbConnectTimeoutMs === undefined ? {} : { connectTimeoutMs: options.dbConnectTimeoutMs }),
    ...(options.dbListenUrl === undefined ? {} : { listenUrl: options.dbListenUrl }),
  };
  // A database unreachable at start leaves the service up but not ready, until it can be opened.
  const opened = await openWhenReachable(() => openStore(options.db, bounds), {
    onRetry: (error, delayMs) => log.write('warn', { event: 'store-unavailable', error: error.message, retry_in_ms: delayMs }),
    onOpened: () => log.write('info', { event: 'store-opened' }),
  });
  const store = trackKeyUsage(opened);
  if (options.db === 'memory:') output.out(await addFirstKey(store));
  const metrics = createServiceMetrics();
  registerQueueMetrics(metrics.registry, store);
  const metricsText: MetricsText = inCluster ? clusterWorkerMetrics(metrics.registry) : () => metrics.registry.metrics();
  const apiReferenceScript = await readApiReferenceScript();
  if (apiReferenceScript === undefined) log.write('warn', { event: 'docs-unavailable', message: DOCS_UNAVAILABLE });
  // Every server process delivers bulk jobs; leases keep two processes off one job, and more
  // workers may share the database (`truecost worker`).
  const logWorker = logWorkerEventsTo(log);
  const worker = startBulkWorker({
    store,
    endpointPolicy: { allowPrivateAddresses: options.allowPrivateEndpoints },
    log: (event) => {
      logWorker(event);
      metrics.workerEvent(event);
    },
  });
  // And order events (docs/operations.md, "Order events").
  const eventsLog = (event: EventsWorkerEvent): void => log.write(eventsWorkerEventLevel(event), eventsWorkerEventFields(event));
  const eventsWorker = startEventsWorker({ store, endpointPolicy: { allowPrivateAddresses: options.allowPrivateEndpoints }, log: eventsLog });
  let draining = false;
  const limits = rateLimitsOf(options.rateLimit, store, log);
  const handler = createHandler({
    store,
    draining: () => draining,
    // The place tables are loaded on the first leg given by places.
    places: () => import('../places/index.js').then((module) => module.places),
    staleKeyWindowMs: options.staleKeyWindowMs,
    onJobQueued: () => {
      metrics.jobQueued();
      worker.wake();
    },
    ...(limits === undefined ? {} : { rateLimit: limits.options }),
    ...(apiReferenceScript === undefined ? {} : { apiReferenceScript }),
    onRequest: options.requestLog
      ? (entry) => {
          log.request(entry);
          metrics.request(entry);
        }
      : (entry) => metrics.request(entry),
    onError: (error, request) => log.write('error', { ...request, error: String(error) }),
    idempotency: { retentionMs: options.idempotencyRetentionMs },
    ...(options.publicUrl === undefined ? {} : { publicUrl: options.publicUrl }),
  });
  const sweep = startIdempotencySweep(store, (error) => log.write('error', { event: 'idempotency-sweep', error: String(error) }));
  const dashboard = dashboardListener({
    store,
    onJobQueued: () => worker.wake(),
    onEventQueued: () => eventsWorker.wake(),
    endpointPolicy: { allowPrivateAddresses: options.allowPrivateEndpoints },
    ...(options.secureCookies ? { secureCookies: true } : {}),
    ...(options.requestLog ? { onRequest: (entry: RequestLogEntry) => log.request(entry) } : {}),
    onError: (error, request) => log.write('error', { ...request, error: String(error) }),
  });
  const api = withDashboard(toNodeListener(handler), dashboard);
  const server = createHttpServer(options.metricsPort === undefined ? metricsListener(metricsText, api) : api, {
    requestTimeoutMs: options.requestTimeoutMs,
    headersTimeoutMs: options.headersTimeoutMs,
  });
  const drain = drainable(server);
  const address = await listen(server, options.port, options.host);
  // In a cluster the primary serves the metrics port, with every worker's metrics.
  const metricsServer =
    options.metricsPort === undefined || inCluster ? undefined : await startMetricsServer(metricsText, options.metricsPort, options.metricsHost, output);
  if (inCluster) log.write('info', { event: 'worker-listening' });
  else output.out(`truecost listening on ${urlOf(address)}`);
  stopOnSignals(log, options.drainDelayMs, () => {
    draining = true;
    drain.begin();
  }, async () => {
    await drain.close(SHUTDOWN_GRACE_MS);
    sweep.stop();
    await Promise.all([worker.stop(), eventsWorker.stop(), limits?.stop(), metricsServer === undefined ? undefined : closeServer(metricsServer)]);
    await store.close();
  });
}

/** Stops accepting, lets the requests in flight finish (closing connections after the grace period), and resolves once closed. */
function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}

/**
 * On the first SIGTERM or SIGINT: `flip` readiness, wait the drain delay (still serving, so that
 * load balancers see `/readyz` fail and stop sending requests), then `close`, flush the log and exit 0.
 */
function stopOnSignals(log: ServiceLog, drainDelayMs: number, flip: () => void, close: () => Promise<void>): void {
  const exit = (code: number): void => {
    void log.flush().then(() => process.exit(code));
  };
  onStopSignal((signal) => {
    flip();
    log.write('info', { event: 'draining', signal, drain_delay_ms: drainDelayMs });
    setTimeout(() => {
      log.write('info', { event: 'closing', message: `${signal}: finishing requests in flight` });
      // A store that never answers must not keep the process alive: give up after the grace period and a margin.
      setTimeout(() => {
        log.write('error', { event: 'close-timeout', message: 'shutdown did not finish; exiting' });
        exit(1);
      }, SHUTDOWN_GRACE_MS + CLOSE_MARGIN_MS).unref();
      close()
        .catch((error: unknown) => log.write('error', { event: 'close-failed', error: String(error) }))
        .finally(() => exit(0));
    }, drainDelayMs);
  }, 'ends-if-same');
}
