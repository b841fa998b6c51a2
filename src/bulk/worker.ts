import { randomUUID } from 'node:crypto';
import type { AttemptOutcome, JobRecord } from '../orders/store.js';
import { isBulkBodiesRequest } from '../orders/job-store.js';
import { computeBulkBodies, computeBulkFlightResults, type ComputedBodies } from './compute.js';
import { DEFAULT_DELIVERY_TIMEOUT_MS, deliverSigned } from './deliver.js';
import { checkEndpointUrl } from './endpoint-policy.js';
import { guardedFetch } from './guarded-fetch.js';
import { DEFAULT_RETRY_DELAYS_MS, afterFailedAttempt } from './retry.js';
import type { DeliveryWorkerOptions } from './worker-options.js';
import { HEARTBEATS_PER_LEASE, heartbeat, messageOf, startSlots } from './slots.js';

/** Computes an E7 job's delivered body (flight_id to tonnes string) from its stored request. */
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
  /**
   * Computes the results of an E7 job's request (default {@link computeBulkFlightResults}: the
   * flight calculator). The jobs of `POST /v3/bulk/{endpoint}` are computed by `computeBulkBodies`.
   */
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

/** A job's delivered body, or why its results could not be computed (a failed attempt), or 'lease-lost'. */
type DeliveredBody = string | { readonly error: string } | 'lease-lost';

function uncomputable(error: unknown): { readonly error: string } {
  return { error: `The results could not be computed: ${messageOf(error)}` };
}

/** Margin of the default lease beyond the delivery timeout, for computing and the store's writes. */
const LEASE_MARGIN_MS = 60_000;
const DEFAULT_POLL_INTERVAL_MS = 1_000;
const DEFAULT_CONCURRENCY = 4;

/**
 * Starts a worker that delivers bulk results (E7's flights, and the bodies of `POST
 * /v3/bulk/{endpoint}`): it claims due jobs from the store (with a lease, so that two workers never
 * hold one job, and a crashed worker's job is taken over once its lease ends), computes and saves
 * the results (storing the calculations of recorded bodies first), POSTs them signed to the
 * partner's result endpoint, and records the attempt: delivered on a 2xx answer, else queued for a
 * retry after the next delay, or failed when no delay is left. Delivery is at least once: a partner drops repeated `webhook-id`s.
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
    const body = await (isBulkBodiesRequest(job.request) ? bodiesOf(job, owner) : flightResultsOf(job, owner));
    if (body === 'lease-lost') return body;
    if (typeof body !== 'string') return failed(body.error);
    const endpoint = await store.getResultEndpoint(job.partnerId);
    if (endpoint === undefined) return failed('No endpoint is configured for bulk results.');
    const verdict = checkEndpointUrl(endpoint.url, { ...endpointPolicy, environment: job.environment });
    if (!verdict.ok) return failed(verdict.reason);
    if (!(await store.startAttempt(job.jobId, owner, now()))) return 'lease-lost';
    const delivery = await deliverSigned({ endpoint, id: job.jobId, body, timestampSeconds: Math.floor(now() / 1000), timeoutMs, fetch });
    if (delivery.ok) return { delivered: true, at: now() };
    return failedAfterStart(delivery.error);
  }

  /**
   * The delivered body of an E7 job, its results computed and saved first when they are not yet
   * (saved before delivery, so that the status route shows them and every retry sends the same body).
   */
  async function flightResultsOf(job: JobRecord, owner: string): Promise<DeliveredBody> {
    let results = job.results;
    if (results === null) {
      try {
        results = await compute(job.request);
      } catch (error) {
        return uncomputable(error);
      }
      if (!(await store.saveJobResults(job.jobId, owner, results, now()))) return 'lease-lost';
    }
    return JSON.stringify(results);
  }

  /**
   * The delivered body of a job of `POST /v3/bulk/{endpoint}`. When its results are not saved yet,
   * they are computed, the calculations of its recorded bodies stored (in one write, each under an
   * id made of the job's and the body's, so that computing again records nothing twice), then the
   * results saved.
   */
  async function bodiesOf(job: JobRecord, owner: string): Promise<DeliveredBody> {
    let results = job.bodyResults;
    if (results === null) {
      let computed: ComputedBodies;
      try {
        computed = computeBulkBodies(job, now());
      } catch (error) {
        return uncomputable(error);
      }
      if (computed.records.length > 0) await store.recordCalculations(computed.records);
      results = computed.results;
      if (!(await store.saveJobResults(job.jobId, owner, results, now()))) return 'lease-lost';
    }
    return JSON.stringify({ job_id: job.jobId, endpoint: job.endpoint, results });
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
