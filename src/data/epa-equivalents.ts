import type { FactorUse } from './factor.js';

const EPA = 'US EPA, Greenhouse Gas Equivalencies Calculator, Calculations and References (2022-2023 revision)';

/** Tonnes of CO2e that one unit of each equivalent stands for. */
export const epaEquivalents = {
  trashBag: {
    name: 'Trash bag of waste recycled instead of landfilled',
    value: 0.0231,
    unit: 't CO2e/bag',
    source: `${EPA}: WARM v15, 2.89 t CO2e per short ton of mixed recyclables, 15.99 lb per bag`,
    tag: 'verified',
  },
  treeSeedling: {
    name: 'Urban tree seedling grown for 10 years',
    value: 0.06,
    unit: 't CO2/tree',
    source: `${EPA}: 36.4 lb C per tree x 44/12 / 2204.6`,
    tag: 'verified',
  },
  lamp: {
    name: 'Incandescent lamp replaced by an LED, one year',
    value: 0.0263849,
    unit: 't CO2/lamp',
    source: `${EPA}: 43 W to 9 W, 3 h a day, 37.2 kWh a year at the US marginal grid rate`,
    tag: 'verified',
  },
} as const satisfies Record<string, FactorUse>;
