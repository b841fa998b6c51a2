/**
 * The delays between delivery attempts, in milliseconds: about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h
 * and 10 h. A job is attempted once, then once after each delay, so at most eight times.
 */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

/** What follows a failed delivery attempt: another attempt at a time, or the end of the job. */
export type RetryDecision =
  | { readonly retry: true; readonly nextAttemptAt: number }
  | { readonly retry: false };

/**
 * Decides what follows a failed attempt. `attemptsMade` counts every attempt of the job so far,
 * this failed one included; the n-th failure waits `retryDelaysMs[n - 1]` from `now`, and a failure
 * with no delay left ends the job (it is marked failed). Times are milliseconds.
 *
 * @example
 * ```ts
 * afterFailedAttempt(1, DEFAULT_RETRY_DELAYS_MS, now); // { retry: true, nextAttemptAt: now + 5000 }
 * afterFailedAttempt(8, DEFAULT_RETRY_DELAYS_MS, now); // { retry: false }
 * ```
 * @remarks Since 0.1.0
 */
export function afterFailedAttempt(attemptsMade: number, retryDelaysMs: readonly number[], now: number): RetryDecision {
  if (!Number.isInteger(attemptsMade) || attemptsMade < 1) {
    throw new RangeError(`attemptsMade counts the failed attempt itself, so it is at least 1 (got ${attemptsMade}).`);
  }
  const delay = retryDelaysMs[attemptsMade - 1];
  if (delay === undefined) return { retry: false };
  return { retry: true, nextAttemptAt: now + delay };
}
