/**
 * truecost/client: a typed client of the truecost partner API (docs/api.md) on `fetch`, for Node,
 * Bun, Deno, Workers and browsers, with no runtime dependency. Request and response types come from
 * the schemas the server validates with (imported as types only). Writes carry an `Idempotency-Key`
 * made once per call and reused on every attempt, so they are retried safely.
 *
 * @packageDocumentation
 */
import { causeOf, hostAndPort, TruecostApiError, TruecostNetworkError } from './errors.js';
import { sleep, withTimeout } from './timing.js';
import type {
  BulkDelivery,
  BulkFlightResults,
  BusRequest,
  CalculatorCallOptions,
  CallOptions,
  EmissionsReportQuery,
  FlightCallOptions,
  ListCalculationsQuery,
  ListEventsQuery,
  OrderEventMessage,
  SuvRequest,
  TruecostClient,
  TruecostClientOptions,
  Variant,
} from './types.js';
import { verifyWebhook, type WebhookHeaders } from './webhook.js';

export { TruecostApiError, TruecostNetworkError } from './errors.js';
export type * from './types.js';
export { verifyWebhook, type WebhookHeaders, type VerifyWebhookOptions } from './webhook.js';

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
  /** The media type asked for (default JSON); a text answer is returned as text. */
  readonly accept?: string;
}

