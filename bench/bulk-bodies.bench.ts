// Bulk for every calculator (`POST /v3/bulk/{endpoint}`): a job of 10 000 E11 bodies end to end,
// from the start of its POST to its results received at a local receiver, per body, against the
// synchronous E11 route's time per body on the same server (every body its own request, several in
// flight at once). Goal: bulk at least half as fast per body as the synchronous route, that is a
// ratio of sync time to bulk time per body of 0.5 or more.
import { spawn } from 'node:child_process';
import { Agent, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

const BODIES = 10_000;
const RUNS = 3;
/** Requests in flight at once on the synchronous route, each on its own kept-alive connection. */
const CONCURRENCY = 8;

const methods = ['TRUCK_HEAVY', 'TRAIN', 'SHIP', 'FLIGHT', 'TRUCK_LIGHT'] as const;

/** E11 bodies of one to three legs, with distances and weights that differ from body to body. */
function shipment(index: number): { queries: { legs: Record<string, unknown>[] } } {
  const legs = Array.from({ length: 1 + (index % 3) }, (_, leg) => ({
    shipping_method: methods[(index + leg) % methods.length],
    shipping_distance: 50 + ((index * 37 + leg * 11) % 5_000),
    shipping_weight: 1 + ((index * 13) % 40),
  }));
  return { queries: { legs } };
}

interface Server {
  readonly port: number;
  readonly key: string;
  stop(): void;
}

async function startServer(receiverUrl: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'bulk-bodies-server.ts'), receiverUrl], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve) => child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));
  const [port, key] = line.split(' ');
  return { port: Number(port), key: key!, stop: () => child.kill() };
}

/** The partner's endpoint: resolves each delivery's promise by its webhook-id once its body is read. */
async function startReceiver(): Promise<{ url: string; delivered(jobId: string): Promise<string>; close(): void }> {
  const waiting = new Map<string, (body: string) => void>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.writeHead(204).end();
      waiting.get(String(request.headers['webhook-id']))?.(Buffer.concat(chunks).toString('utf8'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/results`,
    delivered: (jobId) => new Promise((resolve) => waiting.set(jobId, resolve)),
    close: () => server.close(),
  };
}

function post(server: Server, agent: Agent, path: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path,
        agent,
        headers: { 'x-api-key': server.key, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

/** Milliseconds to answer every body on `POST /v3/logistics`, CONCURRENCY at a time. */
async function syncRun(server: Server, agent: Agent, bodies: readonly string[]): Promise<number> {
  const start = performance.now();
  let next = 0;
  async function lane(): Promise<void> {
    while (next < bodies.length) {
      const answer = await post(server, agent, '/v3/logistics', bodies[next++]!);
      if (answer.status !== 200) throw new Error(`E11 answered ${answer.status}: ${answer.text}`);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  return performance.now() - start;
}

/** Milliseconds from the start of the bulk POST to its delivery read at the receiver. */
async function bulkRun(server: Server, agent: Agent, receiver: Awaited<ReturnType<typeof startReceiver>>, job: string): Promise<number> {
  const start = performance.now();
  const answer = await post(server, agent, '/v3/bulk/logistics', job);
  if (answer.status !== 202) throw new Error(`The bulk route answered ${answer.status}: ${answer.text}`);
  const body = await receiver.delivered((JSON.parse(answer.text) as { job_id: string }).job_id);
  const elapsed = performance.now() - start;
  const results = (JSON.parse(body) as { results: { result?: unknown }[] }).results;
  if (results.length !== BODIES || results.some((result) => result.result === undefined)) throw new Error('The delivery does not hold a result per body.');
  return elapsed;
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export default async function run(): Promise<void> {
  const shipments = Array.from({ length: BODIES }, (_, index) => shipment(index));
  const syncBodies = shipments.map((body) => JSON.stringify(body));
  const job = JSON.stringify(shipments.map((body, index) => ({ id: `shipment-${index}`, ...body })));

  const receiver = await startReceiver();
  const server = await startServer(receiver.url);
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  try {
    // Warm-up of both paths, not measured.
    await syncRun(server, agent, syncBodies.slice(0, 2_000));
    await bulkRun(server, agent, receiver, job);
    const sync: number[] = [];
    const bulk: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      sync.push(await syncRun(server, agent, syncBodies));
      bulk.push(await bulkRun(server, agent, receiver, job));
    }
    const syncPerBody = (median(sync) * 1000) / BODIES;
    const bulkPerBody = (median(bulk) * 1000) / BODIES;
    console.log(`\n## ${BODIES} E11 bodies: one bulk job against one request each (${CONCURRENCY} in flight), median of ${RUNS} runs`);
    console.table([
      { path: `POST /v3/logistics, ${BODIES} requests`, 'total ms': median(sync).toFixed(0), 'µs per body': syncPerBody.toFixed(1) },
      { path: 'POST /v3/bulk/logistics to delivered results', 'total ms': median(bulk).toFixed(0), 'µs per body': bulkPerBody.toFixed(1) },
    ]);
    console.log(`bulk speed per body / sync speed per body: ${(syncPerBody / bulkPerBody).toFixed(2)} (goal: 0.5 or more)`);
    console.log(`runs, ms: sync ${sync.map((ms) => ms.toFixed(0)).join(', ')}; bulk ${bulk.map((ms) => ms.toFixed(0)).join(', ')}`);
  } finally {
    agent.destroy();
    server.stop();
    receiver.close();
  }
}
