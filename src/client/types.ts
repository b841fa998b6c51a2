// The types of truecost/client: requests and answers (from the schemas the server validates
// with, imported as types only), the client's options and its methods.
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
import type { iso14083ReportSchema } from '../schemas/iso14083-report.js';
import type { tripRequestSchema, tripResponseSchema } from '../schemas/trip.js';
import type { bulkJobResponseSchema } from '../http/routes-calculators.js';
import type { bulkAcceptedSchema } from '../schemas/bulk.js';
import type { JobState } from '../orders/job-store.js';
import type { listEventsResponseSchema, orderEventSchema } from '../schemas/events.js';
import type { ItemExplanation } from '../calculators/explanation.js';
import type { recordRequestSchema } from '../schemas/record.js';
import type { calculationResponseSchema, emissionsReportResponseSchema, listCalculationsResponseSchema } from '../http/routes-calculations.js';

/** One element's explanation as the API sends it with `explain: true` (the library's `ItemExplanation`). */
export type { ItemExplanation };
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
/** The ISO 14083 report of a shipment (E11 or E13 with `?report=iso14083`). */
export type Iso14083Report = z.output<typeof iso14083ReportSchema>;
export type TripRequest = z.input<typeof tripRequestSchema>;
export type TripResponse = z.output<typeof tripResponseSchema>;
/** `GET /v3/integrations/events`: a page of order events, oldest first. */
export type ListEventsResponse = z.output<typeof listEventsResponseSchema>;
/** An order event, as a webhook delivers it and the feed lists it (docs/api.md, "Order events"). */
export type OrderEventMessage = z.output<typeof orderEventSchema>;
export type { Variant };
/** The `record` a calculator body may carry, to keep the calculation (docs/api.md, "Recorded calculations"). */
export type CalculationRecordRequest = z.input<typeof recordRequestSchema>;
/** A calculator body, with the optional `record` that keeps the calculation. */
export type Recordable<T> = T & { readonly record?: CalculationRecordRequest };
/** `GET /v3/calculations/{calculation_id}`. */
export type CalculationResponse = z.output<typeof calculationResponseSchema>;
/** `GET /v3/calculations`: a page of recorded calculations, newest first. */
export type ListCalculationsResponse = z.output<typeof listCalculationsResponseSchema>;
/** `GET /v3/reports/emissions`. */
export type EmissionsReportResponse = z.output<typeof emissionsReportResponseSchema>;

/** Which recorded calculations to list (docs/api.md, "Recorded calculations"). */
export interface ListCalculationsQuery {
  /** `occurred_at` at or after: a date (`2026-11-01`) or a date-time with its offset. */
  readonly from?: string;
  /** `occurred_at` before. */
  readonly to?: string;
  readonly client?: string;
  readonly reference?: string;
  /** The id of the last calculation of the previous page. */
  readonly after?: string;
  /** 1 to 1000 (default 100). */
  readonly limit?: number;
}

/** The period and grouping of an emissions statement: whole UTC days, `from` included, `to` excluded. */
export interface EmissionsReportQuery {
  readonly from: string;
  readonly to: string;
  readonly groupBy?: 'scope3_category' | 'endpoint' | 'month' | 'client';
}

