/** Rate limiting per API key: a token bucket refilled continuously. */
export interface RateLimitOptions {
  /** Sustained requests per second allowed for one key. */
  readonly requestsPerSecond: number;
  /** Requests that may arrive at once after a quiet spell; defaults to `requestsPerSecond` (at least 1). */
  readonly burst?: number;
}

/** The answer of the limiter: go ahead, or wait this many seconds. */
export type RateDecision = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/** Idle buckets are dropped after this long, so that memory follows the active keys only. */
const IDLE_MS = 10 * 60 * 1000;

/** A token bucket per key. `take(key, now)` spends one token or says how long to wait. */
export function createRateLimiter(options: RateLimitOptions): { take(key: string, now: number): RateDecision } {
  const rate = options.requestsPerSecond;
  if (!(rate > 0) || !Number.isFinite(rate)) throw new RangeError('requestsPerSecond must be a positive number.');
  const capacity = options.burst ?? Math.max(1, rate);
  const buckets = new Map<string, Bucket>();
  let lastSweep = 0;

  function sweep(now: number): void {
    if (now - lastSweep < IDLE_MS) return;
    lastSweep = now;
    for (const [key, bucket] of buckets) if (now - bucket.updatedAt > IDLE_MS) buckets.delete(key);
  }

  return {
    take(key: string, now: number): RateDecision {
      sweep(now);
      const bucket = buckets.get(key) ?? { tokens: capacity, updatedAt: now };
      const elapsedSeconds = Math.max(0, now - bucket.updatedAt) / 1000;
      bucket.tokens = Math.min(capacity, bucket.tokens + elapsedSeconds * rate);
      bucket.updatedAt = now;
      buckets.set(key, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { allowed: true };
      }
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / rate)) };
    },
  };
}
