import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AIRPORT_COUNT, airportByIata, airportCodes } from '../../src/data/flight/airport-index.js';
import { packAirports, type AirportSource } from '../../scripts/airport-packing.js';
import { airportLocation } from '../../src/data/flight/airport-locations.js';
import { BITMAP_ALPHABET, codeAt, coordinateOf, LATITUDE_BITS, LONGITUDE_BITS, readBits } from '../../src/data/flight/airport-format.js';

const source = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../data/flight/airports_ourairports.json'), 'utf8'),
) as AirportSource;

describe('the packed airport table', () => {
  it('gives back every airport of the source exactly', () => {
    const codes = Object.keys(source).sort();
    expect(airportCodes()).toEqual(codes);
    expect(AIRPORT_COUNT).toBe(codes.length);
    for (const iata of codes) {
      const [latitude, longitude, icao, country] = source[iata]!;
      expect(airportByIata(iata), iata).toEqual({ iata, latitude, longitude, icao, country });
      expect(airportLocation(iata), iata).toEqual({
        iata,
        latitude,
        longitude,
        latitudeCosine: Math.cos(latitude * (Math.PI / 180)),
        inUnitedKingdom: country === 'GB',
      });
    }
  });

  it('packs any airports with 4-decimal coordinates into columns the format reads back', () => {
    const airport = fc.record({
      latitude: fc.integer({ min: -900_000, max: 900_000 }).map((n) => n / 10_000),
      longitude: fc.integer({ min: -1_800_000, max: 1_800_000 }).map((n) => n / 10_000),
      icao: fc.oneof(fc.constant(''), fc.stringMatching(/^[A-Z0-9]{4}$/)),
      country: fc.oneof(fc.constant('GB'), fc.stringMatching(/^[A-Z]{2}$/)),
    });
    const table = fc.dictionary(fc.stringMatching(/^[A-Z]{3}$/), airport, { minKeys: 1, maxKeys: 20 });
    fc.assert(
      fc.property(table, (airports) => {
        const packed = packAirports(
          Object.fromEntries(Object.entries(airports).map(([iata, a]) => [iata, [a.latitude, a.longitude, a.icao, a.country] as const])),
        );
        const codes = Object.keys(airports).sort();
        // The bitmap: one bit per possible code, set for the table's codes only.
        const set: string[] = [];
        [...packed.codeBitmap].forEach((character, at) => {
          const bits = BITMAP_ALPHABET.indexOf(character);
          for (let bit = 0; bit < 6; bit += 1) if (bits & (1 << (5 - bit))) set.push(codeAt(at * 6 + bit));
        });
        expect(set).toEqual(codes);
        codes.forEach((iata, row) => {
          const { latitude, longitude, icao, country } = airports[iata]!;
          expect(packed.countries.slice(row * 2, row * 2 + 2)).toBe(country);
          expect(packed.icao.slice(row * 4, row * 4 + 4)).toBe(icao === '' ? '....' : icao);
          const longitudes = codes.length * LATITUDE_BITS;
          expect(coordinateOf(readBits(packed.coordinates, row * LATITUDE_BITS, LATITUDE_BITS), 90)).toBe(latitude);
          expect(coordinateOf(readBits(packed.coordinates, longitudes + row * LONGITUDE_BITS, LONGITUDE_BITS), 180)).toBe(longitude);
        });
        expect(packed.ukCodes).toBe(codes.filter((iata) => airports[iata]!.country === 'GB').join(''));
        expect(packed.coordinates.length).toBe(Math.ceil((codes.length * (LATITUDE_BITS + LONGITUDE_BITS)) / 6));
      }),
    );
  });

  it('refuses what it could not give back', () => {
    expect(() => packAirports({ DEL: [28.55561, 77.0952, 'VIDP', 'IN'] })).toThrow(/4 decimal places/);
    expect(() => packAirports({ DEL: [28.5556, 77.0952, 'VIDPX', 'IN'] })).toThrow(/ICAO/);
    expect(() => packAirports({ DE: [28.5556, 77.0952, 'VIDP', 'IN'] })).toThrow(/three letters/);
  });
});
