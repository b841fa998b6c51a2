import * as z from 'zod/mini';
import { carTruecost, explainCarTruecost } from '../calculators/car.js';
import { commuteTruecost, explainCommuteTruecost } from '../calculators/commute.js';
import type { CalculatorOptions } from '../calculators/basis.js';
import type { Explained } from '../calculators/explanation.js';
import type { PlaceResolver, PlacesOption } from '../calculators/leg-distance.js';
import { explainFlightTruecost, flightTruecost } from '../calculators/flight/index.js';
import { explainFreightTruecost, freightTruecost } from '../calculators/freight.js';
import { freightReport, logisticsReport } from '../calculators/iso14083.js';
import { explainLogisticsTruecost, logisticsTruecost } from '../calculators/logistics.js';
import { explainTransportationTruecost, transportationTruecost } from '../calculators/transportation.js';
import { carRequestSchema, carResponseSchema } from '../schemas/car.js';
import { identifierSchema } from '../schemas/common.js';
import { commuteRequestSchema, commuteResponseSchema } from '../schemas/commute.js';
import { freightRequestSchema } from '../schemas/freight.js';
import { iso14083ReportSchema } from '../schemas/iso14083-report.js';
import { logisticsRequestSchema, logisticsResponseSchema } from '../schemas/logistics.js';
import {
  busRequestSchema,
  busResponseSchema,
  suvRequestSchema,
  suvResponseSchema,
  transportationRequestSchema,
} from '../schemas/transportation.js';
import { successMessages, type ApiErrorName } from '../errors.js';
import { JOB_STATES, isBulkBodiesRequest } from '../orders/store.js';
import {
  bulkFlightAcceptedSchema,
  bulkFlightRequestSchema,
  bulkFlightResultsSchema,
  flightRequestSchema,
  flightResponseSchema,
} from '../schemas/flight.js';
import {
  calculatorQuery,
  calculatorQueryParameters,
  explainedBody,
  explainedResponseSchema,
  flightQueryParameters,
  reportQueryParameter,
} from './explain.js';
import { flightResponseJson } from './json.js';
import { failure, success, type Reply } from './reply.js';
import { defineRoute, type AnyRoute, type Route, type RouteContext, type StrictBody } from './route.js';
import { recordedCalculation } from '../calculators/recorded.js';
import type { CalculationEndpoint } from '../orders/calculations.js';

const CALCULATORS = 'Calculators';

/**
 * A synchronous calculator route: validate, compute the exact response body, answer 200. `toJson`,
 * when given, writes the body as JSON text in place of `JSON.stringify` (the same text, cheaper).
 * With `?explain=true` the body also carries `explanations`, from `explain`; `?basis=ttw` answers
 * tank-to-wheel figures (docs/api.md).
 *
 * @internal
 */
