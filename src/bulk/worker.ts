import { randomUUID } from 'node:crypto';
import type { AttemptOutcome, JobRecord } from '../orders/store.js';
import { computeBulkFlightResults } from './compute.js';
import { DEFAULT_DELIVERY_TIMEOUT_MS, deliverResults } from './deliver.js';
import { checkEndpointUrl } from './endpoint-policy.js';
import { guardedFetch } from './guarded-fetch.js';
import { DEFAULT_RETRY_DELAYS_MS, afterFailedAttempt } from './retry.js';
import type { DeliveryWorkerOptions } from './worker-options.js';
import { HEARTBEATS_PER_LEASE, heartbeat, messageOf, startSlots } from './slots.js';

/** Computes a job's delivered body (flight_id to tonnes string) from its stored E7 request. */
export type ComputeResults = (request: unknown) => Readonly<Record<string, string>> | Promise<Readonly<Record<string, string>>>;

/** What a worker reports as it goes, for logs and metrics. */
export type WorkerEvent =
  | { readonly type: 'delivered'; readonly jobId: string; readonly attempts: number }
  | { readonly type: 'retry'; readonly jobId: string; readonly attempts: number; readonly error: string; readonly nextAttemptAt: number }
  | { readonly type: 'failed'; readonly jobId: string; readonly attempts: number; readonly error: string }
  /** The lease ended (or was about to) before the attempt was made or recorded; the job waits for its next claim. */
  | { readonly type: 'lease-lost'; readonly jobId: string }
  /** The store failed (for example, the database is unreachable); the worker tries again after the poll interval. */
  | { readonly type: 'store-error'; readonly error: string };

/** Options of {@link startBulkWorker}. Times are milliseconds. */
export interface BulkWorkerOptions extends DeliveryWorkerOptions {
  /** Computes the results of a job's request (default {@link computeBulkFlightResults}: the flight calculator). */
  readonly compute?: ComputeResults;
  /** Delays between attempts (default about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h). */
  readonly retryDelaysMs?: readonly number[];
  /** Receives every event of the worker (default none). */
  readonly log?: (event: WorkerEvent) => void;
}

/** A running worker. */
export interface BulkWorker {
  /** Looks for due jobs at once, for example right after E7 queued one. */
  wake(): void;
  /** Stops claiming jobs and resolves once the deliveries in flight are recorded. */
  stop(): Promise<void>;
}

/** Margin of the default lease beyond the delivery timeout, for computing and the store's writes. */
const LEASE_MARGIN_MS = 60_000;
const DEFAULT_POLL_INTERVAL_MS = 1_000;
const DEFAULT_CONCURRENCY = 4;

/**
 * Starts a worker that delivers bulk flight results: it claims due jobs from the store (with a
 * lease, so that two workers never hold one job, and a crashed worker's job is taken over once its
 * lease ends), computes and saves the results, POSTs them signed to the partner's result endpoint,
 * and records the attempt: delivered on a 2xx answer, else queued for a retry after the next delay,
 * or failed when no delay is left. Delivery is at least once: a partner drops repeated `webhook-id`s.
 *
 * @example
 * ```ts
 * const worker = startBulkWorker({ store });
 * // after E7 queued a job: worker.wake();
 * // on shutdown: await worker.stop();
 * ```
 * @remarks Since 0.1.0
 */
