import { describe, expect, it } from 'vitest';
import { jobsCommand, parseJobsArguments, runJobsCommand } from '../../src/cli/jobs.js';
import type { JobsCommand } from '../../src/cli/jobs.js';
import { UsageError } from '../../src/cli/usage.js';
import type { Store } from '../../src/orders/store.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withStore } from '../../src/cli/store-url.js';
import { enqueue, scope } from '../bulk/helpers.js';

function capture() {
  const lines = { stdout: '', stderr: '' };
  return { lines, output: { out: (line: string) => void (lines.stdout += `${line}\n`), err: (line: string) => void (lines.stderr += `${line}\n`) } };
}

async function run(store: Store, argv: string[], now = Date.now) {
  const { lines, output } = capture();
  const code = await runJobsCommand(parseJobsArguments(argv).command, store, output, now);
  return { code, ...lines };
}

/** A store with one failed job (after one attempt) and one queued job. */
async function storeWithJobs() {
  const store = createMemoryStore();
  const failed = await enqueue(store);
  await store.claimJob('w', Date.now(), 60_000);
  await store.startAttempt(failed, 'w', Date.now());
  await store.recordAttempt(failed, 'w', { delivered: false, at: Date.now(), error: 'The endpoint answered 500.', nextAttemptAt: null });
  const queued = await enqueue(store);
  return { store, failed, queued };
}

