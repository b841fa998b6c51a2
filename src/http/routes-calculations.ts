// Recorded calculations and the emissions statement (docs/api.md, "Recorded calculations" and "The
// emissions statement"): a partner's own record of the figures it was answered, within its key's
// partner and environment.
import * as z from 'zod/mini';
import { CALCULATION_DATA_TYPES, CALCULATION_ENDPOINTS, EMISSIONS_GROUPINGS, type CalculationRecord } from '../orders/calculations.js';
import { checkEmissionsPeriod, readEmissionsReport } from '../orders/emissions-report.js';
import { identifierSchema } from '../schemas/common.js';
import { MAX_RECORD_LABEL_LENGTH, occurredAtOf } from '../schemas/record.js';
import type { ValidationProblem } from '../validation/validate.js';
import { emissionsReportCsv } from './emissions-csv.js';
import { failure, success } from './reply.js';
import { defineRoute, type AnyRoute, type QueryParameter } from './route.js';

const TAG = 'Recorded calculations';

/** How many calculations a page of `GET /v3/calculations` holds when no `limit` is given, and at most. */
export const DEFAULT_CALCULATIONS_LIMIT = 100;
export const MAX_CALCULATIONS_LIMIT = 1000;

const kilograms = (grams: number): number => grams / 1000;
const isoTime = (at: number): string => new Date(at).toISOString();

/** A recorded calculation as the API shows it. */
export function calculationView(record: CalculationRecord) {
  return {
    calculation_id: record.calculationId,
    endpoint: record.endpoint,
    environment: record.environment,
    reference: record.reference,
    client: record.client,
    occurred_at: isoTime(record.occurredAt),
    recorded_at: isoTime(record.recordedAt),
    scope3_category: record.scope3Category,
    methodology_version: record.methodologyVersion,
    kg: kilograms(record.wellToWheelGrams),
    tank_to_wheel_kg: kilograms(record.tankToWheelGrams),
    well_to_tank_kg: kilograms(record.wellToTankGrams),
    primary_kg: kilograms(record.primaryGrams),
    data_type: record.dataType,
    query: record.query,
    request: record.request,
    response: record.response,
  };
}

const calculationSchema = /* @__PURE__ */ z.object({
  calculation_id: z.string(),
  endpoint: z.enum(CALCULATION_ENDPOINTS),
  environment: z.enum(['staging', 'production']),
  reference: z.nullable(z.string()),
  client: z.nullable(z.string()),
  occurred_at: z.string().check(z.describe('When what was calculated took place (ISO 8601, UTC): the record\'s `occurred_at`, else the time of the request.')),
  recorded_at: z.string(),
  scope3_category: z.nullable(z.number()),
  methodology_version: z.string(),
  kg: z.number().check(z.describe('Well-to-wheel CO2e in kilograms (three decimals: whole grams), whatever unit and basis the answer used.')),
  tank_to_wheel_kg: z.number(),
  well_to_tank_kg: z.number(),
  primary_kg: z.number().check(z.describe("The part of kg computed from primary data (the carrier's own fuel or energy).")),
  data_type: z.enum(CALCULATION_DATA_TYPES),
  query: z.string().check(z.describe('The query string of the request, without `?`.')),
  request: z.unknown().check(z.describe('The body as it was sent, `record` included.')),
  response: z.unknown().check(z.describe('The answer as it was given, without `calculation_id`.')),
});

/** The body of `GET /v3/calculations/{calculation_id}`. */
export const calculationResponseSchema = /* @__PURE__ */ z.object({ calculation: calculationSchema });

/** The body of `GET /v3/calculations`. */
export const listCalculationsResponseSchema = /* @__PURE__ */ z.object({ calculations: z.array(calculationSchema), has_more: z.boolean() });

const figuresSchema = {
  count: z.number(),
  kg: z.number(),
  tank_to_wheel_kg: z.number(),
  well_to_tank_kg: z.number(),
  primary_share: z.number(),
};

