/** `fuel`: TIM 3.0 on the EEA 2023 fuel table (the default). `desnz-2025`: UK DESNZ 2025 factors. */
export type FlightMethod = 'fuel' | 'desnz-2025';

/** How flights are calculated. Every field is optional; the defaults are truecost's method. */
export interface FlightOptions {
  /** Default `fuel`. */
  readonly method?: FlightMethod;
  /**
   * Fuel method: multiplier on the tank-to-wake (CO2) part for non-CO2 effects, such as DESNZ's 1.7.
   * Default 1 (non-CO2 effects left out). Not used by `desnz-2025`, which has its own RF switch.
   */
  readonly nonCo2Multiplier?: number;
  /** DESNZ method: use the "with RF" factors. Default false. */
  readonly desnzRadiativeForcing?: boolean;
  /** DESNZ method: add the well-to-tank factor, as truecost is well-to-wake. Default true. */
  readonly desnzWellToTank?: boolean;
}

/**
 * Refuses options out of range (a programming error, not bad input).
 *
 * @internal
 */
export function checkFlightOptions(options: FlightOptions): void {
  const multiplier = options.nonCo2Multiplier;
  if (multiplier !== undefined && !(Number.isFinite(multiplier) && multiplier >= 0)) {
    throw new RangeError('nonCo2Multiplier must be a finite number of at least 0.');
  }
}
