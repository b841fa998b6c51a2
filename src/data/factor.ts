// The shape every factor of src/data/ takes. It lives here, at the bottom layer, so that the data
// imports nothing: schemas and calculators import the data, never the other way round.

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
