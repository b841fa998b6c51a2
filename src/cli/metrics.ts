// The service's Prometheus metrics (`GET /metrics`), for `truecost serve` only: the library entries
// never import prom-client. Labels are route templates, methods, statuses and reasons, never a raw
// path, a partner or a key, so that a scrape reveals no partner data. See docs/operations.md.
import cluster from 'node:cluster';
import type { ServerResponse } from 'node:http';
import { AggregatorRegistry, Counter, Registry, collectDefaultMetrics } from 'prom-client';
import type { WorkerEvent } from '../bulk/worker.js';
import type { ApiErrorName } from '../errors.js';
import type { RequestLogEntry } from '../http/handler.js';
import type { HttpListener } from '../http/node-server.js';
import { refusalErrors } from '../orders/machine.js';
import { registerRequestMetrics } from './request-metrics.js';

/** The content type of the Prometheus text format. */
export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

/** The `route` label of a request that matched no route (a 404 or a 405 of an unknown path). */
export const UNMATCHED_ROUTE = 'unmatched';

/** The refusal kind of the order machine for each `apiErrors` name it maps to. */
// An amount the schema refuses is a 400 like any other: not counted as a refusal of the machine.
const refusalKinds = new Map<ApiErrorName, string>(
  Object.entries(refusalErrors)
    .filter(([kind]) => kind !== 'invalid_climes')
    .map(([kind, name]) => [name, kind]),
);

/** The metrics of one process, fed by the handler's request log and the bulk worker's events. */
export interface ServiceMetrics {
  readonly registry: Registry;
  /** Counts one request (the handler's `onRequest`). */
  request(entry: RequestLogEntry): void;
  /** Counts one bulk job stored by E7 (the handler's `onJobQueued`). */
  jobQueued(): void;
  /** Counts one event of the bulk worker. */
  workerEvent(event: WorkerEvent): void;
}

/** Creates the registry of this process, with the process metrics of prom-client's `collectDefaultMetrics`. */
export function createServiceMetrics(): ServiceMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Counted once per request, so kept in plain accumulators rather than prom-client's Counter and Histogram.
  const requests = registerRequestMetrics(registry);
  const refusals = new Counter({
    name: 'truecost_order_changes_refused_total',
    help: 'Order writes (creates, additions, cancellations) the order machine refused, by reason.',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const jobs = new Counter({
    name: 'truecost_bulk_jobs_total',
    help: 'Bulk jobs that reached a state in this process: queued by E7, delivered, or failed for good.',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  const attempts = new Counter({
    name: 'truecost_bulk_delivery_attempts_total',
    help: 'Delivery attempts of bulk results recorded by this process, by outcome (delivered, retry, failed).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const failures = new Counter({
    name: 'truecost_bulk_delivery_failures_total',
    help: 'Delivery attempts that did not deliver (the endpoint refused, timed out or was unreachable).',
    registers: [registry],
  });
  const workerTrouble = new Counter({
    name: 'truecost_bulk_worker_errors_total',
    help: 'Bulk worker troubles, by kind: store-error (the store failed) or lease-lost (a job was taken over).',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  for (const state of ['queued', 'delivered', 'failed']) jobs.inc({ state }, 0);
  for (const outcome of ['delivered', 'retry', 'failed']) attempts.inc({ outcome }, 0);
  for (const kind of ['store-error', 'lease-lost']) workerTrouble.inc({ kind }, 0);
  failures.inc(0);

  return {
    registry,
    request(entry) {
      requests.observe(entry.route ?? UNMATCHED_ROUTE, entry.method, entry.status, entry.durationMs / 1000);
      const reason = entry.error === undefined ? undefined : refusalKinds.get(entry.error);
      if (reason !== undefined && entry.method !== 'GET') refusals.inc({ reason });
    },
    jobQueued() {
      jobs.inc({ state: 'queued' });
    },
    workerEvent(event) {
      switch (event.type) {
        case 'delivered':
          attempts.inc({ outcome: 'delivered' });
          jobs.inc({ state: 'delivered' });
          return;
        case 'retry':
          attempts.inc({ outcome: 'retry' });
          failures.inc();
          return;
        case 'failed':
          attempts.inc({ outcome: 'failed' });
          failures.inc();
          jobs.inc({ state: 'failed' });
          return;
        default:
          workerTrouble.inc({ kind: event.type });
      }
    },
  };
}

/** How the text of a scrape is made: this process's registry, or (in a cluster worker) all workers' through the primary. */
export type MetricsText = () => Promise<string>;

const METRICS_REQUEST = 'truecost:metrics-request';
const METRICS_ANSWER = 'truecost:metrics-answer';
const ASK_PRIMARY_TIMEOUT_MS = 10_000;

/**
 * In a cluster worker: answers the primary's aggregation requests with this registry, and returns
 * a {@link MetricsText} that asks the primary for the sum over all workers.
 */
export function clusterWorkerMetrics(registry: Registry): MetricsText {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one installs prom-client's listener for the primary's requests in this worker.
  new AggregatorRegistry();
  let nextId = 0;
  const pending = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
  process.on('message', (message: unknown) => {
    if (!isMessage(message, METRICS_ANSWER)) return;
    const waiter = pending.get(message.id);
    if (waiter === undefined) return;
    pending.delete(message.id);
    if (typeof message.text === 'string') waiter.resolve(message.text);
    else waiter.reject(new Error(String(message.error)));
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error('the primary did not answer'));
      }, ASK_PRIMARY_TIMEOUT_MS);
      pending.set(id, {
        resolve: (text) => {
          clearTimeout(timer);
          resolve(text);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      process.send?.({ type: METRICS_REQUEST, id });
    });
}

/**
 * In the cluster primary: the metrics of every worker, summed by prom-client's
 * `AggregatorRegistry`, and the answer to workers that serve `GET /metrics` on the main port.
 */
export function clusterPrimaryMetrics(): MetricsText {
  const aggregator = new AggregatorRegistry();
  const text: MetricsText = () => aggregator.clusterMetrics();
  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage(message, METRICS_REQUEST)) return;
    text().then(
      (metrics) => worker.isConnected() && worker.send({ type: METRICS_ANSWER, id: message.id, text: metrics }),
      (error: unknown) => worker.isConnected() && worker.send({ type: METRICS_ANSWER, id: message.id, error: String(error) }),
    );
  });
  return text;
}

function isMessage(message: unknown, type: string): message is { type: string; id: number; text?: unknown; error?: unknown } {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;
}

/** Whether a request target is `/metrics` (with or without a query string). */
function isMetricsPath(target: string | undefined): boolean {
  return target === '/metrics' || target?.startsWith('/metrics?') === true;
}

/**
 * A Node request listener answering `GET /metrics` with the text `metrics` makes, and passing
 * every other request to `next` (or answering 404 when there is none: the metrics port).
 */
export function metricsListener(metrics: MetricsText, next?: HttpListener): HttpListener {
  return (request, response) => {
    if (!isMetricsPath(request.url)) {
      if (next !== undefined) next(request, response);
      else plain(response, 404, 'Not Found\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      plain(response, 405, 'Method Not Allowed\n', { allow: 'GET, HEAD' });
      return;
    }
    metrics().then(
      (text) => plain(response, 200, text, { 'content-type': METRICS_CONTENT_TYPE }),
      (error: unknown) => plain(response, 503, `metrics unavailable: ${String(error)}\n`),
    );
  };
}

function plain(response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers, 'content-length': String(Buffer.byteLength(body)) });
  response.end(response.req.method === 'HEAD' ? undefined : body);
}
