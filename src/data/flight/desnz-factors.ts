import type { FactorUse } from '../factor.js';
import type { DesnzFactorRow } from './desnz-2025.js';

// The citations of the DESNZ method, built from a row of the generated DESNZ table, and the two
// effects DESNZ folds into its factors, which the explanation names.

const DESNZ_2025 = 'UK DESNZ GHG conversion factors 2025';

/** DESNZ's uplift of the great-circle distance for indirect routes, already inside every factor. */
export const DESNZ_DISTANCE_UPLIFT: FactorUse = {
  name: 'DESNZ distance uplift (inside its factors)',
  value: 1.08,
  unit: 'flown km / great-circle km',
  source: 'UK DESNZ GHG conversion factors, full set 2024, FAQ: every air factor includes an 8 % distance uplift',
  tag: 'verified',
};

/** DESNZ's multiplier on the CO2 part for radiative forcing, already inside its "with RF" factors. */
export const DESNZ_RADIATIVE_FORCING: FactorUse = {
  name: 'DESNZ radiative-forcing multiplier on the CO2 part (inside its "with RF" factors)',
  value: 1.7,
  unit: 'factor',
  source: 'UK DESNZ GHG conversion factors, full set 2024: indirect effects raise the CO2 factor by 70 %',
  tag: 'verified',
};

function rowCitation(table: string, row: DesnzFactorRow): string {
  return `${DESNZ_2025}, ${table}, ${row.haul} ${row.cabin} (${row.factorId}), OGL v3`;
}

/** The direct ("Business travel- air") factor of a row, with or without radiative forcing. */
export function desnzDirectFactor(row: DesnzFactorRow, radiativeForcing: boolean): FactorUse {
  return {
    name: `DESNZ 2025 ${row.haul} ${row.cabin} ${radiativeForcing ? 'with RF' : 'without RF'}`,
    value: radiativeForcing ? row.withRf : row.withoutRf,
    unit: 'kg CO2e/passenger-km',
    source: rowCitation('Business travel- air', row),
    tag: 'transcribed',
  };
}

/** The well-to-tank ("WTT- business travel- air") factor of a row. */
export function desnzWellToTankFactor(row: DesnzFactorRow): FactorUse {
  return {
    name: `DESNZ 2025 well-to-tank ${row.haul} ${row.cabin}`,
    value: row.wellToTank,
    unit: 'kg CO2e/passenger-km',
    source: rowCitation('WTT- business travel- air', row),
    tag: 'transcribed',
  };
}
