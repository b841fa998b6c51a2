// truecost inside a Hono application, under /truecost, on Node through @hono/node-server:
// `node --import tsx examples/hono.ts`. The same app runs on any runtime Hono supports.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { toHonoHandler, type FetchHandler } from 'truecost/http';
import { demoHandler, isMain, port } from './shared.js';

/** Where the API is served; Hono hands on the whole URL, so the handler is made with it as its `basePath`. */
export const BASE_PATH = '/truecost';

/**
 * The merchant's Hono app, with truecost mounted under /truecost beside its own routes. `handler`
 * is made with `basePath: BASE_PATH`; what is not the API's (`/`, `/truecost/cart`) is the app's,
 * down to Hono's own 404.
 */
export function createApp(handler: FetchHandler): Hono {
  const app = new Hono();
  app.get('/', (context) => context.text('The shop'));
  app.all(`${BASE_PATH}/*`, toHonoHandler(handler));
  return app;
}

if (isMain(import.meta.url)) {
  const { handler, key } = await demoHandler({ basePath: BASE_PATH });
  serve({ fetch: createApp(handler).fetch, port: port(), hostname: '127.0.0.1' }, (info) => {
    console.log(`truecost on http://127.0.0.1:${info.port}${BASE_PATH} (x-api-key: ${key})`);
  });
}
