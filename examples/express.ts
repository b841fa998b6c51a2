// truecost inside an Express application, under /truecost: `node --import tsx examples/express.ts`.
import express, { type Express } from 'express';
import { toExpressHandler, type FetchHandler } from 'truecost/http';
import { addressOf, demoHandler, isMain, port } from './shared.js';

/**
 * The merchant's Express app, with truecost mounted under /truecost beside its own routes. What is
 * not the API's (`/`, `/truecost/cart`) is the app's, down to Express's own 404. Behind the app's
 * `express.json()` it works the same (docs/frameworks.md).
 */
export function createApp(handler: FetchHandler): Express {
  const app = express();
  app.get('/', (_request, response) => {
    response.send('The shop');
  });
  app.use('/truecost', toExpressHandler(handler));
  return app;
}

if (isMain(import.meta.url)) {
  const { handler, key } = await demoHandler();
  const server = createApp(handler).listen(port(), '127.0.0.1', () => {
    console.log(`truecost on ${addressOf(server)}/truecost (x-api-key: ${key})`);
  });
}
