// truecost inside a Fastify application, under /truecost: `node --import tsx examples/fastify.ts`.
import Fastify, { type FastifyInstance } from 'fastify';
import { toFastifyPlugin, type FetchHandler } from 'truecost/http';
import { addressOf, demoHandler, isMain, port } from './shared.js';

/**
 * The merchant's Fastify app, with truecost registered under /truecost beside its own routes. What
 * is not the API's (`/truecost/cart`) gets Fastify's own 404.
 */
export async function createApp(handler: FetchHandler): Promise<FastifyInstance> {
  const app = Fastify();
  app.get('/', async () => 'The shop');
  await app.register(toFastifyPlugin(handler), { prefix: '/truecost' });
  return app;
}

if (isMain(import.meta.url)) {
  const { handler, key } = await demoHandler();
  const app = await createApp(handler);
  await app.listen({ port: port(), host: '127.0.0.1' });
  console.log(`truecost on ${addressOf(app.server)}/truecost (x-api-key: ${key})`);
}
