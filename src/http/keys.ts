import type { Environment } from '../orders/types.js';

/** The prefix of a key of each environment; the environment is read from it. */
export const API_KEY_PREFIXES: Readonly<Record<Environment, string>> = {
  staging: 'truecost_staging_',
  production: 'truecost_prod_',
};

/** Bytes of randomness in the secret part of a key (192 bits, above the 128 required). */
const SECRET_BYTES = 24;
/** The secret part: base64url, at least 22 characters (128 bits). */
const SECRET_PATTERN = /^[A-Za-z0-9_-]{22,256}$/;
const utf8 = new TextEncoder();

/**
 * A new API key for `environment`: `truecost_staging_<secret>` or `truecost_prod_<secret>`, the
 * secret being 192 random bits in base64url. Store only {@link hashApiKey} of it.
 *
 * @example
 * ```ts
 * const key = generateApiKey('staging'); // 'truecost_staging_3q2...'
 * await store.addApiKey({ keyHash: await hashApiKey(key), partnerId: 'acme', environment: 'staging', createdAt: Date.now() });
 * ```
 * @remarks Since 0.1.0
 */
export function generateApiKey(environment: Environment): string {
  const secret = crypto.getRandomValues(new Uint8Array(SECRET_BYTES));
  return API_KEY_PREFIXES[environment] + base64url(secret);
}

/**
 * The SHA-256 hash of a key as 64 lower-case hex digits: what the store keeps and looks up.
 * Computed with Web Crypto, so it runs the same in Node, Bun, Deno, Workers and browsers.
 *
 * @example
 * ```ts
 * (await hashApiKey('truecost_staging_abc')).length; // 64
 * ```
 * @remarks Since 0.1.0. Returns a promise: Web Crypto digests are asynchronous.
 */
export async function hashApiKey(key: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', utf8.encode(key)));
  let hex = '';
  for (const byte of digest) hex += HEX[byte];
  return hex;
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/**
 * The environment a key belongs to, read from its prefix, or undefined when the key is malformed
 * (wrong prefix, or a secret too short or with characters a key never has).
 *
 * @example
 * ```ts
 * environmentOfKey(generateApiKey('production')); // 'production'
 * environmentOfKey('hello'); // undefined
 * ```
 * @remarks Since 0.1.0
 */
export function environmentOfKey(key: string): Environment | undefined {
  for (const environment of ['staging', 'production'] as const) {
    const prefix = API_KEY_PREFIXES[environment];
    if (key.startsWith(prefix) && SECRET_PATTERN.test(key.slice(prefix.length))) return environment;
  }
  return undefined;
}

/** Compares two strings in time that depends on their length only, not on where they differ. */
export function sameHash(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Bytes in base64url without padding (RFC 4648 section 5). */
function base64url(bytes: Uint8Array): string {
  let text = '';
  let index = 0;
  for (; index + 2 < bytes.length; index += 3) {
    const triple = (bytes[index]! << 16) | (bytes[index + 1]! << 8) | bytes[index + 2]!;
    text += BASE64URL[triple >> 18]! + BASE64URL[(triple >> 12) & 63]! + BASE64URL[(triple >> 6) & 63]! + BASE64URL[triple & 63]!;
  }
  const rest = bytes.length - index;
  if (rest === 1) {
    const single = bytes[index]!;
    text += BASE64URL[single >> 2]! + BASE64URL[(single & 3) << 4]!;
  } else if (rest === 2) {
    const pair = (bytes[index]! << 8) | bytes[index + 1]!;
    text += BASE64URL[pair >> 10]! + BASE64URL[(pair >> 4) & 63]! + BASE64URL[(pair & 15) << 2]!;
  }
  return text;
}
