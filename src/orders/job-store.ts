// The bulk queue's persistence (docs/bulk.md): jobs, their leases, attempts and health.
import type { CalculationEndpoint } from './calculation-endpoints.js';
import type { IdempotencyGuard } from './idempotency.js';
import type { Scope } from './types.js';

/** The life of a bulk job: queued (also between retries), delivering (leased by a worker), then delivered or failed. */
export const JOB_STATES = ['queued', 'delivering', 'delivered', 'failed'] as const;

/** The state of a bulk job: `'queued'`, `'delivering'`, `'delivered'` or `'failed'`. */
export type JobState = (typeof JOB_STATES)[number];

/** How many jobs `listJobs` (and `truecost jobs list`) returns when no limit is given. */
export const DEFAULT_JOB_LIST_LIMIT = 100;

/**
 * One body of a job of `POST /v3/bulk/{endpoint}`: a calculator request body of the job's
 * endpoint, with the partner's `id` and an optional `record`, as sent.
 */
export interface BulkBody {
  readonly id: string;
  readonly [field: string]: unknown;
}

/**
 * The request a job of `POST /v3/bulk/{endpoint}` stores: its bodies in the order sent (E7's jobs
 * store E7's array of flights).
 *
 * @remarks Since 0.5.0
 */
export interface BulkBodiesRequest {
  readonly bodies: readonly BulkBody[];
}

/**
 * The result of one body of a job of `POST /v3/bulk/{endpoint}`: the calculator's answer (with
 * `calculation_id` when the body was recorded), or why the body was refused.
 *
 * @remarks Since 0.5.0
 */
export type BulkBodyResult =
  | { readonly id: string; readonly result: unknown }
  | { readonly id: string; readonly error: { readonly path: string; readonly reason: string } };

/** True when a job's request is that of `POST /v3/bulk/{endpoint}` rather than E7's array of flights. */
export function isBulkBodiesRequest(request: unknown): request is BulkBodiesRequest {
  return typeof request === 'object' && request !== null && !Array.isArray(request) && Array.isArray((request as { bodies?: unknown }).bodies);
}

/** A bulk job (E7, or `POST /v3/bulk/{endpoint}`) as stored. Times are milliseconds since the epoch. */
export interface JobRecord extends Scope {
  readonly jobId: string;
  /**
   * The calculator of the job: `'flight'` for E7's jobs (and for those stored before jobs had one).
   * @remarks Since 0.5.0
   */
  readonly endpoint: CalculationEndpoint;
  /** The request as validated, to be computed by the worker: E7's array of flights, or a {@link BulkBodiesRequest}. */
  readonly request: unknown;
  readonly state: JobState;
  /** How many delivery attempts were started (a count). */
  readonly attempts: number;
  readonly lastError: string | null;
  /** E7's delivered body (flight_id to tonnes string) once computed, else null; null for a job of bodies. */
  readonly results: Readonly<Record<string, string>> | null;
  /**
   * The results of a job of bodies, one per body in the order sent, once computed, else null;
   * null for E7's jobs.
   * @remarks Since 0.5.0
   */
  readonly bodyResults: readonly BulkBodyResult[] | null;
  /** When the job was accepted, in milliseconds since the epoch. */
  readonly createdAt: number;
  /** When the job last changed, in milliseconds since the epoch. */
  readonly updatedAt: number;
  /** The earliest time the next delivery attempt may start, in milliseconds since the epoch. */
  readonly nextAttemptAt: number;
  /** The worker holding the job, and until when; null when no one holds it. */
  readonly leaseOwner: string | null;
  /**
   * Until when `leaseOwner` holds the job, in milliseconds since the epoch; null when no one holds
   * it.
   */
  readonly leaseExpiresAt: number | null;
  /** When the partner accepted the results, in milliseconds since the epoch; null until then. */
  readonly deliveredAt: number | null;
}

/** Which failed jobs {@link JobStore.redriveJobs} queues again: by partner, and by when they failed (`since` included, `until` not). */
export interface RedriveFilter {
  readonly partnerId?: string;
  /** Jobs that failed at or after this time, in milliseconds since the epoch. */
  readonly since?: number;
  /** Jobs that failed before this time, in milliseconds since the epoch. */
  readonly until?: number;
}

