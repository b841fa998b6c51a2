import type { FactorUse } from './factor.js';
import type { FreightWellToTank } from './freight-well-to-tank.js';
import type { FuelFactors, GasSplit } from './well-to-tank.js';

/**
 * How one source figure (the combustion CO2 of an India GHG Program row, a DESNZ CO2e intensity,
 * or the CO2 of the grid at generation) becomes well-to-wheel CO2e: its tank-to-wheel and
 * well-to-tank parts, each per unit of the source figure. See docs/methodology.md, "Basis".
 */
export interface EnergyChain {
  /** What the chain describes, e.g. `petrol car`. */
  readonly name: string;
  /** kg CO2e tank-to-wheel per kg of the source figure. */
  readonly tankToWheel: number;
  /** kg CO2e well-to-tank per kg of the source figure. */
  readonly wellToTank: number;
  /** The cited factors both numbers are computed from. */
  readonly factors: readonly FactorUse[];
  /** How the parts follow from the source figure, in one sentence. */
  readonly note: string;
}

/**
 * A fuel burnt in an engine: CH4 and N2O added to its combustion CO2 by the CO2e/CO2 ratio of the
 * DESNZ row of its vehicle kind (none when the source figure is CO2e already), then the fuel's
 * well-to-tank share of that tank-to-wheel CO2e.
 */
/* @__NO_SIDE_EFFECTS__ */
export function combustion(name: string, fuelName: string, fuel: FuelFactors, gases?: GasSplit): EnergyChain {
  const tankToWheel = gases === undefined ? 1 : gases.co2e.value / gases.co2.value;
  const factors = gases === undefined ? [] : [gases.co2e, gases.co2];
  return {
    name,
    tankToWheel,
    wellToTank: (tankToWheel * fuel.wellToTank.value) / fuel.tankToWheel.value,
    factors: [...factors, fuel.tankToWheel, fuel.wellToTank],
    note:
      (gases === undefined
        ? 'Tank-to-wheel: the source is CO2e already. '
        : `Tank-to-wheel: the source's CO2 times ${gases.co2e.value} / ${gases.co2.value} (CH4 and N2O, ${gases.co2e.name}). `) +
      `Well-to-tank: tank-to-wheel times ${fuel.wellToTank.value} / ${fuel.tankToWheel.value} (${fuelName}).`,
  };
}

/** A DESNZ freight intensity and the well-to-tank row of the same kind of transport. */
/* @__NO_SIDE_EFFECTS__ */
export function freightChain(name: string, row: FreightWellToTank): EnergyChain {
  return {
    name,
    tankToWheel: 1,
    wellToTank: row.wellToTank.value / row.tankToWheel.value,
    factors: [row.tankToWheel, row.wellToTank],
    note: `Tank-to-wheel: the DESNZ intensity, CO2e. Well-to-tank: times ${row.wellToTank.value} / ${row.tankToWheel.value} (${row.wellToTank.name} over ${row.tankToWheel.name}).`,
  };
}

