import type { FactorUse } from './factor.js';
import { desnz } from './well-to-tank.js';

// DESNZ 2025 passenger factors of the modes a trip adds (rail, ferry, coach, taxi), per
// passenger-km (a taxi per vehicle-km): the "direct" row (column "GHG Conversion Factor 2025",
// kg CO2e, IPCC AR5) and the well-to-tank row of the same item. Flat-file row ids as published;
// the 2024 values are the same. See docs/methodology.md, "Trips".

const LAND = 'Business travel- land';
const WTT_LAND = 'WTT- pass vehs & travel- land';
const SEA = 'Business travel- sea';
const WTT_SEA = 'WTT- business travel- sea';
const PKM = 'kg CO2e/passenger-km';

/** A DESNZ direct row and the well-to-tank row of the same item. */
export interface DesnzPassengerRow {
  readonly direct: FactorUse;
  readonly wellToTank: FactorUse;
}

/* @__NO_SIDE_EFFECTS__ */
function row(name: string, direct: number, wtt: number, unit: string, table: string, wttTable: string, ids: [string, string]): DesnzPassengerRow {
  return {
    direct: desnz(name, direct, unit, `${table}, ${name} (${ids[0]})`),
    wellToTank: desnz(`${name}, well-to-tank`, wtt, unit, `${wttTable}, ${name} (${ids[1]})`),
  };
}

/** Passenger rail by DESNZ row. */
export const desnzRail = {
  national: row('Rail, national rail', 0.03546, 0.00897, PKM, LAND, WTT_LAND, ['25_315_3147_11_1', '26_911_3147_11_1']),
  international: row('Rail, international rail', 0.00446, 0.00117, PKM, LAND, WTT_LAND, ['25_315_3148_11_1', '26_911_3148_11_1']),
  lightRail: row('Rail, light rail and tram', 0.0286, 0.00749, PKM, LAND, WTT_LAND, ['25_315_3149_11_1', '26_911_3149_11_1']),
} as const satisfies Record<string, DesnzPassengerRow>;

/** Passenger ferry by DESNZ row. */
export const desnzFerry = {
  foot_passenger: row('Ferry, foot passenger', 0.01871, 0.00424, PKM, SEA, WTT_SEA, ['23_318_3188_11_1', '24_914_3188_11_1']),
  car_passenger: row('Ferry, car passenger', 0.12933, 0.02932, PKM, SEA, WTT_SEA, ['23_318_3189_11_1', '24_914_3189_11_1']),
  average: row('Ferry, average (all passenger)', 0.1127, 0.02555, PKM, SEA, WTT_SEA, ['23_318_3190_11_1', '24_914_3190_11_1']),
} as const satisfies Record<string, DesnzPassengerRow>;

/** A scheduled coach, per passenger-km. */
export const desnzCoach: DesnzPassengerRow = /* @__PURE__ */ row('Bus, coach', 0.02776, 0.00656, PKM, LAND, WTT_LAND, [
  '25_314_3146_11_1',
  '26_910_3146_11_1',
]);

/** A regular taxi, per vehicle-km (the whole cab). */
export const desnzTaxi: DesnzPassengerRow = /* @__PURE__ */ row('Taxis, regular taxi', 0.20806, 0.05176, 'kg CO2e/vehicle-km', LAND, 'WTT- taxis', [
  '25_313_3141_4_1',
  '26_909_3141_4_1',
]);
