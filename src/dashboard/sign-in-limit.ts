import type { DashboardStore, SignInFailureCount } from '../orders/store.js';
import { isStorableText, MAX_IDENTIFIER_LENGTH } from '../schemas/common.js';

/** The sign-in limits (docs/dashboard.md): failed attempts allowed per window, per partner and per client address. */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_PARTNER = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

/** The sign-in limits of one dashboard, counted in its store. */
export interface SignInLimits {
  /** Seconds until a sign-in may be tried again, or 0 when it may be tried now. One store read. */
  retryAfterSeconds(partnerId: string, address: string, now: number): Promise<number>;
  /** Counts a failed sign-in for the partner and for the address. One store write. */
  recordFailure(partnerId: string, address: string, now: number): Promise<void>;
  /** Clears the partner's count after a successful sign-in. One store write. */
  recordSuccess(partnerId: string): Promise<void>;
  /**
   * Runs a whole sign-in attempt (check, password, count) once no other attempt for the same
   * partner or from the same address is running in this process, so that a burst sent at once is
   * counted one by one and no more than the limit is ever checked.
   */
  exclusive<T>(partnerId: string, address: string, attempt: () => Promise<T>): Promise<T>;
}

/** Whether a partner could have this ID: one to 255 characters that every store can hold. */
export function couldBePartnerId(partnerId: string): boolean {
  return partnerId !== '' && storable(partnerId);
}

/** At most 255 characters that every store can hold (and index). */
function storable(value: string): boolean {
  return value.length <= MAX_IDENTIFIER_LENGTH && isStorableText(value);
}

/**
 * The key the store counts under (see `DashboardStore.signInFailures`). A value no store could
 * hold, or too long for an index, counts under the bare prefix: every partner ID no partner can
 * have shares one count, which only ever delays sign-ins that must fail.
 */
function limitKey(prefix: 'p:' | 'a:', value: string): string {
  return storable(value) ? prefix + value : prefix;
}
const partnerKey = (partnerId: string): string => limitKey('p:', partnerId);
const addressKey = (address: string): string => limitKey('a:', address);

/** The seconds until the key's window ends when its count has reached its limit, else 0. */
function wait(failure: SignInFailureCount, now: number): number {
  const limit = failure.key.startsWith('p:') ? MAX_FAILURES_PER_PARTNER : MAX_FAILURES_PER_ADDRESS;
  return failure.count >= limit ? Math.ceil((failure.windowEnds - now) / 1000) : 0;
}

/**
 * Counts failed sign-ins in a fixed window per partner and per client address, in the store, so
 * that every process sharing the store's database shares the counts (the memory store's stay in
 * its process). Once either count reaches its limit, sign-ins for that partner (or from that
 * address) are refused without checking the password until the window ends; a success clears the
 * partner's count.
 */
export function signInLimits(store: DashboardStore): SignInLimits {
  // The last attempt queued per limit key: the next one for that key starts when it has ended.
  const tails = new Map<string, Promise<void>>();
  return {
    async exclusive(partnerId, address, attempt) {
      const keys = [partnerKey(partnerId), addressKey(address)];
      const before = Promise.all(keys.map((key) => tails.get(key)));
      let release = (): void => {};
      const done = new Promise<void>((resolve) => {
        release = resolve;
      });
      // Both keys are taken in one step (nothing runs in between), so two attempts never wait on each other.
      for (const key of keys) tails.set(key, done);
      try {
        await before;
        return await attempt();
      } finally {
        release();
        for (const key of keys) if (tails.get(key) === done) tails.delete(key);
      }
    },
    async retryAfterSeconds(partnerId, address, now) {
      const failures = await store.signInFailures([partnerKey(partnerId), addressKey(address)], now);
      return Math.max(0, ...failures.map((failure) => wait(failure, now)));
    },
    async recordFailure(partnerId, address, now) {
      await store.recordSignInFailures([partnerKey(partnerId), addressKey(address)], now, SIGN_IN_WINDOW_MS);
    },
    async recordSuccess(partnerId) {
      await store.clearSignInFailures(partnerKey(partnerId));
    },
  };
}