/** The body of `GET /v3/reports/emissions`. */
export const emissionsReportResponseSchema = /* @__PURE__ */ z.object({
  report: z.object({
    from: z.string(),
    to: z.string(),
    group_by: z.enum(EMISSIONS_GROUPINGS),
    rows: z.array(z.object({ group: z.string(), ...figuresSchema })),
    total: z.object(figuresSchema),
    methodology_versions: z.array(z.string()),
    credits: z.object({ orders: z.number(), climes: z.number() }),
  }),
});

/** The only query parameters a route reads: anything else, or a repeat, is a 400 naming it. */
function readQuery(query: string | undefined, known: readonly string[]): Map<string, string> | ValidationProblem {
  const read = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(query ?? '')) {
    if (!known.includes(name)) return { path: name, reason: `Unknown query parameter; this route reads ${known.join(', ')}.` };
    if (read.has(name)) return { path: name, reason: `${name} must be given at most once.` };
    read.set(name, value);
  }
  return read;
}

const LIMIT = /^[1-9][0-9]{0,5}$/;

/** The listing's filters from its query, or the problem with the first bad parameter. */
function listingQuery(parameters: Map<string, string>) {
  const instant = (name: 'from' | 'to'): number | undefined | ValidationProblem => {
    const text = parameters.get(name);
    if (text === undefined) return undefined;
    return occurredAtOf(text) ?? { path: name, reason: `${name} must be an ISO 8601 date (2026-11-01) or date-time with its offset.` };
  };
  const from = instant('from');
  if (typeof from === 'object') return from;
  const to = instant('to');
  if (typeof to === 'object') return to;
  const limitText = parameters.get('limit');
  const limit = limitText === undefined ? DEFAULT_CALCULATIONS_LIMIT : LIMIT.test(limitText) ? Number(limitText) : NaN;
  if (!(limit >= 1 && limit <= MAX_CALCULATIONS_LIMIT)) return { path: 'limit', reason: `limit must be a whole number from 1 to ${MAX_CALCULATIONS_LIMIT}.` };
  for (const name of ['client', 'reference', 'after'] as const) {
    const value = parameters.get(name);
    if (value !== undefined && (value === '' || value.length > MAX_RECORD_LABEL_LENGTH)) {
      return { path: name, reason: `${name} must be 1 to ${MAX_RECORD_LABEL_LENGTH} characters.` };
    }
  }
  const optional = (name: string): { [key: string]: string } => (parameters.has(name) ? { [name]: parameters.get(name)! } : {});
  return {
    limit,
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
    ...optional('client'),
    ...optional('reference'),
    ...optional('after'),
  };
}

const text = (): z.ZodMiniString => z.string();

const listingParameters: readonly QueryParameter[] = [
  { name: 'from', description: '`occurred_at` at or after this date (UTC) or date-time (ISO 8601).', schema: text() },
  { name: 'to', description: '`occurred_at` before this date (UTC) or date-time (ISO 8601).', schema: text() },
  { name: 'client', description: 'Only the calculations recorded with this `client`.', schema: text() },
  { name: 'reference', description: 'Only the calculations recorded with this `reference`.', schema: text() },
  { name: 'after', description: 'The `calculation_id` of the last calculation of the previous page. An unknown id is a 400.', schema: text() },
  { name: 'limit', description: `How many calculations the page holds at most: 1 to ${MAX_CALCULATIONS_LIMIT} (default ${DEFAULT_CALCULATIONS_LIMIT}).`, schema: text() },
];

const reportParameters: readonly QueryParameter[] = [
  { name: 'from', description: 'The first day of the period, `YYYY-MM-DD` (UTC), included.', schema: text() },
  { name: 'to', description: 'The day after the period, `YYYY-MM-DD` (UTC), excluded.', schema: text() },
  { name: 'group_by', description: `${EMISSIONS_GROUPINGS.join(', ')} (default scope3_category).`, schema: text() },
];

