// E1 with a new order each request, written durably: `truecost serve` as shipped (the built
// dist/cli.js, SQLite, request log on and written to a file, the bulk and events workers running,
// no events endpoint set) against a Fastify 5 + better-sqlite3 build with the same durability
// (bench/http-server.ts, fastify-sqlite: the order and its outbox event committed with
// synchronous = FULL before the answer). Each runs in its own process; they take turns for a few
// rounds and the median of each is reported, with the ratio. The load is a keep-alive loop in this
// process, each request a new partner_order_id.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { compare, driveKeepAlive, type Measurement } from './harness.js';
import { startService } from './http.bench.js';

const CONNECTIONS = 16;
const DURATION_MS = 3000;
const WARMUP_MS = 1000;
/** The servers take turns for this many rounds (`BENCH_ROUNDS`, default 5). */
const ROUNDS = Math.max(1, Number(process.env['BENCH_ROUNDS'] ?? 5) || 5);
const PATH = '/v3/integrations/vote/order';

interface Server {
  readonly name: string;
  readonly child: ChildProcess;
  readonly port: number;
  readonly key: string;
}

async function startFastify(directory: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'http-server.ts'), 'fastify-sqlite', join(directory, 'fastify.db')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  const [port = '', key = ''] = line.split(' ');
  return { name: 'Fastify 5 + better-sqlite3 (WAL, synchronous = FULL)', child, port: Number(port), key };
}

let orderNumber = 0;
const body = (): string =>
  JSON.stringify({ order: { climes: 12.5, partner_order_id: `bench-${orderNumber++}`, customer_email: 'ada@example.com', customer_name: 'Ada Lovelace' } });

/** Orders created in `ms` milliseconds, each a new one. */
const drive = (server: Server, ms: number): Promise<number> => driveKeepAlive(server, PATH, body, ms, CONNECTIONS);

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export default async function run(): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), 'truecost-bench-e1-'));
  const servers = [await startFastify(directory), { ...(await startService(directory)), name: 'truecost serve (SQLite, request log, events worker)' }];
  try {
    const rates = servers.map(() => [] as number[]);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (let turn = 0; turn < servers.length; turn += 1) {
        const index = (round + turn) % servers.length;
        await drive(servers[index]!, WARMUP_MS);
        const start = performance.now();
        const created = await drive(servers[index]!, DURATION_MS);
        rates[index]!.push((created * 1000) / (performance.now() - start));
      }
    }
    const measured = servers.map((server, index): Measurement => {
      const rate = median(rates[index]!);
      return { name: `${server.name} [${rates[index]!.map(Math.round).join(', ')}]`, opsPerSecond: rate, meanMicros: (1e6 * CONNECTIONS) / rate, samples: rates[index]!.length };
    });
    compare(`E1, a new order each request, durable (orders per second, median of ${ROUNDS} alternating rounds, ${CONNECTIONS} connections)`, measured[0]!, measured[1]!);
    console.log(`truecost serve: ${(measured[1]!.opsPerSecond / measured[0]!.opsPerSecond).toFixed(3)}x the Fastify + better-sqlite3 build (target >= 1.0)`);
  } finally {
    for (const server of servers) server.child.kill();
    rmSync(directory, { recursive: true, force: true });
  }
}
