/**
 * truecost/client: a typed client of the truecost partner API (docs/api.md) on `fetch`, for Node,
 * Bun, Deno, Workers and browsers, with no runtime dependency. Request and response types come from
 * the schemas the server validates with (imported as types only). Writes carry an `Idempotency-Key`
 * made once per call and reused on every attempt, so they are retried safely.
 *
 * @packageDocumentation
 */
import type { z } from 'zod';
import type {
  bulkFlightAcceptedSchema,
  bulkFlightRequestSchema,
  bulkFlightResultsSchema,
  flightRequestSchema,
  flightResponseSchema,
} from '../schemas/flight.js';
import type {
  addClimesResponseSchema,
  cancelOrderResponseSchema,
  createOrderRequestSchema,
  createOrderResponseSchema,
  createOrdersRequestSchema,
  createOrdersResponseSchema,
  getOptInResponseSchema,
  getOrderResponseSchema,
  optInRequestSchema,
  optInResponseSchema,
  removeClimesResponseSchema,
  updateClimesRequestSchema,
  Variant,
} from '../schemas/order.js';
import type { carRequestSchema, carResponseSchema } from '../schemas/car.js';
import type { busRequestSchema, busResponseSchema, suvRequestSchema, suvResponseSchema } from '../schemas/transportation.js';
import type { logisticsRequestSchema, logisticsResponseSchema } from '../schemas/logistics.js';
import type { commuteRequestSchema, commuteResponseSchema } from '../schemas/commute.js';
import type { freightRequestSchema } from '../schemas/freight.js';
import type { bulkJobResponseSchema } from '../http/routes-calculators.js';
import { verifyWebhook, type WebhookHeaders } from './webhook.js';

export { verifyWebhook, type WebhookHeaders, type VerifyWebhookOptions } from './webhook.js';

// Request types are the schemas' input (defaults may be left out); answers their output.
export type CreateOrderRequest = z.input<typeof createOrderRequestSchema>;
export type CreateOrderResponse = z.output<typeof createOrderResponseSchema>;
export type CreateOrdersRequest = z.input<typeof createOrdersRequestSchema>;
export type CreateOrdersResponse = z.output<typeof createOrdersResponseSchema>;
export type UpdateClimesRequest = z.input<typeof updateClimesRequestSchema>;
export type AddClimesResponse = z.output<typeof addClimesResponseSchema>;
export type RemoveClimesResponse = z.output<typeof removeClimesResponseSchema>;
export type CancelOrderResponse = z.output<typeof cancelOrderResponseSchema>;
export type GetOrderResponse = z.output<typeof getOrderResponseSchema>;
export type OptInRequest = z.input<typeof optInRequestSchema>;
export type OptInResponse = z.output<typeof optInResponseSchema>;
export type GetOptInResponse = z.output<typeof getOptInResponseSchema>;
export type FlightRequest = z.input<typeof flightRequestSchema>;
export type FlightResponse = z.output<typeof flightResponseSchema>;
export type BulkFlightRequest = z.input<typeof bulkFlightRequestSchema>;
export type BulkFlightAccepted = z.output<typeof bulkFlightAcceptedSchema>;
/** The body of a bulk result delivery (E7): flight_id to tonnes CO2e as a string. */
export type BulkFlightResults = z.output<typeof bulkFlightResultsSchema>;
export type BulkJobResponse = z.output<typeof bulkJobResponseSchema>;
export type CarRequest = z.input<typeof carRequestSchema>;
export type CarResponse = z.output<typeof carResponseSchema>;
export type BusRequest = z.input<typeof busRequestSchema>;
export type BusResponse = z.output<typeof busResponseSchema>;
export type SuvRequest = z.input<typeof suvRequestSchema>;
export type SuvResponse = z.output<typeof suvResponseSchema>;
export type LogisticsRequest = z.input<typeof logisticsRequestSchema>;
export type LogisticsResponse = z.output<typeof logisticsResponseSchema>;
export type CommuteRequest = z.input<typeof commuteRequestSchema>;
export type CommuteResponse = z.output<typeof commuteResponseSchema>;
export type FreightRequest = z.input<typeof freightRequestSchema>;
export type { Variant };

