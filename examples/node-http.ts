// truecost on Node's own http server: `node --import tsx examples/node-http.ts`.
import { createServer, type Server } from 'node:http';
import { toNodeListener, type FetchHandler } from 'truecost/http';
import { addressOf, demoHandler, isMain, port } from './shared.js';

/** A Node http server answering every request with truecost. */
export function createApp(handler: FetchHandler): Server {
  return createServer(toNodeListener(handler));
}

if (isMain(import.meta.url)) {
  const { handler, key } = await demoHandler();
  const server = createApp(handler).listen(port(), '127.0.0.1', () => {
    console.log(`truecost on ${addressOf(server)} (x-api-key: ${key})`);
  });
}
