import type { FactorUse } from '../../data/factor.js';

// What the explanations of both flight methods share: the shape of their part, and small pieces
// of their sentences, so that a number in the text is the number in the data.

/** The part of a flight's explanation that one method adds. */
export interface MethodExplanation {
  readonly quantities: Readonly<Record<string, number | string>>;
  readonly factors: readonly FactorUse[];
  readonly assumptions: readonly string[];
}

/** ' (also the default ...)' when a field's value is its default, else ''. */
export function defaultNote(value: string, fallback: string): string {
  return value === fallback ? ' (also the default when the field is left out)' : '';
}

/** A fraction as a percentage for a sentence, e.g. 0.03 -> `3`; float noise such as 3.0000000000000027 is dropped. */
export function percent(fraction: number): string {
  return String(Number((fraction * 100).toFixed(6)));
}
