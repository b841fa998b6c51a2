// Flat as the data grows: `truecost serve` as shipped (built dist/cli.js, request log on, to a file)
// over one partner's 1 000 and 1 000 000 orders and as many recorded calculations (bench/growth-fill.ts), on SQLite and, when
// TRUECOST_BENCH_PG_URL (or TRUECOST_TEST_PG_URL) names a database, on PostgreSQL. Both sizes are
// served at once and measured in turns, round after round, each request keeping its best round;
// each line prints the 1M time as a ratio to the 1k time. Then the export of every order at both
// sizes: rows per second, and how much the server's resident memory grew while it ran.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeCursor } from '../src/dashboard/paging.js';
import { measure, type Measurement } from './harness.js';
import { dropSchema, fillPostgres, fillSqlite, type Filled } from './growth-fill.js';

const root = join(import.meta.dirname, '..');
const SIZES = [1_000, 1_000_000] as const;
/** Rounds of turns (`BENCH_ROUNDS`, default 3); each request keeps its best. */
const ROUNDS = Math.max(1, Number(process.env['BENCH_ROUNDS'] ?? 3) || 3);
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

export interface Served extends Filled {
  readonly child: ChildProcess;
  readonly port: number;
}

export async function serve(filled: Filled, directory: string, name: string): Promise<Served> {
  const logFile = join(directory, `${name}.log`);
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, [join(root, 'dist/cli.js'), 'serve', '--port', '0', '--db', filled.url], { cwd: root, stdio: ['ignore', log, 'inherit'] });
  closeSync(log);
  for (let waited = 0; ; waited += 50) {
    if (child.exitCode !== null || waited > 120_000) throw new Error(`truecost serve did not start (exit code ${child.exitCode})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const port = /^truecost listening on http:\/\/127\.0\.0\.1:(\d+)$/m.exec(readFileSync(logFile, 'utf8'))?.[1];
    if (port !== undefined) return { ...filled, child, port: Number(port) };
  }
}

/**
 * One request; resolves to the body's byte count and its newlines, after checking the status. A
 * request written on a kept-alive connection the server had just closed (idle past its keep-alive
 * timeout while the other server was being timed) is sent once more on a new one.
 */
export async function send(server: Served, method: string, path: string, body?: string, accept?: string): Promise<{ bytes: number; lines: number }> {
  try {
    return await sendOnce(server, method, path, body, accept);
  } catch (error) {
    if (!(error instanceof ResetOnReuse)) throw error;
    return sendOnce(server, method, path, body, accept);
  }
}

class ResetOnReuse extends Error {}

function sendOnce(server: Served, method: string, path: string, body?: string, accept?: string): Promise<{ bytes: number; lines: number }> {
  const headers: Record<string, string> = { cookie: server.cookie, 'x-api-key': server.key };
  if (accept !== undefined) headers['accept'] = accept;
  if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
  return new Promise((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port: server.port, path, method, agent, headers }, (response) => {
      let bytes = 0;
      let lines = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lines += 1;
      });
      response.on('end', () => ((response.statusCode ?? 500) < 300 ? resolve({ bytes, lines }) : reject(new Error(`${method} ${path}: ${response.statusCode}`))));
      response.on('error', reject);
    });
    sent.on('error', (error: NodeJS.ErrnoException) => reject(sent.reusedSocket && error.code === 'ECONNRESET' ? new ResetOnReuse(error.message) : error));
    sent.end(body);
  });
}

/** The requests timed at each size; `path` may depend on the size's data. */
function requests(): { name: string; method: string; path: (server: Served) => string; body?: () => string }[] {
  let created = 0;
  const deep = (server: Served): string => {
    const n = Math.floor(server.orders * 0.9);
    return encodeCursor({ at: server.newest - n * server.stepMs, id: `bench-${n}` });
  };
  return [
    { name: 'dashboard orders, first page', method: 'GET', path: () => '/dashboard/orders' },
    { name: 'dashboard orders, deep page (90 % in, by cursor)', method: 'GET', path: (server) => `/dashboard/orders?after=${deep(server)}` },
    { name: 'dashboard orders, previous page of the deep one', method: 'GET', path: (server) => `/dashboard/orders?before=${deep(server)}` },
    { name: 'dashboard orders, state=unlocked', method: 'GET', path: () => '/dashboard/orders?state=unlocked' },
    { name: 'dashboard orders, state=locked', method: 'GET', path: () => '/dashboard/orders?state=locked' },
    { name: 'dashboard orders, state=cancelled', method: 'GET', path: () => '/dashboard/orders?state=cancelled' },
    { name: 'dashboard orders, variant=calculated', method: 'GET', path: () => '/dashboard/orders?variant=calculated' },
    { name: 'dashboard orders, search (cart_id)', method: 'GET', path: (server) => `/dashboard/orders?q=cart-${Math.floor(server.orders / 2)}` },
    { name: 'dashboard order page', method: 'GET', path: (server) => `/dashboard/orders/staging/bench-${Math.floor(server.orders / 2)}` },
    {
      name: 'E1 create an order',
      method: 'POST',
      path: () => '/v3/integrations/vote/order',
      body: () => JSON.stringify({ order: { partner_order_id: `e1-${(created += 1)}-${process.hrtime.bigint()}`, climes: 1, customer_name: 'Ada', customer_email: 'ada@example.com' } }),
    },
    { name: 'E3 add climes', method: 'PATCH', path: () => '/v3/integrations/vote/order/add', body: () => JSON.stringify({ partner_order_id: 'bench-0', climes: 0.000001 }) },
    { name: 'GET order', method: 'GET', path: (server) => `/v3/integrations/vote/order/bench-${Math.floor(server.orders / 2)}` },
    // The emissions statement: bench/growth-statement.bench.ts, at 1 000 orders and both sizes of calculations.
    { name: 'calculations listing, first page', method: 'GET', path: () => '/v3/calculations?limit=100' },
    { name: 'calculations listing, one client in a week', method: 'GET', path: (server) => `/v3/calculations?client=client-1&${period(server, 30, 7)}` },
    { name: 'GET calculation', method: 'GET', path: (server) => `/v3/calculations/calc-${Math.floor(server.orders / 2)}` },
    {
      name: 'E11 recorded',
      method: 'POST',
      path: () => '/v3/logistics',
      body: () => JSON.stringify({ queries: { legs: [{ shipping_method: 'TRUCK_HEAVY', shipping_distance: 600, shipping_weight: 12, truck_capacity: 15 }] }, record: { client: 'client-1', scope3_category: 4 } }),
    },
  ];
}

/** `from` and `to` of a period starting `startDaysAgo` days before the fill, `days` long (UTC days). */
export function period(server: Served, startDaysAgo: number, days: number): string {
  const day = (at: number): string => new Date(at).toISOString().slice(0, 10);
  const from = server.newest - startDaysAgo * 86_400_000;
  return `from=${day(from)}&to=${day(from + days * 86_400_000)}`;
}

function rssKiB(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN);
}

/** One export of every order: its rows, time, and the server's peak RSS growth while it ran. */
async function exportOnce(server: Served, format: 'csv' | 'jsonl'): Promise<{ rows: number; ms: number; growthMiB: number }> {
  const before = rssKiB(server.child.pid!);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssKiB(server.child.pid!))), 25);
  const started = performance.now();
  const { lines } = await send(server, 'GET', `/dashboard/orders.${format}`);
  const ms = performance.now() - started;
  clearInterval(sampler);
  return { rows: format === 'csv' ? lines - 1 : lines, ms, growthMiB: (peak - before) / 1024 };
}

async function timeRequests(servers: readonly Served[]): Promise<void> {
  const best = (a: Measurement | undefined, b: Measurement): Measurement => (a === undefined || b.meanMicros < a.meanMicros ? b : a);
  const list = requests();
  const results = list.map(() => servers.map((): Measurement | undefined => undefined));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, { name, method, path, body }] of list.entries()) {
      for (const [size, server] of servers.entries()) {
        const target = path(server);
        const measured = await measure(name, () => send(server, method, target, body?.()), { budgetMs: 600, warmupMs: 100 });
        results[index]![size] = best(results[index]![size], measured);
      }
    }
  }
  console.table(list.map(({ name }, index) => {
    const [small, large] = results[index]! as Measurement[];
    return { request: name, '1k mean ms': (small!.meanMicros / 1000).toFixed(2), '1M mean ms': (large!.meanMicros / 1000).toFixed(2), 'ratio 1M/1k': (large!.meanMicros / small!.meanMicros).toFixed(2) };
  }));
}

async function timeExports(servers: readonly Served[]): Promise<void> {
  const rows: Record<string, string | number>[] = [];
  for (const format of ['csv', 'jsonl'] as const) {
    const runs = [];
    for (const server of servers) {
      // The small export is short: its best of five; the large one once.
      let run = await exportOnce(server, format);
      for (let again = 1; server.orders < 10_000 && again < 5; again += 1) {
        const next = await exportOnce(server, format);
        if (next.ms < run.ms) run = next;
      }
      if (run.rows < server.orders) throw new Error(`the ${format} export held ${run.rows} of ${server.orders} orders`);
      runs.push(run);
      rows.push({ export: format, orders: server.orders, rows: run.rows, seconds: (run.ms / 1000).toFixed(2), 'rows/s': Math.round((run.rows / run.ms) * 1000), 'RSS growth MiB': run.growthMiB.toFixed(1) });
    }
    const [small, large] = runs;
    rows.push({ export: format, orders: 'ratio', rows: '', seconds: '', 'rows/s': `per-row cost 1M/1k: ${(large!.ms / large!.rows / (small!.ms / small!.rows)).toFixed(2)}`, 'RSS growth MiB': '' });
  }
  console.table(rows);
}

async function run(title: string, fill: (orders: number) => Promise<Filled>, cleanUp: () => Promise<void>): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), 'truecost-bench-growth-'));
  const servers: Served[] = [];
  try {
    for (const orders of SIZES) {
      const started = performance.now();
      const filled = await fill(orders);
      console.log(`${title}: ${orders.toLocaleString('en-US')} orders filled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      servers.push(await serve(filled, directory, `serve-${orders}`));
    }
    console.log(`\n## ${title}: each request at 1 000 and at 1 000 000 orders (best of ${ROUNDS} rounds)`);
    await timeRequests(servers);
    console.log(`\n## ${title}: the export of every order`);
    await timeExports(servers);
  } finally {
    for (const server of servers) server.child.kill();
    await Promise.all(servers.map((server) => new Promise((resolve) => (server.child.exitCode === null ? server.child.once('exit', resolve) : resolve(undefined)))));
    rmSync(directory, { recursive: true, force: true });
    await cleanUp();
  }
}

export default async function growthBench(): Promise<void> {
  const files = mkdtempSync(join(tmpdir(), 'truecost-bench-growth-db-'));
  await run('SQLite', (orders) => fillSqlite(join(files, `orders-${orders}.db`), orders), async () => rmSync(files, { recursive: true, force: true }));
  const pgUrl = process.env['TRUECOST_BENCH_PG_URL'] ?? process.env['TRUECOST_TEST_PG_URL'];
  if (pgUrl === undefined) {
    console.log('\nPostgreSQL: skipped (set TRUECOST_BENCH_PG_URL to a database the benchmark may create schemas in).');
    return;
  }
  const schemas = SIZES.map((orders) => `bench_growth_${orders}`);
  await run('PostgreSQL', (orders) => fillPostgres(pgUrl, `bench_growth_${orders}`, orders), async () => {
    for (const schema of schemas) await dropSchema(pgUrl, schema);
  });
}
