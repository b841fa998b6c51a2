import { CLIMES_DECIMALS } from '../schemas/limits.js';

const MICRO_PER_CLIME = 10 ** CLIMES_DECIMALS;

/**
 * Climes as integer micro-climes, so that sums and differences are exact to 6 decimal places
 * (0.1 + 0.2 climes is 0.3 climes). Inputs are validated to have at most 6 decimals.
 *
 * @example
 * ```ts
 * toMicroClimes(0.1) + toMicroClimes(0.2) === toMicroClimes(0.3); // true
 * ```
 * @remarks Since 0.1.0
 */
export function toMicroClimes(climes: number): number {
  return Math.round(climes * MICRO_PER_CLIME);
}

/** Micro-climes back to climes, the nearest double to the exact decimal. @remarks Since 0.1.0 */
export function fromMicroClimes(microClimes: number): number {
  return microClimes / MICRO_PER_CLIME;
}
