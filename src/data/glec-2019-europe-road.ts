import type { RoadOperationCategory } from './desnz-2025-road-tonne-km.js';
import type { FactorUse } from './factor.js';

// The GLEC Framework's default road freight intensity for Europe (GLEC Framework for Logistics
// Emissions Accounting and Reporting v2.0, Smart Freight Centre, 2019, road default intensities,
// region "Europe & South America": articulated truck up to 34 t GVW, average/mixed load, diesel,
// well-to-wheel 0.092 and well-to-tank 0.018 kg CO2e per tonne-km of goods, the same 0.092 as its
// "HGV (>20 t)" row), with average load, empty running and GLEC's distance adjustment inside it.
// Read from the transcription in Climatiq's Open Emission Factors DB
// (github.com/climatiq/Open-Emission-Factors-DB, pull requests 285 and 367, CC BY-SA 4.0); the
// GLEC table itself was not read. See docs/data-sources.md.

const GLEC_EUROPE = 'GLEC Framework v2.0 (2019), road defaults, Europe & South America, artic truck up to 34 t, average/mixed (Open Emission Factors DB, PR 285, 367)';

const wellToTank: FactorUse = { name: 'GLEC Europe heavy truck, WTT', value: 0.018, unit: 'kg CO2e/t-km', source: GLEC_EUROPE, tag: 'transcribed' };

/** Tank-to-wheel: GLEC's well-to-wheel 0.092 less its well-to-tank 0.018. */
const tankToWheel: FactorUse = { name: 'GLEC Europe heavy truck, TTW (WTW 0.092 - WTT)', value: 0.074, unit: 'kg CO2e/t-km', source: GLEC_EUROPE, tag: 'derived' };

/** The European heavy truck as a road operation category (average/mixed load, diesel). */
export const glecEuropeHeavyTruck: RoadOperationCategory = {
  name: 'Road: heavy truck, Europe (GLEC)',
  tankToWheel,
  wellToTank,
  chain: { name: 'GLEC Europe heavy truck', tankToWheel: 1, wellToTank: 0.018 / 0.074, factors: [tankToWheel, wellToTank], note: 'GLEC: TTW and WTT rows.' },
};
