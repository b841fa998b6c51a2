import { basisOption, type CalculatorOptions, type EnergyBasis } from '../basis.js';

/** `fuel`: TIM 3.0 on the EEA 2023 fuel table (the default). `desnz-2025`: UK DESNZ 2025 factors. */
export type FlightMethod = 'fuel' | 'desnz-2025';

/**
 * How flights are calculated. Every field is optional; the defaults are truecost's method. `basis`
 * `wtw` (default) answers well-to-wake CO2e, `ttw` tank-to-wake.
 */
export interface FlightOptions extends CalculatorOptions {
  /** Default `fuel`. */
  readonly method?: FlightMethod;
  /**
   * Fuel method: an estimate of non-CO2 effects (contrails, NOx) as this multiplier on the
   * tank-to-wake part, such as DESNZ's 1.7. It never changes the CO2e figure: the explanation
   * reports the estimate beside it (`non_co2_estimate_t`). Default 1 (no estimate). Not used by
   * `desnz-2025`.
   */
  readonly nonCo2Multiplier?: number;
  /**
   * DESNZ method: report DESNZ's radiative-forcing uplift (its "with RF" factor less the "without
   * RF" one) in the explanation, beside the CO2e figure, never inside it. Default false.
   */
  readonly desnzRadiativeForcing?: boolean;
  /**
   * DESNZ method: `false` leaves the well-to-tank factor out, as `basis: 'ttw'` does.
   *
   * @deprecated Use `basis: 'ttw'`.
   */
  readonly desnzWellToTank?: boolean;
}

/**
 * The basis of flight options: `basis` when given, else `ttw` for the DESNZ method with
 * `desnzWellToTank: false`, else `wtw`.
 *
 * @internal
 */
export function flightBasis(options: FlightOptions): EnergyBasis {
  if (options.basis === undefined && options.method === 'desnz-2025' && options.desnzWellToTank === false) return 'ttw';
  return basisOption(options);
}

/**
 * Refuses options out of range (a programming error, not bad input); returns their basis.
 *
 * @internal
 */
export function checkFlightOptions(options: FlightOptions): EnergyBasis {
  const multiplier = options.nonCo2Multiplier;
  if (multiplier !== undefined && !(Number.isFinite(multiplier) && multiplier >= 0)) {
    throw new RangeError('nonCo2Multiplier must be a finite number of at least 0.');
  }
  return flightBasis(options);
}
