// A server for bench/http.bench.ts, run in its own process so that the load does not share its
// CPU. Prints `port key` once listening. The kinds:
//   bare     node:http that reads and parses the JSON body and writes a fixed reply of the size
//            (and headers) of truecost's own answer to the benchmark's body;
//   fastify  Fastify 5 with the route schema `jsonSchemas().requests.<body>` compiled by Fastify's
//            ajv, and as handler the calculator (`flightTruecost`) or the order route's own code;
//   adapter  the Node adapter over the handler with a memory store;
//   fastify-sqlite  Fastify 5 with the same route schema for E1, over better-sqlite3 with truecost's
//            durability (WAL, synchronous = FULL, the order and its outbox event in one transaction
//            committed before the answer), as a partner would build it by hand (bench/e1-durable.bench.ts).
// Fastify and the adapter run the built package (dist/), as installed.
// (`truecost serve` itself is started by the benchmark from the command line.)
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import type { RouteServices } from '../src/http/index.js';
import type { FlightRequest } from '../src/schemas/flight.js';
import { benchBodies } from './http-bodies.js';

// truecost as it ships: the built package (`npm run bench` builds it first), as a partner's
// Fastify server or Node server would import it.
const built = (entry: string) => pathToFileURL(join(import.meta.dirname, '..', 'dist', entry)).href;
const { flightTruecost, jsonSchemas } = (await import(built('index.js'))) as typeof import('../src/index.js');
const { createHandler, generateApiKey, hashApiKey, routes, toNodeListener } = (await import(
  built('http/index.js')
)) as typeof import('../src/http/index.js');
const { createMemoryStore } = (await import(built('stores/memory.js'))) as typeof import('../src/stores/memory.js');

const kind = process.argv[2];
const key = generateApiKey('staging');
const store = createMemoryStore();
await store.addApiKey({ keyHash: await hashApiKey(key), partnerId: 'bench', environment: 'staging', createdAt: 0 });
const handler = createHandler({ store });

/** The answer truecost gives to each benchmark body, computed once, for the bare server to replay. */
async function fixedReplies(): Promise<Map<string, { body: string; headers: Record<string, string> }>> {
  const replies = new Map<string, { body: string; headers: Record<string, string> }>();
  for (const { path, body } of benchBodies) {
    const answer = await handler(
      new Request(`http://bench${path}`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body }),
    );
    const headers: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      headers[name] = value;
    });
    replies.set(path, { body: await answer.text(), headers });
  }
  return replies;
}

async function bare(): Promise<Server> {
  const replies = await fixedReplies();
  return createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const reply = replies.get(request.url ?? '');
      if (reply === undefined) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { ...reply.headers, 'content-length': Buffer.byteLength(reply.body) });
      response.end(reply.body);
    });
  });
}

async function fastify(): Promise<Server> {
  const { requests } = jsonSchemas();
  // Fastify's ajv speaks draft-07; the schemas are otherwise the same.
  const schemaOf = (schema: object) => {
    const { $schema: _, ...rest } = schema as Record<string, unknown>;
    return rest;
  };
  const app = Fastify({ logger: false });
  app.post('/v3/flight', { schema: { body: schemaOf(requests.flight) } }, async (request) =>
    flightTruecost(request.body as FlightRequest),
  );
  const createOrder = routes.find((route) => route.method === 'POST' && route.path === '/v3/integrations/{variant}/order')!;
  const services: RouteServices = {
    newJobId: () => crypto.randomUUID(),
    jobQueued: () => {},
    openApiDocument: () => ({}),
    apiReferenceScript: undefined,
  };
  app.post('/v3/integrations/vote/order', { schema: { body: schemaOf(requests.createOrder) } }, async (request, reply) => {
    const answer = await createOrder.handle({
      body: request.body,
      params: { variant: 'vote' },
      scope: { partnerId: 'bench', environment: 'staging' },
      now: Date.now(),
      store,
      services,
    });
    return reply.code(answer.status).send(answer.body);
  });
  await app.ready();
  return app.server;
}

/** E1 over better-sqlite3 in the file `process.argv[3]`: one transaction per order, synced before the answer. */
async function fastifySqlite(): Promise<Server> {
  const db = new Database(process.argv[3]!);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(`CREATE TABLE IF NOT EXISTS orders (partner_id TEXT NOT NULL, environment TEXT NOT NULL, partner_order_id TEXT NOT NULL,
      variant TEXT NOT NULL, micro_climes INTEGER NOT NULL, sent_order TEXT NOT NULL, unlock_date INTEGER NOT NULL,
      created_at INTEGER NOT NULL, PRIMARY KEY (partner_id, environment, partner_order_id));
    CREATE TABLE IF NOT EXISTS outbox_events (seq INTEGER PRIMARY KEY, event_id TEXT NOT NULL UNIQUE, partner_id TEXT NOT NULL,
      environment TEXT NOT NULL, partner_order_id TEXT NOT NULL, type TEXT NOT NULL, micro_climes INTEGER NOT NULL, created_at INTEGER NOT NULL)`);
  const insertOrder = db.prepare(`INSERT INTO orders VALUES ('bench', 'staging', :id, 'vote', :microClimes, :sent, :unlockDate, :now)
    ON CONFLICT DO NOTHING`);
  const insertEvent = db.prepare(`INSERT INTO outbox_events (event_id, partner_id, environment, partner_order_id, type, micro_climes, created_at)
    VALUES (:eventId, 'bench', 'staging', :id, 'order.created', :microClimes, :now)`);
  const create = db.transaction((order: { partner_order_id: string; climes: number }, sent: string, now: number): boolean => {
    const row = { id: order.partner_order_id, microClimes: Math.round(order.climes * 1e6), sent, unlockDate: now + 10 * 86_400_000, now };
    if (insertOrder.run(row).changes === 0) return false;
    insertEvent.run({ ...row, eventId: `evt_${crypto.randomUUID().replaceAll('-', '')}` });
    return true;
  });
  const { requests } = jsonSchemas();
  const { $schema: _, ...schema } = requests.createOrder as Record<string, unknown>;
  const app = Fastify({ logger: false });
  app.post('/v3/integrations/vote/order', { schema: { body: schema } }, async (request, reply) => {
    if (request.headers['x-api-key'] !== key) return reply.code(401).send({ message: 'Unauthorized' });
    const { order } = request.body as { order: { partner_order_id: string; climes: number } };
    const now = Date.now();
    const created = create(order, JSON.stringify(order), now);
    return reply.code(created ? 201 : 200).send({
      message: 'Order created successfully',
      order: { partner_order_id: order.partner_order_id, climes: order.climes, state: 'locked', variant: 'vote', created_at: now, unlock_date: now + 10 * 86_400_000 },
    });
  });
  await app.ready();
  return app.server;
}

const server =
  kind === 'bare' ? await bare() : kind === 'fastify' ? await fastify() : kind === 'fastify-sqlite' ? await fastifySqlite() : createServer(toNodeListener(handler));
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  console.log(`${(server.address() as AddressInfo).port} ${key}`);
});
