import { rule } from './common.js';

/** Most legs or seats one E9, E11, E12 or E13 request may carry (docs/api.md). */
export const MAX_LEGS_PER_REQUEST = 100;

/** Names of the optional fields a request left out and parsing filled with their defaults. */
export type DefaultedFields = readonly string[];

/**
 * A check for an array of objects: the second and later occurrences of the same `key` value are
 * reported at `<index>.<key>`.
 */
export function uniqueBy<K extends string>(key: K) {
  return rule((items: readonly Readonly<Record<K, string>>[], report) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const value = item[key];
      if (seen.has(value)) report([index, key], `Duplicate ${key}: each must be unique.`);
      seen.add(value);
    });
  });
}
