import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { airportByIata, airportCodes } from '../../../src/data/flight/airport-index.js';
import { greatCircleKm, preparedGreatCircleKm } from '../../../src/calculators/flight/geo.js';
import { airportLocation } from '../../../src/data/flight/airport-locations.js';

function distance(from: string, to: string): number {
  const a = airportByIata(from);
  const b = airportByIata(to);
  if (a === undefined || b === undefined) throw new Error(`unknown airport ${from} or ${to}`);
  return greatCircleKm(a, b);
}

describe('greatCircleKm', () => {
  // Haversine on R = 6371.0088 km over OurAirports coordinates, computed independently
  // (research notes, flight-sources.md section 7).
  const routes: [string, string, number][] = [
    ['LHR', 'JFK', 5539.8],
    ['DEL', 'BOM', 1136.8],
    ['SFO', 'JFK', 4151.7],
    ['ZRH', 'SFO', 9376.2],
    ['LHR', 'SYD', 17020.5],
  ];
  for (const [from, to, km] of routes) {
    it(`measures ${from}-${to} as ${km} km`, () => {
      expect(distance(from, to)).toBeCloseTo(km, 1);
    });
  }

  it('is symmetric, zero for the same airport and at most half the circumference', () => {
    const codes = airportCodes();
    fc.assert(
      fc.property(fc.constantFrom(...codes), fc.constantFrom(...codes), (a, b) => {
        expect(distance(a, b)).toBeCloseTo(distance(b, a), 9);
        expect(distance(a, a)).toBe(0);
        expect(distance(a, b)).toBeLessThanOrEqual(Math.PI * 6371.0088 + 1e-6);
      }),
    );
  });
});

describe('airportByIata', () => {
  it('finds an airport in any case and with surrounding spaces', () => {
    expect(airportByIata(' del ')).toEqual({ iata: 'DEL', latitude: 28.5556, longitude: 77.0952, icao: 'VIDP', country: 'IN' });
  });

  it('knows nothing of codes outside the table, including names of Object.prototype', () => {
    expect(airportByIata('XXX')).toBeUndefined();
    expect(airportByIata('constructor')).toBeUndefined();
    expect(airportByIata('__proto__')).toBeUndefined();
  });

  it('holds the whole OurAirports extract', () => {
    expect(airportCodes()).toHaveLength(4563);
  });
});

describe('preparedGreatCircleKm', () => {
  it('gives greatCircleKm exactly for any two airports of the table', () => {
    const codes = airportCodes();
    fc.assert(
      fc.property(fc.constantFrom(...codes), fc.constantFrom(...codes), (from, to) => {
        const a = airportLocation(from)!;
        const b = airportLocation(to)!;
        expect(preparedGreatCircleKm(a, b)).toBe(greatCircleKm({ latitude: a.latitude, longitude: a.longitude }, { latitude: b.latitude, longitude: b.longitude }));
      }),
      { numRuns: 2000 },
    );
  });
});
