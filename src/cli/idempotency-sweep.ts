// The periodic deletion of Idempotency-Keys whose lease or retention ended (docs/api.md, "Safe
// retries"). An expired key no longer replays even before it is swept: the sweep only frees space.
import type { Store } from '../orders/store.js';

/** How often `truecost serve` deletes expired Idempotency-Keys: once a minute. */
export const IDEMPOTENCY_SWEEP_INTERVAL_MS = 60_000;

/** Sweeps the store's expired keys now and then every `intervalMs`, until stopped; faults go to `onError`. */
export function startIdempotencySweep(
  store: Pick<Store, 'sweepIdempotencyKeys'>,
  onError: (error: unknown) => void,
  intervalMs: number = IDEMPOTENCY_SWEEP_INTERVAL_MS,
): { stop(): void } {
  let running = false;
  const sweep = (): void => {
    // A sweep still running (a slow database) is not joined by another.
    if (running) return;
    running = true;
    store
      .sweepIdempotencyKeys(Date.now())
      .catch(onError)
      .finally(() => {
        running = false;
      });
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
