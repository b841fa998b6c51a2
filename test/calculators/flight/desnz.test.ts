import { describe, expect, it } from 'vitest';
import { desnzHaul } from '../../../src/calculators/flight/desnz.js';
import { airportLocation, type AirportLocation } from '../../../src/data/flight/airport-locations.js';
import { greatCircleKm } from '../../../src/calculators/flight/geo.js';
import { flightEmissions, type Flight, type FlightClass, type FlightOptions } from '../../../src/index.js';

// DESNZ GHG conversion factors 2025, "Business travel- air" (with RF, without RF) and
// "WTT- business travel- air", kg CO2e per passenger-km (docs/methodology.md, DESNZ method).
const factors = {
  domestic: { AVERAGE: [0.22928, 0.13552, 0.0335] },
  'short-haul': {
    AVERAGE: [0.12786, 0.07559, 0.02286],
    ECONOMY: [0.12576, 0.07435, 0.02249],
    BUSINESS: [0.18863, 0.11152, 0.03373],
  },
  'long-haul': {
    ECONOMY: [0.11704, 0.06926, 0.02461],
    PREMIUM_ECONOMY: [0.18726, 0.11081, 0.03937],
    BUSINESS: [0.3394, 0.20083, 0.07137],
    FIRST: [0.46814, 0.27701, 0.09844],
  },
  international: {
    ECONOMY: [0.10916, 0.06449, 0.01656],
    PREMIUM_ECONOMY: [0.17465, 0.10318, 0.02649],
    BUSINESS: [0.31656, 0.18701, 0.04802],
    FIRST: [0.43663, 0.25794, 0.06623],
  },
} as const;
const routes = { domestic: ['LHR', 'EDI'], 'short-haul': ['LHR', 'CDG'], 'long-haul': ['LHR', 'JFK'], international: ['DEL', 'BOM'] } as const;
const classes: FlightClass[] = ['ECONOMY', 'PREMIUM_ECONOMY', 'BUSINESS', 'FIRST'];

function airport(code: string): AirportLocation {
  const found = airportLocation(code);
  if (found === undefined) throw new Error(code);
  return found;
}

function flight(departure: string, arrival: string, flight_class: FlightClass): Flight {
  return { departure, arrival, no_of_tickets: 1, aircraft_model: '320', flight_class, flight_type: 'ONE_WAY' };
}

describe('the DESNZ 2025 method', () => {
  for (const haul of Object.keys(routes) as (keyof typeof routes)[]) {
    const [from, to] = routes[haul];
    const km = greatCircleKm(airport(from), airport(to));
    for (const cabin of classes) {
      const table: Record<string, readonly [number, number, number]> = factors[haul];
      const own = table[cabin];
      const [withRf, withoutRf, wtt] = own ?? table.AVERAGE ?? [NaN, NaN, NaN];
      it(`gives the ${haul} ${cabin} factor${own === undefined ? ' (average passenger)' : ''} times the distance`, () => {
        expect(desnzHaul(airport(from), airport(to), km)).toBe(haul);
        const emissions = (options: FlightOptions) => flightEmissions(flight(from, to, cabin), { method: 'desnz-2025', ...options });
        // Well-to-wake by default; radiative forcing is reported beside the figure, never inside it.
        for (const desnzRadiativeForcing of [false, true]) {
          expect(emissions({ desnzRadiativeForcing }).kilograms).toBeCloseTo((withoutRf + wtt) * km, 9);
          expect(emissions({ desnzRadiativeForcing, basis: 'ttw' }).kilograms).toBeCloseTo(withoutRf * km, 9);
          expect(emissions({ desnzRadiativeForcing, desnzWellToTank: false }).kilograms).toBeCloseTo(withoutRf * km, 9);
        }
        const { explanation } = emissions({ desnzRadiativeForcing: true });
        expect(explanation.quantities['non_co2_estimate_kg_per_passenger']).toBeCloseTo((withRf - withoutRf) * km, 9);
        expect(explanation.basis.tank_to_wheel * 1000).toBeCloseTo(withoutRf * km, 9);
        expect(explanation.basis.well_to_tank * 1000).toBeCloseTo(wtt * km, 9);
        expect(emissions({}).explanation.quantities['non_co2_estimate_kg_per_passenger']).toBeUndefined();
      });
    }
  }

  it('says when a class has no factor of its own and the average passenger is used', () => {
    const { explanation } = flightEmissions(flight('LHR', 'CDG', 'FIRST'), { method: 'desnz-2025' });
    expect(explanation.quantities.desnz_class).toBe('AVERAGE');
    expect(explanation.assumptions.join(' ')).toMatch(/no FIRST factor for short-haul flights; its average-passenger factor/);
  });

  it('puts flights to or from the UK from 3700 km in long-haul, shorter ones in short-haul', () => {
    const uk = airport('LHR');
    const abroad = airport('JFK');
    expect(desnzHaul(uk, abroad, 3699.9)).toBe('short-haul');
    expect(desnzHaul(abroad, uk, 3700)).toBe('long-haul');
    expect(desnzHaul(airport('JFK'), airport('SFO'), 4000)).toBe('international');
  });
});
