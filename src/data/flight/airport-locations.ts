import {
  codeAt,
  IATA_LETTERS,
  coordinateOf,
  LATITUDE_BITS,
  LATITUDE_OFFSET,
  LONGITUDE_BITS,
  LONGITUDE_OFFSET,
  readBits,
} from './airport-format.js';
import { AIRPORT_CODE_BITMAP, AIRPORT_COORDINATES, AIRPORT_COUNT, AIRPORT_UK_CODES } from './airports.js';

// Where each airport is: what the flight schema and the calculators read. The ICAO codes and the
// countries, which only `airportByIata` gives, are read by ./airport-index.ts, so that a bundle
// computing flights leaves them out.

/** A point on the Earth in degrees (WGS-84 latitude and longitude). */
export interface Coordinates {
  /** Degrees north of the equator (WGS-84), -90 to 90. */
  readonly latitude: number;
  /** Degrees east of Greenwich (WGS-84), -180 to 180. */
  readonly longitude: number;
}

/** Degrees to radians. */
export const RADIANS_PER_DEGREE = Math.PI / 180;

/** The cosine of a latitude in degrees, as the great-circle distance takes it (calculators/flight/geo.ts). */
export function latitudeCosine(latitude: number): number {
  return Math.cos(latitude * RADIANS_PER_DEGREE);
}

/** A point that carries its {@link latitudeCosine}, worked out once (the airports of the table). */
export interface PreparedPoint extends Coordinates {
  readonly latitudeCosine: number;
}

/** Where an airport of truecost's airport table (OurAirports) is. */
export interface AirportLocation extends PreparedPoint {
  /** IATA code, upper case, e.g. `DEL`. */
  readonly iata: string;
  /** True for an airport in the United Kingdom (DESNZ's domestic and to/from-UK flights). */
  readonly inUnitedKingdom: boolean;
}

/** Number of airports in the table. */
export { AIRPORT_COUNT };

interface Decoded {
  /**
   * The airport of each possible code, at the code's position among AAA to ZZZ ({@link codePosition}):
   * an array read at a computed index, where a Map would hash the code at every look-up. A position
   * is a number, so no code can reach Object.prototype.
   */
  readonly locations: readonly (AirportLocation | undefined)[];
  /** The position of each airport in the columns of the packed table, by code position; -1 for none. */
  readonly rows: Int32Array;
}

let decoded: Decoded | undefined;

/** The position of an upper-case three-letter code among AAA to ZZZ (the order of the code bitmap), or -1. */
function codePosition(code: string): number {
  if (code.length !== 3) return -1;
  const first = code.charCodeAt(0) - 65;
  const second = code.charCodeAt(1) - 65;
  const third = code.charCodeAt(2) - 65;
  // Unsigned, so that a character before 'A' (a negative difference) is out of range too.
  if (first >>> 0 >= IATA_LETTERS || second >>> 0 >= IATA_LETTERS || third >>> 0 >= IATA_LETTERS) return -1;
  return (first * IATA_LETTERS + second) * IATA_LETTERS + third;
}

/**
 * The airport table, decoded from its packed form (./airports.ts) on first use, so that a module
 * importing this one pays nothing until a flight is looked up.
 */
function table(): Decoded {
  if (decoded !== undefined) return decoded;
  const positions = IATA_LETTERS ** 3;
  const locations: (AirportLocation | undefined)[] = new Array<AirportLocation | undefined>(positions).fill(undefined);
  const rows = new Int32Array(positions).fill(-1);
  const longitudes = AIRPORT_COUNT * LATITUDE_BITS;
  const inUnitedKingdom = new Set(AIRPORT_UK_CODES.match(/.../g));
  let row = 0;
  // One bit per possible code, AAA to ZZZ: a set bit is the next airport of the columns.
  for (let index = 0; index < positions; index += 1) {
    if (readBits(AIRPORT_CODE_BITMAP, index, 1) === 0) continue;
    const iata = codeAt(index);
    const latitude = coordinateOf(readBits(AIRPORT_COORDINATES, row * LATITUDE_BITS, LATITUDE_BITS), LATITUDE_OFFSET);
    locations[index] = {
      iata,
      latitude,
      longitude: coordinateOf(readBits(AIRPORT_COORDINATES, longitudes + row * LONGITUDE_BITS, LONGITUDE_BITS), LONGITUDE_OFFSET),
      latitudeCosine: latitudeCosine(latitude),
      inUnitedKingdom: inUnitedKingdom.has(iata),
    };
    rows[index] = row;
    row += 1;
  }
  decoded = { locations, rows };
  return decoded;
}

/** The airport of a code already in normal form, or undefined. */
function locationOf(code: string): AirportLocation | undefined {
  const position = codePosition(code);
  return position === -1 ? undefined : table().locations[position];
}

/** Where the airport of an IATA code is (case-insensitive, spaces around ignored), or undefined when the table has none. */
export function airportLocation(code: string): AirportLocation | undefined {
  // Codes arrive normalised from validation: one look-up for them, a second only for the others.
  return locationOf(code) ?? locationOf(normalForm(code));
}

/** The position of a normalised code in the columns of the packed table, or undefined. */
export function airportRow(code: string): number | undefined {
  const position = codePosition(code);
  const row = position === -1 ? -1 : table().rows[position]!;
  return row === -1 ? undefined : row;
}

/** The code normalised (see {@link normaliseAirportCode}) when the airport table has it, else undefined. */
export function knownAirportCode(code: string): string | undefined {
  return airportLocation(code)?.iata;
}

/** True when `code`, already normalised (see {@link normaliseAirportCode}), is in the airport table. */
export function isAirportCode(code: string): boolean {
  return locationOf(code) !== undefined;
}

/** The form in which airport codes are looked up and reported: trimmed, upper case. */
export function normaliseAirportCode(code: string): string {
  // Every key of the table is already in that form; a code found as is needs no new string.
  return isAirportCode(code) ? code : normalForm(code);
}

function normalForm(code: string): string {
  return code.trim().toUpperCase();
}

/** Every IATA code of the airport table, sorted (for tests and tools). */
export function airportCodes(): string[] {
  const codes: string[] = [];
  for (const location of table().locations) if (location !== undefined) codes.push(location.iata);
  return codes;
}
