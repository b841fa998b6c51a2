import type { FactorUse } from './factor.js';

/**
 * India's grid: the weighted average CO2 emission rate including renewables, at generation
 * (transmission and distribution losses excluded), fiscal year 2023-24.
 */
export const indiaGridElectricity: FactorUse = {
  name: 'Indian grid electricity, weighted average incl. renewables',
  value: 0.727,
  unit: 'kg CO2/kWh',
  source: 'Central Electricity Authority, CO2 Baseline Database for the Indian Power Sector, version 20 (Dec 2024), FY 2023-24',
  tag: 'transcribed',
};
