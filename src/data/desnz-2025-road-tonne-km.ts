import { freightChain, type EnergyChain } from './energy-chain.js';
import type { FreightWellToTank } from './freight-well-to-tank.js';
import { desnz } from './well-to-tank.js';

// DESNZ 2025 road freight intensities per tonne-km at the "Average laden" load of each vehicle
// class ("Freighting goods", kg CO2e, direct) with the well-to-tank row of the same class ("WTT-
// delivery vehs & freight"): the transport operation categories a shared load is allocated in by
// tonne-km (ISO 14083). Average laden includes each class's average load and its empty running.
// Flat-file row ids in brackets. UK Government GHG Conversion Factors for Company Reporting 2025,
// Open Government Licence v3.0.

const FREIGHTING = 'Freighting goods';
const WTT = 'WTT- delivery vehs & freight';

/** A road operation category: its name and its two intensities per tonne-km. */
export interface RoadOperationCategory extends FreightWellToTank {
  /** The category, named after its DESNZ class and load, e.g. `Road: rigid HGV >17 t, diesel, average laden`. */
  readonly name: string;
  readonly chain: EnergyChain;
}

/* @__NO_SIDE_EFFECTS__ */
function category(name: string, rowName: string, ttw: number, ttwId: string, wtt: number, wttId: string, locator: string): RoadOperationCategory {
  const row: FreightWellToTank = {
    tankToWheel: desnz(`${rowName}, average laden`, ttw, 'kg CO2e/t-km', `${FREIGHTING}, ${locator}, tonne.km (${ttwId})`),
    wellToTank: desnz(`${rowName}, average laden, well-to-tank`, wtt, 'kg CO2e/t-km', `${WTT}, WTT- ${locator}, tonne.km (${wttId})`),
  };
  return { name, ...row, chain: freightChain(`${rowName}, average laden`, row) };
}

/** Diesel van up to 3.5 t gross, average laden: the light truck (India LDV, under 3.5 t gross). */
export const vanAverageDiesel = /* @__PURE__ */ category(
  'Road: van up to 3.5 t, diesel, average laden',
  'Van up to 3.5 t, diesel',
  0.6313,
  '27_303_3102_14_1',
  0.15095,
  '28_906_3102_14_1',
  'vans, average (up to 3.5 tonnes), diesel',
);

/** Rigid HGV over 7.5 t to 17 t gross, average laden: the medium truck (India MDV). */
export const rigid7to17Average = /* @__PURE__ */ category(
  'Road: rigid HGV >7.5-17 t, diesel, average laden',
  'Rigid HGV >7.5-17 t',
  0.36362,
  '27_304_3116_14_1',
  0.09246,
  '28_907_3116_14_1',
  'HGV (all diesel), rigid (>7.5 tonnes-17 tonnes), average laden',
);

/** Rigid HGV over 17 t gross, average laden: the heavy truck (India HDV, over 12 t gross). */
export const rigidOver17Average = /* @__PURE__ */ category(
  'Road: rigid HGV >17 t, diesel, average laden',
  'Rigid HGV >17 t',
  0.17146,
  '27_304_3120_14_1',
  0.03736,
  '28_907_3120_14_1',
  'HGV (all diesel), rigid (>17 tonnes), average laden',
);

/** Articulated HGV over 33 t gross, average laden: E13's articulated class. */
export const articOver33Average = /* @__PURE__ */ category(
  'Road: articulated HGV >33 t, diesel, average laden',
  'Articulated HGV >33 t',
  0.07703,
  '27_304_3132_14_1',
  0.01799,
  '28_907_3132_14_1',
  'HGV (all diesel), articulated (>33t), average laden',
);
