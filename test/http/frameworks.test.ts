import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { apiErrors } from '../../src/errors.js';
import { createHandler, type FetchHandler } from '../../src/http/handler.js';
import { toExpressHandler, toFastifyPlugin, toHonoHandler } from '../../src/http/frameworks.js';
import { generateApiKey, hashApiKey } from '../../src/http/keys.js';
import { createMemoryStore } from '../../src/stores/memory.js';

// Real Hono, Express and Fastify applications with the API mounted among their own routes: the
// API's requests answered by truecost, every other left to the application and its own 404.

const flight = JSON.stringify({ queries: { flights: [{ departure: 'DEL', arrival: 'BOM', no_of_tickets: 1 }] } });
const flightAnswer = { message: 'Truecost calculated successfully', truecost: [{ flight_id: 'flight-1', truecost: '0.115961' }] };

/** A handler on a fresh memory store with one staging key. */
async function keyedHandler(basePath?: string): Promise<{ handler: FetchHandler; key: string }> {
  const store = createMemoryStore();
  const key = generateApiKey('staging');
  await store.addApiKey({ keyHash: await hashApiKey(key), partnerId: 'shop', environment: 'staging', createdAt: 0 });
  return { handler: createHandler({ store, ...(basePath === undefined ? {} : { basePath }) }), key };
}

/** E6 at `url` with `key`: the status and the JSON body. */
async function postFlight(url: string, key: string, body = flight): Promise<{ status: number; body: unknown }> {
  const answer = await fetch(url, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body });
  return { status: answer.status, body: await answer.json() };
}

