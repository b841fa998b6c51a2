import type { PlaceResolver } from '../calculators/leg-distance.js';
import type { z } from 'zod/mini';
import type { ApiErrorName } from '../errors.js';
import type { IdempotencyGuard } from '../orders/idempotency.js';
import type { Store } from '../orders/store.js';
import type { Scope } from '../orders/types.js';
import type { Reply } from './reply.js';
import type { CalculationEndpoint } from '../orders/calculations.js';
import type { RecordRequest } from '../schemas/record.js';

/** The HTTP methods the API answers. */
export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A success answer a route can give, for the OpenAPI document. */
export interface SuccessResponse {
  readonly status: number;
  readonly description: string;
  /** The body's schema; absent for answers that are not JSON. */
  readonly schema?: z.core.$ZodType;
  /** The content type when the answer is not JSON. */
  readonly contentType?: string;
}

/** The names of the `{name}` parameters of a path template, e.g. `'variant' | 'partner_order_id'`. */
export type PathParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

/**
 * The path parameters of a route, typed from its path template: `/v3/flight/bulk/{job_id}` gives
 * `{ job_id: string }`. A path known only as `string` gives a record of strings.
 *
 * @inline
 */
export type PathParams<Path extends string> = string extends Path
  ? Readonly<Record<string, string>>
  : { readonly [Name in PathParamNames<Path>]: string };

/** What a route's `handle` receives: the validated body, the path parameters, the caller and the time. */
export interface RouteContext<Body = unknown, Path extends string = string> {
  readonly body: Body;
  /** The router fills every parameter of the route's path. */
  readonly params: PathParams<Path>;
  /** The raw query string, without `?` ('' or absent when none); only routes that declare query parameters read it. */
  readonly query?: string;
  /** A request header by name (null when absent), for the routes that answer in more than one form. */
  readonly header?: (name: string) => string | null;
  /** The partner and environment of the key; a placeholder on routes that need no key. */
  readonly scope: Scope;
  /** The clock at the start of the request, in milliseconds since the epoch. */
  readonly now: number;
  readonly store: Store;
  /** The services of the handler that routes may use (bulk job hand-off, the OpenAPI document, assets). */
  readonly services: RouteServices;
  /**
   * On a route marked `idempotent`, when the request carries an Idempotency-Key: the guard to pass
   * to the store's write, so that the answer is stored with the key in the write's transaction.
   */
  readonly idempotency?: IdempotentWrite;
  /**
   * On a route that `records`, when the body carried `record` (docs/api.md, "Recorded
   * calculations"): the validated record, and the body as sent, `record` included.
   */
  readonly recording?: { readonly record: RecordRequest; readonly sent: unknown };
}

/** The Idempotency-Key of a request, as its route uses it (docs/api.md, "Safe retries"). */
export interface IdempotentWrite {
  /**
   * The guard of the store write whose outcome `reply` turns into the route's answer: the route
   * answers `reply(outcome)` itself, and the store stores the same answer with the key.
   */
  guard<Outcome>(reply: (outcome: Outcome) => Reply): IdempotencyGuard<Outcome>;
}

/** Services of the handler that some routes need. */
export interface RouteServices {
  /** A fresh identifier for a bulk job. */
  newJobId(): string;
  /** Called after a bulk job is stored, to wake the worker. */
  jobQueued(jobId: string): void;
  /** The OpenAPI document of this handler. */
  openApiDocument(): unknown;
  /** The API reference page's script, when configured. */
  readonly apiReferenceScript: string | undefined;
  /** True once the service is shutting down (`GET /readyz` answers 503); never, when absent. */
  draining?(): boolean;
  /** The address the service is reached at, under which certificates are (docs/api.md, "Certificates"); absent: paths alone. */
  readonly publicUrl?: string | undefined;
  /** Loads the resolver of legs given by places (`HandlerOptions.places`); undefined when the handler has none. */
  readonly places?: (() => Promise<PlaceResolver>) | undefined;
}

/**
 * One row of the route table: the single source of truth for the router, the `Allow` header of a
 * 405 and the OpenAPI document.
 */