/** The request and answer of each calculator a bulk job runs, by its name in `POST /v3/bulk/{endpoint}`. */
export interface BulkCalculators {
  readonly flight: { readonly request: FlightRequest; readonly response: FlightResponse };
  readonly cars: { readonly request: CarRequest; readonly response: CarResponse };
  readonly transportation: { readonly request: BusRequest | SuvRequest; readonly response: BusResponse | SuvResponse };
  readonly logistics: { readonly request: LogisticsRequest; readonly response: LogisticsResponse };
  readonly commute: { readonly request: CommuteRequest; readonly response: CommuteResponse };
  /** E13 answers in the shape of E11. */
  readonly freight: { readonly request: FreightRequest; readonly response: LogisticsResponse };
  readonly trip: { readonly request: TripRequest; readonly response: TripResponse };
}
/** A calculator a bulk job runs: `'flight'`, `'cars'`, `'transportation'`, `'logistics'`, `'commute'`, `'freight'` or `'trip'`. */
export type BulkEndpoint = keyof BulkCalculators;
/** One body of a bulk job: the calculator's request body, an `id` unique within the job, and an optional `record`. */
export type BulkBody<E extends BulkEndpoint> = BulkCalculators[E]['request'] & { readonly id: string; readonly record?: CalculationRecordRequest };
/** The answer of `POST /v3/bulk/{endpoint}`: the message and the job's id. */
export type BulkAccepted = z.output<typeof bulkAcceptedSchema>;
/** The result of one body: the calculator's answer (with `calculation_id` when the body was recorded), or the body's first problem. */
export type BulkResult<E extends BulkEndpoint> =
  | { readonly id: string; readonly result: BulkCalculators[E]['response'] & { readonly calculation_id?: string } }
  | { readonly id: string; readonly error: { readonly path: string; readonly reason: string } };
/** A bulk job as `GET /v3/bulk/{job_id}` shows it: `results` typed by its `endpoint`, null until computed. */
export type BulkJob = {
  readonly [E in BulkEndpoint]: {
    readonly job_id: string;
    readonly endpoint: E;
    readonly state: JobState;
    readonly attempts: number;
    readonly last_error: string | null;
    readonly results: readonly BulkResult<E>[] | null;
  };
}[BulkEndpoint];
/** `GET /v3/bulk/{job_id}`. */
export interface BulkJobStatus {
  readonly job: BulkJob;
}
/** The body delivered for a bulk job: one result per body, in the order sent, typed by its `endpoint`. */
export type BulkDelivery = {
  readonly [E in BulkEndpoint]: { readonly job_id: string; readonly endpoint: E; readonly results: readonly BulkResult<E>[] };
}[BulkEndpoint];

/** Which page of order events to read: after the event `after` (its id), at most `limit` (1 to 1000, default 100). */
export interface ListEventsQuery {
  readonly after?: string;
  readonly limit?: number;
}

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
 * Options of a calculator call (E6, E8 to E13, the trip): the query parameters of the API
 * (docs/api.md, "Calculators"), and the methodology version the answer carries.
 */
export interface CalculatorCallOptions extends CallOptions {
  /** Adds `explanations` to the answer, as `?explain=true`. */
  readonly explain?: boolean;
  /** `wtw` (the service's default) or `ttw`, as `?basis=`. */
  readonly basis?: 'wtw' | 'ttw';
  /** Refuses body fields and query parameters the API does not know (400 naming them), as `?strict=true`. */
  readonly strict?: boolean;
  /** Called with the data version of the figures (`x-truecost-methodology`) when the answer carries it. */
  readonly onMethodology?: (version: string) => void;
}

/** Options of a call with flights (E6, the trip): the flight options of the library, as query parameters. */
export interface FlightCallOptions extends CalculatorCallOptions {
  /** `fuel` (the service's default) or `desnz-2025`, as `?method=`. */
  readonly method?: 'fuel' | 'desnz-2025';
  /** The fuel method's non-CO2 estimate multiplier, as `?non_co2_multiplier=` (reported in the explanation). */
  readonly nonCo2Multiplier?: number;
  /** The DESNZ method's radiative-forcing uplift in the explanation, as `?desnz_radiative_forcing=true`. */
  readonly desnzRadiativeForcing?: boolean;
}

/**
 * A calculator's answer: the contract body, with `explanations` when the call asked for them and
 * `calculation_id` when the body carried `record`.
 */
export type Explainable<T> = T & { readonly explanations?: readonly ItemExplanation[]; readonly calculation_id?: string };

