// The limits of order amounts and identifiers, apart from the schemas that enforce them, so that
// the order machine reads them without importing zod.

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
