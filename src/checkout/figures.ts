// The figures a checkout card shows, from a truecost answer in tonnes of CO₂e and the merchant's own
// rates. No rate is built in: how many climes a tonne takes and what a clime costs are the merchant's.

/** The merchant's rates. */
export interface CardRates {
  /** Climes that neutralise one tonne of CO₂e. */
  readonly climesPerTonne: number;
  /** The price of one clime in minor units of the currency (cents for EUR); omit for the `vote` variant. */
  readonly minorPerClime?: number;
}

/** What `<truecost-opt-in>` and `<truecost-success>` show, and what E1 and E5 take. */
export interface CardFigures {
  /** The CO₂e in kilograms, to the gram. */
  readonly kg: number;
  /** Climes, rounded up to the millionth the API accepts (never 0 for a footprint above 0). */
  readonly climes: number;
  /** The price in minor units, rounded up to a whole unit (only with `minorPerClime`). */
  readonly amountMinor?: number;
}

/**
 * The card's figures for a footprint in tonnes of CO₂e: a calculator's `truecost`, a number or the
 * decimal text that E6 and E7 answer.
 *
 * @example
 * ```ts
 * cardFigures('0.115961', { climesPerTonne: 1, minorPerClime: 1200 });
 * // { kg: 115.961, climes: 0.115961, amountMinor: 140 }
 * ```
 * @remarks Since 0.3.0
 */
export function cardFigures(tonnes: number | string, rates: CardRates): CardFigures {
  const value = typeof tonnes === 'string' ? Number(tonnes) : tonnes;
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`The footprint must be a number of tonnes above 0, not ${JSON.stringify(tonnes)}.`);
  if (!Number.isFinite(rates.climesPerTonne) || rates.climesPerTonne <= 0) throw new RangeError('climesPerTonne must be a number above 0.');
  const climes = ceilWhole(value * rates.climesPerTonne * 1e6) / 1e6;
  const kg = Math.round(value * 1e6) / 1e3;
  if (rates.minorPerClime === undefined) return { kg, climes };
  if (!Number.isFinite(rates.minorPerClime) || rates.minorPerClime < 0) throw new RangeError('minorPerClime must be a number, 0 or above.');
  return { kg, climes, amountMinor: ceilWhole(climes * rates.minorPerClime) };
}

/**
 * The next whole number up, except that a product within float noise of a whole number is that
 * number (0.1 * 3 * 1e6 is 300000.00000000006 millionths, which are 0.3 climes, not 0.300001).
 */
function ceilWhole(product: number): number {
  const nearest = Math.round(product);
  return Math.abs(product - nearest) <= Math.abs(product) * 1e-12 ? nearest : Math.ceil(product);
}
