// truecost inside an Express application, under /truecost: `node --import tsx examples/express.ts`.
// In your application, import from 'truecost/http' instead of '../src/http/index.js'.
import express, { type Express } from 'express';
import { toExpressHandler, type FetchHandler } from '../src/http/index.js';
import { demoHandler, isMain } from './shared.js';

/** The merchant's Express app, with truecost mounted under /truecost beside its own routes. */
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
  createApp(handler).listen(3000, '127.0.0.1', () => {
    console.log(`truecost on http://127.0.0.1:3000/truecost (x-api-key: ${key})`);
  });
}
