// The shape every factor of src/data/ takes. It lives here, at the bottom layer, so that the data
// imports nothing: schemas and calculators import the data, never the other way round.

/** How sure truecost is of a value: the status tags of docs/methodology.md. */
export type SourceTag = 'verified' | 'transcribed' | 'derived' | 'assumed';

/** One factor a calculation used: its value, unit and where it comes from. */
export interface FactorUse {
  /** What the factor is, in the domain's words, e.g. `HDV diesel emission factor`. */
  readonly name: string;
  /** The factor's value, in `unit`. */
  readonly value: number;
  /** Unit of `value`, e.g. `kg CO2/km`, `kg CO2e/kg fuel`. */
  readonly unit: string;
  /** The citation: publication, table or row, edition. */
  readonly source: string;
  readonly tag: SourceTag;
}

/**
 * What a result measures and its two parts: CO2e (CO2, CH4 and N2O at the stated GWP set), the
 * life-cycle stages counted (`scope`), and the tank-to-wheel (tank-to-wake for flights) and
 * well-to-tank parts in the item's unit. The parts sum to the item's unrounded result; under
 * `tank-to-wheel` or `tank-to-wake` the well-to-tank part is 0, as it is not counted. A hotel stay
 * of a trip is not transport: its scope is `hotel-stay` (the hotel factor's own boundary) and both
 * transport parts are 0.
 */
export interface EmissionBasis {
  readonly gases: 'CO2e';
  readonly scope: 'tank-to-wheel' | 'well-to-wheel' | 'tank-to-wake' | 'well-to-wake' | 'hotel-stay';
  /** The global warming potentials CH4 and N2O are weighted with, e.g. `IPCC AR5 GWP100`. */
  readonly gwp: string;
  /** The tank-to-wheel part, in the element's unit (the response's tonnes or kg CO2e). */
  readonly tank_to_wheel: number;
  /**
   * The well-to-tank part, in the element's unit (the response's tonnes or kg CO2e); 0 on the
   * tank-to-wheel basis.
   */
  readonly well_to_tank: number;
}