/** How the client reaches the API and retries. */
export interface TruecostClientOptions {
  /** The service's address, e.g. `https://truecost.example.com` (a path prefix is kept). */
  readonly baseUrl: string;
  /** The partner's API key, sent as `x-api-key`. */
  readonly apiKey: string;
  /** Most time one attempt may take before it is abandoned, in milliseconds (default 30 000). */
  readonly timeoutMs?: number;
  /** How many times a failed call is tried again (default 3; 0 never retries). */
  readonly retries?: number;
  /** The first retry's delay bound, doubled for each later one (full jitter), in ms (default 250). */
  readonly retryBaseDelayMs?: number;
  /** The longest wait before a retry, `Retry-After` included, in ms (default 10 000). */
  readonly maxRetryDelayMs?: number;
  /** The fetch to use (default the global one). */
  readonly fetch?: typeof fetch;
}

/** Options of one call. */
export interface CallOptions {
  /** Cancels the call, its retries included. */
  readonly signal?: AbortSignal;
  /**
   * The Idempotency-Key of a write (docs/api.md, "Safe retries"). By default the client makes one
   * (`crypto.randomUUID()`) per call and sends it on every attempt; give your own to retry a call
   * across restarts of your process, or `false` to send none (the write is then never retried).
   */
  readonly idempotencyKey?: string | false;
}

/**
 * A failure the API answered: its status, its message, and for a refused body the path and reason
 * of the first problem (docs/api.md, "Every failure").
 *
 * @remarks Since 0.2.0
 */
export class TruecostApiError extends Error {
  override readonly name: string = 'TruecostApiError';
  /** The HTTP status. */
  readonly status: number;
  /** The dotted path of the field at fault (`order.climes`), when the API named one. */
  readonly path: string | undefined;
  /** Why the field was refused, when the API said. */
  readonly reason: string | undefined;
  /** The body as the API sent it. */
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const failure = (typeof body === 'object' && body !== null ? body : {}) as { message?: unknown; error?: { path?: unknown; reason?: unknown } };
    super(typeof failure.message === 'string' ? failure.message : `HTTP ${status}`);
    this.status = status;
    this.body = body;
    this.path = typeof failure.error?.path === 'string' ? failure.error.path : undefined;
    this.reason = typeof failure.error?.reason === 'string' ? failure.error.reason : undefined;
  }
}

/**
 * The call got no answer: the connection failed or was cut, or every attempt timed out.
 *
 * @remarks Since 0.2.0
 */
export class TruecostNetworkError extends Error {
  override readonly name: string = 'TruecostNetworkError';
  /** Whether the last attempt ended by the client's timeout. */
  readonly timedOut: boolean;

  constructor(message: string, options: { readonly cause: unknown; readonly timedOut: boolean }) {
    super(message, { cause: options.cause });
    this.timedOut = options.timedOut;
  }
}

/** Defaults of {@link TruecostClientOptions}. */
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_RETRIES = 3;
const DEFAULT_RETRY_BASE_DELAY_MS = 250;
const DEFAULT_MAX_RETRY_DELAY_MS = 10_000;
/** The start of the 409 message of an Idempotency-Key still in progress (docs/api.md). */
const KEY_IN_PROGRESS = 'Conflict! A request with this Idempotency-Key';

/** One call as the client makes it. */
interface Call {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly body?: unknown;
  /** A write that takes an Idempotency-Key. */
  readonly write?: boolean;
}

/** The partner API, one method per route (docs/api.md). Every method rejects with {@link TruecostApiError} or {@link TruecostNetworkError}. */
export interface TruecostClient {
  /** E1: creates one order. */
  createOrder(variant: Variant, body: CreateOrderRequest, options?: CallOptions): Promise<CreateOrderResponse>;
  /** E2: creates 1 to 500 orders, all or nothing. */
  createOrders(variant: Variant, body: CreateOrdersRequest, options?: CallOptions): Promise<CreateOrdersResponse>;
  /** E3: adds climes to a locked order. */
  addClimes(variant: Variant, body: UpdateClimesRequest, options?: CallOptions): Promise<AddClimesResponse>;
  /** E4: removes climes from a locked order. */
  removeClimes(variant: Variant, body: UpdateClimesRequest, options?: CallOptions): Promise<RemoveClimesResponse>;
  /** Cancels a locked order in full. */
  cancelOrder(variant: Variant, partnerOrderId: string, options?: CallOptions): Promise<CancelOrderResponse>;
  /** Reads an order. */
  getOrder(variant: Variant, partnerOrderId: string, options?: CallOptions): Promise<GetOrderResponse>;
  /** E5: creates or replaces a cart's opt-in. */
  setOptIn(body: OptInRequest, options?: CallOptions): Promise<OptInResponse>;
  /** Reads a cart's opt-in. */
  getOptIn(cartId: string, options?: CallOptions): Promise<GetOptInResponse>;
  /** E6. */
  flight(body: FlightRequest, options?: CallOptions): Promise<FlightResponse>;
  /** E7: stores a bulk job; its results are delivered to the partner's endpoint ({@link verifyWebhook}). */
  bulkFlight(body: BulkFlightRequest, options?: CallOptions): Promise<BulkFlightAccepted>;
  /** The state of a bulk job. */
  bulkJob(jobId: string, options?: CallOptions): Promise<BulkJobResponse>;
  /** E8. */
  cars(body: CarRequest, options?: CallOptions): Promise<CarResponse>;
  /** E9 (a bus) or E10 (an SUV commute). */
  transportation(body: BusRequest, options?: CallOptions): Promise<BusResponse>;
  transportation(body: SuvRequest, options?: CallOptions): Promise<SuvResponse>;
  /** E11. */
  logistics(body: LogisticsRequest, options?: CallOptions): Promise<LogisticsResponse>;
  /** E12. */
  commute(body: CommuteRequest, options?: CallOptions): Promise<CommuteResponse>;
  /** E13. */
  freight(body: FreightRequest, options?: CallOptions): Promise<LogisticsResponse>;
}

