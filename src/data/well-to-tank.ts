import type { FactorUse } from './factor.js';

// The factors that turn the combustion figures of the road, rail, sea and air sources into
// well-to-wheel CO2e (ISO 14083, GLEC Framework v3): tank-to-wheel CO2e (CO2 plus CH4 and N2O) and
// the well-to-tank emissions of producing and delivering the energy. DESNZ 2025 rows are from the
// UK Government GHG Conversion Factors for Company Reporting 2025, flat file (OGL v3), IPCC AR5
// GWP100. See docs/methodology.md, "Basis".

const DESNZ_2025 = 'DESNZ, UK Government GHG Conversion Factors for Company Reporting 2025';

/** A DESNZ 2025 row: its value with the citation of the flat file's row. */

/* @__NO_SIDE_EFFECTS__ */
export function desnz(name: string, value: number, unit: string, locator: string): FactorUse {
  return { name, value, unit, source: `${DESNZ_2025}, ${locator}`, tag: 'verified' };
}

/** Tank-to-wheel and well-to-tank CO2e of one unit of a fuel (100 % mineral, no biofuel blend). */
export interface FuelFactors {
  readonly tankToWheel: FactorUse;
  readonly wellToTank: FactorUse;
}

const FUELS = 'Fuels, 100 % mineral';
const WTT_FUELS = 'WTT- fuels, 100 % mineral; a UK supply chain, used as a proxy for Indian fuels';

// DESNZ 2025 combustion (Fuels) and well-to-tank (WTT- fuels) factors per fuel: the ratio of the
// two is the well-to-tank share truecost adds to a fuel's tank-to-wheel CO2e. One export each.

/** Diesel per litre. */
export const dieselFuel: FuelFactors = {
  tankToWheel: desnz('Diesel, tank-to-wheel', 2.66155, 'kg CO2e/l', `${FUELS}, diesel (1_101_1012_8_1)`),
  wellToTank: desnz('Diesel, well-to-tank', 0.62409, 'kg CO2e/l', `${WTT_FUELS}, diesel (11_101_1012_8_1)`),
};
/** Petrol per litre. */
export const petrolFuel: FuelFactors = {
  tankToWheel: desnz('Petrol, tank-to-wheel', 2.33984, 'kg CO2e/l', `${FUELS}, petrol (1_101_1018_8_1)`),
  wellToTank: desnz('Petrol, well-to-tank', 0.60664, 'kg CO2e/l', `${WTT_FUELS}, petrol (11_101_1018_8_1)`),
};
/** CNG per kg. */
export const cngFuel: FuelFactors = {
  tankToWheel: desnz('CNG, tank-to-wheel', 2.57546, 'kg CO2e/kg', 'Fuels, CNG (1_100_1001_15_1)'),
  wellToTank: desnz('CNG, well-to-tank', 0.53078, 'kg CO2e/kg', 'WTT- fuels, CNG (11_100_1001_15_1); a UK supply chain, used as a proxy for Indian CNG'),
};

/** A DESNZ 2025 per-km row split into its CO2e and its CO2: their ratio adds CH4 and N2O to a CO2 figure. */
export interface GasSplit {
  readonly co2e: FactorUse;
  readonly co2: FactorUse;
}

/* @__NO_SIDE_EFFECTS__ */
function split(name: string, co2e: number, co2: number, unit: string, locator: string): GasSplit {
  return {
    co2e: desnz(`${name}, CO2e`, co2e, unit, locator),
    co2: desnz(`${name}, of which CO2`, co2, unit, locator),
  };
}

const LAND = 'Business travel- land';

// DESNZ 2025 rows whose CO2e over CO2 gives the CH4 and N2O of a vehicle kind's exhaust; one export
// each, so that a bundle keeps only those its calculators use.

/** Average petrol car, per km. */
export const petrolCarGases = split('Average car, petrol', 0.16272, 0.16204, 'kg/km', `${LAND}, average car, petrol (25_301_3070)`);
/** Average diesel car, per km. */
export const dieselCarGases = split('Average car, diesel', 0.17304, 0.17136, 'kg/km', `${LAND}, average car, diesel (25_301_3069)`);
/** Average CNG car, per km. */
export const cngCarGases = split('Average car, CNG', 0.17414, 0.17201, 'kg/km', `${LAND}, average car, CNG (25_301_3072)`);
/** Average motorbike, per km. */
export const motorbikeGases = split('Motorbike, average', 0.11367, 0.11138, 'kg/km', `${LAND}, motorbike, average (25_302_3080)`);
/** Local bus, per passenger-km. */
export const busGases = split('Local bus', 0.10385, 0.10311, 'kg/passenger-km', `${LAND}, bus, local bus (25_314_3145)`);
/** All HGVs, average laden, per km. */
export const hgvGases = split('HGV all diesel, average laden', 0.89121, 0.8791, 'kg/km', 'Freighting goods, HGV (all diesel), all HGVs, average laden, km');

/**
 * Transmission and distribution losses of India's grid, FY 2023-24, as a share of generation
 * (transmission 3.55 %, distribution 13.09 %; not AT&C losses, which include unpaid bills).
 */
export const indiaGridLosses: FactorUse = {
  name: 'Indian grid transmission and distribution losses',
  value: 0.1664,
  unit: 'share of generation',
  source: 'Ministry of Power, Government of India, answer in the Lok Sabha on transmission and distribution losses, FY 2023-24',
  tag: 'transcribed',
};

/** The GWP set of every CO2e figure truecost answers. */
export const GWP_SET = 'IPCC AR5 GWP100';
