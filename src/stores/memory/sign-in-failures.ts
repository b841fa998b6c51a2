// The memory store's sign-in failure counts: one map, each method synchronous inside its promise,
// so the limits hold within the process that owns the map and nowhere else.
import type { SignInFailureCount, Store } from '../../orders/store.js';

type SignInMethods = Pick<Store, 'signInFailures' | 'recordSignInFailures' | 'clearSignInFailures'>;

/** How many keys the map may hold before a new window sweeps out those whose window ended. */
const PRUNE_ABOVE = 10_000;

/** The sign-in limit methods of a memory store, over a map of their own. */
export function memorySignInFailures(): SignInMethods {
  const failures = new Map<string, { count: number; windowEnds: number }>();

  return {
    async signInFailures(keys: readonly string[], now: number): Promise<SignInFailureCount[]> {
      const found: SignInFailureCount[] = [];
      for (const key of new Set(keys)) {
        const entry = failures.get(key);
        if (entry !== undefined && entry.windowEnds > now) found.push({ key, ...entry });
      }
      return found;
    },

    async recordSignInFailures(keys: readonly string[], now: number, windowMs: number): Promise<void> {
      for (const key of new Set(keys)) {
        const entry = failures.get(key);
        if (entry !== undefined && entry.windowEnds > now) {
          entry.count += 1;
          continue;
        }
        // Forget ended windows now and then, so that the map holds only recent failures.
        if (failures.size > PRUNE_ABOVE) for (const [old, value] of failures) if (value.windowEnds <= now) failures.delete(old);
        failures.set(key, { count: 1, windowEnds: now + windowMs });
      }
    },

    async clearSignInFailures(key: string): Promise<void> {
      failures.delete(key);
    },
  };
}
