import { COUNTRY_WIDTH, ICAO_WIDTH, NO_ICAO } from './airport-format.js';
import { AIRPORT_COUNTRIES } from './airport-countries.js';
import { AIRPORT_ICAO } from './airport-icao.js';
import { airportLocation, airportRow, type Coordinates } from './airport-locations.js';

// The airport look-up of the public API: an airport's location (./airport-locations.ts) with its
// ICAO code and country. The flight schema and the calculators read the locations only.

export {
  AIRPORT_COUNT,
  airportCodes,
  isAirportCode,
  knownAirportCode,
  normaliseAirportCode,
  type AirportLocation,
  type Coordinates,
} from './airport-locations.js';

/** An airport of truecost's airport table (OurAirports). */
export interface Airport extends Coordinates {
  /** IATA code, upper case, e.g. `DEL`. */
  readonly iata: string;
  /** ICAO code, e.g. `VIDP`; empty when OurAirports lists none. */
  readonly icao: string;
  /** ISO 3166-1 alpha-2 country code, e.g. `IN`. */
  readonly country: string;
}

const airports = new Map<string, Airport>();

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
  const location = airportLocation(code);
  if (location === undefined) return undefined;
  const known = airports.get(location.iata);
  if (known !== undefined) return known;
  const row = airportRow(location.iata)!;
  const icao = AIRPORT_ICAO.slice(row * ICAO_WIDTH, (row + 1) * ICAO_WIDTH);
  const airport: Airport = {
    iata: location.iata,
    latitude: location.latitude,
    longitude: location.longitude,
    icao: icao === NO_ICAO ? '' : icao,
    country: AIRPORT_COUNTRIES.slice(row * COUNTRY_WIDTH, (row + 1) * COUNTRY_WIDTH),
  };
  airports.set(location.iata, airport);
  return airport;
}