async function text(url: string): Promise<{ status: number; text: string }> {
  const answer = await fetch(url);
  return { status: answer.status, text: await answer.text() };
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** Listens on a free port of 127.0.0.1 and returns the base URL. */
async function listening(server: Server): Promise<string> {
  if (!server.listening) await new Promise<void>((resolve) => server.once('listening', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('createHandler({ basePath })', () => {
  it('routes the paths under the base path and answers 404 outside it', async () => {
    const { handler } = await keyedHandler('/carbon/');
    expect((await handler(new Request('http://localhost/carbon/healthz'))).status).toBe(200);
    expect((await handler(new Request('http://localhost/carbon/healthz?x=1'))).status).toBe(200);
    for (const path of ['/healthz', '/carbonx/healthz', '/carbon', '/other/carbon/healthz']) {
      const answer = await handler(new Request(`http://localhost${path}`));
      expect(answer.status, path).toBe(404);
      expect(await answer.json()).toEqual({ message: apiErrors.notFound.message });
    }
  });

  it('is the server of the OpenAPI document when no public URL is given', async () => {
    const { handler } = await keyedHandler('/carbon');
    const document = (await (await handler(new Request('http://localhost/carbon/openapi.json'))).json()) as { servers?: unknown };
    expect(document.servers).toEqual([{ url: '/carbon' }]);
  });
});

describe('Hono', () => {
  it('serves the API under /carbon (basePath) and leaves /other and what is not the API\'s to the app', async () => {
    const { handler, key } = await keyedHandler('/carbon');
    const app = new Hono();
    app.get('/other', (context) => context.text('the app'));
    app.all('/carbon/*', toHonoHandler(handler));
    const base = await listening(serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server);
    expect(await postFlight(`${base}/carbon/v3/flight`, key)).toEqual({ status: 200, body: flightAnswer });
    expect(await text(`${base}/other`)).toEqual({ status: 200, text: 'the app' });
    // /carbon/cart is not one of the API's paths: Hono's own 404.
    expect(await text(`${base}/carbon/cart`)).toEqual({ status: 404, text: '404 Not Found' });
    expect(await text(`${base}/carbon/v3/nowhere`)).toEqual({ status: 404, text: JSON.stringify({ message: 'Not Found' }) });
  });

  it('mounted at the root before the app\'s routes, lets them and Hono\'s 404 answer what is not the API\'s', async () => {
    const { handler, key } = await keyedHandler();
    const app = new Hono();
    app.all('*', toHonoHandler(handler));
    app.get('/other', (context) => context.text('the app'));
    const base = await listening(serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server);
    expect(await postFlight(`${base}/v3/flight`, key)).toEqual({ status: 200, body: flightAnswer });
    expect(await text(`${base}/other`)).toEqual({ status: 200, text: 'the app' });
    expect(await text(`${base}/nowhere`)).toEqual({ status: 404, text: '404 Not Found' });
  });
});

describe('Express', () => {
  const badBody = '{"queries"';

  it('serves the API under /carbon behind express.json(), answering a body it could not parse as the API does', async () => {
    const { handler, key } = await keyedHandler();
    const app = express();
    app.use(express.json());
    app.use('/carbon', toExpressHandler(handler));
    app.get('/other', (_request, response) => {
      response.send('the app');
    });
    const base = await listening(app.listen(0, '127.0.0.1'));
    expect(await postFlight(`${base}/carbon/v3/flight`, key)).toEqual({ status: 200, body: flightAnswer });
    const refused = await postFlight(`${base}/carbon/v3/flight`, key, badBody);
    expect(refused).toEqual({
      status: 400,
      body: { message: apiErrors.badRequest.message, error: { path: '', reason: expect.stringMatching(/^The body is not JSON: /) } },
    });
    expect(await text(`${base}/other`)).toEqual({ status: 200, text: 'the app' });
    const notTheApis = await text(`${base}/carbon/cart`);
    expect(notTheApis.status).toBe(404);
    expect(notTheApis.text).toContain('Cannot GET /carbon/cart');
  });

  it('serves the API under the handler\'s basePath at the root of the app, and passes the rest on with next()', async () => {
    const { handler, key } = await keyedHandler('/carbon');
    const app = express();
    app.use(toExpressHandler(handler));
    app.get('/other', (_request, response) => {
      response.send('the app');
    });
    // A parse error of the app's own routes is still the app's to answer.
    app.post('/form', express.json(), (_request, response) => {
      response.send('parsed');
    });
    const base = await listening(app.listen(0, '127.0.0.1'));
    expect(await postFlight(`${base}/carbon/v3/flight`, key)).toEqual({ status: 200, body: flightAnswer });
    expect(await text(`${base}/other`)).toEqual({ status: 200, text: 'the app' });
    const nowhere = await text(`${base}/v3/flight`);
    expect(nowhere.status).toBe(404);
    expect(nowhere.text).toContain('Cannot GET /v3/flight');
    const form = await fetch(`${base}/form`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: badBody });
    expect(form.status).toBe(400);
    expect(form.headers.get('content-type')).toMatch(/^text\/html/);
  });
});

describe('Fastify', () => {
  it('serves the API under the /carbon prefix and leaves /other and what is not the API\'s to the app', async () => {
    const { handler, key } = await keyedHandler();
    const app = Fastify();
    app.get('/other', async () => 'the app');
    await app.register(toFastifyPlugin(handler), { prefix: '/carbon' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    closers.push(() => app.close());
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    expect(await postFlight(`${base}/carbon/v3/flight`, key)).toEqual({ status: 200, body: flightAnswer });
    expect(await text(`${base}/other`)).toEqual({ status: 200, text: 'the app' });
    const notTheApis = await fetch(`${base}/carbon/cart`);
    expect(notTheApis.status).toBe(404);
    expect(await notTheApis.json()).toMatchObject({ message: 'Route GET:/carbon/cart not found', statusCode: 404 });
  });

  it('mounted at the root with the handler\'s basePath, gives Fastify\'s own 404 to what is not the API\'s', async () => {
    const { handler, key } = await keyedHandler('/carbon');
    const app = Fastify();
    app.get('/other', async () => 'the app');
    await app.register(toFastifyPlugin(handler));
    await app.listen({ port: 0, host: '127.0.0.1' });
    closers.push(() => app.close());
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    expect(await postFlight(`${base}/carbon/v3/flight`, key)).toEqual({ status: 200, body: flightAnswer });
    expect(await text(`${base}/other`)).toEqual({ status: 200, text: 'the app' });
    const nowhere = await fetch(`${base}/nowhere`);
    expect(nowhere.status).toBe(404);
    expect(await nowhere.json()).toMatchObject({ message: 'Route GET:/nowhere not found', statusCode: 404 });
  });
});
