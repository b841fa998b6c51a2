// The dashboard's answers and the checks of what a request carries; a refusal is a `PageError`.
import { COPY_SCRIPT, STYLESHEET } from './assets.js';
import type { SafeHtml } from './html.js';

/** Every answer's security headers: no framing, no other host, no inline script, nothing cached. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  // same-origin, not no-referrer: with no-referrer, browsers send `Origin: null` on the dashboard's own forms.
  'referrer-policy': 'same-origin',
  'cache-control': 'no-store',
};

/** A refusal shown as a page: bad input, a missing page, a refused form. */
export class PageError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
  ) {
    super(message);
  }
}

/** An HTML (or other) answer with the security headers and any cookies to set. */
export function respond(status: number, body: SafeHtml | string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}, cookies: readonly string[] = []): Response {
  const response = new Response(typeof body === 'string' || body instanceof ReadableStream ? body : body.toString(), {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', ...SECURITY_HEADERS, ...headers },
  });
  for (const cookie of cookies) response.headers.append('set-cookie', cookie);
  return response;
}

/** A 303 to `location`, after a form or for a page that moved. */
export function redirect(location: string, cookies: readonly string[] = []): Response {
  return respond(303, '', { location }, cookies);
}

/** The value of the request's cookie `name`. */
export function cookieOf(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** The query or form value when it is one of `allowed`; undefined when empty; else a 400 page. */
export function oneOf<T extends string>(value: string | null, allowed: readonly T[], name: string): T | undefined {
  if (value === null || value === '') return undefined;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new PageError(400, 'Bad request', `${name} must be one of ${allowed.join(', ')}.`);
}

/** The listing's search text, trimmed; undefined when empty. */
export function searchOf(value: string | null): string | undefined {
  const text = value?.trim() ?? '';
  if (text.length > 255) throw new PageError(400, 'Bad request', 'The search may have at most 255 characters.');
  return text === '' ? undefined : text;
}

/** A decoded path segment; a malformed one is a 400 page. */
export function segment(value: string | undefined): string {
  try {
    return decodeURIComponent(value ?? '');
  } catch {
    throw new PageError(400, 'Bad request', 'The address is not valid.');
  }
}

/** The stylesheet or the script the pages load; any other name is a 404 page. */
export function assetResponse(name: string | undefined): Response {
  const asset = name === 'style.css' ? ['text/css', STYLESHEET] : name === 'copy.js' ? ['text/javascript', COPY_SCRIPT] : undefined;
  if (asset === undefined) throw new PageError(404, 'Not found', 'No such page.');
  return respond(200, asset[1]!, { 'content-type': `${asset[0]}; charset=utf-8`, 'cache-control': 'public, max-age=3600' });
}
