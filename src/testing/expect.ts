/** A check that did not hold: what was expected, and what was found. */
export class CheckFailure extends Error {
  override readonly name = 'CheckFailure';
}

function show(value: unknown): string {
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep equality of JSON-like values; a property whose value is undefined counts as absent. */
export function deepEqual(actual: unknown, expected: unknown): boolean {
  if (Object.is(actual, expected)) return true;
  if (Array.isArray(actual) && Array.isArray(expected)) {
    return actual.length === expected.length && actual.every((item, index) => deepEqual(item, expected[index]));
  }
  if (isObject(actual) && isObject(expected)) {
    const keys = new Set([...Object.keys(actual), ...Object.keys(expected)]);
    return [...keys].every((key) => deepEqual(actual[key], expected[key]));
  }
  return false;
}

/** True when `actual` has every property of `expected`, recursively; arrays match element by element. */
export function matchesSubset(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((item, index) => matchesSubset(actual[index], item));
  }
  if (isObject(expected)) {
    return isObject(actual) && Object.keys(expected).every((key) => matchesSubset(actual[key], expected[key]));
  }
  return deepEqual(actual, expected);
}

/** Assertions that throw a `CheckFailure`, with no test framework needed. */
export interface Expectation {
  toBe(expected: unknown): void;
  toEqual(expected: unknown): void;
  toMatchObject(expected: unknown): void;
  toBeUndefined(): void;
  toBeNull(): void;
}

/** Starts an assertion on a value, in the style of the common test runners. */
export function expectThat(actual: unknown, what = 'value'): Expectation {
  const fail = (relation: string, expected: unknown): never => {
    throw new CheckFailure(`Expected ${what} ${show(actual)} ${relation} ${show(expected)}.`);
  };
  return {
    toBe: (expected) => (Object.is(actual, expected) ? undefined : fail('to be', expected)),
    toEqual: (expected) => (deepEqual(actual, expected) ? undefined : fail('to equal', expected)),
    toMatchObject: (expected) => (matchesSubset(actual, expected) ? undefined : fail('to match', expected)),
    toBeUndefined: () => (actual === undefined ? undefined : fail('to be', undefined)),
    toBeNull: () => (actual === null ? undefined : fail('to be', null)),
  };
}
