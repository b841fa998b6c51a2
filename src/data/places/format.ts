// The packed form of the places tables (./sea-network.ts, ./ports.ts, ./pins.ts): written by
// scripts/generate-places-data.ts, read by src/places/. Numbers are whole hundredths of a degree
// (about 1.1 km of latitude), written in base 36 with a leading "-" when negative, separated by ",".

/** Coordinates are kept in hundredths of a degree. */
export const PLACE_COORDINATE_SCALE = 100;

/** India's bounding box in degrees: a PIN code outside it is dropped from the table. */
export const INDIA_BOUNDS = { south: 6, north: 37.5, west: 68, east: 97.5 } as const;

/** A PIN code farther than this from the median of its sorting district is dropped, in km. */
export const PIN_OUTLIER_KM = 300;

/** Whole numbers as base-36 text, separated by ",". */
export function packNumbers(numbers: readonly number[]): string {
  return numbers.map((number) => number.toString(36)).join(',');
}

/** The whole numbers of {@link packNumbers}'s text. */
export function unpackNumbers(packed: string): number[] {
  return packed === '' ? [] : packed.split(',').map((text) => parseInt(text, 36));
}