/** The partner API, one method per route (docs/api.md, docs/client.md). Every method rejects with `TruecostApiError` or `TruecostNetworkError`. */
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
  flight(body: Recordable<FlightRequest>, options?: FlightCallOptions): Promise<Explainable<FlightResponse>>;
  /** E7: stores a bulk job; its results are delivered to the partner's endpoint (`verifyWebhook`). */
  bulkFlight(body: BulkFlightRequest, options?: CallOptions): Promise<BulkFlightAccepted>;
  /** The state of a bulk job. */
  bulkJob(jobId: string, options?: CallOptions): Promise<BulkJobResponse>;
  /** E8. */
  cars(body: Recordable<CarRequest>, options?: CalculatorCallOptions): Promise<Explainable<CarResponse>>;
  /** E9 (a bus) or E10 (an SUV commute). */
  transportation(body: Recordable<BusRequest>, options?: CalculatorCallOptions): Promise<Explainable<BusResponse>>;
  transportation(body: Recordable<SuvRequest>, options?: CalculatorCallOptions): Promise<Explainable<SuvResponse>>;
  /** E11. */
  logistics(body: Recordable<LogisticsRequest>, options?: CalculatorCallOptions): Promise<Explainable<LogisticsResponse>>;
  /** E12. */
  commute(body: Recordable<CommuteRequest>, options?: CalculatorCallOptions): Promise<Explainable<CommuteResponse>>;
  /** E13. */
  freight(body: Recordable<FreightRequest>, options?: CalculatorCallOptions): Promise<Explainable<LogisticsResponse>>;
  /** E11's ISO 14083 report of the shipment (`?report=iso14083`). */
  logisticsReport(body: LogisticsRequest, options?: CallOptions): Promise<Iso14083Report>;
  /** E13's ISO 14083 report of the legs (`?report=iso14083`). */
  freightReport(body: FreightRequest, options?: CallOptions): Promise<Iso14083Report>;
  /** A whole booking: kg CO2e per leg (flight, rail, bus, coach, taxi, car, ferry, hotel) and in total. */
  trip(body: Recordable<TripRequest>, options?: FlightCallOptions): Promise<Explainable<TripResponse>>;
  freight(body: FreightRequest, options?: CallOptions): Promise<LogisticsResponse>;
  /** Any calculator in bulk (docs/api.md, "Bulk for every calculator"); the results are delivered to the partner's endpoint (`verifyBulkResults`). */
  readonly bulk: {
    /** Queues a job of 1 to 10 000 bodies of `endpoint`'s calculator, each with an `id` unique within the job. */
    submit<E extends BulkEndpoint>(endpoint: E, bodies: readonly BulkBody<E>[], options?: CallOptions): Promise<BulkAccepted>;
    /** The state of a bulk job, with its results once computed. */
    get(jobId: string, options?: CallOptions): Promise<BulkJobStatus>;
  };
  /** The order events of the key's partner and environment (docs/api.md, "Order events"). */
  readonly events: {
    /** One page, oldest first; pass the last event's id as `after` while `has_more`. */
    list(query?: ListEventsQuery, options?: CallOptions): Promise<ListEventsResponse>;
  };
  /** The key's partner and environment's recorded calculations (docs/api.md, "Recorded calculations"). */
  readonly calculations: {
    /** One recorded calculation: what was sent and answered, its kg CO2e and methodology version. */
    get(calculationId: string, options?: CallOptions): Promise<CalculationResponse>;
    /** One page, newest first; pass the last calculation's id as `after` while `has_more`. */
    list(query?: ListCalculationsQuery, options?: CallOptions): Promise<ListCalculationsResponse>;
  };
  /** Statements of the recorded calculations (docs/api.md, "The emissions statement"). */
  readonly reports: {
    /** The emissions statement of a period, by Scope 3 category, endpoint, month or client. */
    emissions(query: EmissionsReportQuery, options?: CallOptions): Promise<EmissionsReportResponse>;
    /** The same statement as CSV text. */
    emissionsCsv(query: EmissionsReportQuery, options?: CallOptions): Promise<string>;
  };
}
