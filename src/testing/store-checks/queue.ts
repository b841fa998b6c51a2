// The store contract's checks of the bulk queue's healing: lease heartbeats, redrives and the
// queue's health figures (docs/bulk.md, "The queue's health").
import { jobQueueHealth, redriveJobs } from '../../orders/queue.js';
import type { AttemptOutcome, Store } from '../../orders/store.js';
import type { Scope } from '../../orders/types.js';
import { expectThat } from '../expect.js';
import { now, otherPartner, staging, type DefineCheck } from './fixtures.js';

const request = { flights: [] };

/** Takes the job `jobId` (it must be the only one due) and fails it for good at `at`. */
async function failJob(store: Store, scope: Scope, jobId: string, at: number): Promise<void> {
  await store.enqueueJob({ ...scope, jobId, request, createdAt: at - 10 });
  const claimed = await store.claimJob('w-fail', at - 5, 1000);
  if (claimed?.jobId !== jobId) throw new Error(`expected to claim ${jobId}, got ${claimed?.jobId}`);
  await store.startAttempt(jobId, 'w-fail', at - 5);
  const failed: AttemptOutcome = { delivered: false, at, error: 'gone', nextAttemptAt: null };
  await store.recordAttempt(jobId, 'w-fail', failed);
}

/** Registers the checks of lease heartbeats, redrives and queue health, in order. */
export function defineQueueChecks(check: DefineCheck): void {
  check('bulk jobs: extends the lease of the worker holding a delivering job, and of no other', async (store) => {
    // Optional: a store without it keeps each lease as claimed.
    if (store.extendLease === undefined) return;
    await store.enqueueJob({ ...staging, jobId: 'job-1', request, createdAt: now });
    await store.claimJob('w1', now, 1000);
    expectThat(await store.extendLease('job-1', 'w1', now + 5000)).toBe(true);
    // The extended lease keeps the job from a second worker after the first lease would have ended.
    expectThat(await store.claimJob('w2', now + 2000, 1000)).toBeUndefined();
    expectThat(await store.getJob(staging, 'job-1')).toMatchObject({ state: 'delivering', leaseOwner: 'w1', leaseExpiresAt: now + 5000, updatedAt: now });
    expectThat(await store.extendLease('job-1', 'w2', now + 9000)).toBe(false);
    expectThat(await store.extendLease('job-unknown', 'w1', now + 9000)).toBe(false);
    // Once the lease lapsed and another worker took the job, the first can no longer extend it.
    expectThat((await store.claimJob('w2', now + 5000, 1000))?.leaseOwner).toBe('w2');
    expectThat(await store.extendLease('job-1', 'w1', now + 9000)).toBe(false);
    await store.startAttempt('job-1', 'w2', now + 5001);
    await store.recordAttempt('job-1', 'w2', { delivered: true, at: now + 5002 });
    // A finished job has no lease to extend.
    expectThat(await store.extendLease('job-1', 'w2', now + 9000)).toBe(false);
    expectThat(await store.getJob(staging, 'job-1')).toMatchObject({ state: 'delivered', leaseOwner: null, leaseExpiresAt: null });
  });

  check('bulk jobs: redrives the failed jobs of a partner that failed in a time range, and only those', async (store) => {
    await failJob(store, staging, 'early', now + 100);
    await failJob(store, staging, 'inside', now + 200);
    await failJob(store, staging, 'at-until', now + 300);
    await failJob(store, otherPartner, 'other-partner', now + 200);
    await store.enqueueJob({ ...staging, jobId: 'waiting', request, createdAt: now + 400 });
    expectThat(await redriveJobs(store, { partnerId: 'p1', since: now + 150, until: now + 300 }, now + 1000)).toBe(1);
    expectThat(await store.getJob(staging, 'inside')).toMatchObject({ state: 'queued', nextAttemptAt: now + 1000, updatedAt: now + 1000, attempts: 1 });
    for (const [scope, jobId] of [[staging, 'early'], [staging, 'at-until'], [otherPartner, 'other-partner']] as const) {
      expectThat((await store.getJob(scope, jobId))?.state).toBe('failed');
    }
    expectThat((await store.getJob(staging, 'waiting'))?.nextAttemptAt).toBe(now + 400);
    // Without bounds: every failed job of the partner, then of every partner; nothing twice.
    expectThat(await redriveJobs(store, { partnerId: 'p1' }, now + 2000)).toBe(2);
    expectThat(await redriveJobs(store, {}, now + 3000)).toBe(1);
    expectThat(await redriveJobs(store, {}, now + 4000)).toBe(0);
    expectThat((await store.getJob(otherPartner, 'other-partner'))?.state).toBe('queued');
  });

  check('bulk jobs: reports the queue depth, the longest-due waiting job and the failed jobs', async (store) => {
    expectThat(await jobQueueHealth(store, now)).toEqual({ queued: 0, delivering: 0, failed: 0, oldestDueAt: null });
    await failJob(store, staging, 'failed', now);
    await store.enqueueJob({ ...staging, jobId: 'due-first', request, createdAt: now + 10 });
    await store.enqueueJob({ ...staging, jobId: 'due-later', request, createdAt: now + 20 });
    await store.enqueueJob({ ...staging, jobId: 'not-due', request, createdAt: now + 10_000 });
    expectThat(await jobQueueHealth(store, now + 100)).toEqual({ queued: 3, delivering: 0, failed: 1, oldestDueAt: now + 10 });
    // A held job is not waiting, until its lease lapses.
    expectThat((await store.claimJob('w1', now + 100, 1000))?.jobId).toBe('due-first');
    expectThat(await jobQueueHealth(store, now + 200)).toEqual({ queued: 2, delivering: 1, failed: 1, oldestDueAt: now + 20 });
    expectThat(await jobQueueHealth(store, now + 1100)).toEqual({ queued: 2, delivering: 1, failed: 1, oldestDueAt: now + 10 });
  });
}
