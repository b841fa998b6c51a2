import { METHODOLOGY_VERSION } from '../data/version.js';

/**
 * A calculator's result with the version of the methodology that produced it: store the version
 * with every figure. `methodologyVersion` is not enumerable, so that `JSON.stringify`, a spread
 * and `Object.keys` see exactly the contract's body.
 *
 * @remarks Since 0.5.0
 */
export type WithMethodologyVersion<T> = T & { readonly methodologyVersion: string };

/**
 * `result` itself, given `methodologyVersion` (METHODOLOGY_VERSION): a property that is not
 * enumerable, writable or configurable, as `defineProperty` makes one by default.
 */
export function withMethodologyVersion<T extends object>(result: T): WithMethodologyVersion<T> {
  return Object.defineProperty(result, 'methodologyVersion', { value: METHODOLOGY_VERSION }) as WithMethodologyVersion<T>;
}
