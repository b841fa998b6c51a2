// Packs the airport table written to src/data/flight/airports.ts, read back by
// src/data/flight/airport-index.ts on first use (the format: src/data/flight/airport-format.ts).
// Four strings with one fixed-width field per airport, in the order of the sorted IATA codes: the
// codes, the ISO countries, the ICAO codes and the coordinates (latitude and longitude, offset to
// be positive, in ten-thousandths of a degree, in base 36). A column of
// like fields compresses far better than a table of rows, and parsing it is cheaper than
// evaluating an object literal of 4 563 rows.

import {
  COORDINATE_SCALE,
  COORDINATE_WIDTH,
  LATITUDE_OFFSET,
  LONGITUDE_OFFSET,
  NO_ICAO,
} from '../src/data/flight/airport-format.js';

/** What {@link packAirports} reads: IATA code to [latitude, longitude, ICAO ('' when none), country]. */
export type AirportSource = Record<string, readonly [latitude: number, longitude: number, icao: string, country: string]>;

/** The four strings of the packed table. */
export interface PackedAirports {
  readonly codes: string;
  readonly countries: string;
  readonly icao: string;
  readonly coordinates: string;
}

function packCoordinate(value: number, offset: number, what: string): string {
  const scaled = Math.round((value + offset) * COORDINATE_SCALE);
  if ((scaled - offset * COORDINATE_SCALE) / COORDINATE_SCALE !== value) throw new Error(`${what} ${value} has more than 4 decimal places`);
  return scaled.toString(36).padStart(COORDINATE_WIDTH, '0');
}

/** Packs `source`, refusing any airport the packed form could not give back exactly. */
export function packAirports(source: AirportSource): PackedAirports {
  const codes = Object.keys(source).sort();
  const rows = codes.map((iata) => {
    const row = source[iata];
    if (row === undefined) throw new Error(`airport ${iata} vanished`);
    const [latitude, longitude, icao, country] = row;
    if (!/^[A-Z]{3}$/.test(iata)) throw new Error(`airport code ${iata} is not three letters`);
    if (!(Math.abs(latitude) <= 90) || !(Math.abs(longitude) <= 180)) throw new Error(`airport ${iata} has coordinates out of range`);
    if (!/^[A-Z]{2}$/.test(country)) throw new Error(`airport ${iata} has no ISO country`);
    if (icao !== '' && !/^[A-Z0-9]{4}$/.test(icao)) throw new Error(`airport ${iata} has ICAO code ${icao}, not four letters or digits`);
    return {
      country,
      icao: icao === '' ? NO_ICAO : icao,
      coordinates: packCoordinate(latitude, LATITUDE_OFFSET, `${iata} latitude`) + packCoordinate(longitude, LONGITUDE_OFFSET, `${iata} longitude`),
    };
  });
  return {
    codes: codes.join(''),
    countries: rows.map((row) => row.country).join(''),
    icao: rows.map((row) => row.icao).join(''),
    coordinates: rows.map((row) => row.coordinates).join(''),
  };
}