/** Whether the caller asked for CSV: `text/csv` named in `Accept` before (or without) JSON. */
function wantsCsv(accept: string | null | undefined): boolean {
  if (accept === null || accept === undefined) return false;
  const types = accept.split(',').map((part) => part.split(';')[0]!.trim().toLowerCase());
  const csv = types.indexOf('text/csv');
  const json = types.indexOf('application/json');
  return csv >= 0 && (json < 0 || csv < json);
}

/** `GET /v3/calculations/{calculation_id}`, `GET /v3/calculations` and `GET /v3/reports/emissions`. */
export const calculationRoutes: readonly AnyRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/v3/calculations/{calculation_id}',
    operationId: 'getCalculation',
    summary: 'Read a recorded calculation',
    description: 'What was sent and answered, with its figure in kg CO2e well-to-wheel, its methodology version, category, client and reference. A recorded figure never changes.',
    tag: TAG,
    auth: true,
    params: { calculation_id: identifierSchema },
    responses: [{ status: 200, description: 'The calculation.', schema: calculationResponseSchema }],
    failures: ['calculationNotFound'],
    serverError: 'serverError',
    async handle({ params, scope, store }) {
      const record = await store.getCalculation(scope, params.calculation_id);
      return record === undefined ? failure('calculationNotFound') : success(200, { calculation: calculationView(record) });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v3/calculations',
    operationId: 'listCalculations',
    summary: 'List recorded calculations',
    description: "The key's partner and environment's recorded calculations, newest first by `occurred_at`. Page with `after`, the id of the last calculation of the previous page, while `has_more` is true.",
    tag: TAG,
    auth: true,
    queryParameters: listingParameters,
    responses: [
      { status: 200, description: 'A page of calculations.', schema: listCalculationsResponseSchema },
    ],
    failures: ['badRequest'],
    serverError: 'serverError',
    async handle({ query, scope, store }) {
      const parameters = readQuery(query, listingParameters.map((parameter) => parameter.name));
      if (!(parameters instanceof Map)) return failure('badRequest', parameters);
      const asked = listingQuery(parameters);
      if ('path' in asked) return failure('badRequest', asked as ValidationProblem);
      const page = await store.listCalculations(scope, asked);
      if (page === undefined) return failure('badRequest', { path: 'after', reason: 'No calculation of this partner and environment has this id.' });
      return success(200, { calculations: page.items.map(calculationView), has_more: page.hasMore });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v3/reports/emissions',
    operationId: 'emissionsReport',
    summary: 'Emissions statement for a period',
    description:
      'The recorded calculations that occurred in the period, by Scope 3 category, endpoint, month or client, with their methodology versions and the share from primary data; the orders created in the period as credits, shown apart and never subtracted. `Accept: text/csv` answers the same as CSV.',
    tag: TAG,
    auth: true,
    queryParameters: reportParameters,
    responses: [
      { status: 200, description: 'The statement.', schema: emissionsReportResponseSchema },
      { status: 200, description: 'The statement as CSV (with `Accept: text/csv`).', contentType: 'text/csv' },
    ],
    failures: ['badRequest'],
    serverError: 'serverError',
    async handle({ query, header, scope, store }) {
      const parameters = readQuery(query, reportParameters.map((parameter) => parameter.name));
      if (!(parameters instanceof Map)) return failure('badRequest', parameters);
      const period = checkEmissionsPeriod({ from: parameters.get('from'), to: parameters.get('to'), groupBy: parameters.get('group_by') });
      if ('path' in period) return failure('badRequest', period);
      const report = await readEmissionsReport(store, scope, period);
      if (!wantsCsv(header?.('accept'))) return success(200, { report });
      return { status: 200, body: undefined, text: { contentType: 'text/csv; charset=utf-8', content: emissionsReportCsv(report) } };
    },
  }),
];
