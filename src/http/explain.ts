import * as z from 'zod/mini';
import type { EnergyBasis } from '../calculators/basis.js';
import type { FlightMethod, FlightOptions } from '../calculators/flight/options.js';
import type { Explained } from '../calculators/explanation.js';
import type { ValidationProblem } from '../validation/validate.js';

// The query parameters of the calculator endpoints (E6, E8 to E13): `explain=true` adds
// `explanations`, one per result element, as the library's explain* functions give them; `basis`
// chooses well-to-wheel (`wtw`, the default) or tank-to-wheel (`ttw`) figures (docs/api.md).

/** What a calculator's query string asks for. */
export interface CalculatorQuery {
  readonly explain: boolean;
  readonly basis: EnergyBasis;
  /** `iso14083` when the ISO 14083 report is asked for (E11, E13). */
  readonly report?: 'iso14083';
  /** The flight options asked for (`method`, `non_co2_multiplier`, `desnz_radiative_forcing`), on the routes that take them. */
  readonly flight?: Pick<FlightOptions, 'method' | 'nonCo2Multiplier' | 'desnzRadiativeForcing'>;
}

/** The value of `name` given at most once, `fallback` when absent; undefined when it is not one of `allowed`. */
function oneOf<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[], fallback: T): T | undefined {
  const values = params.getAll(name);
  if (values.length === 0) return fallback;
  return values.length === 1 && allowed.includes(values[0] as T) ? (values[0] as T) : undefined;
}

/**
 * Reads `explain` (`true` or `false`, default false) and `basis` (`wtw` or `ttw`, default `wtw`)
 * from a raw query string (without `?`), each at most once; `report` (`iso14083`) where the route has
 * a report (`routes.report`); with `routes.flight`, the flight options of the library: `method`,
 * `non_co2_multiplier` and `desnz_radiative_forcing`. Else the problem to answer 400 with. Other
 * parameters are ignored (`?strict=true` refuses them, in the handler).
 */
export function calculatorQuery(
  query: string,
  routes: { readonly report?: boolean; readonly flight?: boolean } = {},
): CalculatorQuery | ValidationProblem {
  const params = new URLSearchParams(query);
  const explain = oneOf(params, 'explain', ['true', 'false'], 'false');
  if (explain === undefined) return { path: 'explain', reason: 'explain must be true or false, given at most once.' };
  const basis = oneOf(params, 'basis', ['wtw', 'ttw'], 'wtw');
  if (basis === undefined) return { path: 'basis', reason: 'basis must be wtw or ttw, given at most once.' };
  if (params.has('report')) {
    if (routes.report !== true) return { path: 'report', reason: 'report is answered by POST /v3/logistics and POST /v3/logistics/freight only.' };
    if (oneOf(params, 'report', ['iso14083'], 'iso14083') === undefined) {
      return { path: 'report', reason: 'report must be iso14083, given at most once.' };
    }
    if (explain === 'true') return { path: 'report', reason: 'report=iso14083 already lists each leg; it does not take explain=true.' };
    return { explain: false, basis, report: 'iso14083' };
  }
  if (routes.flight !== true) return { explain: explain === 'true', basis };
  const method = oneOf<FlightMethod>(params, 'method', ['fuel', 'desnz-2025'], 'fuel');
  if (method === undefined) return { path: 'method', reason: 'method must be fuel or desnz-2025, given at most once.' };
  const forcing = oneOf(params, 'desnz_radiative_forcing', ['true', 'false'], 'false');
  if (forcing === undefined) return { path: 'desnz_radiative_forcing', reason: 'desnz_radiative_forcing must be true or false, given at most once.' };
  const multipliers = params.getAll('non_co2_multiplier');
  const multiplier = multipliers.length === 0 ? 1 : Number(multipliers[0]);
  if (multipliers.length > 1 || multipliers[0]?.trim() === '' || !(Number.isFinite(multiplier) && multiplier >= 0)) {
    return { path: 'non_co2_multiplier', reason: 'non_co2_multiplier must be a finite number of at least 0, given at most once.' };
  }
  return {
    explain: explain === 'true',
    basis,
    flight: { method, nonCo2Multiplier: multiplier, desnzRadiativeForcing: forcing === 'true' },
  };
}

/** The body answered for `explain=true`: the contract's body and the explanation of each element. */
export function explainedBody(explained: Explained<unknown>): unknown {
  return { ...(explained.result as object), explanations: explained.items };
}

const factorSchema = /* @__PURE__ */ z
  .object({
    name: z.string(),
    value: z.number(),
    unit: z.string(),
    source: z.string().check(z.describe('The citation: publication, table or row, edition.')),
    tag: z
      .enum(['verified', 'transcribed', 'derived', 'assumed'])
      .check(z.describe('How sure truecost is of the value (docs/methodology.md).')),
  })
  .check(z.describe('One factor the calculation used.'));

