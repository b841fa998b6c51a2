// The emissions statement as recorded calculations grow: `truecost serve` as shipped (built
// dist/cli.js, request log on, to a file) over one partner's 1 000 orders and 1 000 or 1 000 000
// recorded calculations of the last 90 days (bench/growth-fill.ts), on SQLite and, when
// TRUECOST_BENCH_PG_URL (or TRUECOST_TEST_PG_URL) names a database, on PostgreSQL. The orders are the
// same at both sizes, so that only the calculations grow: the statement reads per-day totals, and
// its credits count the period's orders (docs/operations.md, "Growth"). Both sizes are served at
// once and measured in turns, round after round, each request keeping its best round; each line
// prints the 1M time as a ratio to the 1k time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measure, type Measurement } from './harness.js';
import { dropSchema, fillPostgres, fillSqlite, type Filled } from './growth-fill.js';
import { period, send, serve, type Served } from './growth.bench.js';

const ORDERS = 1_000;
const SIZES = [1_000, 1_000_000] as const;
const ROUNDS = Math.max(1, Number(process.env['BENCH_ROUNDS'] ?? 3) || 3);

const requests: readonly { readonly name: string; readonly path: (server: Served) => string; readonly accept?: string }[] = [
  { name: 'statement, 30 days by category', path: (server) => `/v3/reports/emissions?${period(server, 60, 30)}` },
  { name: 'statement, 30 days by client', path: (server) => `/v3/reports/emissions?${period(server, 60, 30)}&group_by=client` },
  { name: 'statement, 30 days by endpoint', path: (server) => `/v3/reports/emissions?${period(server, 60, 30)}&group_by=endpoint` },
  { name: 'statement, 90 days by month', path: (server) => `/v3/reports/emissions?${period(server, 90, 91)}&group_by=month` },
  { name: 'statement, 90 days by month, CSV', path: (server) => `/v3/reports/emissions?${period(server, 90, 91)}&group_by=month`, accept: 'text/csv' },
  { name: 'calculations listing, first page', path: () => '/v3/calculations?limit=100' },
];

async function timeRequests(servers: readonly Served[]): Promise<void> {
  const best = (a: Measurement | undefined, b: Measurement): Measurement => (a === undefined || b.meanMicros < a.meanMicros ? b : a);
  const results = requests.map(() => servers.map((): Measurement | undefined => undefined));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, { name, path, accept }] of requests.entries()) {
      for (const [size, server] of servers.entries()) {
        const target = path(server);
        const measured = await measure(name, () => send(server, 'GET', target, undefined, accept), { budgetMs: 600, warmupMs: 100 });
        results[index]![size] = best(results[index]![size], measured);
      }
    }
  }
  console.table(requests.map(({ name }, index) => {
    const [small, large] = results[index]! as Measurement[];
    return { request: name, '1k mean ms': (small!.meanMicros / 1000).toFixed(2), '1M mean ms': (large!.meanMicros / 1000).toFixed(2), 'ratio 1M/1k': (large!.meanMicros / small!.meanMicros).toFixed(2) };
  }));
}

async function run(title: string, fill: (calculations: number) => Promise<Filled>, cleanUp: () => Promise<void>): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), 'truecost-bench-statement-'));
  const servers: Served[] = [];
  try {
    for (const calculations of SIZES) {
      const started = performance.now();
      const filled = await fill(calculations);
      console.log(`${title}: ${calculations.toLocaleString('en-US')} calculations filled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      servers.push(await serve(filled, directory, `serve-${calculations}`));
    }
    console.log(`\n## ${title}: the statement at 1 000 and at 1 000 000 recorded calculations, ${ORDERS.toLocaleString('en-US')} orders (best of ${ROUNDS} rounds)`);
    await timeRequests(servers);
  } finally {
    for (const server of servers) server.child.kill();
    await Promise.all(servers.map((server) => new Promise((resolve) => (server.child.exitCode === null ? server.child.once('exit', resolve) : resolve(undefined)))));
    rmSync(directory, { recursive: true, force: true });
    await cleanUp();
  }
}

export default async function statementGrowthBench(): Promise<void> {
  const files = mkdtempSync(join(tmpdir(), 'truecost-bench-statement-db-'));
  await run('SQLite', (calculations) => fillSqlite(join(files, `calculations-${calculations}.db`), ORDERS, calculations), async () => rmSync(files, { recursive: true, force: true }));
  const pgUrl = process.env['TRUECOST_BENCH_PG_URL'] ?? process.env['TRUECOST_TEST_PG_URL'];
  if (pgUrl === undefined) {
    console.log('\nPostgreSQL: skipped (set TRUECOST_BENCH_PG_URL to a database the benchmark may create schemas in).');
    return;
  }
  const schemas = SIZES.map((calculations) => `bench_statement_${calculations}`);
  await run('PostgreSQL', (calculations) => fillPostgres(pgUrl, `bench_statement_${calculations}`, ORDERS, calculations), async () => {
    for (const schema of schemas) await dropSchema(pgUrl, schema);
  });
}
