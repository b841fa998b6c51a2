import type { IncomingMessage, ServerResponse } from 'node:http';
import { toFetchRequest } from '../http/node.js';
import type { HttpListener } from '../http/node-server.js';
import { BASE } from './pages.js';
import { createDashboardHandler, type DashboardOptions } from './handler.js';

/**
 * A Node listener serving the dashboard. It builds the `Request` with the API's `toFetchRequest`,
 * and adds two things the generic adapter has no means for: the client's socket address (for the
 * sign-in limit per address, never read from a header a client could forge), and every
 * `Set-Cookie` of the answer (sign-in sets one cookie and clears another).
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
        const body = Buffer.from(await answer.arrayBuffer());
        outgoing.writeHead(answer.status, headers);
        outgoing.end(incoming.method === 'HEAD' ? undefined : body);
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
