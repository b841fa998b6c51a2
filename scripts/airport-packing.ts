// Packs the airport table written to src/data/flight/airports.ts and airport-icao.ts, read back by
// src/data/flight/airport-locations.ts and airport-index.ts on first use (the format and why:
// src/data/flight/airport-format.ts). One column per field, each with one entry per airport in the
// order of the sorted IATA codes: a bitmap of the codes, the ISO countries, the ICAO codes, then
// the latitudes and the longitudes (offset to be positive, in ten-thousandths of a degree, as one
// stream of bits); and the codes of the airports in the United Kingdom, which the DESNZ method asks.
// A column of like fields compresses far better than a table of rows, and reading it is cheaper
// than evaluating an object literal of 4 563 rows.

import {
  BITMAP_ALPHABET,
  BITS_PER_CHARACTER,
  codeIndex,
  COORDINATE_SCALE,
  coordinateOf,
  IATA_LETTERS,
  LATITUDE_BITS,
  LATITUDE_OFFSET,
  LONGITUDE_BITS,
  LONGITUDE_OFFSET,
  NO_ICAO,
} from '../src/data/flight/airport-format.js';
import { DESNZ_UK_COUNTRY } from '../src/data/flight/factors.js';

/** What {@link packAirports} reads: IATA code to [latitude, longitude, ICAO ('' when none), country]. */
export type AirportSource = Record<string, readonly [latitude: number, longitude: number, icao: string, country: string]>;

/** The columns of the packed table. */
export interface PackedAirports {
  readonly codeBitmap: string;
  readonly countries: string;
  readonly icao: string;
  readonly coordinates: string;
  /** The IATA codes of the airports in the United Kingdom, concatenated in order. */
  readonly ukCodes: string;
}

function packCoordinate(value: number, offset: number, what: string): number {
  const scaled = Math.round((value + offset) * COORDINATE_SCALE);
  if (coordinateOf(scaled, offset) !== value) throw new Error(`${what} ${value} has more than 4 decimal places`);
  return scaled;
}

/** Whole numbers of `width` bits each, most significant bit first, six bits to a character of BITMAP_ALPHABET. */
function bitsOf(values: readonly (readonly [value: number, width: number])[]): string {
  const bits: number[] = [];
  for (const [value, width] of values) for (let bit = width - 1; bit >= 0; bit -= 1) bits.push(Math.floor(value / 2 ** bit) % 2);
  return charactersOf(bits);
}

/** Bits, six to a character of BITMAP_ALPHABET; the last character padded with zeros. */
function charactersOf(bits: readonly number[]): string {
  let packed = '';
  for (let start = 0; start < bits.length; start += BITS_PER_CHARACTER) {
    let value = 0;
    for (let bit = 0; bit < BITS_PER_CHARACTER; bit += 1) value = value * 2 + (bits[start + bit] ?? 0);
    packed += BITMAP_ALPHABET[value];
  }
  return packed;
}

function bitmapOf(codes: readonly string[]): string {
  const bits = new Array<number>(IATA_LETTERS ** 3).fill(0);
  for (const code of codes) bits[codeIndex(code)] = 1;
  return charactersOf(bits);
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
      iata,
      country,
      icao: icao === '' ? NO_ICAO : icao,
      latitude: packCoordinate(latitude, LATITUDE_OFFSET, `${iata} latitude`),
      longitude: packCoordinate(longitude, LONGITUDE_OFFSET, `${iata} longitude`),
    };
  });
  return {
    codeBitmap: bitmapOf(codes),
    countries: rows.map((row) => row.country).join(''),
    icao: rows.map((row) => row.icao).join(''),
    coordinates: bitsOf([
      ...rows.map((row) => [row.latitude, LATITUDE_BITS] as const),
      ...rows.map((row) => [row.longitude, LONGITUDE_BITS] as const),
    ]),
    ukCodes: rows
      .filter((row) => row.country === DESNZ_UK_COUNTRY)
      .map((row) => row.iata)
      .join(''),
  };
}
