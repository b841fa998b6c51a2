// The bulk queue's persistence (docs/bulk.md): jobs, their leases, attempts and health.
import type { IdempotencyGuard } from './idempotency.js';
import type { Scope } from './types.js';

/** The life of a bulk job: queued (also between retries), delivering (leased by a worker), then delivered or failed. */
export const JOB_STATES = ['queued', 'delivering', 'delivered', 'failed'] as const;

/** The state of a bulk job: `'queued'`, `'delivering'`, `'delivered'` or `'failed'`. */
export type JobState = (typeof JOB_STATES)[number];

/** How many jobs `listJobs` (and `truecost jobs list`) returns when no limit is given. */
export const DEFAULT_JOB_LIST_LIMIT = 100;

/** A bulk flight job (E7) as stored. Times are milliseconds since the epoch. */
export interface JobRecord extends Scope {
  readonly jobId: string;
  /** The E7 request body as validated, to be computed by the worker. */
  readonly request: unknown;
  readonly state: JobState;
  /** How many delivery attempts were started (a count). */
  readonly attempts: number;
  readonly lastError: string | null;
  /** The delivered body (flight_id to tonnes string) once computed, else null. */
  readonly results: Readonly<Record<string, string>> | null;
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

/** The result of one delivery attempt, as a worker reports it. */
export type AttemptOutcome =
  | { readonly delivered: true; readonly at: number }
  /** `nextAttemptAt` null: no retry is left and the job fails. */
  | { readonly delivered: false; readonly at: number; readonly error: string; readonly nextAttemptAt: number | null };

/** Durable bulk jobs with leases, so that two workers never deliver one job at the same time. */
export interface JobStore {
  /** Stores a new job, queued and due at once, before E7 answers. */
  enqueueJob(job: { jobId: string; request: unknown; createdAt: number } & Scope, guard?: IdempotencyGuard<void>): Promise<void>;
  /**
   * Atomically takes the oldest due job (queued or delivering, `nextAttemptAt <= now`, lease absent
   * or expired), marks it delivering and leases it to `workerId` until `now + leaseMs`.
   */
  claimJob(workerId: string, now: number, leaseMs: number): Promise<JobRecord | undefined>;
  /** Stores the computed results; false when `workerId` no longer holds the lease. */
  saveJobResults(jobId: string, workerId: string, results: Readonly<Record<string, string>>, now: number): Promise<boolean>;
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
