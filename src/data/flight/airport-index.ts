import { AIRPORT_ROWS } from './airports.js';

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

// Built once at module load; a Map (not the object literal) so that codes such as `constructor`
// can never reach Object.prototype.
const airports = new Map<string, Airport>();
for (const iata of Object.keys(AIRPORT_ROWS)) {
  const row = AIRPORT_ROWS[iata];
  if (row === undefined) continue;
  airports.set(iata, { iata, latitude: row[0], longitude: row[1], icao: row[2], country: row[3] });
}

/** Number of airports in the table. */
export const AIRPORT_COUNT: number = airports.size;

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
  return airports.get(code) ?? airports.get(normalForm(code));
}

/** The code normalised (see {@link normaliseAirportCode}) when the airport table has it, else undefined. */
export function knownAirportCode(code: string): string | undefined {
  return airportByIata(code)?.iata;
}

/** True when `code`, already normalised (see {@link normaliseAirportCode}), is in the airport table. */
export function isAirportCode(code: string): boolean {
  return airports.has(code);
}

/** The form in which airport codes are looked up and reported: trimmed, upper case. */
export function normaliseAirportCode(code: string): string {
  // Every key of the table is already in that form; a code found as is needs no new string.
  return airports.has(code) ? code : normalForm(code);
}

function normalForm(code: string): string {
  return code.trim().toUpperCase();
}

/** Every IATA code of the airport table, sorted (for tests and tools). */
export function airportCodes(): string[] {
  return [...airports.keys()];
}
