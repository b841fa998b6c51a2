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
/**
 * Bits of one latitude and of one longitude. The coordinates are one stream of bits written six to a
 * character of {@link BITMAP_ALPHABET}: every latitude, then every longitude, each a whole number of
 * ten-thousandths of a degree after its offset (180 × 10^4 < 2^21, 360 × 10^4 < 2^22). Written as
 * bits, a value costs its width and nothing more, where base-36 digits left the top digit of each
 * value nearly unused (24.6 kB gzipped instead of 28.3 kB for the 4 563 airports).
 */
export const LATITUDE_BITS = 21;
/** Bits of one longitude: see {@link LATITUDE_BITS}. */
export const LONGITUDE_BITS = 22;
/** Coordinates are kept in ten-thousandths of a degree (as OurAirports gives them in data/flight/). */
export const COORDINATE_SCALE = 10_000;
/** Added to latitudes before packing, so that every packed value is positive. */
export const LATITUDE_OFFSET = 90;
/** Added to longitudes before packing, so that every packed value is positive. */
export const LONGITUDE_OFFSET = 180;

/** The value of each character of {@link BITMAP_ALPHABET}, by character code. */
let characterValues: Int8Array | undefined;

/**
 * The `width` bits (at most 30) that start at bit `start` of a string of {@link BITMAP_ALPHABET}
 * characters, most significant bit first, as a whole number.
 */
export function readBits(packed: string, start: number, width: number): number {
  const values = (characterValues ??= alphabetValues());
  let value = 0;
  let bit = start;
  const end = start + width;
  while (bit < end) {
    const within = bit % BITS_PER_CHARACTER;
    const take = Math.min(BITS_PER_CHARACTER - within, end - bit);
    const character = values[packed.charCodeAt((bit - within) / BITS_PER_CHARACTER)]!;
    value = value * 2 ** take + ((character >> (BITS_PER_CHARACTER - within - take)) & ((1 << take) - 1));
    bit += take;
  }
  return value;
}

function alphabetValues(): Int8Array {
  const values = new Int8Array(128);
  for (let value = 0; value < BITMAP_ALPHABET.length; value += 1) values[BITMAP_ALPHABET.charCodeAt(value)] = value;
  return values;
}

/** A packed coordinate back in degrees: whole ten-thousandths less the offset, divided once, so the nearest double to the source's decimal. */
export function coordinateOf(packed: number, offset: number): number {
  return (packed - offset * COORDINATE_SCALE) / COORDINATE_SCALE;
}

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
