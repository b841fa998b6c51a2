import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generateSigningSecret } from '../../src/bulk/signing.js';
import { startBulkWorker } from '../../src/bulk/worker.js';
import type { Store } from '../../src/orders/store.js';
import { openPostgresStore } from '../../src/stores/postgres.js';
import { openSqliteStore } from '../../src/stores/sqlite.js';
import { enqueue, fixedTruecost, scope, waitForJob, localEndpoints } from './helpers.js';
import { startReceiver } from './receiver.js';
import { dropSchema } from '../setup/pg-schema.js';

// A worker process holding a job is killed with SIGKILL; a new worker on the same database (SQLite,
// and PostgreSQL when TRUECOST_TEST_PG_URL is set) delivers the job once the dead worker's lease ended.
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function spawnWorker(database: string, mode: 'compute' | 'deliver', schema?: string): ChildProcess {
  const args = [join(import.meta.dirname, 'fixtures', 'worker-to-kill.ts'), database, mode, ...(schema === undefined ? [] : [schema])];
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  cleanups.push(() => void child.kill('SIGKILL'));
  return child;
}

async function killed(child: ChildProcess): Promise<void> {
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_, signal) => resolve(signal)));
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
}

async function sqliteStore(): Promise<{ store: Store; path: string }> {
  const directory = mkdtempSync(join(tmpdir(), 'truecost-crash-'));
  const path = join(directory, 'truecost.db');
  const store = await openSqliteStore({ path });
  cleanups.push(() => rmSync(directory, { recursive: true, force: true }));
  cleanups.push(() => store.close());
  return { store, path };
}

async function waitForClaim(store: Store, jobId: string): Promise<void> {
  const job = await waitForJob(store, jobId, ['delivering']);
  expect(job.leaseOwner).toBe('doomed');
}

describe('a worker killed while it holds a job', () => {
  it('leaves a job claimed before delivery to the next worker, which delivers it once', async () => {
    const { store, path } = await sqliteStore();
    const secret = generateSigningSecret();
    const receiver = await startReceiver(secret);
    cleanups.push(() => receiver.close());
    await store.setResultEndpoint(scope.partnerId, { url: receiver.url, secret }, Date.now());
    const jobId = await enqueue(store);

    const child = spawnWorker(path, 'compute');
    await waitForClaim(store, jobId);
    await killed(child);

    const worker = startBulkWorker({ store, compute: fixedTruecost, pollIntervalMs: 50, ...localEndpoints });
    cleanups.push(() => worker.stop());
    const job = await waitForJob(store, jobId, ['delivered', 'failed']);
    expect(job.state).toBe('delivered');
    expect(job.attempts).toBe(1);
    expect(receiver.deliveries.map((d) => [d.webhookId, d.verified])).toEqual([[jobId, true]]);
  });

  it('delivers again, under the same webhook-id, a job whose worker died during the delivery', async () => {
    const { store, path } = await sqliteStore();
    const secret = generateSigningSecret();
    // The dead worker's delivery gets no answer; the next one is accepted.
    const receiver = await startReceiver(secret, (_, nth) => (nth === 1 ? 'hang' : 200));
    cleanups.push(() => receiver.close());
    await store.setResultEndpoint(scope.partnerId, { url: receiver.url, secret }, Date.now());
    const jobId = await enqueue(store);

    const child = spawnWorker(path, 'deliver');
    await receiver.waitFor(1);
    await killed(child);

    const worker = startBulkWorker({ store, compute: fixedTruecost, pollIntervalMs: 50, ...localEndpoints });
    cleanups.push(() => worker.stop());
    const job = await waitForJob(store, jobId, ['delivered', 'failed']);
    expect(job.state).toBe('delivered');
    // The attempt the crash cut short is counted: two attempts, two POSTs.
    expect(job.attempts).toBe(2);
    expect(receiver.deliveries.map((d) => d.webhookId)).toEqual([jobId, jobId]);
    expect(receiver.deliveries.every((d) => d.verified)).toBe(true);
    // The body computed and saved by the dead worker is the one delivered.
    expect(receiver.deliveries[1]?.body).toBe(receiver.deliveries[0]?.body);
  });
});

const pgUrl = process.env['TRUECOST_TEST_PG_URL'];

/** A PostgreSQL store on a schema of its own, closed and dropped after the test. */
async function openThrowawaySchema() {
  const schema = `truecost_crash_${randomUUID().replaceAll('-', '')}`;
  const store = await openPostgresStore({ connectionString: pgUrl!, schema });
  cleanups.push(async () => {
    await store.close();
    await dropSchema(pgUrl!, schema);
  });
  return { schema, store };
}

describe.skipIf(!pgUrl)('a worker killed while it holds a job on PostgreSQL', () => {
  it('leaves the job to a worker in another process once its lease ends', async () => {
    const { schema, store } = await openThrowawaySchema();
    const secret = generateSigningSecret();
    const receiver = await startReceiver(secret);
    cleanups.push(() => receiver.close());
    await store.setResultEndpoint(scope.partnerId, { url: receiver.url, secret }, Date.now());
    const jobId = await enqueue(store);

    const child = spawnWorker(pgUrl!, 'compute', schema);
    await waitForClaim(store, jobId);
    await killed(child);

    const worker = startBulkWorker({ store, compute: fixedTruecost, pollIntervalMs: 50, ...localEndpoints });
    cleanups.push(() => worker.stop());
    const job = await waitForJob(store, jobId, ['delivered', 'failed']);
    expect(job.state).toBe('delivered');
    expect(job.attempts).toBe(1);
    expect(receiver.deliveries.map((d) => d.webhookId)).toEqual([jobId]);
  });

  it('counts the delivery a crash cut short: two POSTs, two attempts', async () => {
    const { schema, store } = await openThrowawaySchema();
    const secret = generateSigningSecret();
    const receiver = await startReceiver(secret, (_, nth) => (nth === 1 ? 'hang' : 200));
    cleanups.push(() => receiver.close());
    await store.setResultEndpoint(scope.partnerId, { url: receiver.url, secret }, Date.now());
    const jobId = await enqueue(store);

    const child = spawnWorker(pgUrl!, 'deliver', schema);
    await receiver.waitFor(1);
    await killed(child);

    const worker = startBulkWorker({ store, compute: fixedTruecost, pollIntervalMs: 50, ...localEndpoints });
    cleanups.push(() => worker.stop());
    const job = await waitForJob(store, jobId, ['delivered', 'failed']);
    expect(job).toMatchObject({ state: 'delivered', attempts: 2 });
    expect(receiver.deliveries.map((d) => d.webhookId)).toEqual([jobId, jobId]);
  });
});