/** The JSON shape of one element's explanation (`ItemExplanation` of the library). */
export const itemExplanationSchema = /* @__PURE__ */ z
  .object({
    item: z
      .string()
      .check(
        z.describe(
          'The element explained: its id or key (flight_id, car_id, seat_type, commute_method) or its position (0-based) in the request.',
        ),
      ),
    basis: z
      .object({
        gases: z.enum(['CO2e']),
        scope: z
          .enum(['tank-to-wheel', 'well-to-wheel', 'tank-to-wake', 'well-to-wake', 'hotel-stay'])
          .check(z.describe('`hotel-stay`: a hotel stay of a trip, not transport; both parts are 0.')),
        gwp: z.string().check(z.describe('The GWP set of CH4 and N2O, e.g. IPCC AR5 GWP100.')),
        tank_to_wheel: z.number(),
        well_to_tank: z.number().check(z.describe('0 on the tank-to-wheel basis.')),
      })
      .check(z.describe('What the figure counts; its two parts sum to `unrounded`, in the unit of the response.')),
    quantities: z
      .record(z.string(), z.union([z.number(), z.string()]))
      .check(z.describe('Distances, weights, seats, fuel and the like, with their units in the key names.')),
    factors: z.array(factorSchema),
    assumptions: z
      .array(z.string())
      .check(z.describe('Each default filled in and each assumption or fallback applied, as a sentence.')),
    unrounded: z.number().check(z.describe("The element's result before rounding, in the unit of the response.")),
    methodology_version: z
      .string()
      .check(z.describe('The version of the methodology data the element was computed with, as in the `Truecost-Methodology-Version` header.')),
  })
  .check(z.describe('How one result element was computed.'));

/** The `explanations` field of an answer with `explain=true`. */
const explanationsShape = {
  explanations: /* @__PURE__ */ z
    .array(itemExplanationSchema)
    .check(z.describe('One explanation per result element, in the order of the result.')),
};

/**
 * The schema of a calculator's answer with `explain=true`: its contract body (an object, or a union
 * of objects such as E9/E10's) with `explanations` added.
 */
export function explainedResponseSchema(response: z.core.$ZodType): z.core.$ZodType {
  if (response instanceof z.ZodMiniObject) return z.object({ ...response.shape, ...explanationsShape });
  if (response instanceof z.ZodMiniUnion) return z.union(response._zod.def.options.map(explainedResponseSchema));
  throw new Error('Not an object or a union of objects.');
}

/** The query parameters as the OpenAPI document shows them. */
export const calculatorQueryParameters = [
  {
    name: 'explain',
    description:
      '`true` adds `explanations` to the answer: for each result element, the quantities, factors (with sources), assumptions and basis used. Default `false`: the body is exactly the contract\'s. Any other value is a 400.',
    schema: z.enum(['true', 'false']),
  },
  {
    name: 'basis',
    description:
      '`wtw` (default): well-to-wheel CO2e (well-to-wake for flights), the fuel or electricity\'s production included, as ISO 14083 reports. `ttw`: tank-to-wheel (tank-to-wake), the vehicle\'s own emissions only, in the same shape. Any other value is a 400.',
    schema: z.enum(['wtw', 'ttw']),
  },
] as const;

/** The `report` query parameter of E11 and E13, as the OpenAPI document shows it. */
export const reportQueryParameter = {
  name: 'report',
  description:
    '`iso14083`: answers `{report: {...}}` in place of the contract\'s body: the shipment\'s transport chain elements in order (mode, transport operation category, distance, mass, tonne-km, tank-to-wheel, well-to-tank and well-to-wheel kg CO2e, intensities, data type, sources) and the totals, always on both bases. Not with `explain=true`. Any other value is a 400.',
  schema: /* @__PURE__ */ z.enum(['iso14083']),
} as const;

/** The flight options as query parameters (E6 and the trip), as the OpenAPI document shows them. */
export const flightQueryParameters = [
  ...calculatorQueryParameters,
  {
    name: 'method',
    description:
      '`fuel` (default): TIM 3.0 on the EEA 2023 fuel table. `desnz-2025`: the UK DESNZ 2025 flight factors (docs/methodology.md). Any other value is a 400.',
    schema: z.enum(['fuel', 'desnz-2025']),
  },
  {
    name: 'non_co2_multiplier',
    description:
      'Fuel method: an estimate of non-CO2 effects as this multiplier on the tank-to-wake part (e.g. 1.7), reported in the explanation beside the CO2e figure, never inside it. Default 1. A negative or non-numeric value is a 400.',
    schema: z.string(),
  },
  {
    name: 'desnz_radiative_forcing',
    description:
      'DESNZ method: `true` reports DESNZ\'s radiative-forcing uplift in the explanation, beside the CO2e figure, never inside it. Default `false`.',
    schema: z.enum(['true', 'false']),
  },
] as const;
