// Requests per second of E6 (10 flights) and E1 through truecost's Node adapter and through
// `truecost serve` (SQLite store, request log on, written to a file), against two peers in the same
// run: a bare node:http server that parses the body and writes a fixed reply of the size of
// truecost's answer, and a Fastify 5 build (route schema from `jsonSchemas()`, compiled by
// Fastify's ajv; handler = the calculator or the order route's code). Each server runs in its own
// process; the servers take turns, round after round, and the median of each is reported, since
// the host may be busy. The load is wrk when it is installed, else a keep-alive loop in this
// process. Each server's CPU time per request (from /proc) is reported too: it depends much less
// on what else the host is doing.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { compare, driveKeepAlive, type Measurement } from './harness.js';
import { e1, e6 } from './http-bodies.js';

const CONNECTIONS = 16;
/** Whole seconds: wrk takes no fractions. */
const DURATION_MS = 2000;
const WARMUP_MS = 1000;
/** The servers take turns for this many rounds (`BENCH_ROUNDS`, default 5); the median of each is reported. */
const ROUNDS = Math.max(1, Number(process.env['BENCH_ROUNDS'] ?? 5) || 5);
const root = join(import.meta.dirname, '..');
/** The command as installed: the built `dist/cli.js` (`npm run bench` builds it first). */
const cli = [join(root, 'dist/cli.js')];

interface Server {
  readonly name: string;
  readonly child: ChildProcess;
  readonly port: number;
  readonly key: string;
  /** True for `truecost serve`, which keeps orders in SQLite; the other servers keep them in memory. */
  readonly ordersOnDisk?: boolean;
}

async function startBenchServer(kind: 'bare' | 'fastify' | 'adapter', name: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'http-server.ts'), kind], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  const [port = '', key = ''] = line.split(' ');
  return { name, child, port: Number(port), key };
}

