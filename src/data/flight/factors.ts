import type { FactorUse } from '../factor.js';
import { FUEL_TABLE_VERSION } from './aircraft-performance.js';

// The constants of the flight method, each with its citation. docs/methodology.md, "Flights (E6, E7)",
// lists the same values; a test checks that the worked examples there follow from them.

const TIM = 'Google Travel Impact Model 3.0.0, README (CC BY 4.0)';

/** Mean Earth radius for the haversine great-circle distance. */
export const EARTH_RADIUS: FactorUse = {
  name: 'Mean Earth radius (IUGG)',
  value: 6371.0088,
  unit: 'km',
  source: 'IUGG mean radius R1 (Moritz, Geodetic Reference System 1980)',
  tag: 'verified',
};

/** Kilometres in one nautical mile (the EEA table is in NM). */
export const KM_PER_NAUTICAL_MILE: FactorUse = {
  name: 'Kilometres per nautical mile',
  value: 1.852,
  unit: 'km/NM',
  source: 'International nautical mile (definition)',
  tag: 'verified',
};

/** Flown distance over great-circle distance when no route factor is known. */
export const DISTANCE_FACTOR: FactorUse = {
  name: 'Flown-distance factor (default)',
  value: 1.052,
  unit: 'flown km / great-circle km',
  source: `${TIM}, "Distance adjustment", global default`,
  tag: 'verified',
};

/** Distance flown in the LTO cycle, subtracted before the CCD look-up. */
export const LTO_DISTANCE: FactorUse = {
  name: 'Distance of the LTO cycle',
  value: 17,
  unit: 'NM',
  source: `${TIM}, "Fuel burn"`,
  tag: 'verified',
};

/** Tank-to-wake emissions of burning jet fuel. */
export const TANK_TO_WAKE: FactorUse = {
  name: 'Jet fuel tank-to-wake CO2e (74 g CO2e/MJ x 43.1 MJ/kg)',
  value: 3.1894,
  unit: 'kg CO2e/kg fuel',
  source: `${TIM}, "Emission factors"`,
  tag: 'verified',
};

/** Well-to-tank emissions of producing and delivering jet fuel. */
export const WELL_TO_TANK: FactorUse = {
  name: 'Jet fuel well-to-tank CO2e (15 g CO2e/MJ x 43.1 MJ/kg)',
  value: 0.6465,
  unit: 'kg CO2e/kg fuel',
  source: `${TIM}, "Emission factors"`,
  tag: 'verified',
};

/** Share of seats occupied when no carrier or route data is known. */
export const LOAD_FACTOR: FactorUse = {
  name: 'Passenger load factor (default)',
  value: 0.845,
  unit: 'occupied seats / seats',
  source: `${TIM}, "Load factor", global default (US 2019)`,
  tag: 'verified',
};

/** Reduction of LTO and CCD fuel for winglet and sharklet variants. */
export const WINGLET_FUEL_FACTOR: FactorUse = {
  name: 'Fuel of a winglet variant relative to its base type',
  value: 0.97,
  unit: 'fraction',
  source: `${TIM}, "Aircraft types not in the EEA data" (-3 % on LTO and CCD)`,
  tag: 'verified',
};

/** Fuel of one landing and take-off cycle of an ICAO type, from the EEA fuel table. */
export function ltoFuelFactor(icao: string, kilograms: number): FactorUse {
  return {
    name: `LTO fuel of ${icao}`,
    value: kilograms,
    unit: 'kg',
    source: `EMEP/EEA air pollutant emission inventory guidebook 2023, 1.A.3.a Aviation, Annex 1 Master emissions calculator ${FUEL_TABLE_VERSION} (EUROCONTROL data)`,
    tag: 'transcribed',
  };
}

/** The multiplier on the tank-to-wake part for non-CO2 effects: 1 (left out) unless the caller sets one. */
export function nonCo2MultiplierFactor(multiplier: number): FactorUse {
  const byDefault = multiplier === 1;
  return {
    name: 'Non-CO2 multiplier on the tank-to-wake part',
    value: multiplier,
    unit: 'factor',
    source: byDefault ? 'truecost default: non-CO2 effects left out (as TIM and ICAO)' : 'caller option nonCo2Multiplier',
    tag: byDefault ? 'verified' : 'assumed',
  };
}

/** The four cabins of a seat map (and of the E6 `flight_class` field). */
export type SeatCabin = 'FIRST' | 'BUSINESS' | 'PREMIUM_ECONOMY' | 'ECONOMY';

const AREA_SOURCE = `${TIM}, "Seat area ratios" (IATA RP 1726)`;

/** Seat-area factor per cabin, relative to economy, for narrow-bodies and wide-bodies. */
export const SEAT_AREA_FACTORS: Readonly<Record<'narrow' | 'wide', Readonly<Record<SeatCabin, FactorUse>>>> = {
  narrow: {
    ECONOMY: { name: 'Seat-area factor, narrow-body economy', value: 1, unit: 'economy seats', source: AREA_SOURCE, tag: 'verified' },
    PREMIUM_ECONOMY: { name: 'Seat-area factor, narrow-body premium economy', value: 1, unit: 'economy seats', source: AREA_SOURCE, tag: 'verified' },
    BUSINESS: { name: 'Seat-area factor, narrow-body business', value: 1.5, unit: 'economy seats', source: AREA_SOURCE, tag: 'verified' },
    FIRST: { name: 'Seat-area factor, narrow-body first', value: 1.5, unit: 'economy seats', source: AREA_SOURCE, tag: 'verified' },
  },
  wide: {
    ECONOMY: { name: 'Seat-area factor, wide-body economy', value: 1, unit: 'economy seats', source: AREA_SOURCE, tag: 'verified' },
    PREMIUM_ECONOMY: { name: 'Seat-area factor, wide-body premium economy', value: 1.5, unit: 'economy seats', source: AREA_SOURCE, tag: 'verified' },
    BUSINESS: { name: 'Seat-area factor, wide-body business', value: 4, unit: 'economy seats', source: AREA_SOURCE, tag: 'verified' },
    FIRST: { name: 'Seat-area factor, wide-body first', value: 5, unit: 'economy seats', source: AREA_SOURCE, tag: 'verified' },
  },
};

/** The generic aircraft: a narrow-body while the distance is within its range, else a wide-body. */
export const GENERIC_AIRCRAFT = {
  /** Airbus A320neo: the most delivered current narrow-body family; range 3 500 NM in the EEA table. */
  narrowBody: 'A20N',
  /** Boeing 787-9: the wide-body of TIM's worked example; range 8 000 NM in the EEA table. */
  wideBody: 'B789',
  source: 'truecost choice: a current-generation narrow-body and wide-body (see docs/methodology.md)',
  tag: 'assumed',
} as const;

/** The DESNZ boundary between short-haul and long-haul flights to or from the UK. */
export const DESNZ_LONG_HAUL_FROM: FactorUse = {
  name: 'DESNZ long-haul boundary (great-circle distance)',
  value: 3700,
  unit: 'km',
  source:
    'Earlier DEFRA guidance and its common implementations; the 2025 set defines haul by a country table (short-haul broadly Europe), which this approximates',
  tag: 'transcribed',
};

/** The ISO country whose airports make a flight "to/from UK" for DESNZ. */
export const DESNZ_UK_COUNTRY = 'GB';
