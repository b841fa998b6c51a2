// A server for bench/http.bench.ts, run in its own process so that the load does not share its
// CPU. Prints `port key` once listening. The kinds:
//   bare     node:http that reads and parses the JSON body and writes a fixed reply of the size
//            (and headers) of truecost's own answer to the benchmark's body;
//   fastify  Fastify 5 with the route schema `jsonSchemas().requests.<body>` compiled by Fastify's
//            ajv, and as handler the calculator (`flightTruecost`) or the order route's own code;
//   adapter  the Node adapter over the handler with a memory store.
// Fastify and the adapter run the built package (dist/), as installed.
// (`truecost serve` itself is started by the benchmark from the command line.)
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
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

const server = kind === 'bare' ? await bare() : kind === 'fastify' ? await fastify() : createServer(toNodeListener(handler));
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  console.log(`${(server.address() as AddressInfo).port} ${key}`);
});
