import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
/** Bytes of randomness in a signing secret (192 bits). */
const SECRET_BYTES = 24;
/** How far a delivery's timestamp may be from the receiver's clock, in seconds (Standard Webhooks). */
export const DEFAULT_TOLERANCE_SECONDS = 5 * 60;

/**
 * A new secret for signing bulk result deliveries, in the Standard Webhooks form `whsec_<base64>`.
 *
 * @remarks Since 0.1.0
 */
export function generateSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

function secretKey(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  return Buffer.from(encoded, 'base64');
}

/**
 * The `webhook-signature` header value of a delivery: `v1,` and the base64 HMAC-SHA256 of
 * `id.timestamp.body` under the secret's key.
 *
 * @example
 * ```ts
 * const signature = signDelivery(secret, jobId, Math.floor(Date.now() / 1000), body);
 * ```
 * @remarks Since 0.1.0
 */
export function signDelivery(secret: string, id: string, timestampSeconds: number, body: string): string {
  const digest = createHmac('sha256', secretKey(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${digest}`;
}

/** The headers of a delivery, from a plain object or a `Headers` instance. */
export type DeliveryHeaders = Headers | Readonly<Record<string, string | string[] | undefined>>;

function header(headers: DeliveryHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Checks a bulk result delivery on the partner's side: the `webhook-signature` must match the
 * body under the secret, and `webhook-timestamp` must be within the tolerance of `nowSeconds`.
 * Returns true for an authentic delivery, false otherwise; never throws for bad input.
 *
 * @example
 * ```ts
 * // In the partner's receiver:
 * if (!verifyDelivery(process.env.TRUECOST_SECRET!, request.headers, rawBody)) return 401;
 * ```
 * @remarks Since 0.1.0
 */
export function verifyDelivery(
  secret: string,
  headers: DeliveryHeaders,
  body: string,
  options: { readonly nowSeconds?: number; readonly toleranceSeconds?: number } = {},
): boolean {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (id === undefined || timestamp === undefined || signatures === undefined) return false;
  if (!/^\d+$/.test(timestamp)) return false;
  const nowSeconds = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (Math.abs(nowSeconds - Number(timestamp)) > tolerance) return false;
  const expected = Buffer.from(signDelivery(secret, id, Number(timestamp), body));
  return signatures.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
