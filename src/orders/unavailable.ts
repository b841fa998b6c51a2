// The one error a store raises when it cannot answer right now (docs/operations.md, "Failure modes"):
// the HTTP handler answers it with 503 (507 for a full disk) and `Retry-After`, never a bare 500.

/** Why a store cannot answer: it is unreachable, too slow or locked (`unavailable`), or its disk is full (`disk_full`). */
export type StoreUnavailableReason = 'unavailable' | 'disk_full';

/** Seconds a client is told to wait (`Retry-After`) after a store outage: a failover or a restart takes a few seconds. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;
/** Seconds a client is told to wait after a full disk, which an operator must free. */
export const DISK_FULL_RETRY_AFTER_SECONDS = 30;

/**
 * The store cannot answer now, for a reason that passes: the database does not answer within its
 * bound, refuses or drops connections, is restarting, is locked by another process past the wait
 * allowed, or has no disk space left. Nothing of the call was written. Retrying later may succeed.
 *
 * @example
 * ```ts
 * throw new StoreUnavailableError('unavailable', 'no answer within 5000 ms', { cause: error });
 * ```
 * @remarks Since 0.2.0
 */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  readonly reason: StoreUnavailableReason;
  /** Seconds to wait before retrying. */
  readonly retryAfterSeconds: number;

  constructor(reason: StoreUnavailableReason, message: string, options?: { readonly cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.reason = reason;
    this.retryAfterSeconds = reason === 'disk_full' ? DISK_FULL_RETRY_AFTER_SECONDS : UNAVAILABLE_RETRY_AFTER_SECONDS;
  }
}

/**
 * Whether `error` is a {@link StoreUnavailableError}. Compares the name rather than the class, so
 * that an error from another copy of the module (another bundle of the package) is recognised too.
 */
export function isStoreUnavailable(error: unknown): error is StoreUnavailableError {
  return error instanceof Error && error.name === 'StoreUnavailableError' && typeof (error as { reason?: unknown }).reason === 'string';
}

/**
 * `store` with every method's failure passed through `classify`: a failure it recognises becomes
 * the error it returns (a {@link StoreUnavailableError}, or one that says what to change), any other
 * is thrown unchanged. Methods that
 * return no promise are left as they are.
 */
export function classifyingFailures<S extends object>(store: S, classify: (error: unknown) => Error | undefined): S {
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(store)) {
    if (typeof value !== 'function') continue;
    wrapped[name] = function (this: unknown, ...args: unknown[]): unknown {
      let result: unknown;
      try {
        result = (value as (...args: unknown[]) => unknown).apply(store, args);
      } catch (error) {
        throw classify(error) ?? error;
      }
      if (!(result instanceof Promise)) return result;
      return result.catch((error: unknown) => {
        throw classify(error) ?? error;
      });
    };
  }
  return { ...store, ...wrapped };
}
