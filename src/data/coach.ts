import type { FactorUse } from './factor.js';

// The reference coach of E9: one vehicle whose fuel use and seat count are published together, so
// that its CO2 per seat-km follows from the vehicle itself. A bus of any size is then this
// intensity times its seats (in seat equivalents). See docs/methodology.md, "Bus seats (E9)".

const EXPRESS_COACH =
  'Coachways UK, "Two litres of fuel" (11 December 2010): a modern 49-seat express coach, full, takes each passenger 180 miles (289.7 km) on 2 litres of diesel';

/** Seats of the reference coach. */
export const coachSeats: FactorUse = {
  name: 'Seats of the reference express coach',
  value: 49,
  unit: 'seats',
  source: EXPRESS_COACH,
  tag: 'transcribed',
};

/**
 * Fuel economy of the reference coach: 180 miles (289.68 km) on 49 x 2 litres, so 2.9559 km/l
 * (33.8 l/100 km, beside the 30 l/100 km of German long-distance buses in TREMOD 2001).
 */
export const coachFuelEconomy: FactorUse = {
  name: 'Fuel economy of the reference express coach',
  value: 2.9559,
  unit: 'km/l',
  source: `${EXPRESS_COACH}: 289.68 km / (49 x 2 l)`,
  tag: 'derived',
};

/** Published per-passenger-km intensities of buses and coaches that bound E9's default result. */
export const coachIntensityRange = {
  low: {
    name: 'Intracity bus, India, per passenger-km',
    value: 0.015161,
    unit: 'kg CO2/passenger-km',
    source: 'India GHG Program, India Specific Road Transport Emission Factors v1.0 (2015), section 5.4.1 buses',
    tag: 'verified',
  },
  high: {
    name: 'Coach, UK, per passenger-km',
    value: 0.02776,
    unit: 'kg CO2e/passenger-km',
    source: 'UK DESNZ GHG conversion factors 2025, Business travel- land, Bus: Coach (OGL v3)',
    tag: 'verified',
  },
} as const satisfies Record<string, FactorUse>;
