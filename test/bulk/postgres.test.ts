import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSigningSecret } from '../../src/bulk/signing.js';
import { startBulkWorker } from '../../src/bulk/worker.js';
import type { WorkerEvent } from '../../src/bulk/worker.js';
import type { Store } from '../../src/orders/store.js';
import { openPostgresStore } from '../../src/stores/postgres.js';
import { fixedTruecost, scope, localEndpoints } from './helpers.js';
import { startReceiver } from './receiver.js';
import { dropSchema } from '../setup/pg-schema.js';

// Two workers, each with its own connection pool as two processes would have, share one PostgreSQL
// database. The receiver records every delivery and whether another of the same job was in progress.
const url = process.env['TRUECOST_TEST_PG_URL'];
if (!url) console.warn('Skipping the PostgreSQL delivery tests: set TRUECOST_TEST_PG_URL (e.g. postgres://postgres@127.0.0.1:5432/test).');

const JOBS = 200;
const schema = `truecost_bulk_${randomUUID().replaceAll('-', '')}`;
let stores: Store[] = [];

describe.skipIf(!url)('bulk delivery on PostgreSQL', () => {
  beforeAll(async () => {
    stores = [await openPostgresStore({ connectionString: url!, schema }), await openPostgresStore({ connectionString: url!, schema })];
  });

  afterAll(async () => {
    for (const store of stores) await store.close();
    await dropSchema(url!, schema);
  });

  it('delivers each of 200 jobs with two workers, never one job by both at once', async () => {
    const [first, second] = stores as [Store, Store];
    const secret = generateSigningSecret();
    // Every tenth job fails once, so that retries interleave with first attempts; answers are held
    // a little so that an overlapping delivery of one job would be seen.
    const receiver = await startReceiver(secret, (delivery, nth) => (nth === 1 && delivery.body.includes('"F10"') ? 500 : 200), { holdMs: 3 });
    try {
      await first.setResultEndpoint(scope.partnerId, { url: receiver.url, secret }, Date.now());
      const jobIds: string[] = [];
      for (let index = 0; index < JOBS; index += 1) {
        const jobId = randomUUID();
        const flightCount = index % 10 === 9 ? 10 : 3;
        const request = Array.from({ length: flightCount }, (_, n) => ({ flight_id: `F${n + 1}` }));
        await first.enqueueJob({ jobId, request, createdAt: Date.now(), ...scope });
        jobIds.push(jobId);
      }
      const finished = { one: 0, two: 0 };
      let allFinished: () => void = () => undefined;
      const done = new Promise<void>((resolve) => (allFinished = resolve));
      const log = (name: 'one' | 'two') => (event: WorkerEvent) => {
        if (event.type !== 'delivered' && event.type !== 'failed') return;
        finished[name] += 1;
        if (finished.one + finished.two === JOBS) allFinished();
      };
      const options = { compute: fixedTruecost, retryDelaysMs: [10, 10], pollIntervalMs: 20, ...localEndpoints } as const;
      const workers = [
        startBulkWorker({ ...options, store: first, workerId: 'one', log: log('one') }),
        startBulkWorker({ ...options, store: second, workerId: 'two', log: log('two') }),
      ];
      let timer: NodeJS.Timeout | undefined;
      const tooLong = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`only ${finished.one + finished.two} of ${JOBS} jobs finished`)), 120_000);
      });
      try {
        await Promise.race([done, tooLong]);
      } finally {
        clearTimeout(timer);
        await Promise.all(workers.map((worker) => worker.stop()));
      }
      const jobs = await first.listJobs({ limit: JOBS + 1 });
      expect(jobs).toHaveLength(JOBS);
      expect(jobs.filter((job) => job.state !== 'delivered')).toEqual([]);
      // Both workers took part.
      expect(finished.one).toBeGreaterThan(0);
      expect(finished.two).toBeGreaterThan(0);
      expect(receiver.deliveries.filter((d) => d.overlapping > 0)).toEqual([]);
      expect(receiver.deliveries.every((d) => d.verified)).toBe(true);
      jobIds.forEach((jobId, index) => {
        expect(receiver.deliveriesOf(jobId)).toHaveLength(index % 10 === 9 ? 2 : 1);
      });
    } finally {
      await receiver.close();
    }
  }, 180_000);

  it('keeps a job with the worker whose delivery outlasts the lease, by heartbeats, so that the other never delivers it', async () => {
    const [first, second] = stores as [Store, Store];
    const secret = generateSigningSecret();
    // Each answer takes 1 s, over three times the 300 ms lease.
    const receiver = await startReceiver(secret, () => 200, { holdMs: 1_000 });
    const events: WorkerEvent[] = [];
    const options = { compute: fixedTruecost, pollIntervalMs: 20, leaseMs: 300, concurrency: 1, log: (event: WorkerEvent) => events.push(event), ...localEndpoints } as const;
    const workers: ReturnType<typeof startBulkWorker>[] = [];
    try {
      await first.setResultEndpoint(scope.partnerId, { url: receiver.url, secret }, Date.now());
      const jobIds = [randomUUID(), randomUUID()];
      for (const jobId of jobIds) await first.enqueueJob({ jobId, request: [{ flight_id: 'F1' }], createdAt: Date.now(), ...scope });
      workers.push(startBulkWorker({ ...options, store: first, workerId: 'slow-one' }), startBulkWorker({ ...options, store: second, workerId: 'slow-two' }));
      for (let waited = 0; waited < 300; waited += 1) {
        const states = await Promise.all(jobIds.map(async (jobId) => (await first.getJob(scope, jobId))?.state));
        if (states.every((state) => state === 'delivered')) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // A second worker taking a job over would have sent it again.
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (const jobId of jobIds) {
        expect(receiver.deliveriesOf(jobId)).toHaveLength(1);
        expect(await first.getJob(scope, jobId)).toMatchObject({ state: 'delivered', attempts: 1 });
      }
      expect(events.filter((event) => event.type === 'lease-lost')).toEqual([]);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await receiver.close();
    }
  }, 60_000);
});
