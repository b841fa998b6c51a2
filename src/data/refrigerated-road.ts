import type { FactorUse } from './factor.js';

// The refrigerated uplift of a road freight leg: the fuel of the refrigeration unit, as the ratio
// of a refrigerated truck's intensity to the same class's ambient one. DESNZ 2025 "Freighting
// goods", "HGV refrigerated (all diesel)" over "HGV (all diesel)", average laden, per tonne.km (row
// ids in brackets; Open Government Licence v3.0); the GLEC Framework v2.0 (2019) European
// refrigerated heavy truck over its ambient one (transcribed, see ./glec-2019-europe-road.ts).
// DESNZ publishes no refrigerated van. See docs/methodology.md, "Chilled road legs".

const FREIGHTING_2025 = 'DESNZ 2025, Freighting goods, HGV (all diesel)';

/* @__NO_SIDE_EFFECTS__ */
function uplift(className: string, refrigerated: number, refrigeratedId: string, ambient: number, ambientId: string): FactorUse {
  return {
    name: `Refrigerated uplift, ${className}`,
    value: refrigerated / ambient,
    unit: 'ratio',
    source: `${FREIGHTING_2025}, average laden tonne.km: refrigerated ${refrigerated} (${refrigeratedId}) / ambient ${ambient} (${ambientId})`,
    tag: 'derived',
  };
}

/** The refrigerated uplift of each truck class truecost models (none for vans, which DESNZ does not publish). */
export const refrigeratedUplift = {
  rigid7to17: /* @__PURE__ */ uplift('rigid (>7.5 tonnes-17 tonnes)', 0.43306, '27_306_3116_14_1', 0.36362, '27_304_3116_14_1'),
  rigidOver17: /* @__PURE__ */ uplift('rigid (>17 tonnes)', 0.20416, '27_306_3120_14_1', 0.17146, '27_304_3120_14_1'),
  articOver33: /* @__PURE__ */ uplift('articulated (>33t)', 0.08908, '27_306_3132_14_1', 0.07703, '27_304_3132_14_1'),
  glecEuropeHeavy: {
    name: 'Refrigerated uplift, GLEC Europe heavy truck',
    value: 0.10304 / 0.092,
    unit: 'ratio',
    source: 'GLEC Framework v2.0 (2019), road defaults, Europe & South America, HGV >20 t: refrigerated 0.10304 / 0.092 (Open Emission Factors DB, PR 367)',
    tag: 'derived',
  },
} as const satisfies Record<string, FactorUse>;
