// The Standard Webhooks check of a bulk result delivery (docs/bulk.md), on Web Crypto alone, so
// that it runs the same in Node, Bun, Deno, Workers and browsers: the delivery's
// `webhook-signature` is `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the secret.

/** The headers of a delivery: a `Headers` or a plain object (as Node's `IncomingMessage` has them). */
export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

/** Options of {@link verifyWebhook}. */
export interface VerifyWebhookOptions {
  /** The receiver's clock, in seconds since the epoch (default now). */
  readonly nowSeconds?: number;
  /** How far the delivery's timestamp may be from that clock, in seconds (default 300, as Standard Webhooks). */
  readonly toleranceSeconds?: number;
}

const SECRET_PREFIX = 'whsec_';
const DEFAULT_TOLERANCE_SECONDS = 5 * 60;
const utf8 = new TextEncoder();

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const value = (headers as Readonly<Record<string, string | readonly string[] | undefined>>)[name];
  return typeof value === 'string' ? value : value?.[0];
}

function base64Bytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
    return bytes;
  } catch {
    return undefined;
  }
}

/** Equality of two strings in a time that does not depend on where they differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

/**
 * Checks a Standard Webhooks delivery: one of the `webhook-signature` values must be the signature
 * of the raw body under `secret` (`whsec_...`), and `webhook-timestamp` within the tolerance.
 * Resolves to true for an authentic delivery; never rejects for bad input.
 *
 * @example
 * ```ts
 * import { verifyWebhook } from 'truecost/client';
 * const body = await request.text();
 * if (!(await verifyWebhook(env.TRUECOST_SECRET, request.headers, body))) return new Response(null, { status: 401 });
 * ```
 * @remarks Since 0.2.0
 */
export async function verifyWebhook(secret: string, headers: WebhookHeaders, body: string, options: VerifyWebhookOptions = {}): Promise<boolean> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (id === undefined || timestamp === undefined || signatures === undefined || !/^\d+$/.test(timestamp)) return false;
  const nowSeconds = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(nowSeconds - Number(timestamp)) > (options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) return false;
  const keyBytes = base64Bytes(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret);
  if (keyBytes === undefined) return false;
  const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const digest = new Uint8Array(await crypto.subtle.sign('HMAC', key, utf8.encode(`${id}.${timestamp}.${body}`)));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  const expected = `v1,${btoa(binary)}`;
  return signatures.split(' ').some((candidate) => sameText(candidate, expected));
}
