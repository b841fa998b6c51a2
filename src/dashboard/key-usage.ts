import type { Store } from '../orders/store.js';

/** How often a key's last use is written at most, per key and per process. */
export const KEY_USAGE_INTERVAL_MS = 60_000;

/**
 * The store, with `findApiKey` recording each active key's use for the dashboard's "last used":
 * at most once per key per {@link KEY_USAGE_INTERVAL_MS} per process, without waiting for the
 * write, and ignoring its failure, so a request never waits or fails for it. The recorded time is
 * therefore the first use in each minute seen by each process (docs/dashboard.md).
 */
export function trackKeyUsage(store: Store, options: { readonly now?: () => number; readonly onError?: (error: unknown) => void } = {}): Store {
  const now = options.now ?? Date.now;
  const lastWritten = new Map<string, number>();
  const findApiKey: Store['findApiKey'] = async (keyHash) => {
    const record = await store.findApiKey(keyHash);
    if (record !== undefined && record.revokedAt === null) {
      const at = now();
      const previous = lastWritten.get(keyHash);
      if (previous === undefined || at - previous >= KEY_USAGE_INTERVAL_MS) {
        lastWritten.set(keyHash, at);
        store.touchApiKey(keyHash, at).catch((error: unknown) => options.onError?.(error));
      }
    }
    return record;
  };
  // The store as prototype rather than a copy: methods other stores add later pass through
  // unchanged, and, unlike a Proxy, reading them costs nothing on the request's path.
  return Object.create(store, { findApiKey: { value: findApiKey, enumerable: true } }) as Store;
}