const segment = (value: string): string => encodeURIComponent(value);

/**
 * A client of the partner API at `baseUrl`. Reads, calculators and writes carrying an
 * Idempotency-Key are retried after a network failure, a timeout, a 5xx, a 429 or the 409 of a key
 * still in progress, with exponential backoff and full jitter, honouring `Retry-After` up to
 * `maxRetryDelayMs`; a write sent without a key is retried only after a 429 or 503, which the
 * service answers before writing.
 *
 * @example
 * ```ts
 * import { createTruecostClient } from 'truecost/client';
 *
 * const truecost = createTruecostClient({ baseUrl: 'https://truecost.example.com', apiKey: process.env.TRUECOST_KEY! });
 * await truecost.createOrder('calculated', { order: { partner_order_id: 'o-1', climes: 10, customer_email: 'a@b.c', customer_name: 'Ada' } });
 * const { updated_climes } = await truecost.addClimes('calculated', { partner_order_id: 'o-1', climes: 5 });
 * ```
 * @remarks Since 0.2.0
 */
export function createTruecostClient(options: TruecostClientOptions): TruecostClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const fetcher = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retries = options.retries ?? DEFAULT_RETRIES;
  const baseDelay = options.retryBaseDelayMs ?? DEFAULT_RETRY_BASE_DELAY_MS;
  const maxDelay = options.maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS;

  async function send<T>(call: Call, callOptions: CallOptions = {}): Promise<T> {
    const key = call.write === true ? (callOptions.idempotencyKey ?? crypto.randomUUID()) : false;
    // Safe to repeat: reads, the calculators (pure), and writes carrying a key.
    const safe = call.write !== true || key !== false;
    for (let attempt = 0; ; attempt += 1) {
      const last = attempt >= retries;
      let response: Response;
      const attemptSignal = withTimeout(callOptions.signal, timeoutMs);
      try {
        // Built for each attempt: a body is never reused once sent.
        const headers: Record<string, string> = { 'x-api-key': options.apiKey, accept: 'application/json' };
        if (call.body !== undefined) headers['content-type'] = 'application/json';
        if (key !== false) headers['idempotency-key'] = key;
        const init: RequestInit = { method: call.method, headers, signal: attemptSignal.signal };
        if (call.body !== undefined) init.body = JSON.stringify(call.body);
        response = await fetcher(base + call.path, init);
      } catch (error) {
        attemptSignal.done();
        if (callOptions.signal?.aborted === true) throw callOptions.signal.reason ?? error;
        if (last || !safe) {
          throw new TruecostNetworkError(`${call.method} ${call.path}: no answer (${String(error)})`, { cause: error, timedOut: attemptSignal.timedOut() });
        }
        await sleep(backoff(attempt), callOptions.signal);
        continue;
      }
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        // The connection was cut while the answer was read.
        attemptSignal.done();
        if (callOptions.signal?.aborted === true) throw callOptions.signal.reason ?? error;
        if (last || !safe) throw new TruecostNetworkError(`${call.method} ${call.path}: answer cut`, { cause: error, timedOut: attemptSignal.timedOut() });
        await sleep(backoff(attempt), callOptions.signal);
        continue;
      }
      attemptSignal.done();
      const body = parse(text);
      if (response.ok) return body as T;
      if (!last && retryable(response.status, body, safe, key !== false)) {
        await sleep(retryAfter(response.headers.get('retry-after')) ?? backoff(attempt), callOptions.signal);
        continue;
      }
      throw new TruecostApiError(response.status, body);
    }
  }

  /** Full jitter: a random wait up to the doubled bound, capped. */
  function backoff(attempt: number): number {
    return Math.random() * Math.min(maxDelay, baseDelay * 2 ** attempt);
  }

  function retryAfter(header: string | null): number | undefined {
    if (header === null) return undefined;
    const seconds = Number(header);
    const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
    return Number.isFinite(ms) ? Math.min(maxDelay, Math.max(0, ms)) : undefined;
  }

  const order = (variant: Variant, rest: string): string => `/v3/integrations/${segment(variant)}/${rest}`;
  return {
    createOrder: (variant, body, callOptions) => send({ method: 'POST', path: order(variant, 'order'), body, write: true }, callOptions),
    createOrders: (variant, body, callOptions) => send({ method: 'POST', path: order(variant, 'orders'), body, write: true }, callOptions),
    addClimes: (variant, body, callOptions) => send({ method: 'PATCH', path: order(variant, 'order/add'), body, write: true }, callOptions),
    removeClimes: (variant, body, callOptions) => send({ method: 'PATCH', path: order(variant, 'order/cancel'), body, write: true }, callOptions),
    cancelOrder: (variant, id, callOptions) => send({ method: 'DELETE', path: order(variant, `order/${segment(id)}/cancel`), write: true }, callOptions),
    getOrder: (variant, id, callOptions) => send({ method: 'GET', path: order(variant, `order/${segment(id)}`) }, callOptions),
    setOptIn: (body, callOptions) => send({ method: 'POST', path: '/v3/integrations/vote/opt-in', body, write: true }, callOptions),
    getOptIn: (cartId, callOptions) => send({ method: 'GET', path: `/v3/integrations/vote/opt-in/${segment(cartId)}` }, callOptions),
    flight: (body, callOptions) => send({ method: 'POST', path: '/v3/flight', body }, callOptions),
    bulkFlight: (body, callOptions) => send({ method: 'POST', path: '/v3/flight/bulk', body, write: true }, callOptions),
    bulkJob: (jobId, callOptions) => send({ method: 'GET', path: `/v3/flight/bulk/${segment(jobId)}` }, callOptions),
    cars: (body, callOptions) => send({ method: 'POST', path: '/v3/cars', body }, callOptions),
    transportation: (body: BusRequest | SuvRequest, callOptions?: CallOptions) =>
      send<never>({ method: 'POST', path: '/v3/transportation', body }, callOptions),
    logistics: (body, callOptions) => send({ method: 'POST', path: '/v3/logistics', body }, callOptions),
    commute: (body, callOptions) => send({ method: 'POST', path: '/v3/commute', body }, callOptions),
    freight: (body, callOptions) => send({ method: 'POST', path: '/v3/logistics/freight', body }, callOptions),
  };
}

