import { z } from 'zod';

/** The largest amount of climes one value may carry (docs/api.md, Orders). */
export const MAX_CLIMES = 1e9;
/** Climes are exact to this many decimal places (docs/api.md, Orders). */
export const CLIMES_DECIMALS = 6;
/** Longest identifier the API accepts: partner_order_id, customer_name, cart_id, project_id. */
export const MAX_IDENTIFIER_LENGTH = 255;

const MICRO = 10 ** CLIMES_DECIMALS;

/** True when `value` has at most {@link CLIMES_DECIMALS} decimal places. */
export function hasAtMostSixDecimals(value: number): boolean {
  return Math.round(value * MICRO) / MICRO === value;
}

/** A non-empty string of at most 255 characters (ids and names). */
export const identifierSchema = z.string().min(1).max(MAX_IDENTIFIER_LENGTH);

/** An amount of climes: finite, greater than 0, at most 1e9, at most 6 decimal places. */
export const climesSchema = z
  .number()
  .gt(0)
  .max(MAX_CLIMES)
  .refine(hasAtMostSixDecimals, { message: 'Must have at most 6 decimal places.' });

/** A finite number that is not negative. */
export const nonNegativeNumberSchema = z.number().min(0);

/** A finite number greater than 0 (distances, weights). */
export const positiveNumberSchema = z.number().gt(0);

/** An integer greater than 0 (ticket and seat counts). */
export const positiveIntegerSchema = z.number().int().gt(0);
