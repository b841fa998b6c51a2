import * as z from 'zod/mini';
import { roadAssumptions } from '../data/assumptions.js';
import { positiveNumberSchema } from './common.js';
import { MAX_LEGS_PER_REQUEST, type DefaultedFields } from './road-common.js';

/** Commute methods of E12. */
export const COMMUTE_METHODS = [
  'TRAIN',
  'AUTO',
  'INTRACITY_BUS',
  'CAB',
  'BIKE_COMMUTER',
  'BIKE_SPORTS',
  'BIKE_CRUISER',
  'CAR_HATCHBACK_ELECTRIC',
  'CAR_HATCHBACK_CNG',
  'CAR_HATCHBACK_DIESEL',
  'CAR_HATCHBACK_PETROL',
  'CAR_SEDAN_ELECTRIC',
  'CAR_SEDAN_CNG',
  'CAR_SEDAN_PETROL',
  'CAR_SEDAN_DIESEL',
  'CAR_SUV_ELECTRIC',
  'CAR_SUV_CNG',
  'CAR_SUV_PETROL',
  'CAR_SUV_DIESEL',
] as const;
/** One of {@link COMMUTE_METHODS}. */
export type CommuteMethod = (typeof COMMUTE_METHODS)[number];

/** A parsed E12 leg; `commute_distance` in km. */
export interface CommuteLeg {
  readonly commute_method: CommuteMethod;
  /** The leg's distance, in km. */
  readonly commute_distance: number;
  readonly defaulted?: DefaultedFields;
}

/** One leg of E12; `commute_distance` defaults to 10 km (truecost's stated assumption). */
export const commuteLegSchema = /* @__PURE__ */ z.pipe(
  z.object({ commute_method: z.enum(COMMUTE_METHODS), commute_distance: z.optional(positiveNumberSchema) }),
  z.transform((leg): CommuteLeg => {
    if (leg.commute_distance !== undefined) {
      return { commute_method: leg.commute_method, commute_distance: leg.commute_distance };
    }
    return {
      commute_method: leg.commute_method,
      commute_distance: roadAssumptions.defaultCommuteDistance.value,
      defaulted: ['commute_distance'],
    };
  }),
);

/**
 * The body of E12 `POST /v3/commute`: 1 to 100 legs.
 *
 * @example
 * ```ts
 * validate(commuteRequestSchema, { queries: { legs: [{ commute_method: 'AUTO', commute_distance: 8 }] } });
 * ```
 * @remarks Since 0.1.0
 */
export const commuteRequestSchema = /* @__PURE__ */ z.object({
  queries: z.object({ legs: z.array(commuteLegSchema).check(z.minLength(1), z.maxLength(MAX_LEGS_PER_REQUEST)) }),
});

/** The success body of E12, in tonnes CO2e, keyed by commute method. */
export const commuteResponseSchema = /* @__PURE__ */ z.object({
  message: z.string(),
  truecost: z.object({
    total_truecost: z.number(),
    legs_truecost: z.partialRecord(z.enum(COMMUTE_METHODS), z.number()),
  }),
});

/** A parsed E12 request. */
export type CommuteRequest = z.output<typeof commuteRequestSchema>;
/** An E12 request as sent. */
export type CommuteRequestInput = z.input<typeof commuteRequestSchema>;
/** The E12 success body. */
export type CommuteResponse = z.output<typeof commuteResponseSchema>;
