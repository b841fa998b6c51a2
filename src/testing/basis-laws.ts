import fc from 'fast-check';
import { CheckFailure } from './expect.js';
import type { Awaitable, LawOptions } from './laws.js';

/**
 * One emission figure with its two parts (ISO 14083): the total, its tank-to-wheel part and its
 * well-to-tank part, in one unit. `figureOfExplanation` reads it from a truecost explanation.
 */
export interface EmissionFigure {
  readonly total: number;
  readonly tank_to_wheel: number;
  readonly well_to_tank: number;
}

/**
 * The figure of one element of a truecost explanation: its unrounded result and the parts of its
 * `basis`.
 *
 * @remarks Since 0.3.0
 */
export function figureOfExplanation(item: {
  readonly unrounded: number;
  readonly basis: { readonly tank_to_wheel: number; readonly well_to_tank: number };
}): EmissionFigure {
  return { total: item.unrounded, tank_to_wheel: item.basis.tank_to_wheel, well_to_tank: item.basis.well_to_tank };
}

function check(condition: boolean, message: () => string): void {
  if (!condition) throw new CheckFailure(message());
}

function nonNegativeFinite(value: number, what: string): void {
  check(typeof value === 'number' && Number.isFinite(value) && value >= 0, () => `${what} is ${String(value)}, not a finite number >= 0`);
}

/**
 * The laws of any emission formula reported in parts, for formulas of truecost and of your own:
 * each takes an arbitrary of the formula's inputs and a function that computes it.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { explainCarTruecost } from 'truecost';
 * import { arbitraries, basisLaws, figureOfExplanation } from 'truecost/testing';
 * await fc.assert(basisLaws.partsSumToTotal(arbitraries.car, (body) => figureOfExplanation(explainCarTruecost(body).items[0])));
 * ```
 * @remarks Since 0.3.0
 */
export const basisLaws = {
  /** Both parts are finite and not negative, and they sum to the total. */
  partsSumToTotal<T>(inputs: fc.Arbitrary<T>, figureOf: (input: T) => Awaitable<EmissionFigure>, options: LawOptions = {}) {
    const tolerance = options.tolerance ?? 0;
    return fc.asyncProperty(inputs, async (input) => {
      const figure = await figureOf(input);
      nonNegativeFinite(figure.tank_to_wheel, 'tank_to_wheel');
      nonNegativeFinite(figure.well_to_tank, 'well_to_tank');
      const sum = figure.tank_to_wheel + figure.well_to_tank;
      check(
        Math.abs(sum - figure.total) <= 2 * tolerance + 1e-12 * Math.abs(figure.total),
        () => `tank_to_wheel ${figure.tank_to_wheel} + well_to_tank ${figure.well_to_tank} = ${sum}, total ${figure.total}`,
      );
    });
  },

  /**
   * Well-to-wheel is at least tank-to-wheel, which is at least 0: `figureOf(input, 'wtw')` and
   * `figureOf(input, 'ttw')` are the totals on each basis.
   */
  wellToWheelAtLeastTankToWheel<T>(
    inputs: fc.Arbitrary<T>,
    totalOf: (input: T, basis: 'wtw' | 'ttw') => Awaitable<number>,
    options: LawOptions = {},
  ) {
    const tolerance = options.tolerance ?? 0;
    return fc.asyncProperty(inputs, async (input) => {
      const wellToWheel = await totalOf(input, 'wtw');
      const tankToWheel = await totalOf(input, 'ttw');
      nonNegativeFinite(tankToWheel, 'the tank-to-wheel total');
      nonNegativeFinite(wellToWheel, 'the well-to-wheel total');
      check(wellToWheel >= tankToWheel - 2 * tolerance, () => `well-to-wheel ${wellToWheel} < tank-to-wheel ${tankToWheel}`);
    });
  },
};