export function startBulkWorker(options: BulkWorkerOptions): BulkWorker {
  const store = options.store;
  const retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS;
  const leaseMs = options.leaseMs ?? timeoutMs + LEASE_MARGIN_MS;
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const workerId = options.workerId ?? randomUUID();
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const now = options.now ?? Date.now;
  const endpointPolicy = options.endpointPolicy ?? {};
  const fetch = options.fetch ?? guardedFetch(endpointPolicy, options.lookup);
  const log = options.log ?? (() => undefined);
  const compute = options.compute ?? computeBulkFlightResults;
  if (!(leaseMs >= HEARTBEATS_PER_LEASE && Number.isFinite(leaseMs))) throw new RangeError(`leaseMs must be a number of milliseconds, at least ${HEARTBEATS_PER_LEASE} (got ${leaseMs}).`);

  /** Extends the lease on `job` every third of the lease while it is worked on (./slots.ts). */
  const beat = (job: JobRecord, owner: string): (() => void) =>
    heartbeat(leaseMs, () => store.extendLease?.(job.jobId, owner, now() + leaseMs), (error) => log({ type: 'store-error', error: messageOf(error) }));

  async function handle(job: JobRecord, owner: string): Promise<void> {
    const stopBeating = beat(job, owner);
    let outcome: AttemptOutcome | 'lease-lost';
    try {
      outcome = await attempt(job, owner);
    } finally {
      stopBeating();
    }
    const recorded = outcome !== 'lease-lost' && (await store.recordAttempt(job.jobId, owner, outcome));
    const attempts = job.attempts + 1;
    if (outcome === 'lease-lost' || !recorded) log({ type: 'lease-lost', jobId: job.jobId });
    else if (outcome.delivered) log({ type: 'delivered', jobId: job.jobId, attempts });
    else if (outcome.nextAttemptAt === null) log({ type: 'failed', jobId: job.jobId, attempts, error: outcome.error });
    else log({ type: 'retry', jobId: job.jobId, attempts, error: outcome.error, nextAttemptAt: outcome.nextAttemptAt });
  }

  /**
   * One attempt at a claimed job, or 'lease-lost' when the lease is (nearly) over and the job must
   * be left alone. The attempt is counted (`startAttempt`) before the POST, or before recording a
   * failure that came earlier, so that a crash mid-delivery still counts it.
   */
  async function attempt(job: JobRecord, owner: string): Promise<AttemptOutcome | 'lease-lost'> {
    const failed = async (error: string): Promise<AttemptOutcome | 'lease-lost'> => {
      if (!(await store.startAttempt(job.jobId, owner, now()))) return 'lease-lost';
      return failedAfterStart(error);
    };
    const failedAfterStart = (error: string): AttemptOutcome => {
      const at = now();
      const decision = afterFailedAttempt(job.attempts + 1, retryDelaysMs, at);
      return { delivered: false, at, error, nextAttemptAt: decision.retry ? decision.nextAttemptAt : null };
    };
    let results = job.results;
    if (results === null) {
      try {
        results = await compute(job.request);
      } catch (error) {
        return failed(`The results could not be computed: ${error instanceof Error ? error.message : String(error)}`);
      }
      // Saved before delivery, so that the status route shows them and every retry sends the same body.
      if (!(await store.saveJobResults(job.jobId, owner, results, now()))) return 'lease-lost';
    }
    const endpoint = await store.getResultEndpoint(job.partnerId);
    if (endpoint === undefined) return failed('No endpoint is configured for bulk results.');
    const verdict = checkEndpointUrl(endpoint.url, { ...endpointPolicy, environment: job.environment });
    if (!verdict.ok) return failed(verdict.reason);
    if (!(await store.startAttempt(job.jobId, owner, now()))) return 'lease-lost';
    const delivery = await deliverResults({
      endpoint,
      jobId: job.jobId,
      results,
      timestampSeconds: Math.floor(now() / 1000),
      timeoutMs,
      fetch,
    });
    if (delivery.ok) return { delivered: true, at: now() };
    return failedAfterStart(delivery.error);
  }

  const slots = startSlots({
    workerId,
    concurrency,
    pollIntervalMs,
    async step(owner) {
      const job = await store.claimJob(owner, now(), leaseMs);
      if (job === undefined) return false;
      await handle(job, owner);
      return true;
    },
    // A failing store must not end the worker: the job's lease runs out and it is claimed again.
    onError: (error) => log({ type: 'store-error', error: messageOf(error) }),
  });

  return slots;
}