export interface Route<Body = unknown, Path extends string = string> {
  readonly method: Method;
  /** Path with `{name}` parameters, e.g. `/v3/integrations/{variant}/order/{partner_order_id}`. */
  readonly path: Path;
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly tag: string;
  /** Whether the route needs an `x-api-key`. */
  readonly auth: boolean;
  /** The schema of the JSON body; only POST and PATCH routes have one. */
  readonly body?: z.core.$ZodType<Body, unknown>;
  /** The largest body this route reads, in bytes, in place of the handler's `maxBodyBytes` (docs/api.md, "Requests"). */
  readonly maxBodyBytes?: number;
  /** What the OpenAPI document shows for the body, when `body` validates in a way JSON Schema cannot show. */
  readonly documentedBody?: z.core.$ZodType;
  /** Query parameters the route reads, for the OpenAPI document (the route checks them itself). */
  readonly queryParameters?: readonly QueryParameter[];
  /** Schemas a path parameter must satisfy for the path to match this route (e.g. the variant). */
  readonly params?: Readonly<Record<string, z.core.$ZodType>>;
  readonly responses: readonly SuccessResponse[];
  /** Failures specific to this route (auth, body and server failures are added from the flags). */
  readonly failures: readonly ApiErrorName[];
  /** The 500 of this route: the contract's message for its calculator family. */
  readonly serverError: ApiErrorName;
  /** Whether the answer carries the `x-truecost-methodology` header (the calculators). */
  readonly methodology?: boolean;
  /**
   * Whether the route writes, and so takes an `Idempotency-Key` header: its `handle` passes
   * `idempotency.guard(...)` to the one store write it makes (docs/api.md, "Safe retries").
   */
  readonly idempotent?: boolean;
  /**
   * The calculator a body's `record` object records the calculation under: the handler takes
   * `record` out of the body before validating it, checks it, and passes it as `recording`; a
   * request with `record` takes an `Idempotency-Key` as a write route does.
   */
  readonly records?: CalculationEndpoint;
  /**
   * The service's own endpoints (not the contract's) read their bodies strictly: a field the route
   * does not read is a 400 naming its path, where the contract's routes ignore it and list it in
   * `x-truecost-ignored-fields` (docs/api.md, "Strict endpoints"). `hints` says, by field name,
   * what to send instead.
   */
  readonly strictBody?: StrictBody;
  handle(context: RouteContext<Body, Path>): Promise<Reply> | Reply;
}

/** How a route with a strict body answers a field it does not read. */
export interface StrictBody {
  /** By field name (the last segment of its path): what to send instead, e.g. `passengers` for `no_of_tickets`. */
  readonly hints?: Readonly<Record<string, string>>;
}

/** A query parameter of a route, as the OpenAPI document shows it. */
export interface QueryParameter {
  readonly name: string;
  readonly description: string;
  readonly schema: z.core.$ZodType;
}

/** A route of any body type, as the table holds it. */
export type AnyRoute = Route<any>;

/** Declares a route, tying the type of `handle`'s body to the body schema and its parameters to the path. */
export function defineRoute<Body, const Path extends string>(route: Route<Body, Path>): Route<Body, Path> {
  return route;
}

/** Every failure a route can answer: its own, and those its flags imply. */
export function failuresOf(route: AnyRoute): ApiErrorName[] {
  const names: ApiErrorName[] = [];
  if (route.body !== undefined) names.push('badRequest', 'payloadTooLarge', 'unsupportedMediaType');
  if (route.auth) names.push('unauthorized', 'rateLimited');
  // The key check, and any store call, may find the store unavailable; a write may find its disk full.
  if (route.auth) names.push('storeUnavailable');
  if (route.auth && route.method !== 'GET' && (route.methodology !== true || route.records !== undefined)) names.push('storeFull');
  if (route.idempotent === true || route.records !== undefined) names.push('idempotencyKeyInvalid', 'idempotencyKeyInProgress', 'idempotencyKeyMismatch');
  // The router answers 404 for a path parameter its schema refuses (`/v3/integrations/bogus/order`).
  if (Object.keys(route.params ?? {}).length > 0) names.push('notFound');
  names.push(...route.failures, route.serverError);
  return [...new Set(names)];
}
