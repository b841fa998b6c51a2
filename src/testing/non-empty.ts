import fc from 'fast-check';

/** A list of at least one element: every list of a request body (flights, cars, legs, orders). */
export type NonEmpty<T> = [T, ...T[]];

/** Lists of 1 to `maxLength` elements of `element`, typed so that `[0]` is an element. */
export function nonEmptyArray<T>(element: fc.Arbitrary<T>, maxLength: number): fc.Arbitrary<NonEmpty<T>> {
  return fc.array(element, { minLength: 1, maxLength }) as fc.Arbitrary<NonEmpty<T>>;
}

/** {@link nonEmptyArray} of elements unique by `selector`. */
export function nonEmptyUniqueArray<T, K>(element: fc.Arbitrary<T>, maxLength: number, selector: (value: T) => K): fc.Arbitrary<NonEmpty<T>> {
  return fc.uniqueArray(element, { minLength: 1, maxLength, selector }) as fc.Arbitrary<NonEmpty<T>>;
}
