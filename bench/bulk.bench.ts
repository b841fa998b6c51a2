// Bulk flights (E7): the time from a job's enqueue (when E7 answers) to its recorded delivery at a
// local receiver, for jobs of 499 flights, and the CPU time per flight of the worker compared with the
// plain calculator in the same run. Goals: delivery overhead under 20 ms per job, and the
// per-flight cost within 2x of the plain calculator.
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { computeBulkFlightResults, generateSigningSecret, startBulkWorker } from '../src/bulk/index.js';
import { bulkFlightRequestSchema, bulkFlightResults, validate } from '../src/index.js';
import type { BulkFlightRequest } from '../src/index.js';
import type { Store } from '../src/orders/store.js';
import { createMemoryStore } from '../src/stores/memory.js';
import { openSqliteStore } from '../src/stores/sqlite.js';

const FLIGHTS_PER_JOB = 499;
const JOBS = 100;

function bulkRequest(): BulkFlightRequest {
  const routes = [
    ['DEL', 'BOM', '320'],
    ['LHR', 'JFK', '77W'],
    ['ZRH', 'SFO', '789'],
    ['SIN', 'SYD', '359'],
    ['FRA', 'MAD', '321'],
    ['DXB', 'LHR', '388'],
  ] as const;
  const classes = ['ECONOMY', 'PREMIUM_ECONOMY', 'BUSINESS', 'FIRST'] as const;
  const body = Array.from({ length: FLIGHTS_PER_JOB }, (_, index) => {
    const [departure, arrival, aircraft_model] = routes[index % routes.length] ?? routes[0];
    return {
      flight_id: `F${index + 1}`,
      departure,
      arrival,
      aircraft_model,
      no_of_tickets: 1 + (index % 3),
      flight_class: classes[index % classes.length],
      flight_type: index % 2 === 0 ? 'ONE_WAY' : 'ROUND_TRIP',
    };
  });
  const parsed = validate(bulkFlightRequestSchema, body);
  if (!parsed.ok) throw new Error('benchmark body does not validate');
  return parsed.value;
}

function cpuMicros(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

function summary(values: readonly number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return `mean ${mean.toFixed(2)} ms, median ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms`;
}

// The partner's endpoint, in a child process so that its CPU time is not counted as the worker's.
const RECEIVER = `
const server = require('node:http').createServer((req, res) => { req.resume(); req.on('end', () => res.writeHead(204).end()); });
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

async function startReceiver(): Promise<{ url: string; close: () => void }> {
  const child = spawn(process.execPath, ['-e', RECEIVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));
  return { url: `http://127.0.0.1:${port}/`, close: () => child.kill() };
}

/** CPU microseconds per flight of `fn` run once per job. */
function cpuPerFlight(fn: () => unknown): number {
  for (let i = 0; i < 20; i += 1) fn();
  const start = cpuMicros();
  for (let i = 0; i < JOBS; i += 1) fn();
  return (cpuMicros() - start) / (JOBS * FLIGHTS_PER_JOB);
}

interface DeliveryRun {
  readonly latencies: number[];
  /** CPU microseconds per flight of the whole worker, over all jobs. */
  readonly cpuPerFlight: number;
}

/** Delivers JOBS jobs one after another through a worker on the store, each from its enqueue. */
async function deliverJobs(store: Store, request: BulkFlightRequest, receiverUrl: string): Promise<DeliveryRun> {
  await store.setResultEndpoint('bench', { url: receiverUrl, secret: generateSigningSecret() }, Date.now());
  const delivered = new Map<string, () => void>();
  // The worker's default compute (validation of the stored request, then bulkFlightResults), and a
  // long poll interval: each job is picked up by `wake`, as E7's onJobQueued hook does.
  const worker = startBulkWorker({
    store,
    pollIntervalMs: 60_000,
    concurrency: 1,
    // The benchmark's receiver listens on 127.0.0.1.
    endpointPolicy: { allowPrivateAddresses: true },
    log: (event) => {
      if (event.type === 'delivered') delivered.get(event.jobId)?.();
      else console.error(event);
    },
  });

  // From the enqueue (E7 answers right after it) to the delivery recorded in the store.
  async function deliverOne(): Promise<number> {
    const jobId = randomUUID();
    const done = new Promise<void>((resolve) => delivered.set(jobId, resolve));
    // Staging: the receiver is plain http, which production jobs are never delivered to.
    await store.enqueueJob({ jobId, request, createdAt: Date.now(), partnerId: 'bench', environment: 'staging' });
    const queuedAt = performance.now();
    worker.wake();
    await done;
    delivered.delete(jobId);
    return performance.now() - queuedAt;
  }

  for (let i = 0; i < 10; i += 1) await deliverOne();
  const latencies: number[] = [];
  const start = cpuMicros();
  for (let i = 0; i < JOBS; i += 1) latencies.push(await deliverOne());
  const cpuPerFlight = (cpuMicros() - start) / (JOBS * FLIGHTS_PER_JOB);
  await worker.stop();
  return { latencies, cpuPerFlight };
}

export default async function run(): Promise<void> {
  const request = bulkRequest();
  const plainCpu = cpuPerFlight(() => bulkFlightResults(request));
  const wallStart = performance.now();
  for (let i = 0; i < JOBS; i += 1) bulkFlightResults(request);
  const plainComputeMs = (performance.now() - wallStart) / JOBS;
  const computeCpu = cpuPerFlight(() => computeBulkFlightResults(request));

  const receiver = await startReceiver();
  const memory = await deliverJobs(createMemoryStore(), request, receiver.url);
  const directory = mkdtempSync(join(tmpdir(), 'truecost-bulk-bench-'));
  const sqlite = await openSqliteStore({ path: join(directory, 'bench.db') });
  const onSqlite = await deliverJobs(sqlite, request, receiver.url);
  await sqlite.close();
  rmSync(directory, { recursive: true, force: true });
  receiver.close();

  console.log(`\n## Bulk delivery of ${FLIGHTS_PER_JOB} flights per job, ${JOBS} jobs one after another`);
  console.log(`plain calculator (bulkFlightResults) per job: ${plainComputeMs.toFixed(2)} ms`);
  const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  for (const [name, result] of [['memory store', memory], ['SQLite store', onSqlite]] as const) {
    console.log(`${name}: enqueue to recorded delivery ${summary(result.latencies)}; ` +
      `overhead per job (mean minus plain calculator) ${(mean(result.latencies) - plainComputeMs).toFixed(2)} ms (goal < 20 ms)`);
  }
  const row = (name: string, cpu: number) => ({ name, 'CPU µs per flight': cpu.toFixed(2), 'ratio to plain': (cpu / plainCpu).toFixed(2) });
  console.table([
    row('plain calculator (bulkFlightResults)', plainCpu),
    row("worker's compute (validate stored request + calculator)", computeCpu),
    row('whole worker, memory store (claim, compute, save, sign, POST, record)', memory.cpuPerFlight),
    row('whole worker, SQLite store', onSqlite.cpuPerFlight),
  ]);
  console.log('goal: per-flight cost within 2x of the plain calculator');
}