/** The query string of a calculator call's options (docs/api.md), with its `?`; empty when none is set. */
function calculatorQuery(options: FlightCallOptions = {}): string {
  const params = new URLSearchParams();
  if (options.explain !== undefined) params.set('explain', String(options.explain));
  if (options.basis !== undefined) params.set('basis', options.basis);
  if (options.method !== undefined) params.set('method', options.method);
  if (options.nonCo2Multiplier !== undefined) params.set('non_co2_multiplier', String(options.nonCo2Multiplier));
  if (options.desnzRadiativeForcing !== undefined) params.set('desnz_radiative_forcing', String(options.desnzRadiativeForcing));
  if (options.strict === true) params.set('strict', 'true');
  return params.size === 0 ? '' : `?${params}`;
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
  checkOptions(options);
  const base = options.baseUrl.replace(/\/+$/, '');
  const target = hostAndPort(new URL(base));
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
        const headers: Record<string, string> = { 'x-api-key': options.apiKey, accept: call.accept ?? 'application/json' };
        if (call.body !== undefined) headers['content-type'] = 'application/json';
        if (key !== false) headers['idempotency-key'] = key;
        const init: RequestInit = { method: call.method, headers, signal: attemptSignal.signal };
        if (call.body !== undefined) init.body = JSON.stringify(call.body);
        response = await fetcher(base + call.path, init);
      } catch (error) {
        attemptSignal.done();
        if (callOptions.signal?.aborted === true) throw callOptions.signal.reason ?? error;
        if (last || !safe) {
          throw new TruecostNetworkError(`${call.method} ${call.path}: no answer from ${target} (${causeOf(error)})`, { cause: error, timedOut: attemptSignal.timedOut() });
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
        if (last || !safe) {
          throw new TruecostNetworkError(`${call.method} ${call.path}: answer from ${target} cut (${causeOf(error)})`, { cause: error, timedOut: attemptSignal.timedOut() });
        }
        await sleep(backoff(attempt), callOptions.signal);
        continue;
      }
      attemptSignal.done();
      const body = call.accept === undefined || !response.ok ? parse(text) : text;
      if (response.ok) {
        const version = response.headers.get('x-truecost-methodology');
        if (version !== null) (callOptions as CalculatorCallOptions).onMethodology?.(version);
        return body as T;
      }
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
  /** A calculator call: a write, under an Idempotency-Key, when its body carries `record`. */
  const calculator = <T>(path: string, body: unknown, callOptions: FlightCallOptions | undefined): Promise<T> =>
    send<T>({ method: 'POST', path: `${path}${calculatorQuery(callOptions)}`, body, write: carriesRecord(body) }, callOptions);
  const query = (entries: Readonly<Record<string, string | number | undefined>>): string => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(entries)) if (value !== undefined) search.set(name, String(value));
    const text = search.toString();
    return text === '' ? '' : `?${text}`;
  };
  const emissionsPath = (asked: EmissionsReportQuery): string =>
    `/v3/reports/emissions${query({ from: asked.from, to: asked.to, group_by: asked.groupBy })}`;
  return {
    createOrder: (variant, body, callOptions) => send({ method: 'POST', path: order(variant, 'order'), body, write: true }, callOptions),
    createOrders: (variant, body, callOptions) => send({ method: 'POST', path: order(variant, 'orders'), body, write: true }, callOptions),
    addClimes: (variant, body, callOptions) => send({ method: 'PATCH', path: order(variant, 'order/add'), body, write: true }, callOptions),
    removeClimes: (variant, body, callOptions) => send({ method: 'PATCH', path: order(variant, 'order/cancel'), body, write: true }, callOptions),
    cancelOrder: (variant, id, callOptions) => send({ method: 'DELETE', path: order(variant, `order/${segment(id)}/cancel`), write: true }, callOptions),
    getOrder: (variant, id, callOptions) => send({ method: 'GET', path: order(variant, `order/${segment(id)}`) }, callOptions),
    setOptIn: (body, callOptions) => send({ method: 'POST', path: '/v3/integrations/vote/opt-in', body, write: true }, callOptions),
    getOptIn: (cartId, callOptions) => send({ method: 'GET', path: `/v3/integrations/vote/opt-in/${segment(cartId)}` }, callOptions),
    flight: (body, callOptions) => calculator('/v3/flight', body, callOptions),
    bulkFlight: (body, callOptions) => send({ method: 'POST', path: '/v3/flight/bulk', body, write: true }, callOptions),
    bulkJob: (jobId, callOptions) => send({ method: 'GET', path: `/v3/flight/bulk/${segment(jobId)}` }, callOptions),
    cars: (body, callOptions) => calculator('/v3/cars', body, callOptions),
    transportation: (body: BusRequest | SuvRequest, callOptions?: CalculatorCallOptions) => calculator<never>('/v3/transportation', body, callOptions),
    logistics: (body, callOptions) => calculator('/v3/logistics', body, callOptions),
    commute: (body, callOptions) => calculator('/v3/commute', body, callOptions),
    freight: (body, callOptions) => calculator('/v3/logistics/freight', body, callOptions),
    logisticsReport: (body, callOptions) => send({ method: 'POST', path: '/v3/logistics?report=iso14083', body }, callOptions),
    freightReport: (body, callOptions) => send({ method: 'POST', path: '/v3/logistics/freight?report=iso14083', body }, callOptions),
    trip: (body, callOptions) => calculator('/v3/trip', body, callOptions),
    bulk: {
      submit: (endpoint, bodies, callOptions) => send({ method: 'POST', path: `/v3/bulk/${segment(endpoint)}`, body: bodies, write: true }, callOptions),
      get: (jobId, callOptions) => send({ method: 'GET', path: `/v3/bulk/${segment(jobId)}` }, callOptions),
    },
    events: {
      list: (query: ListEventsQuery = {}, callOptions?: CallOptions) => {
        const search = new URLSearchParams();
        if (query.after !== undefined) search.set('after', query.after);
        if (query.limit !== undefined) search.set('limit', String(query.limit));
        const text = search.toString();
        return send({ method: 'GET', path: `/v3/integrations/events${text === '' ? '' : `?${text}`}` }, callOptions);
      },
    },
    calculations: {
      get: (calculationId, callOptions) => send({ method: 'GET', path: `/v3/calculations/${segment(calculationId)}` }, callOptions),
      list: (asked: ListCalculationsQuery = {}, callOptions?: CallOptions) =>
        send({ method: 'GET', path: `/v3/calculations${query({ ...asked })}` }, callOptions),
    },
    reports: {
      emissions: (asked, callOptions) => send({ method: 'GET', path: emissionsPath(asked) }, callOptions),
      emissionsCsv: (asked, callOptions) => send({ method: 'GET', path: emissionsPath(asked), accept: 'text/csv' }, callOptions),
    },
  };
}