/** `truecost serve` as shipped: SQLite in `directory`, a key made with `keys create`, its log to a file. */
export async function startService(directory: string): Promise<Server> {
  const db = `sqlite:${join(directory, 'truecost.db')}`;
  const created = spawnSync(process.execPath, [...cli, 'keys', 'create', '--partner', 'bench', '--env', 'staging', '--db', db], {
    cwd: root,
    encoding: 'utf8',
  });
  if (created.status !== 0) throw new Error(`keys create failed: ${created.stderr}`);
  // The log goes straight to a file, as in production; the address line is read from it.
  const logFile = join(directory, 'serve.log');
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, [...cli, 'serve', '--port', '0', '--db', db], { cwd: root, stdio: ['ignore', log, 'inherit'] });
  closeSync(log);
  let port: string | undefined;
  for (let waited = 0; port === undefined; waited += 50) {
    if (child.exitCode !== null || waited > 60_000) throw new Error(`truecost serve did not start (exit code ${child.exitCode})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    port = /^truecost listening on http:\/\/127\.0\.0\.1:(\d+)$/m.exec(readFileSync(logFile, 'utf8'))?.[1];
  }
  return { name: 'truecost serve (SQLite, request log to a file)', child, port: Number(port), key: created.stdout.trim(), ordersOnDisk: true };
}

/** CPU time (user and system) of a process so far, in microseconds, or NaN where /proc is absent. */
function cpuMicros(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
  } catch {
    return Number.NaN;
  }
}

const wrkPath = (() => {
  const found = spawnSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : undefined;
})();

/** Requests completed against the server in `ms` milliseconds: wrk when installed, else a Node loop. */
async function drive(server: Server, path: string, body: string, ms: number): Promise<number> {
  return wrkPath === undefined ? driveKeepAlive(server, path, () => body, ms, CONNECTIONS) : driveWithWrk(wrkPath, server, path, body, ms);
}

async function driveWithWrk(wrk: string, server: Server, path: string, body: string, ms: number): Promise<number> {
  const directory = mkdtempSync(join(tmpdir(), 'truecost-wrk-'));
  const script = join(directory, 'post.lua');
  writeFileSync(
    script,
    [
      'wrk.method = "POST"',
      `wrk.body = ${JSON.stringify(body)}`,
      'wrk.headers["content-type"] = "application/json"',
      `wrk.headers["x-api-key"] = ${JSON.stringify(server.key)}`,
    ].join('\n'),
  );
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(wrk, ['-t1', `-c${CONNECTIONS}`, `-d${Math.round(ms / 1000)}s`, '-s', script, `http://127.0.0.1:${server.port}${path}`]);
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}`))));
  });
  rmSync(directory, { recursive: true, force: true });
  const failures = /Non-2xx or 3xx responses: (\d+)/.exec(output);
  if (failures !== null) throw new Error(`${server.name}: ${failures[1]} answers were not 2xx`);
  const total = /(\d+) requests in/.exec(output);
  if (total === null) throw new Error(`wrk printed no total: ${output}`);
  return Number(total[1]);
}

interface Run {
  readonly measurement: Measurement;
  /** The server's CPU time per request during the measured run, in microseconds. */
  readonly cpuMicrosPerRequest: number;
}

async function load(server: Server, path: string, body: string): Promise<Run> {
  await drive(server, path, body, WARMUP_MS);
  const cpuBefore = cpuMicros(server.child.pid);
  const start = performance.now();
  const samples = await drive(server, path, body, DURATION_MS);
  const elapsed = performance.now() - start;
  const cpu = cpuMicros(server.child.pid) - cpuBefore;
  return {
    measurement: { name: server.name, opsPerSecond: (samples / elapsed) * 1000, meanMicros: (elapsed * 1000 * CONNECTIONS) / samples, samples },
    cpuMicrosPerRequest: cpu / samples,
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * `writesOrders`: whether the endpoint writes orders. Then a server that keeps them on disk (a
 * durable SQLite transaction per request) is not held to the 0.8x and 1.0x targets of peers that
 * keep them in memory: its ratios are printed without targets.
 */
async function alternate(title: string, path: string, body: string, servers: readonly Server[], writesOrders: boolean): Promise<void> {
  const runs = servers.map(() => [] as Run[]);
  for (let round = 0; round < ROUNDS; round += 1) {
    // Each round starts one server later, so that no server always follows the same one.
    for (let turn = 0; turn < servers.length; turn += 1) {
      const index = (round + turn) % servers.length;
      runs[index]!.push(await load(servers[index]!, path, body));
    }
  }
  const medians = runs.map((serverRuns, index): Measurement => {
    const rates = serverRuns.map((run) => run.measurement.opsPerSecond);
    const rate = median(rates);
    return {
      name: `${servers[index]!.name} [${rates.map((value) => Math.round(value)).join(', ')}]`,
      opsPerSecond: rate,
      meanMicros: (1e6 * CONNECTIONS) / rate,
      samples: serverRuns.reduce((sum, run) => sum + run.measurement.samples, 0),
    };
  });
  compare(`${title} (requests per second, median of ${ROUNDS} alternating rounds, ${wrkPath === undefined ? 'Node load loop' : 'wrk'}, ${CONNECTIONS} connections)`, medians[0]!, ...medians.slice(1));
  const cpu = runs.map((serverRuns) => median(serverRuns.map((run) => run.cpuMicrosPerRequest)));
  console.log(`server CPU per request (median): ${servers.map((server, index) => `${server.name} ${cpu[index]!.toFixed(1)} µs`).join('; ')}`);
  const [bare, fastify, ...ours] = medians;
  for (const [index, measured] of ours.entries()) {
    const durable = writesOrders && servers[index + 2]!.ordersOnDisk === true;
    console.log(
      `${measured.name.replace(/ \[.*$/, '')}: ${(measured.opsPerSecond / fastify!.opsPerSecond).toFixed(3)}x the Fastify build${durable ? '' : ' (target >= 1.0)'}, ` +
        `${(measured.opsPerSecond / bare!.opsPerSecond).toFixed(3)}x the bare server${durable ? ' (no target: it writes to SQLite, the peers to memory)' : ' (target >= 0.8)'}`,
    );
  }
}

export default async function run(): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), 'truecost-bench-serve-'));
  const servers = [
    await startBenchServer('bare', 'bare node:http (parse, fixed reply)'),
    await startBenchServer('fastify', 'Fastify 5 + ajv route schema'),
    await startBenchServer('adapter', 'truecost Node adapter (memory store)'),
    await startService(directory),
  ];
  try {
    await alternate('E6, 10 flights', e6.path, e6.body, servers, false);
    // The same body each time: after the first, each request is the identical retry of one order.
    await alternate('E1, one order repeated (its identical retry)', e1.path, e1.body, servers, true);
  } finally {
    for (const server of servers) server.child.kill();
    rmSync(directory, { recursive: true, force: true });
  }
}
