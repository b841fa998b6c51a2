// The memory store's bulk jobs: one map, each method synchronous inside its promise.
import { DEFAULT_JOB_LIST_LIMIT, type AttemptOutcome, type JobRecord, type JobState, type ListPage, type Store } from '../../orders/store.js';
import type { Scope } from '../../orders/types.js';
import { page } from './page.js';

type JobMethods = Pick<
  Store,
  | 'enqueueJob' | 'claimJob' | 'saveJobResults' | 'startAttempt' | 'recordAttempt' | 'extendLease' | 'getJob' | 'listJobs' | 'retryJob'
  | 'redriveJobs' | 'jobQueueHealth' | 'listPartnerJobs'
>;

/** Whether a worker may claim the job at `now`: queued or delivering, due, and its lease absent or over. */
const claimableAt = (job: JobRecord, now: number): boolean =>
  (job.state === 'queued' || job.state === 'delivering') && job.nextAttemptAt <= now && (job.leaseExpiresAt === null || job.leaseExpiresAt <= now);

/** The job methods of a memory store, over a map of their own. */
export function memoryJobs(): JobMethods {
  const jobs = new Map<string, JobRecord>();

  function updateJob(jobId: string, workerId: string, change: (job: JobRecord) => JobRecord): boolean {
    const job = jobs.get(jobId);
    if (job === undefined || job.leaseOwner !== workerId) return false;
    jobs.set(jobId, change(job));
    return true;
  }

  return {
    async enqueueJob(job): Promise<void> {
      jobs.set(job.jobId, {
        jobId: job.jobId,
        partnerId: job.partnerId,
        environment: job.environment,
        request: structuredClone(job.request),
        state: 'queued',
        attempts: 0,
        lastError: null,
        results: null,
        createdAt: job.createdAt,
        updatedAt: job.createdAt,
        nextAttemptAt: job.createdAt,
        leaseOwner: null,
        leaseExpiresAt: null,
        deliveredAt: null,
      });
    },

    async claimJob(workerId: string, now: number, leaseMs: number): Promise<JobRecord | undefined> {
      let due: JobRecord | undefined;
      for (const job of jobs.values()) {
        if (claimableAt(job, now) && (due === undefined || job.nextAttemptAt < due.nextAttemptAt)) due = job;
      }
      if (due === undefined) return undefined;
      const claimed: JobRecord = {
        ...due,
        state: 'delivering',
        leaseOwner: workerId,
        leaseExpiresAt: now + leaseMs,
        updatedAt: now,
      };
      jobs.set(due.jobId, claimed);
      return structuredClone(claimed);
    },

    async saveJobResults(jobId, workerId, results, now): Promise<boolean> {
      return updateJob(jobId, workerId, (job) => ({ ...job, results: { ...results }, updatedAt: now }));
    },

    async startAttempt(jobId: string, workerId: string, now: number): Promise<boolean> {
      return updateJob(jobId, workerId, (job) => ({ ...job, attempts: job.attempts + 1, updatedAt: now }));
    },

    async recordAttempt(jobId: string, workerId: string, outcome: AttemptOutcome): Promise<boolean> {
      return updateJob(jobId, workerId, (job) => {
        const released = { ...job, leaseOwner: null, leaseExpiresAt: null, updatedAt: outcome.at };
        if (outcome.delivered) return { ...released, state: 'delivered', deliveredAt: outcome.at, lastError: null };
        if (outcome.nextAttemptAt === null) return { ...released, state: 'failed', lastError: outcome.error };
        return { ...released, state: 'queued', lastError: outcome.error, nextAttemptAt: outcome.nextAttemptAt };
      });
    },

    async extendLease(jobId, workerId, leaseExpiresAt): Promise<boolean> {
      if (jobs.get(jobId)?.state !== 'delivering') return false;
      return updateJob(jobId, workerId, (job) => ({ ...job, leaseExpiresAt }));
    },

    async redriveJobs(filter, now): Promise<number> {
      let count = 0;
      for (const job of jobs.values()) {
        if (job.state !== 'failed' || (filter.partnerId !== undefined && job.partnerId !== filter.partnerId)) continue;
        if ((filter.since !== undefined && job.updatedAt < filter.since) || (filter.until !== undefined && job.updatedAt >= filter.until)) continue;
        jobs.set(job.jobId, { ...job, state: 'queued', nextAttemptAt: now, leaseOwner: null, leaseExpiresAt: null, updatedAt: now });
        count += 1;
      }
      return count;
    },

    async jobQueueHealth(now) {
      const health = { queued: 0, delivering: 0, failed: 0, oldestDueAt: null as number | null };
      for (const job of jobs.values()) {
        if (job.state === 'queued' || job.state === 'delivering' || job.state === 'failed') health[job.state] += 1;
        if (claimableAt(job, now) && (health.oldestDueAt === null || job.nextAttemptAt < health.oldestDueAt)) health.oldestDueAt = job.nextAttemptAt;
      }
      return health;
    },

    async getJob(scope: Scope, jobId: string): Promise<JobRecord | undefined> {
      const job = jobs.get(jobId);
      if (job === undefined || job.partnerId !== scope.partnerId || job.environment !== scope.environment) return undefined;
      return structuredClone(job);
    },

    async listJobs(filter: { readonly state?: JobState; readonly limit?: number }): Promise<JobRecord[]> {
      return [...jobs.values()]
        .filter((job) => filter.state === undefined || job.state === filter.state)
        .sort((a, b) => b.createdAt - a.createdAt)
        .slice(0, filter.limit ?? DEFAULT_JOB_LIST_LIMIT)
        .map((job) => structuredClone(job));
    },

    async retryJob(jobId: string, now: number): Promise<JobRecord | undefined> {
      const job = jobs.get(jobId);
      if (job === undefined) return undefined;
      if (job.state === 'delivered') return structuredClone(job);
      const queued: JobRecord = { ...job, state: 'queued', nextAttemptAt: now, leaseOwner: null, leaseExpiresAt: null, updatedAt: now };
      jobs.set(jobId, queued);
      return structuredClone(queued);
    },

    async listPartnerJobs(scope: Scope, query): Promise<ListPage<JobRecord>> {
      const matching = [...jobs.values()].filter(
        (job) =>
          job.partnerId === scope.partnerId &&
          job.environment === scope.environment &&
          (query.state === undefined || job.state === query.state),
      );
      matching.sort((a, b) => b.createdAt - a.createdAt || a.jobId.localeCompare(b.jobId));
      return page(matching, query);
    },
  };
}
