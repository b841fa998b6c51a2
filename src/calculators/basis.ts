import type { EnergyChain } from '../data/energy-chain.js';
import type { EmissionBasis } from '../data/factor.js';
import { GWP_SET } from '../data/well-to-tank.js';

/**
 * What a calculator counts: `wtw`, well-to-wheel (well-to-wake for flights), the default; or
 * `ttw`, tank-to-wheel (tank-to-wake), the vehicle's own emissions only.
 */
export type EnergyBasis = 'wtw' | 'ttw';

/** The values of {@link EnergyBasis}. */
export const ENERGY_BASES: readonly EnergyBasis[] = ['wtw', 'ttw'];

/** Options every calculator takes. */
export interface CalculatorOptions {
  /** `wtw` (default) or `ttw`. */
  readonly basis?: EnergyBasis;
}

/** A result's two parts, in the result's unit. */
export interface EmissionParts {
  /** The tank-to-wheel part, in the result's unit (tonnes or kg CO2e). */
  readonly tankToWheel: number;
  /** The well-to-tank part, in the result's unit (tonnes or kg CO2e). */
  readonly wellToTank: number;
}

/** The basis of `options`, refusing anything but `wtw` and `ttw` (a programming error, not bad input). */
export function basisOption(options: CalculatorOptions | undefined): EnergyBasis {
  const basis = options?.basis ?? 'wtw';
  if (basis !== 'wtw' && basis !== 'ttw') throw new RangeError(`basis must be 'wtw' or 'ttw', not ${String(basis)}.`);
  return basis;
}

/** The parts of `amount` (a source figure: combustion CO2, a DESNZ intensity, grid CO2) along `chain`. */
export function partsAlong(amount: number, chain: EnergyChain): EmissionParts {
  return { tankToWheel: amount * chain.tankToWheel, wellToTank: amount * chain.wellToTank };
}

/** The parts of several results added up. */
export function sumParts(parts: readonly EmissionParts[]): EmissionParts {
  let tankToWheel = 0;
  let wellToTank = 0;
  for (const part of parts) {
    tankToWheel += part.tankToWheel;
    wellToTank += part.wellToTank;
  }
  return { tankToWheel, wellToTank };
}

/** The parts with every figure multiplied by `factor` (a unit change, a share). */
export function scaleParts(parts: EmissionParts, factor: number): EmissionParts {
  return { tankToWheel: parts.tankToWheel * factor, wellToTank: parts.wellToTank * factor };
}

/** The figure answered on `basis`: tank-to-wheel alone, or both parts. */
export function countedTotal(parts: EmissionParts, basis: EnergyBasis): number {
  return basis === 'ttw' ? parts.tankToWheel : parts.tankToWheel + parts.wellToTank;
}

/** The explanation's basis of a result with these parts; `wake` for flights. */
export function emissionBasis(parts: EmissionParts, basis: EnergyBasis, wake = false): EmissionBasis {
  const stage = wake ? 'wake' : 'wheel';
  return {
    gases: 'CO2e',
    scope: basis === 'ttw' ? `tank-to-${stage}` : `well-to-${stage}`,
    gwp: GWP_SET,
    tank_to_wheel: parts.tankToWheel,
    well_to_tank: basis === 'ttw' ? 0 : parts.wellToTank,
  };
}
