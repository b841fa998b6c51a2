import type { Environment } from '../orders/types.js';

/** A key the store confirmed, as the handler remembers it. */
export interface VerifiedKey {
  readonly partnerId: string;
  readonly environment: Environment;
  readonly keyHash: string;
}

interface Entry extends VerifiedKey {
  /** The store's key version when the key was read; a different version means "read it again". */
  readonly version: number;
  /** The clock time after which the entry is read again whatever the version says. */
  readonly expiresAt: number;
}

/** What a {@link KeyCache} is tuned with. */
export interface KeyCacheOptions {
  /** Most keys remembered; the oldest entry goes first. */
  readonly maxEntries: number;
  /** Longest time an entry is trusted, in milliseconds, even when the store reports no change. */
  readonly ttlMs: number;
}

/** Sets `key` in `entries` as the newest entry, dropping the oldest one when `maxEntries` are held. */
export function remember<T>(entries: Map<string, T>, key: string, value: T, maxEntries: number): void {
  entries.delete(key);
  if (entries.size >= maxEntries) {
    const oldest = entries.keys().next();
    if (oldest.done !== true) entries.delete(oldest.value);
  }
  entries.set(key, value);
}

/** Remembered keys: see {@link createKeyCache}. */
export interface KeyCache {
  /** The remembered key, when it is still trusted at `version` and `now`. */
  get(key: string, version: number | undefined, now: number): VerifiedKey | undefined;
  /** Remembers a key the store confirmed under `version` (read before the store was asked). */
  set(key: string, verified: VerifiedKey, version: number | undefined, now: number): void;
}

/**
 * Keys the store confirmed, by the raw key, so that a request with a known key costs neither a
 * hash nor a store read. An entry holds only while the store's key version (see
 * `PartnerStore.apiKeysVersion`) is the one it was read under, and for `ttlMs` at most.
 */
export function createKeyCache(options: KeyCacheOptions): KeyCache {
  const entries = new Map<string, Entry>();
  return {
    get(key, version, now) {
      if (version === undefined) return undefined;
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      if (entry.version !== version || entry.expiresAt <= now) {
        entries.delete(key);
        return undefined;
      }
      return entry;
    },
    set(key, verified, version, now) {
      if (version !== undefined) remember(entries, key, { ...verified, version, expiresAt: now + options.ttlMs }, options.maxEntries);
    },
  };
}
