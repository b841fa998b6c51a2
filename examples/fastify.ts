// truecost inside a Fastify application, under /truecost: `node --import tsx examples/fastify.ts`.
// In your application, import from 'truecost/http' instead of '../src/http/index.js'.
import Fastify, { type FastifyInstance } from 'fastify';
import { toFastifyPlugin, type FetchHandler } from '../src/http/index.js';
import { demoHandler, isMain } from './shared.js';

/** The merchant's Fastify app, with truecost registered under /truecost beside its own routes. */
export async function createApp(handler: FetchHandler): Promise<FastifyInstance> {
  const app = Fastify();
  app.get('/', async () => 'The shop');
  await app.register(toFastifyPlugin(handler), { prefix: '/truecost' });
  return app;
}

if (isMain(import.meta.url)) {
  const { handler, key } = await demoHandler();
  const app = await createApp(handler);
  await app.listen({ port: 3000, host: '127.0.0.1' });
  console.log(`truecost on http://127.0.0.1:3000/truecost (x-api-key: ${key})`);
}
