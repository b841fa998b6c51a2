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
  readonly latitude: number;
  readonly longitude: number;
}

/** Where an airport of truecost's airport table (OurAirports) is. */
export interface AirportLocation extends Coordinates {
  /** IATA code, upper case, e.g. `DEL`. */
  readonly iata: string;
  /** True for an airport in the United Kingdom (DESNZ's domestic and to/from-UK flights). */
  readonly inUnitedKingdom: boolean;
}

/** Number of airports in the table. */
export { AIRPORT_COUNT };

interface Decoded {
  readonly locations: Map<string, AirportLocation>;
  /** The position of each code in the columns of the packed table. */
  readonly rows: Map<string, number>;
}

let decoded: Decoded | undefined;

/**
 * The airport table, decoded from its packed form (./airports.ts) on first use, so that a module
 * importing this one pays nothing until a flight is looked up. Maps (not objects) so that codes
 * such as `constructor` can never reach Object.prototype.
 */
function table(): Decoded {
  if (decoded !== undefined) return decoded;
  const locations = new Map<string, AirportLocation>();
  const rows = new Map<string, number>();
  const longitudes = AIRPORT_COUNT * LATITUDE_BITS;
  const inUnitedKingdom = new Set(AIRPORT_UK_CODES.match(/.../g));
  let row = 0;
  // One bit per possible code, AAA to ZZZ: a set bit is the next airport of the columns.
  for (let index = 0; index < IATA_LETTERS ** 3; index += 1) {
    if (readBits(AIRPORT_CODE_BITMAP, index, 1) === 0) continue;
    const iata = codeAt(index);
    locations.set(iata, {
      iata,
      latitude: coordinateOf(readBits(AIRPORT_COORDINATES, row * LATITUDE_BITS, LATITUDE_BITS), LATITUDE_OFFSET),
      longitude: coordinateOf(readBits(AIRPORT_COORDINATES, longitudes + row * LONGITUDE_BITS, LONGITUDE_BITS), LONGITUDE_OFFSET),
      inUnitedKingdom: inUnitedKingdom.has(iata),
    });
    rows.set(iata, row);
    row += 1;
  }
  decoded = { locations, rows };
  return decoded;
}

/** Where the airport of an IATA code is (case-insensitive, spaces around ignored), or undefined when the table has none. */
export function airportLocation(code: string): AirportLocation | undefined {
  // Codes arrive normalised from validation: one look-up for them, a second only for the others.
  const { locations } = table();
  return locations.get(code) ?? locations.get(normalForm(code));
}

/** The position of a normalised code in the columns of the packed table, or undefined. */
export function airportRow(code: string): number | undefined {
  return table().rows.get(code);
}

/** The code normalised (see {@link normaliseAirportCode}) when the airport table has it, else undefined. */
export function knownAirportCode(code: string): string | undefined {
  return airportLocation(code)?.iata;
}

/** True when `code`, already normalised (see {@link normaliseAirportCode}), is in the airport table. */
export function isAirportCode(code: string): boolean {
  return table().locations.has(code);
}

/** The form in which airport codes are looked up and reported: trimmed, upper case. */
export function normaliseAirportCode(code: string): string {
  // Every key of the table is already in that form; a code found as is needs no new string.
  return table().locations.has(code) ? code : normalForm(code);
}

function normalForm(code: string): string {
  return code.trim().toUpperCase();
}

/** Every IATA code of the airport table, sorted (for tests and tools). */
export function airportCodes(): string[] {
  return [...table().locations.keys()];
}
