import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { apiErrors } from '../../src/errors.js';
import { toNodeListener, type FetchHandler } from '../../src/http/index.js';
import { setup } from './support.js';

/** Serves any fetch handler through `toNodeListener`, which builds a `Request` for it. */
async function listen(handler: FetchHandler): Promise<string> {
  const server = createServer(toNodeListener(handler));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('toNodeListener with a fetch handler not made by createHandler', () => {
  it('streams the body into a Request and writes the Response back', async () => {
    const { direct, staging } = await setup();
    const seen: string[] = [];
    const base = await listen(async (request) => {
      seen.push(request.method);
      return direct(request);
    });
    const body = JSON.stringify({ queries: { flights: [{ departure: 'DEL', arrival: 'BOM', no_of_tickets: 1 }] } });
    const init = { method: 'POST', headers: { 'x-api-key': staging, 'content-type': 'application/json' }, body };
    const answer = await fetch(`${base}/v3/flight`, init);
    const expected = await direct(new Request('http://x/v3/flight', init));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual(await expected.json());
    expect(seen).toEqual(['POST']);
  });

  it('answers 500 with the generic message when the handler throws', async () => {
    const base = await listen(() => Promise.reject(new Error('boom')));
    const answer = await fetch(`${base}/anything`);
    expect(answer.status).toBe(500);
    expect(await answer.json()).toEqual({ message: apiErrors.serverError.message });
  });

  it('writes every Set-Cookie header of the Response, not only the last', async () => {
    const base = await listen(async () => {
      const headers = new Headers({ 'content-type': 'text/plain' });
      headers.append('set-cookie', 'a=1; Path=/');
      headers.append('set-cookie', 'b=2; Path=/; HttpOnly');
      return new Response('ok', { headers });
    });
    const answer = await fetch(`${base}/cookies`);
    expect(answer.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/; HttpOnly']);
    expect(await answer.text()).toBe('ok');
  });
});
