// The packed form of the airport table (./airports.ts and ./airport-icao.ts): written by
// scripts/airport-packing.ts, read by ./airport-locations.ts and ./airport-index.ts. Airports are
// in the order of their sorted IATA codes, and each column holds one field of every airport.

/** Letters of the IATA alphabet: a code is three of them. */
export const IATA_LETTERS = 26;
/**
 * The IATA codes as a bitmap over every possible code (AAA, AAB, ... ZZZ: 26³ bits), six bits to a
 * character of {@link BITMAP_ALPHABET}: far smaller than the codes themselves, and sorted by itself.
 */
export const BITMAP_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** Bits of the code bitmap in one character of {@link BITMAP_ALPHABET}. */
export const BITS_PER_CHARACTER = 6;
/** Characters of one ISO 3166-1 alpha-2 country. */
export const COUNTRY_WIDTH = 2;
/** Characters of one ICAO code. */
export const ICAO_WIDTH = 4;
/** The ICAO field of an airport without one. */
export const NO_ICAO = '....';
/** Base-36 digits of one coordinate: 36^5 exceeds 360 × 10^4. The latitudes come first, then the longitudes. */
export const COORDINATE_WIDTH = 5;
/** Coordinates are kept in ten-thousandths of a degree (as OurAirports gives them in data/flight/). */
export const COORDINATE_SCALE = 10_000;
/** Added to latitudes before packing, so that every packed value is positive. */
export const LATITUDE_OFFSET = 90;
/** Added to longitudes before packing, so that every packed value is positive. */
export const LONGITUDE_OFFSET = 180;

/** The index of a three-letter code in the bitmap. */
export function codeIndex(iata: string): number {
  const letter = (at: number) => iata.charCodeAt(at) - 65;
  return (letter(0) * IATA_LETTERS + letter(1)) * IATA_LETTERS + letter(2);
}

/** The three-letter code at an index of the bitmap. */
export function codeAt(index: number): string {
  const letter = (value: number) => String.fromCharCode(65 + (value % IATA_LETTERS));
  return letter(Math.floor(index / (IATA_LETTERS * IATA_LETTERS))) + letter(Math.floor(index / IATA_LETTERS)) + letter(index);
}
