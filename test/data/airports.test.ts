import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AIRPORT_COUNT, airportByIata, airportCodes } from '../../src/data/flight/airport-index.js';
import { packAirports, type AirportSource } from '../../scripts/airport-packing.js';

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
    }
  });

  it('packs any airport with 4-decimal coordinates and reads it back through the same format', () => {
    const airport = fc.record({
      iata: fc.stringMatching(/^[A-Z]{3}$/),
      latitude: fc.integer({ min: -900_000, max: 900_000 }).map((n) => n / 10_000),
      longitude: fc.integer({ min: -1_800_000, max: 1_800_000 }).map((n) => n / 10_000),
      icao: fc.oneof(fc.constant(''), fc.stringMatching(/^[A-Z0-9]{4}$/)),
      country: fc.stringMatching(/^[A-Z]{2}$/),
    });
    fc.assert(
      fc.property(airport, ({ iata, latitude, longitude, icao, country }) => {
        const packed = packAirports({ [iata]: [latitude, longitude, icao, country] });
        expect(packed.codes).toBe(iata);
        expect(packed.countries).toBe(country);
        expect(packed.icao).toBe(icao === '' ? '....' : icao);
        const back = (digits: string, offset: number) => (parseInt(digits, 36) - offset * 10_000) / 10_000;
        expect(back(packed.coordinates.slice(0, 5), 90)).toBe(latitude);
        expect(back(packed.coordinates.slice(5, 10), 180)).toBe(longitude);
      }),
    );
  });

  it('refuses what it could not give back', () => {
    expect(() => packAirports({ DEL: [28.55561, 77.0952, 'VIDP', 'IN'] })).toThrow(/4 decimal places/);
    expect(() => packAirports({ DEL: [28.5556, 77.0952, 'VIDPX', 'IN'] })).toThrow(/ICAO/);
    expect(() => packAirports({ DE: [28.5556, 77.0952, 'VIDP', 'IN'] })).toThrow(/three letters/);
  });
});