/**
 * Refuses options that could never work, at once rather than at the first call: a `baseUrl` that is
 * not an http(s) URL, a missing or empty `apiKey` (which the service would answer with 401).
 */
function checkOptions(options: TruecostClientOptions): void {
  const { baseUrl, apiKey } = (options ?? {}) as Partial<TruecostClientOptions>;
  if (typeof baseUrl !== 'string' || !/^https?:\/\//i.test(baseUrl) || !URL.canParse(baseUrl)) {
    throw new TypeError(`createTruecostClient needs baseUrl, the service's http or https address (e.g. https://truecost.example.com); got ${JSON.stringify(baseUrl)}.`);
  }
  if (typeof apiKey !== 'string' || apiKey.trim() === '') {
    throw new TypeError(`createTruecostClient needs apiKey, the partner's API key (truecost_staging_... or truecost_prod_...); got ${JSON.stringify(apiKey)}.`);
  }
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

/** Whether a calculator body carries `record`, which makes the call a write. */
function carriesRecord(body: unknown): boolean {
  return typeof body === 'object' && body !== null && Object.hasOwn(body, 'record');
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
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

/**
 * Checks the delivery of a job of `POST /v3/bulk/{endpoint}` and returns its body
 * (`{job_id, endpoint, results}`), or undefined when the signature or timestamp does not hold (see
 * {@link verifyWebhook}) or the body is not such a delivery.
 *
 * @example
 * ```ts
 * const delivery = await verifyBulkResults(process.env.TRUECOST_SECRET!, request.headers, await request.text());
 * if (delivery === undefined) return new Response(null, { status: 401 });
 * for (const item of delivery.results) if ('result' in item) book(item.id, item.result);
 * ```
 * @remarks Since 0.5.0
 */
export async function verifyBulkResults(secret: string, headers: WebhookHeaders, body: string): Promise<BulkDelivery | undefined> {
  if (!(await verifyWebhook(secret, headers, body))) return undefined;
  try {
    const parsed = JSON.parse(body) as Partial<BulkDelivery> | null;
    if (typeof parsed?.job_id !== 'string' || typeof parsed.endpoint !== 'string' || !Array.isArray(parsed.results)) return undefined;
    return parsed as BulkDelivery;
  } catch {
    return undefined;
  }
}

/** The types of order event a delivery may carry. */
const ORDER_EVENT_TYPES: readonly string[] = ['order.created', 'order.climes_added', 'order.climes_removed', 'order.cancelled', 'order.unlocked'];
/** The environments an event may name. */
const EVENT_ENVIRONMENTS: readonly string[] = ['staging', 'production'];

/**
 * Checks an order event delivery (docs/api.md, "Order events") with the secret `truecost partners
 * set-events-endpoint` printed, and returns the event, or undefined when the signature or timestamp
 * does not hold (see {@link verifyWebhook}) or the body is no order event. A receiver drops an event
 * whose `id` it has seen: delivery is at least once. Each environment has its own endpoint and
 * secret; the event's `environment` names it. After the secret is rotated, deliveries carry a
 * signature under the old secret and one under the new for 24 hours, so either verifies.
 *
 * @example
 * ```ts
 * const event = await verifyOrderEvent(process.env.TRUECOST_EVENTS_SECRET!, request.headers, await request.text());
 * if (event === undefined) return new Response(null, { status: 401 });
 * if (event.environment === 'production' && event.type === 'order.unlocked') await markFinal(event.data.order.partner_order_id);
 * ```
 * @remarks Since 0.4.0
 */
export async function verifyOrderEvent(secret: string, headers: WebhookHeaders, body: string): Promise<OrderEventMessage | undefined> {
  if (!(await verifyWebhook(secret, headers, body))) return undefined;
  try {
    const parsed = JSON.parse(body) as Partial<OrderEventMessage> | null;
    const order = parsed?.data?.order;
    if (typeof parsed?.id !== 'string' || !ORDER_EVENT_TYPES.includes(String(parsed.type)) || typeof order?.partner_order_id !== 'string') return undefined;
    if (!EVENT_ENVIRONMENTS.includes(String(parsed.environment))) return undefined;
    return parsed as OrderEventMessage;
  } catch {
    return undefined;
  }
}