export function calculatorRoute<Body, Result = unknown>(spec: {
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly body: z.core.$ZodType<Body, unknown>;
  readonly documentedBody?: z.core.$ZodType;
  readonly response: z.core.$ZodType;
  readonly serverError: ApiErrorName;
  readonly calculate: (body: Body, options?: CalculatorOptions & PlacesOption) => Result;
  readonly explain: (body: Body, options?: CalculatorOptions & PlacesOption) => Explained<unknown>;
  readonly toJson?: (result: Result) => string;
  /** The ISO 14083 report of `?report=iso14083` (E11, E13), with its schema. */
  readonly report?: { readonly build: (body: Body, options?: CalculatorOptions & PlacesOption) => unknown; readonly schema: z.core.$ZodType };
  /** The calculator takes the flight options (`method`, `non_co2_multiplier`, `desnz_radiative_forcing`) from the query. */
  readonly flightOptions?: true;
  /** The calculator a body's `record` records under (docs/api.md, "Recorded calculations"). */
  readonly records?: CalculationEndpoint;
  /** A body field the calculator does not read is a 400 (the service's own endpoints, not the contract's). */
  readonly strictBody?: StrictBody;
}): Route<Body> {
  const report = spec.report;
  return defineRoute({
    method: 'POST',
    path: spec.path,
    operationId: spec.operationId,
    summary: spec.summary,
    ...(spec.description === undefined ? {} : { description: spec.description }),
    tag: CALCULATORS,
    auth: true,
    body: spec.body,
    ...(spec.documentedBody === undefined ? {} : { documentedBody: spec.documentedBody }),
    queryParameters:
      spec.flightOptions === true
        ? flightQueryParameters
        : report === undefined
          ? calculatorQueryParameters
          : [...calculatorQueryParameters, reportQueryParameter],
    responses: [
      {
        status: 200,
        description:
          'The truecost, in the order of the request. With `explain=true`, the same body plus `explanations`: one per result element, in the same order.' +
          (report === undefined ? '' : ' With `report=iso14083`, the ISO 14083 report of the shipment in its place.'),
        schema: z.union([
          spec.response,
          explainedResponseSchema(spec.response),
          ...(report === undefined ? [] : [report.schema]),
        ]),
      },
    ],
    failures: [],
    serverError: spec.serverError,
    methodology: true,
    ...(spec.records === undefined ? {} : { records: spec.records }),
    ...(spec.strictBody === undefined ? {} : { strictBody: spec.strictBody }),
    handle: (context) => {
      const answer = (places?: PlaceResolver): Reply | Promise<Reply> => {
        const { body, query } = context;
        // The default answer does no more than check for an empty query string.
        let options: CalculatorOptions | undefined;
        let reply: Reply | undefined;
        // The resolver goes to the calculators only: the options recorded with a calculation are the query's.
        const placed = (chosen?: CalculatorOptions) => (places === undefined ? chosen : { ...chosen, places });
        if (query !== undefined && query !== '') {
          const asked = calculatorQuery(query, { report: report !== undefined, flight: spec.flightOptions === true });
          if ('path' in asked) return failure('badRequest', asked);
          if (asked.report !== undefined && report !== undefined) reply = success(200, report.build(body, placed()));
          else {
            options = asked.flight === undefined ? { basis: asked.basis } : { ...asked.flight, basis: asked.basis };
            if (asked.explain) reply = success(200, explainedBody(spec.explain(body, placed(options))));
          }
        }
        if (reply === undefined) {
          const result = spec.calculate(body, placed(options));
          reply = spec.toJson === undefined ? success(200, result) : { status: 200, body: result, json: spec.toJson(result) };
        }
        return context.recording === undefined || spec.records === undefined ? reply : recorded(spec.records, context, options, reply.body);
      };
      // A leg given by places needs the place tables, loaded on the first such request.
      const { places } = context.services;
      return places !== undefined && sendsPlaces(context.body) ? places().then(answer) : answer();
    },
  });
}

/** True when a parsed body has a leg given by places (E11, E13, trip), which needs the place tables. */
function sendsPlaces(body: unknown): boolean {
  type Legs = { legs?: readonly { origin?: unknown }[] };
  const { queries, trip } = body as { queries?: Legs; trip?: Legs };
  return (queries ?? trip)?.legs?.some((leg) => leg.origin !== undefined) === true;
}

/**
 * Records a calculation whose body carried `record` (docs/api.md, "Recorded calculations") and
 * answers its usual body plus `calculation_id`; under an Idempotency-Key, the answer is stored with
 * the key in the recording's transaction, so that a retry records once and gets the same id.
 */
async function recorded(endpoint: CalculationEndpoint, context: RouteContext<unknown>, options: CalculatorOptions | undefined, response: unknown): Promise<Reply> {
  const { scope, now, query, recording } = context;
  const calculationId = crypto.randomUUID();
  const calculation = recordedCalculation({
    ...scope,
    calculationId,
    endpoint,
    record: recording!.record,
    body: context.body,
    options,
    query: query ?? '',
    sent: recording!.sent,
    response,
    now,
  });
  const answer = (): Reply => success(200, { ...(response as object), calculation_id: calculationId });
  await context.store.recordCalculations([calculation], context.idempotency?.guard(answer));
  return answer();
}

/** `GET /v3/flight/bulk/{job_id}`: the job's state, attempts, last error and results. */
export const bulkJobResponseSchema = /* @__PURE__ */ z.object({
  job: z.object({
    job_id: z.string(),
    state: z.enum(JOB_STATES),
    attempts: z.number().check(z.int()),
    last_error: z.nullable(z.string()),
    results: z.nullable(bulkFlightResultsSchema),
  }),
});

