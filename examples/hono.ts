// truecost inside a Hono application, on Node through @hono/node-server:
// `node --import tsx examples/hono.ts`. The same app runs on any runtime Hono supports.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { toHonoHandler, type FetchHandler } from 'truecost/http';
import { demoHandler, isMain, port } from './shared.js';

/** The merchant's Hono app, with truecost answering every path its own routes do not. */
export function createApp(handler: FetchHandler): Hono {
  const app = new Hono();
  app.get('/', (context) => context.text('The shop'));
  app.all('*', toHonoHandler(handler));
  return app;
}

if (isMain(import.meta.url)) {
  const { handler, key } = await demoHandler();
  serve({ fetch: createApp(handler).fetch, port: port(), hostname: '127.0.0.1' }, (info) => {
    console.log(`truecost on http://127.0.0.1:${info.port} (x-api-key: ${key})`);
  });
}
