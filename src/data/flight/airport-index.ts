import { ICAO_WIDTH, NO_ICAO } from './airport-format.js';
import { AIRPORT_ICAO } from './airport-icao.js';
import { airportLocation, airportRow, type AirportLocation } from './airport-locations.js';

// The airport look-up of the public API: an airport's location (./airport-locations.ts) with its
// ICAO code. The flight schema and the calculators read the locations only.

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
export interface Airport extends AirportLocation {
  /** ICAO code, e.g. `VIDP`; empty when OurAirports lists none. */
  readonly icao: string;
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
    country: location.country,
  };
  airports.set(location.iata, airport);
  return airport;
}
