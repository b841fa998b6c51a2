import * as crypto from 'node:crypto';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Environment } from '../orders/types.js';

/** The prefix of a key of each environment; the environment is read from it. */
export const API_KEY_PREFIXES: Readonly<Record<Environment, string>> = {
  staging: 'truecost_staging_',
  production: 'truecost_prod_',
};

/** Bytes of randomness in the secret part of a key (192 bits, above the 128 required). */
const SECRET_BYTES = 24;
/** `crypto.hash` (Node 20.12 and later): the same digest as `createHash`, without a Hash object per call. */
const oneShotHash = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;
/** The secret part: base64url, at least 22 characters (128 bits). */
const SECRET_PATTERN = /^[A-Za-z0-9_-]{22,256}$/;

/**
 * A new API key for `environment`: `truecost_staging_<secret>` or `truecost_prod_<secret>`, the
 * secret being 192 random bits in base64url. Store only {@link hashApiKey} of it.
 *
 * @example
 * ```ts
 * const key = generateApiKey('staging'); // 'truecost_staging_3q2...'
 * await store.addApiKey({ keyHash: hashApiKey(key), partnerId: 'acme', environment: 'staging', createdAt: Date.now() });
 * ```
 * @remarks Since 0.1.0
 */
export function generateApiKey(environment: Environment): string {
  return API_KEY_PREFIXES[environment] + randomBytes(SECRET_BYTES).toString('base64url');
}

/**
 * The SHA-256 hash of a key as 64 lower-case hex digits: what the store keeps and looks up.
 *
 * @example
 * ```ts
 * hashApiKey('truecost_staging_abc').length; // 64
 * ```
 * @remarks Since 0.1.0
 */
export function hashApiKey(key: string): string {
  return oneShotHash === undefined ? createHash('sha256').update(key, 'utf8').digest('hex') : oneShotHash('sha256', key, 'hex');
}

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

/** Compares two hex hashes in time independent of where they differ. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
