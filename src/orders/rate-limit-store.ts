// What a store shared by several server processes offers their rate limiter (docs/http.md, "Rate
// limits"): one token bucket per key in the database, and a list of the servers running.

/** A token bucket as the limiter describes it: how many tokens it holds at most, and its refill. */
export interface RateBucket {
  /** The most tokens the bucket holds (the burst), in tokens. */
  readonly capacity: number;
  /** Tokens added per second (tokens/s). */
  readonly perSecond: number;
}

/** What taking a token from a bucket did. */
export interface RateTake {
  /** Whether a token was taken (the request may go ahead). */
  readonly taken: boolean;
  /** The tokens left in the bucket afterwards, in tokens, a fraction included. */
  readonly tokens: number;
}

/** The optional part of a store that shares rate limits between the processes using it. */
export interface RateLimitStore {
  /**
   * Refills the key's bucket for the time since it was last used (up to its capacity), then takes
   * one token if it holds a whole one, atomically for every process sharing the store. A key
   * never seen starts full.
   */
  takeRateToken?(key: string, bucket: RateBucket, now: number): Promise<RateTake>;
  /**
   * Records that the server `serverId` runs at `now`, forgets the servers not seen for `ttlMs`, and
   * returns how many servers run (this one included).
   */
  recordServer?(serverId: string, now: number, ttlMs: number): Promise<number>;
  /** Forgets the server (it is stopping). */
  forgetServer?(serverId: string): Promise<void>;
}
