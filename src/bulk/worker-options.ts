import type { Store } from '../orders/store.js';
import type { FetchFunction } from './deliver.js';
import type { EndpointPolicy, LookupFunction } from './endpoint-policy.js';

/**
 * What the bulk worker and the events worker both take: each claims work from the store under a
 * lease and POSTs it, signed, to a partner's endpoint. Times are milliseconds.
 *
 * @remarks Since 0.4.0
 */
export interface DeliveryWorkerOptions {
  readonly store: Store;
  /** Delays between attempts (each worker has its own default). */
  readonly retryDelaysMs?: readonly number[];
  /** How long one delivery waits for an answer (default 10 000). */
  readonly timeoutMs?: number;
  /**
   * How long a claimed job or event stays with this worker before another may take it over
   * (default the timeout plus 60 000). While the worker works on it, it extends the lease to this
   * long from now every third of it (a heartbeat), so a slow delivery keeps its work whatever its
   * length, and a crashed worker's work is taken over within one lease.
   */
  readonly leaseMs?: number;
  /** How often an idle worker looks for due work (default 1000); `wake` looks at once. */
  readonly pollIntervalMs?: number;
  /** Names the worker in leases (default a random UUID). */
  readonly workerId?: string;
  /** How many deliveries the worker makes at once (default 4), so that one slow endpoint does not hold up the others. */
  readonly concurrency?: number;
  /** The clock, in milliseconds since the epoch (default `Date.now`). */
  readonly now?: () => number;
  /**
   * Where deliveries may go (see `checkEndpointUrl`): by default only to public addresses, and over
   * https for production. `{allowPrivateAddresses: true}` allows loopback and private addresses,
   * for local testing.
   */
  readonly endpointPolicy?: EndpointPolicy;
  /** Resolves a host name to all its addresses before each connection (default the system's resolver). */
  readonly lookup?: LookupFunction;
  /**
   * The HTTP client (default `guardedFetch` with `endpointPolicy` and `lookup`). A client of one's
   * own must check the addresses it connects to itself; the endpoint's URL is checked before it is called.
   */
  readonly fetch?: FetchFunction;
}
