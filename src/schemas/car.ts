import * as z from 'zod/mini';
import { CAR_BODY_TYPES } from '../data/car-segments.js';
import { identifierSchema, nonNegativeNumberSchema, positiveNumberSchema } from './common.js';
import { uniqueBy } from './road-common.js';

/** Most cars one E8 request may carry (contract, Limits). */
export const MAX_CARS_PER_REQUEST = 10;

/** Fuel types of E8. Mileage is km/l for petrol and diesel, km/kg for cng and petrol_cng, km/kWh for electric. */
export const CAR_FUEL_TYPES = ['petrol', 'diesel', 'cng', 'petrol_cng', 'electric'] as const;

/** Registration years the API accepts. */
export const REGISTRATION_YEAR_RANGE = { min: 1900, max: 2100 } as const;

/** One car of an E8 request. `distance_travelled` in km; `mileage` per {@link CAR_FUEL_TYPES}. */
export const carSchema = /* @__PURE__ */ z.object({
  car_id: identifierSchema,
  body_type: z.enum(CAR_BODY_TYPES),
  fuel_type: z.enum(CAR_FUEL_TYPES),
  registration_year: z.number().check(z.int(), z.gte(REGISTRATION_YEAR_RANGE.min), z.lte(REGISTRATION_YEAR_RANGE.max)),
  mileage: nonNegativeNumberSchema,
  distance_travelled: positiveNumberSchema,
});

/**
 * The body of E8 `POST /v3/cars`: 1 to 10 cars with unique `car_id`.
 *
 * @example
 * ```ts
 * validate(carRequestSchema, { queries: { cars: [{ car_id: 'c1', body_type: 'sedan', fuel_type: 'petrol',
 *   registration_year: 2020, mileage: 15, distance_travelled: 12000 }] } });
 * ```
 * @remarks Since 0.1.0
 */
export const carRequestSchema = /* @__PURE__ */ z.object({
  queries: z.object({
    cars: z.array(carSchema).check(z.minLength(1), z.maxLength(MAX_CARS_PER_REQUEST), uniqueBy('car_id')),
  }),
});

/** The success body of E8: tonnes CO2e and tree seedlings per car, in request order. */
export const carResponseSchema = /* @__PURE__ */ z.object({
  message: z.string(),
  truecost: z.array(z.object({ car_id: z.string(), truecost: z.number(), trees_planted: z.number() })),
});

/** One parsed car. */
export type Car = z.output<typeof carSchema>;
/** A parsed E8 request. */
export type CarRequest = z.output<typeof carRequestSchema>;
/** An E8 request as sent. */
export type CarRequestInput = z.input<typeof carRequestSchema>;
/** The E8 success body. */
export type CarResponse = z.output<typeof carResponseSchema>;
