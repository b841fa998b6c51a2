import {
  DESNZ_DISTANCE_UPLIFT,
  DESNZ_RADIATIVE_FORCING,
  desnzDirectFactor,
  desnzWellToTankFactor,
} from '../../data/flight/desnz-factors.js';
import { DESNZ_LONG_HAUL_FROM } from '../../data/flight/factors.js';
import type { FactorUse } from '../../data/factor.js';
import type { Flight } from '../../schemas/flight.js';
import type { DesnzResult } from './desnz.js';
import { percent, type MethodExplanation } from './explain-common.js';
import type { FlightOptions } from './options.js';

/** The DESNZ method's part of a flight's explanation: the haul, the class and the factors used. */
export function explainDesnzMethod(flight: Flight, options: FlightOptions, desnz: DesnzResult): MethodExplanation {
  const rf = options.desnzRadiativeForcing ?? false;
  const { row } = desnz.choice;
  const factors: FactorUse[] = [desnzDirectFactor(row, false), desnzWellToTankFactor(row)];
  if (rf) factors.push(desnzDirectFactor(row, true), DESNZ_RADIATIVE_FORCING);
  if (row.haul === 'short-haul' || row.haul === 'long-haul') factors.push(DESNZ_LONG_HAUL_FROM);
  const assumptions = [
    `DESNZ method: the factor applies to the great-circle distance (DESNZ's ${percent(DESNZ_DISTANCE_UPLIFT.value - 1)} % uplift is inside the factor); the aircraft ${JSON.stringify(flight.aircraft_model)} is not used.`,
    'Tank-to-wake from the "without RF" factor, well-to-tank from the "WTT- business travel- air" factor.',
    rf
      ? `Radiative forcing is estimated apart, never inside the CO2e figure: DESNZ's "with RF" factor less its "without RF" one (x${DESNZ_RADIATIVE_FORCING.value} on the CO2 part, non_co2_estimate_t).`
      : 'Radiative forcing not estimated (DESNZ "without RF" factors).',
  ];
  if (desnz.choice.cabinUsed !== flight.flight_class) {
    assumptions.push(
      `DESNZ has no ${flight.flight_class} factor for ${row.haul} flights; its average-passenger factor is used, as DESNZ advises when the class is unknown.`,
    );
  }
  if ((options.nonCo2Multiplier ?? 1) !== 1) {
    assumptions.push('The nonCo2Multiplier option applies to the fuel method only and was not used.');
  }
  return { quantities: { desnz_haul: row.haul, desnz_class: row.cabin }, factors, assumptions };
}
