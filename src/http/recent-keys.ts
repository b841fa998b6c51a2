import { remember, type VerifiedKey } from './key-cache.js';

/** What a {@link RecentKeys} is tuned with. */
export interface RecentKeysOptions {
  /** Most keys remembered; the oldest entry goes first. */
  readonly maxEntries: number;
  /** How long after its last verification a key is still accepted while the store cannot answer, in milliseconds. */
  readonly windowMs: number;
}

/**
 * The keys the store confirmed lately, by the raw key, each with the time of its last
 * confirmation: while the store cannot answer (docs/operations.md, "Failure modes"), a key
 * confirmed within the window is still accepted, so that the calculators keep answering. A key the
 * store refused (revoked, or unknown) is forgotten at once, so it stays refused during an outage.
 */
export interface RecentKeys {
  /** The key, when the store confirmed it within the window before `now`. */
  get(key: string, now: number): VerifiedKey | undefined;
  /** Records that the store confirmed the key at `now`. */
  confirmed(key: string, verified: VerifiedKey, now: number): void;
  /** Forgets a key the store refused. */
  refused(key: string): void;
}

/** {@link RecentKeys} tuned with `options`. */
export function createRecentKeys(options: RecentKeysOptions): RecentKeys {
  const entries = new Map<string, { readonly verified: VerifiedKey; readonly at: number }>();
  return {
    get(key, now) {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      if (now - entry.at > options.windowMs) {
        entries.delete(key);
        return undefined;
      }
      return entry.verified;
    },
    confirmed(key, verified, now) {
      if (options.windowMs > 0) remember(entries, key, { verified, at: now }, options.maxEntries);
    },
    refused: (key) => void entries.delete(key),
  };
}
