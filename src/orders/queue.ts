// The bulk queue's operator figures and redrive, over any store: the store's own single statement
// when it has one (the SQL stores), else through `listJobs` and `retryJob` (the memory store, kept
// small because it is in the HTTP handler's bundle, and any store of one's own).
import type { JobQueueHealth, JobRecord, RedriveFilter, Store } from './store.js';

type QueueStore = Pick<Store, 'listJobs' | 'retryJob' | 'redriveJobs' | 'jobQueueHealth'>;

/** Whether a worker may claim the job at `now`: queued or delivering, due, and its lease absent or over. */
export function claimableAt(job: JobRecord, now: number): boolean {
  return (job.state === 'queued' || job.state === 'delivering') && job.nextAttemptAt <= now && (job.leaseExpiresAt === null || job.leaseExpiresAt <= now);
}

/** Every job the store holds (the listing's limit lifted). */
const everyJob = (store: QueueStore, state?: 'failed'): Promise<JobRecord[]> =>
  store.listJobs(state === undefined ? { limit: Number.MAX_SAFE_INTEGER } : { state, limit: Number.MAX_SAFE_INTEGER });

/**
 * Queues again, due at `now`, every failed job of `filter` (by partner, and by failure time from
 * `since`, included, to `until`); resolves to how many.
 */
export async function redriveJobs(store: QueueStore, filter: RedriveFilter, now: number): Promise<number> {
  if (store.redriveJobs !== undefined) return store.redriveJobs(filter, now);
  const { partnerId, since = -Infinity, until = Infinity } = filter;
  const failed = (await everyJob(store, 'failed')).filter(
    (job) => (partnerId === undefined || job.partnerId === partnerId) && job.updatedAt >= since && job.updatedAt < until,
  );
  for (const job of failed) await store.retryJob(job.jobId, now);
  return failed.length;
}

/** The queue at `now`: jobs queued, delivering and failed, and when the longest-due waiting job became due. */
export async function jobQueueHealth(store: QueueStore, now: number): Promise<JobQueueHealth> {
  if (store.jobQueueHealth !== undefined) return store.jobQueueHealth(now);
  const health = { queued: 0, delivering: 0, failed: 0, oldestDueAt: null as number | null };
  for (const job of await everyJob(store)) {
    if (job.state !== 'delivered') health[job.state] += 1;
    if (claimableAt(job, now) && (health.oldestDueAt === null || job.nextAttemptAt < health.oldestDueAt)) health.oldestDueAt = job.nextAttemptAt;
  }
  return health;
}
