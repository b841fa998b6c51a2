import type { EmissionBasis, FactorUse } from '../data/factor.js';
import type { WithMethodologyVersion } from './methodology.js';

export type { EmissionBasis, FactorUse, SourceTag } from '../data/factor.js';

/** The explanation of one element of a request (a flight, a car, a leg, a seat type). */
export interface ItemExplanation {
  /** The element's position in the request, or its key (flight_id, seat_type, commute_method). */
  readonly item: string;
  readonly basis: EmissionBasis;
  /** Quantities used: distance, weight, seats, fuel, with their units in the key names. */
  readonly quantities: Readonly<Record<string, number | string>>;
  readonly factors: readonly FactorUse[];
  /** Each default filled in and each assumption or fallback applied, as a sentence. */
  readonly assumptions: readonly string[];
  /**
   * The element's result before rounding, in the unit of the response (tonnes or kg CO2e, as
   * docs/api.md gives each).
   */
  readonly unrounded: number;
  /** The version of the methodology data the element was computed with (METHODOLOGY_VERSION). */
  readonly methodology_version: string;
}

/** A calculator's answer together with how it was reached. */
export interface Explained<T> {
  /** Exactly the response body of the contract, with its non-enumerable `methodologyVersion`. */
  readonly result: WithMethodologyVersion<T>;
  readonly methodologyVersion: string;
  readonly items: readonly ItemExplanation[];
}
