/** The sign-in limits (docs/dashboard.md): failed attempts allowed per window, per partner and per client address. */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_PARTNER = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

/**
 * Counts failed sign-ins in a fixed window per partner and per client address, in this process's
 * memory. Once either count reaches its limit, sign-ins for that partner (or from that address)
 * are refused without checking the password until the window ends; a success clears the partner's count.
 */
export class SignInLimiter {
  readonly #failures = new Map<string, { count: number; windowEnds: number }>();

  /** Seconds until a sign-in may be tried again, or 0 when it may be tried now. */
  retryAfterSeconds(partnerId: string, address: string, now: number): number {
    const waits = [this.#wait(`p:${partnerId}`, MAX_FAILURES_PER_PARTNER, now), this.#wait(`a:${address}`, MAX_FAILURES_PER_ADDRESS, now)];
    return Math.max(...waits);
  }

  recordFailure(partnerId: string, address: string, now: number): void {
    this.#count(`p:${partnerId}`, now);
    this.#count(`a:${address}`, now);
  }

  recordSuccess(partnerId: string): void {
    this.#failures.delete(`p:${partnerId}`);
  }

  #wait(key: string, limit: number, now: number): number {
    const entry = this.#failures.get(key);
    if (entry === undefined || entry.windowEnds <= now) return 0;
    return entry.count >= limit ? Math.ceil((entry.windowEnds - now) / 1000) : 0;
  }

  #count(key: string, now: number): void {
    const entry = this.#failures.get(key);
    if (entry === undefined || entry.windowEnds <= now) {
      // Forget ended windows now and then, so that the map holds only recent failures.
      if (this.#failures.size > 10_000) for (const [old, value] of this.#failures) if (value.windowEnds <= now) this.#failures.delete(old);
      this.#failures.set(key, { count: 1, windowEnds: now + SIGN_IN_WINDOW_MS });
    } else {
      entry.count += 1;
    }
  }
}
