// The partner API's rate limit shared by every server on one database (docs/http.md, "Rate
// limits"): each request takes its token from the key's bucket in the store, one statement. When
// the store cannot answer, each server limits the key alone at its share of the limit: the limit
// divided by the servers that recorded a heartbeat lately.
import { capacityOf, createRateLimiter, rateDecision, type RateDecision, type RateLimiter, type RateLimitOptions } from '../http/rate-limit.js';
import type { RateBucket, RateLimitStore } from '../orders/rate-limit-store.js';

/** How often a server records that it runs. */
export const HEARTBEAT_INTERVAL_MS = 5_000;
/** How long after its last heartbeat a server still counts as running: three heartbeats missed. */
export const HEARTBEAT_TTL_MS = 3 * HEARTBEAT_INTERVAL_MS;
/** After the store failed a take, how long the limiter counts alone before it asks the store again. */
const OUTAGE_PROBE_INTERVAL_MS = 1_000;

/** A store that keeps rate buckets and heartbeats. */
export type SharedLimitStore = Required<Pick<RateLimitStore, 'takeRateToken' | 'recordServer' | 'forgetServer'>>;

/** The limiter, and what its server tells the store when it stops. */
export interface SharedRateLimiter extends RateLimiter {
  /** The servers known to run at the last heartbeat that reached the store (at least 1). */
  servers(): number;
  /** Stops the heartbeat and forgets this server in the store. */
  stop(): Promise<void>;
}

export interface SharedRateLimitSettings {
  /** The clock, in milliseconds since the epoch. Default `Date.now`. */
  readonly now?: () => number;
  /** Called with each failure of the store (a take or a heartbeat); the request goes on with the local bucket. */
  readonly onError?: (error: unknown) => void;
}

/**
 * A rate limiter whose buckets live in `store`, shared by every process using it, which falls
 * back to a bucket of its own at the limit divided by the servers running while the store fails.
 * Records a heartbeat for this server at once and every {@link HEARTBEAT_INTERVAL_MS}.
 */
export function sharedRateLimiter(store: SharedLimitStore, options: RateLimitOptions, settings: SharedRateLimitSettings = {}): SharedRateLimiter {
  const rate = options.requestsPerSecond;
  const bucket: RateBucket = { capacity: capacityOf(options), perSecond: rate };
  const clock = settings.now ?? Date.now;
  const serverId = crypto.randomUUID();
  let servers = 1;
  let local = createRateLimiter(options);
  let degradedUntil = 0;
  let probing = false;

  const failed = (error: unknown): void => settings.onError?.(error);
  const beat = (): Promise<void> =>
    store.recordServer(serverId, clock(), HEARTBEAT_TTL_MS).then((running) => {
      if (running === servers) return;
      servers = running;
      local = createRateLimiter({ requestsPerSecond: rate / running, burst: Math.max(1, bucket.capacity / running) });
    }, failed);
  void beat();
  const timer = setInterval(() => void beat(), HEARTBEAT_INTERVAL_MS);
  timer.unref();

  return {
    take(key: string, now: number): RateDecision | Promise<RateDecision> {
      // While the store is failing, one request at a time asks it again, once a probe interval.
      if (probing || now < degradedUntil) return local.take(key, now);
      probing = degradedUntil !== 0;
      return store.takeRateToken(key, bucket, now).then(
        (taken) => {
          degradedUntil = 0;
          probing = false;
          return rateDecision(taken.taken, taken.tokens, rate);
        },
        (error: unknown) => {
          degradedUntil = clock() + OUTAGE_PROBE_INTERVAL_MS;
          probing = false;
          failed(error);
          return local.take(key, now);
        },
      );
    },
    servers: () => servers,
    async stop() {
      clearInterval(timer);
      await store.forgetServer(serverId).catch(failed);
    },
  };
}
