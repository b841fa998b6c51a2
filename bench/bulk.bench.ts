// Bulk flights (E7): the time from a job's enqueue (when E7 answers) to its delivery at a local
// receiver, for jobs of 499 flights, and the CPU time per flight of the worker compared with the
// plain calculator in the same run. Goals: delivery overhead under 20 ms per job, and the
// per-flight cost within 2x of the plain calculator.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateSigningSecret, startBulkWorker } from '../src/bulk/index.js';
import type { ComputeResults } from '../src/bulk/index.js';
import { createMemoryStore } from '../src/stores/memory.js';

const FLIGHTS_PER_JOB = 499;
const JOBS = 100;

// The computation being measured. Until the flight calculator is in, a stand-in that builds the
// same body shape (one tonnes string per flight_id); switch both lines to `bulkFlightResults`.
const computeName = 'stand-in compute (flight calculator not yet in)';
const compute: ComputeResults = (request) =>
  Object.fromEntries((request as readonly { flight_id: string; no_of_tickets: number }[]).map((f) => [f.flight_id, (0.1 * f.no_of_tickets).toFixed(6)]));

function bulkRequest(): unknown[] {
  const airports = ['DEL', 'BOM', 'BLR', 'MAA', 'CCU', 'HYD', 'LHR', 'JFK', 'DXB', 'SIN'];
  return Array.from({ length: FLIGHTS_PER_JOB }, (_, index) => ({
    flight_id: `F${index + 1}`,
    departure: airports[index % airports.length],
    arrival: airports[(index * 3 + 1) % airports.length],
    flight_class: ['ECONOMY', 'PREMIUM_ECONOMY', 'BUSINESS', 'FIRST'][index % 4],
    flight_type: index % 2 === 0 ? 'ONE_WAY' : 'ROUND_TRIP',
    no_of_tickets: 1 + (index % 3),
  }));
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

export default async function run(): Promise<void> {
  const request = bulkRequest();

  // The plain calculator: CPU per flight with no store, worker or network.
  for (let i = 0; i < 20; i += 1) await compute(request);
  const plainStart = cpuMicros();
  const plainWallStart = performance.now();
  for (let i = 0; i < JOBS; i += 1) await compute(request);
  const plainComputeMs = (performance.now() - plainWallStart) / JOBS;
  const plainCpuPerFlight = (cpuMicros() - plainStart) / (JOBS * FLIGHTS_PER_JOB);

  const arrivals = new Map<string, () => void>();
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200).end();
      arrivals.get(String(req.headers['webhook-id']))?.();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;

  const store = createMemoryStore();
  await store.setResultEndpoint('bench', { url: `http://127.0.0.1:${port}/`, secret: generateSigningSecret() }, Date.now());
  // A long poll interval: each job is picked up by `wake`, as E7's onJobQueued hook does.
  const worker = startBulkWorker({ store, compute, pollIntervalMs: 60_000, concurrency: 1 });

  async function deliverOne(): Promise<number> {
    const jobId = randomUUID();
    const arrived = new Promise<void>((resolve) => arrivals.set(jobId, resolve));
    await store.enqueueJob({ jobId, request, createdAt: Date.now(), partnerId: 'bench', environment: 'production' });
    const queuedAt = performance.now();
    worker.wake();
    await arrived;
    const elapsed = performance.now() - queuedAt;
    arrivals.delete(jobId);
    return elapsed;
  }

  for (let i = 0; i < 10; i += 1) await deliverOne();
  const latencies: number[] = [];
  const workerStart = cpuMicros();
  for (let i = 0; i < JOBS; i += 1) latencies.push(await deliverOne());
  // Includes the receiver, which runs in this process too: an upper bound of the worker's share.
  const workerCpuPerFlight = (cpuMicros() - workerStart) / (JOBS * FLIGHTS_PER_JOB);

  await worker.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));

  const meanLatency = latencies.reduce((sum, value) => sum + value, 0) / latencies.length;
  console.log(`\n## Bulk delivery of ${FLIGHTS_PER_JOB} flights per job, ${JOBS} jobs, memory store, ${computeName}`);
  console.log(`enqueue to delivery: ${summary(latencies)}`);
  console.log(`plain compute per job: ${plainComputeMs.toFixed(2)} ms`);
  console.log(`delivery overhead per job (mean enqueue to delivery minus compute): ${(meanLatency - plainComputeMs).toFixed(2)} ms (goal < 20 ms)`);
  console.table([
    { name: 'plain calculator', 'CPU µs per flight': plainCpuPerFlight.toFixed(2), 'ratio to plain': '1.000' },
    {
      name: 'worker: compute, save, sign, POST, record (and the receiver)',
      'CPU µs per flight': workerCpuPerFlight.toFixed(2),
      'ratio to plain': (workerCpuPerFlight / plainCpuPerFlight).toFixed(3),
    },
  ]);
}
