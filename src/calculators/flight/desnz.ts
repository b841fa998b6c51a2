import { DESNZ_2025_ROWS, type DesnzCabin, type DesnzFactorRow, type DesnzHaul } from '../../data/flight/desnz-2025.js';
import { DESNZ_LONG_HAUL_FROM, type SeatCabin } from '../../data/flight/factors.js';
import type { AirportLocation } from '../../data/flight/airport-locations.js';

const rows = new Map<string, DesnzFactorRow>();
for (const row of DESNZ_2025_ROWS) rows.set(`${row.haul}|${row.cabin}`, row);

/**
 * The DESNZ haul of a flight: domestic when both airports are in the UK, short-haul or long-haul
 * to/from the UK by great-circle distance (long-haul from 3700 km), international otherwise.
 */
export function desnzHaul(from: AirportLocation, to: AirportLocation, greatCircleKm: number): DesnzHaul {
  const fromUk = from.inUnitedKingdom;
  const toUk = to.inUnitedKingdom;
  if (fromUk && toUk) return 'domestic';
  if (fromUk || toUk) return greatCircleKm < DESNZ_LONG_HAUL_FROM.value ? 'short-haul' : 'long-haul';
  return 'international';
}

/** The DESNZ factors used for a haul and cabin: the cabin's own, else the average passenger's. */
export interface DesnzFactorChoice {
  readonly row: DesnzFactorRow;
  /** The DESNZ class whose factor is used. */
  readonly cabinUsed: DesnzCabin;
}

/** Chooses the DESNZ row for a haul and cabin; DESNZ has no class rows for domestic, nor W or F for short-haul. */
export function desnzFactor(haul: DesnzHaul, cabin: SeatCabin): DesnzFactorChoice {
  const own = rows.get(`${haul}|${cabin}`);
  if (own !== undefined) return { row: own, cabinUsed: cabin };
  const average = rows.get(`${haul}|AVERAGE`);
  if (average === undefined) throw new Error(`DESNZ data has no average factor for ${haul}.`);
  return { row: average, cabinUsed: 'AVERAGE' };
}

/** The DESNZ method's numbers for one passenger of one flight. */
export interface DesnzResult {
  readonly haul: DesnzHaul;
  readonly choice: DesnzFactorChoice;
  /** Tank-to-wake CO2e per passenger: the "without RF" factor times great-circle km, kg. */
  readonly tankToWakeKg: number;
  /** Well-to-tank CO2e per passenger: the "WTT- business travel- air" factor times great-circle km, kg. */
  readonly wellToTankKg: number;
  /** DESNZ's radiative-forcing uplift per passenger ("with RF" less "without RF"), kg; 0 unless asked for. */
  readonly nonCo2Kg: number;
}

/**
 * Applies the DESNZ 2025 factors to the great-circle distance: tank-to-wake from the "without RF"
 * factor, well-to-tank from its WTT row, and, when `radiativeForcing`, the RF uplift apart.
 */
export function desnzPerPassenger(
  from: AirportLocation,
  to: AirportLocation,
  greatCircleKm: number,
  cabin: SeatCabin,
  radiativeForcing: boolean,
): DesnzResult {
  const haul = desnzHaul(from, to, greatCircleKm);
  const choice = desnzFactor(haul, cabin);
  const { row } = choice;
  return {
    haul,
    choice,
    tankToWakeKg: row.withoutRf * greatCircleKm,
    wellToTankKg: row.wellToTank * greatCircleKm,
    nonCo2Kg: radiativeForcing ? (row.withRf - row.withoutRf) * greatCircleKm : 0,
  };
}
