// The dashboard's requests on the service's request log, with the fields of the API's lines
// (docs/dashboard.md, "Request log"): the partner is the signed-in one, or on a sign-in the
// partner ID tried, so that refused sign-ins can be counted per partner. Never a password, a
// cookie or an invitation's token.
import type { RequestLogEntry } from '../http/handler.js';
import { BASE } from './pages.js';

/** Longest partner ID written to the log: a longer one tried at sign-in is cut, keeping log lines bounded. */
const MAX_LOGGED_PARTNER_LENGTH = 255;

/** What a request to the dashboard revealed, for its log line. */
export interface DashboardTrace {
  /** The signed-in partner, or the partner ID a sign-in tried. */
  partnerId?: string | undefined;
}

/** The path as logged: an invitation's token is a one-time credential, so its segment is replaced by `{token}`. */
export function loggedDashboardPath(pathname: string): string {
  return pathname.startsWith(`${BASE}/invite/`) ? `${BASE}/invite/{token}` : pathname;
}

/** The request line of one dashboard request; `started` is `performance.now()` when it arrived. */
export function dashboardLogEntry(request: Request, status: number, started: number, trace: DashboardTrace): RequestLogEntry {
  const entry = { method: request.method, path: loggedDashboardPath(new URL(request.url).pathname), status, durationMs: performance.now() - started };
  return trace.partnerId === undefined || trace.partnerId === '' ? entry : { ...entry, partnerId: trace.partnerId.slice(0, MAX_LOGGED_PARTNER_LENGTH) };
}
