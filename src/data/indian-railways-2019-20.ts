import type { FactorUse } from './factor.js';

// Indian Railways' own published figures for 2019-20: the traction energy of running trains and the
// traffic they carried. Inputs of the Indian rail intensity (src/calculators/trip/indian-rail.ts),
// not factors themselves. See docs/methodology.md, "Indian rail".

const ENERGY =
  'Ministry of Railways, written reply in the Rajya Sabha "as per annual statistical statements for the year 2019-20", reported by millenniumpost.in (11 December 2021)';
const YEAR_BOOK = 'Indian Railways Year Book 2019-20, Key Statistics';

/** Diesel used for traction (running trains), 2019-20. */
export const indianRailwaysTractionDiesel: FactorUse = {
  name: 'Indian Railways traction diesel, 2019-20',
  value: 2_370.55e6,
  unit: 'l',
  source: `${ENERGY}: 2,370.55 million litres`,
  tag: 'transcribed',
};

/** Electricity used for traction (running trains), 2019-20. */
export const indianRailwaysTractionElectricity: FactorUse = {
  name: 'Indian Railways traction electricity, 2019-20',
  value: 13_854.73e6,
  unit: 'kWh',
  source: `${ENERGY}: 13,854.73 million kWh`,
  tag: 'transcribed',
};

/** Passenger-km, 2019-20. */
export const indianRailwaysPassengerKm: FactorUse = {
  name: 'Indian Railways passenger-km, 2019-20',
  value: 1_050_738e6,
  unit: 'passenger-km',
  source: `${YEAR_BOOK}: 10,50,738 million passenger-km`,
  tag: 'transcribed',
};

/** Net tonne-km of freight, revenue and non-revenue, 2019-20. */
export const indianRailwaysNetTonneKm: FactorUse = {
  name: 'Indian Railways net tonne-km, 2019-20',
  value: 708_034e6,
  unit: 'tonne-km',
  source: `${YEAR_BOOK}: 7,08,034 million net tonne-km, including non-revenue`,
  tag: 'transcribed',
};
