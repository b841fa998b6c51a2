// The server of bench/bulk-bodies.bench.ts, in its own process: the Node adapter over the handler
// with a memory store, and the bulk worker beside it, woken when a job is queued (as `truecost
// serve` runs them). Its partner's result endpoint is the URL given as the first argument. Prints
// `port key` once listening.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateSigningSecret, startBulkWorker } from '../src/bulk/index.js';
import { createHandler, generateApiKey, hashApiKey, toNodeListener } from '../src/http/index.js';
import { createMemoryStore } from '../src/stores/memory.js';

const receiverUrl = process.argv[2]!;
const store = createMemoryStore();
const key = generateApiKey('staging');
await store.addApiKey({ keyHash: await hashApiKey(key), partnerId: 'bench', environment: 'staging', createdAt: 0 });
await store.setResultEndpoint('bench', { url: receiverUrl, secret: generateSigningSecret() }, Date.now());
const worker = startBulkWorker({
  store,
  // The receiver listens on 127.0.0.1.
  endpointPolicy: { allowPrivateAddresses: true },
  log: (event) => {
    if (event.type !== 'delivered') console.error(event);
  },
});
const server = createServer(toNodeListener(createHandler({ store, onJobQueued: () => worker.wake() })));
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  console.log(`${(server.address() as AddressInfo).port} ${key}`);
});
