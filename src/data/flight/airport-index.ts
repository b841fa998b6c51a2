import {
  COORDINATE_SCALE,
  COORDINATE_WIDTH,
  COUNTRY_WIDTH,
  IATA_WIDTH,
  ICAO_WIDTH,
  LATITUDE_OFFSET,
  LONGITUDE_OFFSET,
  NO_ICAO,
} from './airport-format.js';
import { AIRPORT_CODES, AIRPORT_COORDINATES, AIRPORT_COUNT, AIRPORT_COUNTRIES, AIRPORT_ICAO } from './airports.js';

// The airport look-up, next to the table it reads, so that the flight schema can check a code
// without importing a calculator.

/** A point on the Earth in degrees (WGS-84 latitude and longitude). */
export interface Coordinates {
  readonly latitude: number;
  readonly longitude: number;
}

/** An airport of truecost's airport table (OurAirports). */
export interface Airport extends Coordinates {
  /** IATA code, upper case, e.g. `DEL`. */
  readonly iata: string;
  /** ICAO code, e.g. `VIDP`; empty when OurAirports lists none. */
  readonly icao: string;
  /** ISO 3166-1 alpha-2 country code, e.g. `IN`. */
  readonly country: string;
}

/** One packed coordinate (./airport-format.ts) in degrees. */
function coordinate(at: number, offset: number): number {
  // Whole ten-thousandths less the offset, divided once: the nearest double to the source's decimal.
  return (parseInt(AIRPORT_COORDINATES.slice(at, at + COORDINATE_WIDTH), 36) - offset * COORDINATE_SCALE) / COORDINATE_SCALE;
}

let airportTable: Map<string, Airport> | undefined;

/**
 * The airport table, decoded from its packed form (src/data/flight/airports.ts) on first use, so
 * that a module importing this one pays nothing until a flight is looked up. A Map (not an
 * object) so that codes such as `constructor` can never reach Object.prototype.
 */
function airports(): Map<string, Airport> {
  if (airportTable !== undefined) return airportTable;
  const table = new Map<string, Airport>();
  for (let index = 0; index < AIRPORT_COUNT; index += 1) {
    const iata = AIRPORT_CODES.slice(index * IATA_WIDTH, (index + 1) * IATA_WIDTH);
    const icao = AIRPORT_ICAO.slice(index * ICAO_WIDTH, (index + 1) * ICAO_WIDTH);
    const at = index * 2 * COORDINATE_WIDTH;
    table.set(iata, {
      iata,
      latitude: coordinate(at, LATITUDE_OFFSET),
      longitude: coordinate(at + COORDINATE_WIDTH, LONGITUDE_OFFSET),
      icao: icao === NO_ICAO ? '' : icao,
      country: AIRPORT_COUNTRIES.slice(index * COUNTRY_WIDTH, (index + 1) * COUNTRY_WIDTH),
    });
  }
  airportTable = table;
  return table;
}

/** Number of airports in the table. */
export { AIRPORT_COUNT };

/**
 * Looks up an airport by IATA code. Codes are case-insensitive and surrounding spaces are ignored.
 *
 * @returns The airport, or `undefined` when the code is not in truecost's airport table.
 * @example
 * ```ts
 * airportByIata('del'); // { iata: 'DEL', latitude: 28.5556, longitude: 77.0952, icao: 'VIDP', country: 'IN' }
 * ```
 * @remarks Since 0.1.0
 */
export function airportByIata(code: string): Airport | undefined {
  // Codes arrive normalised from validation: one look-up for them, a second only for the others.
  const table = airports();
  return table.get(code) ?? table.get(normalForm(code));
}

/** The code normalised (see {@link normaliseAirportCode}) when the airport table has it, else undefined. */
export function knownAirportCode(code: string): string | undefined {
  return airportByIata(code)?.iata;
}

/** True when `code`, already normalised (see {@link normaliseAirportCode}), is in the airport table. */
export function isAirportCode(code: string): boolean {
  return airports().has(code);
}

/** The form in which airport codes are looked up and reported: trimmed, upper case. */
export function normaliseAirportCode(code: string): string {
  // Every key of the table is already in that form; a code found as is needs no new string.
  return airports().has(code) ? code : normalForm(code);
}

function normalForm(code: string): string {
  return code.trim().toUpperCase();
}

/** Every IATA code of the airport table, sorted (for tests and tools). */
export function airportCodes(): string[] {
  return [...airports().keys()];
}
