// truecost inside a Hono application, on Node through @hono/node-server:
// `node --import tsx examples/hono.ts`. The same app runs on any runtime Hono supports.
// In your application, import from 'truecost/http' instead of '../src/http/index.js'.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { toHonoHandler, type FetchHandler } from '../src/http/index.js';
import { demoHandler, isMain } from './shared.js';

/** The merchant's Hono app, with truecost answering every path its own routes do not. */
export function createApp(handler: FetchHandler): Hono {
  const app = new Hono();
  app.get('/', (context) => context.text('The shop'));
  app.all('*', toHonoHandler(handler));
  return app;
}

if (isMain(import.meta.url)) {
  const { handler, key } = await demoHandler();
  serve({ fetch: createApp(handler).fetch, port: 3000, hostname: '127.0.0.1' }, () => {
    console.log(`truecost on http://127.0.0.1:3000 (x-api-key: ${key})`);
  });
}
