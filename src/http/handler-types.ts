import type { PlaceResolver } from '../calculators/leg-distance.js';
// The types of the partner API's handler (./handler.ts): what it is given, what adapters hand its
// core and get back, and what it logs.
import type { ApiErrorName } from '../errors.js';
import type { Store } from '../orders/store.js';
import type { Environment } from '../orders/types.js';
import type { BodyText } from './body.js';
import type { IdempotencyOptions } from './idempotency.js';
import type { RateLimitOptions } from './rate-limit.js';

/** A handler on the web-standard Fetch types: what every adapter wraps. */
export type FetchHandler = (request: Request) => Promise<Response>;

/**
 * A request as the handler's core reads it. The fetch handler builds one from a `Request`; the
 * Node adapter builds one straight from Node's request, which spares two conversions per request.
 * Both take the path from `requestPath` and read the body under the limit of `BodyChunks`.
 */
export interface IncomingCall {
  readonly method: string;
  /** The path as `requestPath` gives it: normalised, without query string. */
  readonly path: string;
  /** The query string as `requestQuery` gives it, without `?`; '' or absent when none. */
  readonly query?: string;
  /** A header by its lower-case name, or null. */
  header(name: string): string | null;
  /** The body, read up to `maxBytes` (counting as it arrives). */
  readBody(maxBytes: number): Promise<BodyText>;
}

/** The answer of the handler's core, ready to write. */
export interface OutgoingAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** The core of a handler made by `createHandler`, for adapters that can skip `Request`/`Response`. */
export type HandlerCore = (call: IncomingCall) => Promise<OutgoingAnswer>;

/** One line of the request log. Never carries the key. */
export interface RequestLogEntry {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  /** Time from the start of handling to the response, in milliseconds. */
  readonly durationMs: number;
  /** The partner of the key, when the request carried a valid one. */
  readonly partnerId?: string;
  readonly environment?: Environment;
  /** The matched route's path template (e.g. `/v3/integrations/{variant}/order`), when a route matched. */
  readonly route?: string;
  /** The `apiErrors` name of a failure answer (e.g. `orderUnlocked`), when the answer was one. */
  readonly error?: ApiErrorName;
}

/** What `createHandler` needs and what it can be tuned with. */
export interface HandlerOptions {
  /** Where orders, opt-ins, keys, result endpoints and bulk jobs live. */
  readonly store: Store;
  /** The clock, in milliseconds since the epoch. Default `Date.now`. */
  readonly now?: () => number;
  /** Largest request body accepted, in bytes; larger bodies get 413. Default 1 MiB. */
  readonly maxBodyBytes?: number;
  /**
   * Rate limiting per key (429 with `Retry-After`, and the `RateLimit` and `RateLimit-Policy`
   * header fields on every keyed answer); off when absent.
   */
  readonly rateLimit?: RateLimitOptions;
  /** Called once per request, after the answer is ready. */
  readonly onRequest?: (entry: RequestLogEntry) => void;
  /** Called with every fault that became a 500 (the answer itself never carries the fault). */
  readonly onError?: (error: unknown, request: { readonly method: string; readonly path: string }) => void;
  /** Called after a bulk job (E7) is stored, e.g. to wake the bulk worker. */
  readonly onJobQueued?: (jobId: string) => void;
  /** The content of `@scalar/api-reference`'s `dist/browser/standalone.js`, for `GET /docs`. */
  readonly apiReferenceScript?: string;
  /**
   * The address the service is reached at, for the `servers` of the OpenAPI document and the
   * `certificate_url` of each order (docs/api.md, "Certificates"); without it, `certificate_url`
   * is the path alone, `/certificates/{id}`.
   */
  readonly publicUrl?: string;
  /** True once the service is shutting down: `GET /readyz` then answers 503. */
  readonly draining?: () => boolean;
  /**
   * How long after the store last confirmed a key that key is still accepted while the store
   * cannot answer, in milliseconds (default 60000, one minute; 0: never). The
   * calculators then keep answering through a database outage; a key the handler saw refused stays
   * refused. See docs/operations.md, "Failure modes".
   */
  readonly staleKeyWindowMs?: number;
  /** How long Idempotency-Keys are kept (docs/api.md, "Safe retries"); defaults when absent. */
  readonly idempotency?: IdempotencyOptions;
  /**
   * The path the API is served under, such as `/carbon`, as the request's URL shows it: removed
   * before routing (`/carbon/v3/flight` is E6), and a request outside it answered 404 (or, through a
   * framework adapter, left to the application). Without it, and without `publicUrl`, it is also
   * the OpenAPI document's server and the start of `certificate_url`. Default: none, the root.
   * See docs/frameworks.md.
   * @remarks Since 0.6.0
   */
  readonly basePath?: string;
  /**
   * Loads the resolver of legs given by places (`origin` and `destination` instead of a distance,
   * docs/api.md, "Legs given by places"): called for each request that has places, so that the
   * place tables are loaded by the first, e.g. `() => import('truecost/places').then((m) => m.places)`
   * (the runtime loads a dynamic import once).
   * Without it, such a leg is a 400 naming its `origin`. `truecost serve` passes it.
   * @remarks Since 0.6.0
   */
  readonly places?: () => Promise<PlaceResolver>;
}
