import type { EnergyChain } from './energy-chain.js';
import type { RoadOperationCategory } from './desnz-2025-road-tonne-km.js';
import type { FactorUse } from './factor.js';

// The GLEC Framework's default road freight intensity for Europe (GLEC Framework for Logistics
// Emissions Accounting and Reporting v2.0, Smart Freight Centre, 2019, road default emission
// intensities, region "Europe & South America"), kg CO2e per tonne-km of goods, with average load,
// empty running and GLEC's distance adjustment inside it. Read from the transcription in Climatiq's
// Open Emission Factors DB (github.com/climatiq/Open-Emission-Factors-DB, pull requests 285 and
// 367, CC BY-SA 4.0); the GLEC table itself was not read. See docs/data-sources.md.

const GLEC_EUROPE =
  'GLEC Framework v2.0 (Smart Freight Centre, 2019), road default intensities, Europe & South America, as transcribed in the Open Emission Factors DB (climatiq/Open-Emission-Factors-DB, pull requests 285 and 367)';

/* @__NO_SIDE_EFFECTS__ */
function glec(name: string, value: number, locator: string): FactorUse {
  return { name, value, unit: 'kg CO2e/t-km', source: `${GLEC_EUROPE}, ${locator}`, tag: 'transcribed' };
}

/** Well-to-wheel intensity of GLEC's European heavy truck, average/mixed load. */
export const glecEuropeHeavyTruckWellToWheel = /* @__PURE__ */ glec(
  'GLEC Europe heavy truck, average/mixed load, well-to-wheel',
  0.092,
  'articulated truck up to 34 t GVW, average/mixed load, diesel (5 % biodiesel blend), WTW; the same 0.092 as HGV (>20 t)',
);

/** Well-to-tank part of the same row. */
export const glecEuropeHeavyTruckWellToTank = /* @__PURE__ */ glec(
  'GLEC Europe heavy truck, average/mixed load, well-to-tank',
  0.018,
  'articulated truck up to 34 t GVW, average/mixed load, diesel (5 % biodiesel blend), WTT',
);

/** Tank-to-wheel part: well-to-wheel less well-to-tank (0.092 - 0.018). */
const tankToWheel: FactorUse = {
  name: 'GLEC Europe heavy truck, average/mixed load, tank-to-wheel',
  value: 0.074,
  unit: 'kg CO2e/t-km',
  source: `${GLEC_EUROPE}: WTW 0.092 less WTT 0.018`,
  tag: 'derived',
};

const chain: EnergyChain = {
  name: 'GLEC Europe heavy truck (diesel)',
  tankToWheel: 1,
  wellToTank: glecEuropeHeavyTruckWellToTank.value / tankToWheel.value,
  factors: [glecEuropeHeavyTruckWellToWheel, glecEuropeHeavyTruckWellToTank],
  note: `Tank-to-wheel: GLEC's well-to-wheel ${glecEuropeHeavyTruckWellToWheel.value} less its well-to-tank ${glecEuropeHeavyTruckWellToTank.value} kg CO2e/t-km; well-to-tank: GLEC's own row.`,
};

/** The European heavy truck as a road operation category (average/mixed load, diesel). */
export const glecEuropeHeavyTruck: RoadOperationCategory = {
  name: 'Road: heavy truck, Europe, diesel, average/mixed load (GLEC default)',
  tankToWheel,
  wellToTank: glecEuropeHeavyTruckWellToTank,
  chain,
};
