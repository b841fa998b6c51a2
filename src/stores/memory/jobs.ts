// The memory store's bulk jobs: one map, each method synchronous inside its promise.
import { DEFAULT_JOB_LIST_LIMIT, isBodyResults, type AttemptOutcome, type JobRecord, type JobState, type ListPage, type Store } from '../../orders/store.js';
import type { Scope } from '../../orders/types.js';
import { claimableAt } from '../../orders/queue.js';
import { page } from './page.js';

type JobMethods = Pick<
  Store,
  'enqueueJob' | 'claimJob' | 'saveJobResults' | 'startAttempt' | 'recordAttempt' | 'extendLease' | 'getJob' | 'listJobs' | 'retryJob' | 'listPartnerJobs'
>;

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
        endpoint: job.endpoint ?? 'flight',
        request: structuredClone(job.request),
        state: 'queued',
        attempts: 0,
        lastError: null,
        results: null,
        bodyResults: null,
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
      return updateJob(jobId, workerId, (job) =>
        isBodyResults(results)
          ? { ...job, bodyResults: structuredClone(results), updatedAt: now }
          : { ...job, results: { ...results }, updatedAt: now },
      );
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
      return jobs.get(jobId)?.state === 'delivering' && updateJob(jobId, workerId, (job) => ({ ...job, leaseExpiresAt }));
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
      return page(matching, (job) => ({ at: job.createdAt, id: job.jobId }), query);
    },
  };
}
