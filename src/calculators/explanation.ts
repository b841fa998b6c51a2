/** How sure truecost is of a value: the status tags of docs/methodology.md. */
export type SourceTag = 'verified' | 'transcribed' | 'derived' | 'assumed';

/** One factor a calculation used: its value, unit and where it comes from. */
export interface FactorUse {
  /** What the factor is, in the domain's words, e.g. `HDV diesel emission factor`. */
  readonly name: string;
  readonly value: number;
  /** Unit of `value`, e.g. `kg CO2/km`, `kg CO2e/kg fuel`. */
  readonly unit: string;
  /** The citation: publication, table or row, edition. */
  readonly source: string;
  readonly tag: SourceTag;
}

/** What a result measures: the gases counted and the life-cycle stages included. */
export interface EmissionBasis {
  readonly gases: 'CO2' | 'CO2e';
  readonly scope: 'tank-to-wheel' | 'well-to-wheel' | 'tank-to-wake' | 'well-to-wake';
}

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
  /** The element's result before rounding, in the unit of the response. */
  readonly unrounded: number;
}

/** A calculator's answer together with how it was reached. */
export interface Explained<T> {
  /** Exactly the response body of the contract. */
  readonly result: T;
  readonly methodologyVersion: string;
  readonly items: readonly ItemExplanation[];
}