/** The bulk queue at one instant, for metrics (docs/bulk.md, "The queue's health"). */
export interface JobQueueHealth {
  /** How many jobs wait for an attempt, due or not (a count). */
  readonly queued: number;
  /** How many jobs a worker holds (a count; their lease may have lapsed, after a crash). */
  readonly delivering: number;
  /** How many jobs failed for good and wait for a retry or a redrive (a count). */
  readonly failed: number;
  /**
   * When the job that has been due the longest without a worker became due, in milliseconds since
   * the epoch; null when none is.
   */
  readonly oldestDueAt: number | null;
}

/** The results a worker saves: E7's object of flight_id to tonnes, or a job of bodies' list. */
export type JobResults = Readonly<Record<string, string>> | readonly BulkBodyResult[];

/** True when saved results are a job of bodies' list (`bodyResults`) rather than E7's object (`results`). */
export function isBodyResults(results: JobResults): results is readonly BulkBodyResult[] {
  return Array.isArray(results);
}

/** A job as queued: E7's jobs leave `endpoint` out (they are `'flight'`). */
export interface NewJob extends Scope {
  readonly jobId: string;
  readonly request: unknown;
  /** When the job was accepted, in milliseconds since the epoch. */
  readonly createdAt: number;
  /** @remarks Since 0.5.0 */
  readonly endpoint?: CalculationEndpoint;
}

/** The result of one delivery attempt, as a worker reports it. */
export type AttemptOutcome =
  | { readonly delivered: true; readonly at: number }
  /** `nextAttemptAt` null: no retry is left and the job fails. */
  | { readonly delivered: false; readonly at: number; readonly error: string; readonly nextAttemptAt: number | null };

/** Durable bulk jobs with leases, so that two workers never deliver one job at the same time. */
export interface JobStore {
  /** Stores a new job, queued and due at once, before E7 (or `POST /v3/bulk/{endpoint}`) answers. */
  enqueueJob(job: NewJob, guard?: IdempotencyGuard<void>): Promise<void>;
  /**
   * Atomically takes the oldest due job (queued or delivering, `nextAttemptAt <= now`, lease absent
   * or expired), marks it delivering and leases it to `workerId` until `now + leaseMs`.
   */
  claimJob(workerId: string, now: number, leaseMs: number): Promise<JobRecord | undefined>;
  /**
   * Stores the computed results (an array is read back as `bodyResults`, an object as `results`);
   * false when `workerId` no longer holds the lease.
   */
  saveJobResults(jobId: string, workerId: string, results: JobResults, now: number): Promise<boolean>;
  /**
   * Counts one attempt, durably, before anything of it is done (before the POST to the partner),
   * so that an attempt cut short by a crash still counts. False when `workerId` no longer holds the lease.
   */
  startAttempt(jobId: string, workerId: string, now: number): Promise<boolean>;
  /**
   * Records the end of the attempt `startAttempt` counted (it is not counted again): releases the
   * lease and moves the job to delivered, back to queued (due at `nextAttemptAt`) or to failed.
   * False when `workerId` no longer holds the lease.
   */
  recordAttempt(jobId: string, workerId: string, outcome: AttemptOutcome): Promise<boolean>;
  /**
   * Moves the end of `workerId`'s lease on a delivering job to `leaseExpiresAt` (the worker's
   * heartbeat while it works); false when it no longer holds the job. A store without it keeps
   * each lease as claimed: a delivery must then end within it.
   * @remarks Since 0.3.0
   */
  extendLease?(jobId: string, workerId: string, leaseExpiresAt: number): Promise<boolean>;
  /** The job in this scope (jobs are invisible to other partners and environments). */
  getJob(scope: Scope, jobId: string): Promise<JobRecord | undefined>;
  /** Jobs for operators, newest first. */
  listJobs(filter: { readonly state?: JobState; readonly limit?: number }): Promise<JobRecord[]>;
  /** Queues a failed (or any undelivered) job again, due at `now`; undefined when unknown. */
  retryJob(jobId: string, now: number): Promise<JobRecord | undefined>;
  /**
   * Queues again, due at `now`, every failed job that matches `filter` (its failure time is its
   * `updatedAt`); resolves to how many. Optional: `redriveJobs` of ./queue.ts does it through
   * `listJobs` and `retryJob` for a store without it (the memory store).
   * @remarks Since 0.3.0
   */
  redriveJobs?(filter: RedriveFilter, now: number): Promise<number>;
  /**
   * The queue at `now`, in one read. Optional: `jobQueueHealth` of ./queue.ts counts `listJobs`
   * for a store without it (the memory store).
   * @remarks Since 0.3.0
   */
  jobQueueHealth?(now: number): Promise<JobQueueHealth>;
}
