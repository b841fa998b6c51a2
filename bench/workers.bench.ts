// Requests per second of the real `truecost serve` with --workers 1 and --workers 2, side by side,
// on one SQLite file each: E6 (10 flights, CPU-bound) and E1 (a durable write per request). The
// two services alternate for a few rounds and the median of each is reported. The load generator
// runs on the same host and takes CPU from the servers: on a host with two cores, the second
// worker competes with the load for the same cores, so the ratio understates what two workers
// give behind a load generator (or a balancer) on other machines.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { compare, type Measurement } from './harness.js';
import { e6 } from './http-bodies.js';

const CONCURRENCY = 32;
const DURATION_MS = 2000;
const WARMUP_MS = 500;
const ROUNDS = 3;
const cli = ['--import', 'tsx', resolve(import.meta.dirname, '../src/cli/index.ts')];

let orderNumber = 0;
const e1Body = () =>
  JSON.stringify({ order: { climes: 12.5, partner_order_id: `bench-${orderNumber++}`, customer_email: 'ada@example.com', customer_name: 'Ada' } });

interface Service {
  readonly child: ChildProcess;
  readonly port: number;
  readonly key: string;
}

async function startService(workers: number, dir: string): Promise<Service> {
  const db = `sqlite:${join(dir, `workers-${workers}.db`)}`;
  const key = spawnSync(process.execPath, [...cli, 'keys', 'create', '--partner', 'bench', '--env', 'staging', '--db', db], { encoding: 'utf8' }).stdout.trim();
  const child = spawn(process.execPath, [...cli, 'serve', '--port', '0', '--workers', String(workers), '--db', db, '--drain-delay', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Its stderr carries the drain lines at the end; shown only when the service fails to start.
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const port = await new Promise<number>((done, fail) => {
    // The request log goes on being read (and dropped) for as long as the service runs.
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^truecost listening on http:\/\/127\.0\.0\.1:(\d+)$/.exec(line);
      if (match !== null) done(Number(match[1]));
    });
    child.once('exit', (code) => fail(new Error(`truecost serve --workers ${workers} exited with ${code}: ${stderr}`)));
  });
  return { child, port, key };
}

async function load(name: string, service: Service, path: string, body: () => string): Promise<Measurement> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const once = () =>
    new Promise<number>((done, fail) => {
      const text = body();
      const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), 'x-api-key': service.key };
      const sent = request({ host: '127.0.0.1', port: service.port, path, method: 'POST', agent, headers }, (response) => {
        response.resume();
        response.on('end', () => done(response.statusCode ?? 0));
      });
      sent.on('error', fail);
      sent.end(text);
    });
  async function run(ms: number): Promise<number> {
    let done = 0;
    const end = performance.now() + ms;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < end) {
          const status = await once();
          if (status >= 300) throw new Error(`${name}: status ${status}`);
          done += 1;
        }
      }),
    );
    return done;
  }
  await run(WARMUP_MS);
  const start = performance.now();
  const samples = await run(DURATION_MS);
  const elapsed = performance.now() - start;
  agent.destroy();
  return { name, opsPerSecond: (samples / elapsed) * 1000, meanMicros: (elapsed * 1000 * CONCURRENCY) / samples, samples };
}

function median(values: readonly Measurement[]): Measurement {
  return [...values].sort((a, b) => a.opsPerSecond - b.opsPerSecond)[Math.floor(values.length / 2)]!;
}

async function alternate(title: string, path: string, body: () => string, one: Service, two: Service): Promise<void> {
  const ones: Measurement[] = [];
  const twos: Measurement[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    ones.push(await load('--workers 1', one, path, body));
    twos.push(await load('--workers 2', two, path, body));
  }
  compare(title, median(ones), median(twos));
}

export default async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'truecost-bench-workers-'));
  console.log(`host: ${availableParallelism()} cores, shared by the load generator and the servers`);
  const one = await startService(1, dir);
  const two = await startService(2, dir);
  try {
    await alternate(`E6 (10 flights), truecost serve on SQLite (requests per second, median of ${ROUNDS})`, '/v3/flight', () => e6.body, one, two);
    await alternate(`E1 (one durable write each), truecost serve on SQLite (requests per second, median of ${ROUNDS})`, '/v3/integrations/vote/order', e1Body, one, two);
  } finally {
    for (const service of [one, two]) {
      service.child.kill('SIGTERM');
      await new Promise((done) => (service.child.exitCode === null ? service.child.once('exit', done) : done(undefined)));
    }
    rmSync(dir, { recursive: true, force: true });
  }
}
