// What the fast acceptors (src/validation/fast-acceptors.ts) share: how they recognise a plain object,
// a string zod sees as it is, an optional key, and how they count the keys a body was sent with.
import { MAX_IDENTIFIER_LENGTH } from '../schemas/limits.js';

export type Plain = Record<string, unknown>;

/** A plain object (what JSON.parse makes), or undefined for anything else. */
export function plain(value: unknown): Plain | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null ? (value as Plain) : undefined;
}

/** `String.prototype.isWellFormed` (ES2024; in every runtime truecost supports, not yet in its TypeScript lib). */
type WellFormedString = string & { isWellFormed(): boolean };

/** A string zod's checks see as they are: no U+0000, no unpaired surrogate. */
export function ordinaryString(value: unknown): value is string {
  return typeof value === 'string' && !value.includes('\u0000') && (value as WellFormedString).isWellFormed();
}

/** An identifier as the schemas take it: an ordinary string of 1 to MAX_IDENTIFIER_LENGTH characters. */
export function identifier(value: unknown): value is string {
  return ordinaryString(value) && value.length >= 1 && value.length <= MAX_IDENTIFIER_LENGTH;
}

/** True when the key is absent (a key present with undefined is left to zod). */
export function absent(object: Plain, key: string): boolean {
  return !Object.hasOwn(object, key);
}

/**
 * `value`, the value of an optional key of `object`, or `fallback` when the key is absent; undefined
 * when it is present with the value undefined (left to zod). The own-key check runs only when the
 * value is undefined. The caller reads the value by its name: a read by a key passed in would see
 * every optional key at one site, and such a read looks its key up in a global cache every time.
 */
export function optional(value: unknown, object: Plain, key: string, fallback: unknown): unknown {
  return value !== undefined || Object.hasOwn(object, key) ? value : fallback;
}

/**
 * What a fast acceptor gives for a body it accepts: the value zod would give, and whether every key
 * of the body is kept in it. When `exact` holds, no field was ignored and the walk that lists
 * ignored fields (`ignoredFields`) is skipped; otherwise it runs, and lists them as for any schema.
 */
export interface Accepted<T> {
  readonly value: T;
  readonly exact: boolean;
}

/**
 * How many keys a for-in loop visits on `object`: its own enumerable keys, and inherited enumerable
 * ones, which only make the count larger (the walk of ignored fields then decides). Counted rather
 * than listed: `Object.keys` would allocate an array for every object of every request.
 */
export function keyCount(object: Plain): number {
  let count = 0;
  for (const _ in object) count += 1;
  return count;
}

/** 1 when `value` is defined: the key of an optional field was sent (present with undefined is refused before). */
export function sent(value: unknown): number {
  return value === undefined ? 0 : 1;
}
