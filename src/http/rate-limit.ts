/** Rate limiting per API key: a token bucket refilled continuously. */
export interface RateLimitOptions {
  /** Sustained requests per second allowed for one key. */
  readonly requestsPerSecond: number;
  /** Requests that may arrive at once after a quiet spell; defaults to `requestsPerSecond` (at least 1). */
  readonly burst?: number;
  /**
   * Where the buckets live. Default: one per key in this process, so that each process sharing a
   * database counts alone; `truecost serve` keeps them in the database (docs/http.md, "Rate limits").
   */
  readonly limiter?: RateLimiter;
}

/** The answer of the limiter for one request, with what the `RateLimit` header field tells. */
export interface RateDecision {
  /** Go ahead (a token was taken), or 429. */
  readonly allowed: boolean;
  /** Requests the key may still make at once. */
  readonly remaining: number;
  /** Seconds until the bucket holds a whole token again: 0 while it holds one, at least 1 otherwise (the `Retry-After` of a 429). */
  readonly resetSeconds: number;
}

/** Takes a token for a key, here or in a store shared by several processes. */
export interface RateLimiter {
  take(key: string, now: number): RateDecision | Promise<RateDecision>;
}

/** The bucket's capacity for the options: the burst, else the rate, at least 1. */
export const capacityOf = (options: RateLimitOptions): number => options.burst ?? Math.max(1, options.requestsPerSecond);

/**
 * The `RateLimit-Policy` field of the limit: the bucket's capacity as the quota `q`, and the
 * seconds it takes to refill from empty as the window `w` (`"default";q=20;w=1` for 20 a second).
 */
export function rateLimitPolicy(options: RateLimitOptions): string {
  const capacity = capacityOf(options);
  return `"default";q=${Math.floor(capacity)};w=${Math.ceil(capacity / options.requestsPerSecond)}`;
}

/** The decision for a bucket holding `tokens` after the take, refilled at `rate` tokens a second. */
export function rateDecision(allowed: boolean, tokens: number, rate: number): RateDecision {
  return { allowed, remaining: Math.floor(tokens), resetSeconds: tokens >= 1 ? 0 : Math.ceil((1 - tokens) / rate) };
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/** Idle buckets are dropped after this long, so that memory follows the active keys only. */
const IDLE_MS = 10 * 60 * 1000;

/** A token bucket per key in this process. `take(key, now)` spends one token or says how long to wait. */
export function createRateLimiter(options: RateLimitOptions): { take(key: string, now: number): RateDecision } {
  const rate = options.requestsPerSecond;
  if (!(rate > 0) || !Number.isFinite(rate)) throw new RangeError('requestsPerSecond must be a positive number.');
  const capacity = capacityOf(options);
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
      const allowed = bucket.tokens >= 1;
      if (allowed) bucket.tokens -= 1;
      return rateDecision(allowed, bucket.tokens, rate);
    },
  };
}
