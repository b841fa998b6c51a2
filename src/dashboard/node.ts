import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { toFetchRequest } from '../http/node.js';
import type { HttpListener } from '../http/node-server.js';
import { BASE } from './pages.js';
import { createDashboardHandler, type DashboardOptions } from './handler.js';

/**
 * A Node listener serving the dashboard. It builds the `Request` with the API's `toFetchRequest`,
 * and adds two things the generic adapter has no means for: the client's socket address (for the
 * sign-in limit per address, never read from a header a client could forge), every
 * `Set-Cookie` of the answer (sign-in sets one cookie and clears another), and a body streamed
 * with backpressure (an export of every order is never held whole).
 */
export function dashboardListener(options: Omit<DashboardOptions, 'clientAddress'>): HttpListener {
  const addresses = new WeakMap<Request, string>();
  const handler = createDashboardHandler({ ...options, clientAddress: (request) => addresses.get(request) ?? 'unknown' });
  return (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const request = toFetchRequest(incoming);
    addresses.set(request, incoming.socket.remoteAddress ?? 'unknown');
    handler(request)
      .then(async (answer) => {
        const headers: Record<string, string | string[]> = {};
        answer.headers.forEach((value, name) => {
          if (name !== 'set-cookie') headers[name] = value;
        });
        const cookies = answer.headers.getSetCookie();
        if (cookies.length > 0) headers['set-cookie'] = cookies;
        outgoing.writeHead(answer.status, headers);
        if (answer.body === null || incoming.method === 'HEAD') {
          await answer.body?.cancel();
          outgoing.end();
          return;
        }
        // Streamed: the body is read only as fast as the client takes it (an export's batches wait
        // for the socket), and a client that goes away cancels it.
        await pipeline(Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream<Uint8Array>), outgoing);
      })
      .catch(() => outgoing.destroy());
  };
}

/** Whether a request target is the dashboard's (`/dashboard`, `/dashboard/...`, `/dashboard?...`). */
export function isDashboardPath(target: string): boolean {
  return target === BASE || target.startsWith(`${BASE}/`) || target.startsWith(`${BASE}?`);
}

/** One listener: the dashboard's paths to `dashboard`, every other request to `api`. */
export function withDashboard(api: HttpListener, dashboard: HttpListener): HttpListener {
  return (request, response) => (isDashboardPath(request.url ?? '/') ? dashboard(request, response) : api(request, response));
}
