import { Agent, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';
import {
  createHandler,
  generateApiKey,
  hashApiKey,
  toNodeListener,
  type FetchHandler,
  type HandlerOptions,
} from '../../src/http/index.js';
import type { Environment } from '../../src/orders/types.js';
import type { Store } from '../../src/orders/store.js';
import { createMemoryStore } from '../../src/stores/memory.js';

export const BASE = 'http://truecost.test';

/**
 * Which request path the HTTP suites run through: the fetch handler itself, or `toNodeListener`
 * on a real socket (the vitest project `http-node` sets TRUECOST_HTTP_TRANSPORT=node), so that
 * both answer every test the same.
 */
export const transport: 'fetch' | 'node' = process.env.TRUECOST_HTTP_TRANSPORT === 'node' ? 'node' : 'fetch';

/**
 * The handler as the suites call it: itself, or, on the node transport, a fetch handler that sends
 * each request over a socket to `toNodeListener(handler)` (closed when the test ends).
 */
export async function served(handler: FetchHandler): Promise<FetchHandler> {
  if (transport === 'fetch') return handler;
  const server = createServer(toNodeListener(handler));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const agent = new Agent({ keepAlive: true });
  const { port } = server.address() as AddressInfo;
  onTestFinished(async () => {
    agent.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return async (request) => {
    const url = new URL(request.url);
    return sendRaw(port, agent, request.method, url.pathname + url.search, request.headers, request.body === null ? undefined : new Uint8Array(await request.arrayBuffer()));
  };
}

/** Sends one request with `target` as written (no URL normalisation on the way) and reads the answer. */
function sendRaw(
  port: number,
  agent: Agent | undefined,
  method: string,
  target: string,
  headers: Headers,
  body: Uint8Array | undefined,
): Promise<Response> {
  const outgoing: Record<string, string> = {};
  headers.forEach((value, name) => {
    outgoing[name] = value;
  });
  if (body !== undefined) outgoing['content-length'] = String(body.byteLength);
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: '127.0.0.1', port, method, path: target, headers: outgoing, ...(agent === undefined ? {} : { agent }) }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined) answerHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
        }
        const status = answer.statusCode ?? 500;
        resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers: answerHeaders }));
      });
    });
    // A server that answers before reading the whole body (413) may close while it is still sent.
    sent.on('error', (error) => (sent.writableFinished ? undefined : reject(error)));
    sent.end(body);
  });
}

/**
 * Sends `target` exactly as written (`/x\..\healthz` stays as it is on the socket) through the
 * current transport; on the fetch transport, `new Request` normalises it as any client would.
 */
export async function callRaw(handler: FetchHandler, method: string, target: string): Promise<Response> {
  if (transport === 'fetch') return handler(new Request(BASE + target, { method }));
  const server = createServer(toNodeListener(handler));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await sendRaw((server.address() as AddressInfo).port, undefined, method, target, new Headers(), undefined);
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

/** Stores a new key for the partner and returns it. */
export async function addKey(store: Store, partnerId: string, environment: Environment): Promise<string> {
  const key = generateApiKey(environment);
  await store.addApiKey({ keyHash: await hashApiKey(key), partnerId, environment, createdAt: 0 });
  return key;
}

/** A handler on a fresh memory store with a staging and a production key of partner `acme`. */
export async function setup(options: Omit<HandlerOptions, 'store'> = {}) {
  const store = createMemoryStore();
  const staging = await addKey(store, 'acme', 'staging');
  const production = await addKey(store, 'acme', 'production');
  const direct = createHandler({ store, ...options });
  const handler = await served(direct);
  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const init: RequestInit = { method, headers: { 'x-api-key': staging, ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      init.headers = { 'content-type': 'application/json', ...init.headers };
    }
    const response = await handler(new Request(BASE + path, init));
    const text = await response.text();
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, json, text };
  }
  return { store, staging, production, handler, direct, call };
}

export const order = (partnerOrderId: string, extra: Record<string, unknown> = {}) => ({
  climes: 10,
  partner_order_id: partnerOrderId,
  customer_email: 'ada@example.com',
  customer_name: 'Ada Lovelace',
  ...extra,
});