/**
 * Whether a failed answer is worth another attempt: 429 and 503 always (the service refuses those
 * before writing); any other 5xx, and the 409 of a key still in progress, only for safe calls.
 */
function retryable(status: number, body: unknown, safe: boolean, keyed: boolean): boolean {
  if (status === 429 || status === 503) return true;
  if (status >= 500) return safe;
  const message = (body as { message?: unknown } | undefined)?.message;
  return status === 409 && keyed && typeof message === 'string' && message.startsWith(KEY_IN_PROGRESS);
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A signal that aborts with the caller's, or after `timeoutMs`; `done` frees its timer. */
function withTimeout(outer: AbortSignal | undefined, timeoutMs: number): { signal: AbortSignal; timedOut(): boolean; done(): void } {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`timed out after ${timeoutMs} ms`));
  }, timeoutMs);
  const onAbort = (): void => controller.abort(outer?.reason);
  if (outer?.aborted === true) onAbort();
  else outer?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}

/** Waits `ms`, or rejects as soon as the caller aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Checks a bulk result delivery (E7) and returns its results, or undefined when the signature or
 * timestamp does not hold (see {@link verifyWebhook}).
 *
 * @example
 * ```ts
 * const results = await verifyBulkDelivery(process.env.TRUECOST_SECRET!, request.headers, await request.text());
 * if (results === undefined) return new Response(null, { status: 401 });
 * ```
 * @remarks Since 0.2.0
 */
export async function verifyBulkDelivery(secret: string, headers: WebhookHeaders, body: string): Promise<BulkFlightResults | undefined> {
  if (!(await verifyWebhook(secret, headers, body))) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
    return Object.values(parsed).every((value) => typeof value === 'string') ? (parsed as BulkFlightResults) : undefined;
  } catch {
    return undefined;
  }
}
