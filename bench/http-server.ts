// A server for bench/http.bench.ts, run in its own process so that the load does not share its
// CPU: `bare` only parses and re-serialises the JSON body; `truecost` is the Node adapter over
// the handler with a memory store. Prints `port key` once listening, and on SIGUSR2 prints
// `cpuMicros requests`: the CPU time (user and system) spent and the requests served since the last one.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHandler, generateApiKey, hashApiKey, toNodeListener } from '../src/http/index.js';
import { createMemoryStore } from '../src/stores/memory.js';

const kind = process.argv[2];
const key = generateApiKey('staging');

async function listener() {
  if (kind === 'bare') {
    return createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = JSON.stringify(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        response.end(body);
      });
    });
  }
  const store = createMemoryStore();
  await store.addApiKey({ keyHash: await hashApiKey(key), partnerId: 'bench', environment: 'staging', createdAt: 0 });
  return createServer(toNodeListener(createHandler({ store })));
}

const server = await listener();
server.keepAliveTimeout = 60_000;
let requests = 0;
let cpu = process.cpuUsage();
server.on('request', () => {
  requests += 1;
});
process.on('SIGUSR2', () => {
  const spent = process.cpuUsage(cpu);
  console.log(`${spent.user + spent.system} ${requests}`);
  cpu = process.cpuUsage();
  requests = 0;
});
server.listen(0, '127.0.0.1', () => {
  console.log(`${(server.address() as AddressInfo).port} ${key}`);
});