describe('truecost jobs', () => {
  it('parses the three commands and their --db', () => {
    const commands: [string[], JobsCommand, string | undefined][] = [
      [['list'], { action: 'list', limit: 100 }, undefined],
      [['list', '--state', 'failed', '--limit', '5', '--db', 'memory:'], { action: 'list', state: 'failed', limit: 5 }, 'memory:'],
      [['show', 'job-1'], { action: 'show', jobId: 'job-1' }, undefined],
      [['retry', 'job-1', '--db', 'sqlite:x.db'], { action: 'retry', jobId: 'job-1' }, 'sqlite:x.db'],
      [['redrive'], { action: 'redrive', filter: {} }, undefined],
      [
        ['redrive', '--partner', 'acme', '--since', '2026-11-26', '--until', '2026-11-26T12:30:00Z'],
        { action: 'redrive', filter: { partnerId: 'acme', since: Date.UTC(2026, 10, 26), until: Date.UTC(2026, 10, 26, 12, 30) } },
        undefined,
      ],
      [['redrive', '--since', '2026-11-26T14:00:00+01:00', '--db', 'memory:'], { action: 'redrive', filter: { since: Date.UTC(2026, 10, 26, 13) } }, 'memory:'],
    ];
    for (const [argv, command, db] of commands) expect(parseJobsArguments(argv)).toEqual({ command, db });
  });

  it('refuses an unknown state, a missing job id, an extra argument and an unknown action as usage errors', () => {
    for (const argv of [
      ['list', '--state', 'lost'], ['show'], ['retry', 'a', 'b'], ['list', 'a'], ['purge'], [], ['list', '--limit', '0'], ['list', '--colour'],
      ['show', 'a', '--state', 'failed'], ['redrive', 'job-1'], ['redrive', '--since', 'yesterday'], ['redrive', '--until', '2026-13-45'],
      ['redrive', '--since', '2026-11-26', '--until', '2026-11-26'], ['redrive', '--since', '1732629600000'], ['redrive', '--partner', ''],
      ['redrive', '--state', 'failed'], ['list', '--partner', 'acme'], ['retry', 'a', '--since', '2026-11-26'],
    ]) {
      expect(() => parseJobsArguments(argv), argv.join(' ')).toThrow(UsageError);
    }
  });

  it('lists jobs newest first, one tab-separated line each, filtered by state', async () => {
    const { store, failed, queued } = await storeWithJobs();
    const all = await run(store, ['list']);
    expect(all.code).toBe(0);
    const lines = all.stdout.trim().split('\n');
    expect(lines[0]).toBe('JOB_ID\tSTATE\tATTEMPTS\tPARTNER\tENVIRONMENT\tUPDATED\tLAST_ERROR');
    expect(lines.slice(1).map((line) => line.split('\t')[0]).sort()).toEqual([failed, queued].sort());

    const onlyFailed = await run(store, ['list', '--state', 'failed']);
    const rows = onlyFailed.stdout.trim().split('\n').slice(1).map((line) => line.split('\t'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.slice(0, 5)).toEqual([failed, 'failed', '1', scope.partnerId, scope.environment]);
    expect(rows[0]?.[6]).toBe('The endpoint answered 500.');
  });

  it('shows one job as JSON with the status route\'s fields, and exits 1 for an unknown job', async () => {
    const { store, failed } = await storeWithJobs();
    const shown = await run(store, ['show', failed]);
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({
      job_id: failed,
      state: 'failed',
      attempts: 1,
      last_error: 'The endpoint answered 500.',
      results: null,
      partner_id: scope.partnerId,
      environment: scope.environment,
    });

    const unknown = await run(store, ['show', 'no-such-job']);
    expect(unknown).toEqual({ code: 1, stdout: '', stderr: 'No job with id no-such-job.\n' });
  });

  it('queues a failed job again, due at once', async () => {
    const { store, failed } = await storeWithJobs();
    const now = Date.now() + 1_000;
    const retried = await run(store, ['retry', failed], () => now);
    expect(retried).toEqual({ code: 0, stdout: `Job ${failed} is queued for delivery.\n`, stderr: '' });
    const job = await store.getJob(scope, failed);
    expect(job?.state).toBe('queued');
    expect(job?.nextAttemptAt).toBe(now);
    const claimed = [await store.claimJob('w2', now, 1_000), await store.claimJob('w3', now, 1_000)];
    expect(claimed.map((job) => job?.jobId)).toContain(failed);

    expect((await run(store, ['retry', 'no-such-job'])).code).toBe(1);
  });
});

describe('truecost jobs redrive', () => {
  it('queues again the failed jobs of one partner that failed in the range, prints how many, and leaves the rest', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'truecost-redrive-'));
    const db = `sqlite:${join(directory, 'jobs.db')}`;
    try {
      const t = Date.UTC(2026, 10, 26, 12);
      const jobs = await withStore(db, async (store) => {
        // Each job is due just before it fails, after the earlier ones failed: the claim takes it.
        const failAt = async (partnerId: string, at: number): Promise<string> => {
          const jobId = randomUUID();
          await store.enqueueJob({ jobId, request: {}, createdAt: at - 10, partnerId, environment: scope.environment });
          expect((await store.claimJob('w', at - 5, 1_000))?.jobId).toBe(jobId);
          await store.startAttempt(jobId, 'w', at - 5);
          await store.recordAttempt(jobId, 'w', { delivered: false, at, error: 'The endpoint answered 500.', nextAttemptAt: null });
          return jobId;
        };
        return {
          before: await failAt(scope.partnerId, t - 60_000),
          inside: [await failAt(scope.partnerId, t), await failAt(scope.partnerId, t + 60_000)],
          other: await failAt('globex', t),
          after: await failAt(scope.partnerId, t + 3_600_000),
        };
      });
      const { lines, output } = capture();
      const argv = ['redrive', '--partner', scope.partnerId, '--since', '2026-11-26T12:00:00Z', '--until', '2026-11-26T13:00:00Z', '--db', db];
      expect(await jobsCommand(argv, output)).toBe(0);
      expect(lines).toEqual({ stdout: 'Re-queued 2 failed jobs for delivery.\n', stderr: '' });
      await withStore(db, async (store) => {
        for (const jobId of jobs.inside) expect((await store.getJob(scope, jobId))?.state).toBe('queued');
        for (const jobId of [jobs.before, jobs.after]) expect((await store.getJob(scope, jobId))?.state).toBe('failed');
        expect((await store.getJob({ ...scope, partnerId: 'globex' }, jobs.other))?.state).toBe('failed');
      });
      const again = capture();
      expect(await jobsCommand(['redrive', '--db', db], again.output)).toBe(0);
      expect(again.lines.stdout).toBe('Re-queued 3 failed jobs for delivery.\n');
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe('truecost jobs on a database', () => {
  it('opens the store named by --db, and reports an unknown job with exit code 1', async () => {
    const { lines, output } = capture();
    expect(await jobsCommand(['show', 'nope', '--db', 'memory:'], output)).toBe(1);
    expect(lines.stderr).toBe('No job with id nope.\n');
  });
});
