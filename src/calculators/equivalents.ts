import { epaLamp, epaTrashBag, epaTreeSeedling } from '../data/epa-equivalents.js';
import { METHODOLOGY_VERSION } from '../data/version.js';
import type { Equivalents } from '../schemas/logistics.js';
import { countedTotal, emissionBasis, type EmissionParts, type EnergyBasis } from './basis.js';
import type { FactorUse, ItemExplanation } from './explanation.js';

/** Decimal places of equivalent counts (trees, bags, lamps). */
export const EQUIVALENT_DECIMALS = 3;

/** Tree seedlings grown for 10 years that take up `tonnes` of CO2, rounded to 3 decimals. */
export function treesPlanted(tonnes: number): number {
  return Number((tonnes / epaTreeSeedling.value).toFixed(EQUIVALENT_DECIMALS));
}

/**
 * The equivalents E11 and E13 answer for a total in tonnes CO2e: trash bags recycled, tree
 * seedlings grown for 10 years and incandescent lamps replaced by LEDs for a year, each a string
 * with 3 decimals (US EPA Greenhouse Gas Equivalencies).
 *
 * @example
 * ```ts
 * equivalentsOf(0.6); // { trash_collected: '25.974', trees_planted: '10.000', lamps_collected: '22.740' }
 * ```
 * @remarks Since 0.1.0
 */
export function equivalentsOf(tonnes: number): Equivalents {
  return {
    trash_collected: (tonnes / epaTrashBag.value).toFixed(EQUIVALENT_DECIMALS),
    trees_planted: (tonnes / epaTreeSeedling.value).toFixed(EQUIVALENT_DECIMALS),
    lamps_collected: (tonnes / epaLamp.value).toFixed(EQUIVALENT_DECIMALS),
  };
}

/** The factors behind {@link equivalentsOf}, for explanations. */
export const equivalentFactors: readonly FactorUse[] = [
  epaTrashBag,
  epaTreeSeedling,
  epaLamp,
];

/** The `item` of the equivalents' explanation: it restates the total, it adds nothing to it. */
export const EQUIVALENTS_ITEM = 'equivalents';

/**
 * The explanation item of the equivalents of an E11 or E13 total, from the parts of its legs
 * added up (unrounded tonnes), on the basis the total was counted on.
 */
export function equivalentsExplanation(total: EmissionParts, basis: EnergyBasis): ItemExplanation {
  const totalTonnes = countedTotal(total, basis);
  return {
    item: EQUIVALENTS_ITEM,
    basis: emissionBasis(total, basis),
    quantities: { total_t: totalTonnes },
    factors: equivalentFactors,
    assumptions: ['Equivalents of the unrounded total, as strings with 3 decimals.'],
    unrounded: totalTonnes,
    methodology_version: METHODOLOGY_VERSION,
  };
}
