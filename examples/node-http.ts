// truecost on Node's own http server: `node --import tsx examples/node-http.ts`.
// In your application, import from 'truecost/http' instead of '../src/http/index.js'.
import { createServer, type Server } from 'node:http';
import { toNodeListener, type FetchHandler } from '../src/http/index.js';
import { demoHandler, isMain } from './shared.js';

/** A Node http server answering every request with truecost. */
export function createApp(handler: FetchHandler): Server {
  return createServer(toNodeListener(handler));
}

if (isMain(import.meta.url)) {
  const { handler, key } = await demoHandler();
  createApp(handler).listen(3000, '127.0.0.1', () => {
    console.log(`truecost on http://127.0.0.1:3000 (x-api-key: ${key})`);
  });
}
