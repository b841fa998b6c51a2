import type { FactorUse } from './factor.js';

// Tonnes of CO2e that one unit of each equivalent stands for, from the US EPA's Greenhouse Gas
// Equivalencies Calculator. One constant each, its citation written out in full (a bundler keeps
// an unused object whose text is built from another constant), so that a bundle of a calculator
// that reports only trees keeps only that row.

/** A trash bag of waste recycled instead of landfilled. */
export const epaTrashBag: FactorUse = {
  name: 'Trash bag of waste recycled instead of landfilled',
  value: 0.0231,
  unit: 't CO2e/bag',
  source: 'US EPA, Greenhouse Gas Equivalencies Calculator, Calculations and References (2022-2023 revision): WARM v15, 2.89 t CO2e per short ton of mixed recyclables, 15.99 lb per bag',
  tag: 'verified',
};

/** An urban tree seedling grown for 10 years. */
export const epaTreeSeedling: FactorUse = {
  name: 'Urban tree seedling grown for 10 years',
  value: 0.06,
  unit: 't CO2/tree',
  source: 'US EPA, Greenhouse Gas Equivalencies Calculator, Calculations and References (2022-2023 revision): 36.4 lb C per tree x 44/12 / 2204.6',
  tag: 'verified',
};

/** An incandescent lamp replaced by an LED for a year. */
export const epaLamp: FactorUse = {
  name: 'Incandescent lamp replaced by an LED, one year',
  value: 0.0263849,
  unit: 't CO2/lamp',
  source: 'US EPA, Greenhouse Gas Equivalencies Calculator, Calculations and References (2022-2023 revision): 43 W to 9 W, 3 h a day, 37.2 kWh a year at the US marginal grid rate',
  tag: 'verified',
};
