import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { apiErrors, createHandler, createNodeServer, hardenNodeServer, toNodeListener } from '../../src/http/index.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import { addKey } from './support.js';
import { rawExchange } from './raw-socket.js';

// Requests that never reach the handler (too slow, or not HTTP that Node's parser accepts) are
// answered in JSON with a message, through the server's `clientError` path.
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listening(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function truecostServer(make: 'create' | 'harden'): Promise<{ port: number; key: string }> {
  const store = createMemoryStore();
  const key = await addKey(store, 'acme', 'staging');
  const listener = toNodeListener(createHandler({ store }));
  // A short limit, so that the test does not wait long for the 408.
  const options = { requestTimeoutMs: 1_000, headersTimeoutMs: 500 };
  const server = make === 'create' ? (createNodeServer(listener, options) as Server) : hardenNodeServer(createServer(listener), options);
  return { port: await listening(server), key };
}

function expectJson(answer: { status: number; headers: Record<string, string>; body: string }, error: { status: number; message: string }): void {
  expect(answer.status).toBe(error.status);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(JSON.parse(answer.body)).toEqual({ message: error.message });
}

for (const make of ['create', 'harden'] as const) {
  describe(`a server made with ${make === 'create' ? 'createNodeServer' : 'hardenNodeServer'}`, () => {
    it('answers 408 in JSON to a body that was promised and never sent', async () => {
      const { port, key } = await truecostServer(make);
      const answer = await rawExchange(
        port,
        `POST /v3/flight HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"queries":`,
      );
      expectJson(answer, apiErrors.requestTimeout);
      expect(answer.headers['connection']).toBe('close');
    });

    it('answers 408 in JSON to headers that never end', async () => {
      const { port } = await truecostServer(make);
      expectJson(await rawExchange(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\n'), apiErrors.requestTimeout);
    });

    it('answers 400 in JSON to a lying or doubled Content-Length and to a malformed request line', async () => {
      const { port } = await truecostServer(make);
      for (const request of [
        'POST /v3/flight HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nabcdef',
        'POST /v3/flight HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
        'POST /v3/flight HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
        'GET /healthz HTTP/9.9 extra\r\n\r\n',
        'HELLO\r\n\r\n',
      ]) {
        expectJson(await rawExchange(port, request), apiErrors.badRequest);
      }
    });

    it('answers 414 to a 70 000-character URL and 431 to headers over the size limit, in JSON', async () => {
      const { port } = await truecostServer(make);
      expectJson(await rawExchange(port, `GET /${'a'.repeat(70_000)} HTTP/1.1\r\nHost: x\r\n\r\n`), apiErrors.uriTooLong);
      expectJson(await rawExchange(port, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`), apiErrors.headersTooLarge);
    });

    it('still answers a whole request as the handler does', async () => {
      const { port } = await truecostServer(make);
      const answer = await rawExchange(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ status: 'ok' });
    });
  });
}

describe('the time limits of a Node server', () => {
  it('refuses a limit that is not a whole number of milliseconds above 0', () => {
    const listener = toNodeListener(createHandler({ store: createMemoryStore() }));
    expect(() => createNodeServer(listener, { requestTimeoutMs: 0 })).toThrow(RangeError);
    expect(() => hardenNodeServer(createServer(listener), { headersTimeoutMs: 1.5 })).toThrow(RangeError);
  });

  it('never lets the headers take longer than the whole request', () => {
    const server = hardenNodeServer(createServer(), { requestTimeoutMs: 2_000, headersTimeoutMs: 60_000 });
    expect([server.requestTimeout, server.headersTimeout]).toEqual([2_000, 2_000]);
  });
});
