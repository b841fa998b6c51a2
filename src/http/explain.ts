import * as z from 'zod/mini';
import type { Explained } from '../calculators/explanation.js';
import type { ValidationProblem } from '../validation.js';

// The opt-in `?explain=true` of the calculator endpoints (E6, E8 to E13): the contract's body plus
// `explanations`, one per result element, as the library's explain* functions give them
// (docs/api.md, "Explanations").

/** The query parameter that asks for explanations. */
export const EXPLAIN_PARAMETER = 'explain';

const badExplain: ValidationProblem = {
  path: EXPLAIN_PARAMETER,
  reason: 'explain must be true or false, given at most once.',
};

/**
 * Reads `explain` from a raw query string (without `?`): false when absent, true or false when
 * given once as `true` or `false`, else the problem to answer 400 with. Other parameters are ignored.
 */
export function explainRequested(query: string): boolean | ValidationProblem {
  if (query === '') return false;
  const values = new URLSearchParams(query).getAll(EXPLAIN_PARAMETER);
  if (values.length === 0) return false;
  if (values.length > 1) return badExplain;
  if (values[0] === 'true') return true;
  if (values[0] === 'false') return false;
  return badExplain;
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
    basis: z.object({
      gases: z.enum(['CO2', 'CO2e']),
      scope: z.enum(['tank-to-wheel', 'well-to-wheel', 'tank-to-wake', 'well-to-wake']),
    }),
    quantities: z
      .record(z.string(), z.union([z.number(), z.string()]))
      .check(z.describe('Distances, weights, seats, fuel and the like, with their units in the key names.')),
    factors: z.array(factorSchema),
    assumptions: z
      .array(z.string())
      .check(z.describe('Each default filled in and each assumption or fallback applied, as a sentence.')),
    unrounded: z.number().check(z.describe("The element's result before rounding, in the unit of the response.")),
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

/** The query parameter as the OpenAPI document shows it. */
export const explainQueryParameter = {
  name: EXPLAIN_PARAMETER,
  description:
    '`true` adds `explanations` to the answer: for each result element, the quantities, factors (with sources) and assumptions used. Default `false`: the body is exactly the contract\'s. Any other value is a 400.',
  schema: z.enum(['true', 'false']),
} as const;
