// Starting not-ready (docs/operations.md, "Failure modes"): `truecost serve` listens even when its
// database cannot be reached at start, answers /healthz, reports the store down on /readyz and 503
// to the requests that need it, and keeps trying to open the store until it succeeds.
import type { Store } from '../orders/store.js';
import { isStoreUnavailable, StoreUnavailableError } from '../orders/unavailable.js';

/** The first wait before opening again; it doubles after each failure, up to {@link MAX_RETRY_DELAY_MS}. */
const FIRST_RETRY_DELAY_MS = 250;
const MAX_RETRY_DELAY_MS = 5_000;

/** What {@link openWhenReachable} reports while it keeps trying. */
export interface PendingStoreEvents {
  /** Opening failed because the database is unavailable; the next attempt is in `delayMs`. */
  onRetry?(error: StoreUnavailableError, delayMs: number): void;
  /** The store opened after earlier attempts had failed. */
  onOpened?(): void;
}

/**
 * The store `open` gives, opened now if the database answers. When it fails with a
 * `StoreUnavailableError` (unreachable, restarting), a stand-in store is returned at once: its
 * `ping` reports why, and every other call fails with a `StoreUnavailableError`, until one of the
 * attempts made in the background (waits doubling from 0.25 s to 5 s) opens the store, which then
 * answers every call. Any other failure (a wrong password, a bad schema name) is thrown.
 */
export async function openWhenReachable(open: () => Promise<Store>, events: PendingStoreEvents = {}): Promise<Store> {
  let failure: StoreUnavailableError;
  try {
    return await open();
  } catch (error) {
    if (!isStoreUnavailable(error)) throw error;
    failure = error;
  }
  let opened: Store | undefined;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = FIRST_RETRY_DELAY_MS;

  const attempt = (): void => {
    timer = undefined;
    open().then(
      async (store) => {
        if (closed) await store.close();
        else {
          opened = store;
          events.onOpened?.();
        }
      },
      (error: unknown) => {
        if (closed) return;
        failure = isStoreUnavailable(error) ? error : new StoreUnavailableError('unavailable', String(error), { cause: error });
        schedule();
      },
    );
  };
  const schedule = (): void => {
    events.onRetry?.(failure, delay);
    timer = setTimeout(attempt, delay);
    delay = Math.min(MAX_RETRY_DELAY_MS, delay * 2);
  };
  schedule();

  const notYet = (): Promise<never> => Promise.reject(new StoreUnavailableError('unavailable', `not connected yet: ${failure.message}`));
  const own: Partial<Store> = {
    async ping() {
      if (opened === undefined) throw new Error(`not connected yet: ${failure.message}`);
      await opened.ping?.();
    },
    async close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      await opened?.close();
    },
    apiKeysVersion: () => opened?.apiKeysVersion?.(),
  };
  return new Proxy({} as Store, {
    get(_target, name) {
      // Not a thenable (it is returned from an async function), and no symbol-keyed members.
      if (name === 'then' || typeof name === 'symbol') return undefined;
      if (name in own) return own[name as keyof Store];
      if (opened !== undefined) {
        const value = (opened as unknown as Record<string | symbol, unknown>)[name];
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(opened) : value;
      }
      return notYet;
    },
  });
}