/** E6 and E7, and the bulk job status route (docs/api.md). */
export const flightRoutes: readonly AnyRoute[] = [
  calculatorRoute({
    path: '/v3/flight',
    records: 'flight',
    operationId: 'flightTruecost',
    summary: 'Flight truecost (E6)',
    description: 'At most 10 flights; each truecost is tonnes CO2e as a string with 6 decimals.',
    body: flightRequestSchema,
    response: flightResponseSchema,
    serverError: 'flightServerError',
    calculate: flightTruecost,
    explain: explainFlightTruecost,
    toJson: flightResponseJson,
    flightOptions: true,
  }),
  defineRoute({
    method: 'POST',
    path: '/v3/flight/bulk',
    operationId: 'bulkFlightTruecost',
    summary: 'Flight truecost in bulk (E7)',
    description:
      'A bare array of 1 to 499 flights. The job is stored before the answer; the results are delivered later to the endpoint configured for the partner (POST, Standard Webhooks signature).',
    tag: CALCULATORS,
    auth: true,
    body: bulkFlightRequestSchema,
    responses: [{ status: 200, description: 'The job was stored.', schema: bulkFlightAcceptedSchema }],
    failures: ['noBulkEndpoint'],
    serverError: 'flightServerError',
    methodology: true,
    idempotent: true,
    async handle({ body, scope, now, store, services, idempotency }) {
      const endpoint = await store.getResultEndpoint(scope.partnerId);
      if (endpoint === undefined) return failure('noBulkEndpoint');
      const jobId = services.newJobId();
      const accepted = (): Reply => success(200, { message: successMessages.bulkAccepted, job_id: jobId });
      await store.enqueueJob({ jobId, request: body, createdAt: now, ...scope }, idempotency?.guard(accepted));
      services.jobQueued(jobId);
      return accepted();
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v3/flight/bulk/{job_id}',
    operationId: 'bulkFlightJob',
    summary: 'State of a bulk flight job',
    tag: CALCULATORS,
    auth: true,
    params: { job_id: identifierSchema },
    responses: [{ status: 200, description: 'The job.', schema: bulkJobResponseSchema }],
    failures: ['jobNotFound'],
    serverError: 'flightServerError',
    async handle({ params, scope, store }) {
      const job = await store.getJob(scope, params.job_id);
      // A job of `POST /v3/bulk/{endpoint}` is read at `GET /v3/bulk/{job_id}`.
      if (job === undefined || isBulkBodiesRequest(job.request)) return failure('jobNotFound');
      return success(200, {
        job: { job_id: job.jobId, state: job.state, attempts: job.attempts, last_error: job.lastError, results: job.results },
      });
    },
  }),
];

const freight = {
  body: freightRequestSchema,
  response: logisticsResponseSchema,
  serverError: 'logisticsServerError',
  calculate: freightTruecost,
  explain: explainFreightTruecost,
  report: { build: freightReport, schema: iso14083ReportSchema },
  records: 'freight',
} as const;

/** The calculators of E8 to E13 (the freight calculator on both of its paths). */
export const roadRoutes: readonly AnyRoute[] = [
  calculatorRoute({
    path: '/v3/cars',
    records: 'cars',
    operationId: 'carTruecost',
    summary: 'Car truecost (E8)',
    description: 'At most 10 cars; truecost in tonnes CO2e.',
    body: carRequestSchema,
    response: carResponseSchema,
    serverError: 'carsServerError',
    calculate: carTruecost,
    explain: explainCarTruecost,
  }),
  calculatorRoute({
    path: '/v3/transportation',
    records: 'transportation',
    operationId: 'transportationTruecost',
    summary: 'Bus (E9) or SUV commute (E10) truecost',
    description: '`configs.vehicle_type` selects the calculation: BUS (E9) or SUV (E10). Values in kg CO2e.',
    body: transportationRequestSchema,
    documentedBody: z.union([busRequestSchema, suvRequestSchema]),
    response: z.union([busResponseSchema, suvResponseSchema]),
    serverError: 'transportationServerError',
    calculate: transportationTruecost,
    explain: explainTransportationTruecost,
  }),
  calculatorRoute({
    path: '/v3/logistics',
    records: 'logistics',
    operationId: 'logisticsTruecost',
    summary: 'Logistics truecost (E11)',
    description: "One shipment over 1 to 100 legs; tonnes CO2e. A truck leg's `region` picks its road factors.",
    body: logisticsRequestSchema,
    response: logisticsResponseSchema,
    serverError: 'logisticsServerError',
    calculate: logisticsTruecost,
    explain: explainLogisticsTruecost,
    report: { build: logisticsReport, schema: iso14083ReportSchema },
  }),
  calculatorRoute({
    path: '/v3/commute',
    records: 'commute',
    operationId: 'commuteTruecost',
    summary: 'Commute truecost (E12)',
    description: '1 to 100 legs; tonnes CO2e, keyed by commute_method.',
    body: commuteRequestSchema,
    response: commuteResponseSchema,
    serverError: 'commuteServerError',
    calculate: commuteTruecost,
    explain: explainCommuteTruecost,
  }),
  calculatorRoute({
    path: '/v3/logistics/freight',
    operationId: 'freightTruecost',
    summary: 'Freight truecost (E13)',
    description: '1 to 100 legs; tonnes CO2e, in the shape of E11. `configs.region` picks the road factors of truck legs.',
    ...freight,
  }),
  calculatorRoute({
    path: '/logistics/freight',
    operationId: 'freightTruecostAlias',
    summary: 'Freight truecost (E13), at the path of the contract samples',
    description: 'The same calculator as `POST /v3/logistics/freight`, at the path the contract samples call.',
    ...freight,
  }),
];
