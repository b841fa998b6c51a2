import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import * as expressExample from '../../examples/express.js';
import * as fastifyExample from '../../examples/fastify.js';
import * as honoExample from '../../examples/hono.js';
import * as nodeExample from '../../examples/node-http.js';
import { demoHandler } from '../../examples/shared.js';
import { exerciseServer } from './adapter-scenario.js';
import { expectDocsServed } from './docs-served.js';

function baseOf(address: AddressInfo | string | null): string {
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
  return `http://127.0.0.1:${address.port}`;
}

describe('adapters, each started for real on 127.0.0.1', () => {
  it("serves the API through Node's http", async () => {
    const { handler, key } = await demoHandler();
    const server = nodeExample.createApp(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await exerciseServer(baseOf(server.address()), key);
      await expectDocsServed(baseOf(server.address()));
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('serves the API through Express, under a prefix, beside the shop', async () => {
    const { handler, key } = await demoHandler();
    const server = expressExample.createApp(handler).listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    try {
      const base = baseOf(server.address());
      expect(await (await fetch(`${base}/`)).text()).toBe('The shop');
      await exerciseServer(`${base}/truecost`, key);
      await expectDocsServed(`${base}/truecost`);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('serves the API through Fastify, under a prefix, beside the shop', async () => {
    const { handler, key } = await demoHandler();
    const app = await fastifyExample.createApp(handler);
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base = baseOf(app.server.address());
      expect(await (await fetch(`${base}/`)).text()).toBe('The shop');
      await exerciseServer(`${base}/truecost`, key);
      await expectDocsServed(`${base}/truecost`);
    } finally {
      await app.close();
    }
  });

  it('serves the API through Hono, under a prefix, beside the shop', async () => {
    const { handler, key } = await demoHandler({ basePath: honoExample.BASE_PATH });
    const server = serve({ fetch: honoExample.createApp(handler).fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    try {
      const base = baseOf(server.address());
      expect(await (await fetch(`${base}/`)).text()).toBe('The shop');
      await exerciseServer(`${base}/truecost`, key);
      await expectDocsServed(`${base}/truecost`);
    } finally {
      server.close();
    }
  });
});
