// The limits of order amounts and identifiers, apart from the schemas that enforce them, so that
// the order machine reads them without importing zod.

/** The largest amount of climes one value may carry (docs/api.md, Orders). */
export const MAX_CLIMES = 1e9;
/** Climes are exact to this many decimal places (docs/api.md, Orders). */
export const CLIMES_DECIMALS = 6;
/**
 * The earliest `unlock_date` accepted: 2000-01-01T00:00:00Z in milliseconds since the epoch. An
 * earlier one is almost surely seconds (1767225600 is 2026-01-01 in seconds, but 21 January 1970 in
 * milliseconds), so it is refused rather than taken as a date in 1970 (docs/api.md, Orders).
 */
export const EARLIEST_UNLOCK_DATE_MS = 946_684_800_000;
/** Why an `unlock_date` before {@link EARLIEST_UNLOCK_DATE_MS} is refused. */
export const UNLOCK_DATE_IN_SECONDS =
  'Looks like seconds since the epoch: unlock_date takes milliseconds since the epoch (1767225600000 for 2026-01-01), and none before the year 2000.';

/** Longest identifier the API accepts: partner_order_id, customer_name, cart_id, project_id. */
export const MAX_IDENTIFIER_LENGTH = 255;

const MICRO = 10 ** CLIMES_DECIMALS;

/** True when `value` has at most {@link CLIMES_DECIMALS} decimal places. */
export function hasAtMostSixDecimals(value: number): boolean {
  return Math.round(value * MICRO) / MICRO === value;
}

/**
 * Why the API refuses `climes` as an amount, in the words of its 400 (`climesSchema`), or undefined
 * for an amount it takes: above 0, at most {@link MAX_CLIMES}, at most 6 decimals.
 */
export function climesProblem(climes: unknown): string | undefined {
  if (typeof climes !== 'number' || !Number.isFinite(climes)) {
    return `Expected number, received ${typeof climes === 'number' ? String(climes) : climes === null ? 'null' : typeof climes}.`;
  }
  if (!(climes > 0)) return 'Must be greater than 0.';
  if (climes > MAX_CLIMES) return `Must be at most ${MAX_CLIMES}.`;
  if (!hasAtMostSixDecimals(climes)) return 'Must have at most 6 decimal places.';
  return undefined;
}
