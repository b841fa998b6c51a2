// Requests per second of E6 (10 flights) and E1 through the Node adapter, against a bare
// node:http server that only parses and re-serialises the same JSON body. Each server runs in its
// own process; the load is a keep-alive loop with a fixed number of requests in flight. Since the
// load shares the host with the servers, each server's CPU time per request is reported as well:
// it depends much less on what else the host is doing.
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { compare, type Measurement } from './harness.js';

const CONCURRENCY = 32;
const DURATION_MS = 2000;
const WARMUP_MS = 500;
/** Bare and truecost alternate for this many rounds; the median of each is reported (the host may be busy). */
const ROUNDS = 3;

const airports = ['DEL', 'BOM', 'LHR', 'JFK', 'SIN', 'DXB', 'CDG', 'FRA', 'SYD', 'NRT', 'BLR'];
const e6Body = JSON.stringify({
  queries: {
    flights: airports.slice(0, 10).map((departure, index) => ({
      flight_id: `f${index}`,
      departure,
      arrival: airports[index + 1],
      no_of_tickets: 1 + (index % 3),
      flight_class: index % 2 === 0 ? 'ECONOMY' : 'BUSINESS',
      flight_type: index % 3 === 0 ? 'ROUND_TRIP' : 'ONE_WAY',
    })),
  },
});
const e1Body = JSON.stringify({
  order: { climes: 12.5, partner_order_id: 'bench-1', customer_email: 'ada@example.com', customer_name: 'Ada Lovelace' },
});

interface Server {
  readonly child: ChildProcess;
  readonly port: number;
  readonly key: string;
  /** The server's CPU time in microseconds and its requests since the last call. */
  cpuSince(): Promise<{ micros: number; requests: number }>;
}

async function startServer(kind: 'bare' | 'truecost'): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'http-server.ts'), kind], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const nextLine = async (): Promise<string> => String((await lines.next()).value ?? '');
  const [port = '', key = ''] = (await nextLine()).split(' ');
  return {
    child,
    port: Number(port),
    key,
    async cpuSince() {
      child.kill('SIGUSR2');
      const [micros = '', requests = ''] = (await nextLine()).split(' ');
      return { micros: Number(micros), requests: Number(requests) };
    },
  };
}

interface Run {
  readonly measurement: Measurement;
  /** The server's CPU time per request during the measured run, in microseconds. */
  readonly cpuMicrosPerRequest: number;
}

async function load(name: string, server: Server, path: string, body: string): Promise<Run> {
  const { port, key } = server;
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-api-key': key };
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const sent = request({ host: '127.0.0.1', port, path, method: 'POST', agent, headers }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      sent.on('error', reject);
      sent.end(body);
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
  await server.cpuSince();
  const start = performance.now();
  const samples = await run(DURATION_MS);
  const elapsed = performance.now() - start;
  const cpu = await server.cpuSince();
  agent.destroy();
  return {
    measurement: { name, opsPerSecond: (samples / elapsed) * 1000, meanMicros: (elapsed * 1000 * CONCURRENCY) / samples, samples },
    cpuMicrosPerRequest: cpu.micros / cpu.requests,
  };
}

function median<T>(values: readonly T[], by: (value: T) => number): T {
  return [...values].sort((a, b) => by(a) - by(b))[Math.floor(values.length / 2)]!;
}

async function alternate(
  title: string,
  path: string,
  body: string,
  bare: Server,
  truecost: Server,
  names: [string, string],
): Promise<void> {
  const bareRuns: Run[] = [];
  const truecostRuns: Run[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    bareRuns.push(await load(names[0], bare, path, body));
    truecostRuns.push(await load(names[1], truecost, path, body));
  }
  compare(
    title,
    median(bareRuns, (run) => run.measurement.opsPerSecond).measurement,
    median(truecostRuns, (run) => run.measurement.opsPerSecond).measurement,
  );
  const bareCpu = median(bareRuns, (run) => run.cpuMicrosPerRequest).cpuMicrosPerRequest;
  const truecostCpu = median(truecostRuns, (run) => run.cpuMicrosPerRequest).cpuMicrosPerRequest;
  console.log(
    `server CPU per request (median): bare ${bareCpu.toFixed(1)} µs, truecost ${truecostCpu.toFixed(1)} µs, ratio ${(bareCpu / truecostCpu).toFixed(3)}`,
  );
}

export default async function run(): Promise<void> {
  const bare = await startServer('bare');
  const truecost = await startServer('truecost');
  try {
    await alternate('E6 through the Node adapter (requests per second, median of 3)', '/v3/flight', e6Body, bare, truecost, [
      'bare node:http, E6 body',
      'truecost Node adapter, E6 (10 flights)',
    ]);
    await alternate('E1 through the Node adapter (requests per second, median of 3)', '/v3/integrations/vote/order', e1Body, bare, truecost, [
      'bare node:http, E1 body',
      'truecost Node adapter, E1',
    ]);
  } finally {
    bare.child.kill();
    truecost.child.kill();
  }
}
