import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aircraftType, knownAircraftCodes, resolveAircraft } from '../../../src/calculators/flight/aircraft.js';
import { fuelMethodPerPassenger } from '../../../src/calculators/flight/fuel.js';
import { airportCodes, airportByIata } from '../../../src/data/flight/airport-index.js';
import { greatCircleKm } from '../../../src/calculators/flight/geo.js';
import { fuelBurnRows } from '../../../src/data/flight/aircraft-performance.js';
import { flightEmissions, flightRequestSchema, flightTruecost, validate } from '../../../src/index.js';
import type { Flight, FlightClass } from '../../../src/index.js';

const codes = airportCodes();
const classes: FlightClass[] = ['ECONOMY', 'PREMIUM_ECONOMY', 'BUSINESS', 'FIRST'];
const aircraftCode = fc.oneof(fc.constantFrom(...knownAircraftCodes()), fc.string({ maxLength: 6 }));

const flightArbitrary = fc
  .record({
    departure: fc.constantFrom(...codes),
    arrival: fc.constantFrom(...codes),
    no_of_tickets: fc.integer({ min: 1, max: 10_000 }),
    aircraft_model: aircraftCode,
    flight_class: fc.constantFrom(...classes),
    flight_type: fc.constantFrom('ONE_WAY' as const, 'ROUND_TRIP' as const),
  })
  .filter((flight) => flight.departure !== flight.arrival);

function distanceOf(flight: Flight): number {
  const from = airportByIata(flight.departure);
  const to = airportByIata(flight.arrival);
  if (from === undefined || to === undefined) throw new Error('unknown airport');
  return greatCircleKm(from, to);
}

describe('flight emissions, for any pair of airports and any inputs', () => {
  it('are finite and positive', () => {
    fc.assert(
      fc.property(flightArbitrary, (flight: Flight) => {
        const { kilograms, tonnes } = flightEmissions(flight);
        expect(Number.isFinite(kilograms)).toBe(true);
        expect(kilograms).toBeGreaterThan(0);
        expect(tonnes).toBeCloseTo(kilograms / 1000, 12);
      }),
    );
  });

  it('are exactly linear in the number of tickets', () => {
    fc.assert(
      fc.property(flightArbitrary, (flight: Flight) => {
        const one = flightEmissions({ ...flight, no_of_tickets: 1 }).kilograms;
        expect(flightEmissions(flight).kilograms).toBe(one * flight.no_of_tickets);
      }),
    );
  });

  it('are twice as much for a round trip as for one way', () => {
    fc.assert(
      fc.property(flightArbitrary, (flight: Flight) => {
        const oneWay = flightEmissions({ ...flight, flight_type: 'ONE_WAY' }).kilograms;
        expect(flightEmissions({ ...flight, flight_type: 'ROUND_TRIP' }).kilograms).toBe(2 * oneWay);
      }),
    );
  });

  it('order the cabins FIRST >= BUSINESS >= PREMIUM_ECONOMY >= ECONOMY', () => {
    fc.assert(
      fc.property(flightArbitrary, (flight: Flight) => {
        const [economy, premium, business, first] = classes.map(
          (flight_class) => flightEmissions({ ...flight, flight_class }).kilograms,
        ) as [number, number, number, number];
        expect(first).toBeGreaterThanOrEqual(business);
        expect(business).toBeGreaterThanOrEqual(premium);
        expect(premium).toBeGreaterThanOrEqual(economy);
      }),
    );
  });

  it('fall back to the generic aircraft, without throwing, for aircraft codes truecost does not know', () => {
    fc.assert(
      fc.property(flightArbitrary, fc.string({ maxLength: 8 }), (flight: Flight, model) => {
        fc.pre(resolveAircraft(model) === undefined);
        const { explanation } = flightEmissions({ ...flight, aircraft_model: model });
        expect(['A20N', 'B789']).toContain(explanation.quantities.aircraft_used);
        expect(explanation.assumptions.join(' ')).toMatch(/generic aircraft/);
      }),
    );
  });
});

describe('cabin classes, for every aircraft type', () => {
  // TIM's rule: each class takes its own seat-area factor, whether or not the typical configuration
  // has seats of that class (IATA RP 1726 factors as published by TIM 3.0.0, whose narrow-body
  // premium economy is 1, as every TIM version has it).
  const expected = { narrow: [1, 1.5, 1.5], wide: [1.5, 4, 5] } as const;

  it('cost 1/1.5/1.5 (narrow-body) or 1.5/4/5 (wide-body) times economy for premium economy/business/first', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(fuelBurnRows())),
        fc.double({ min: 50, max: 15_000, noNaN: true }),
        (icao, km) => {
          const type = aircraftType(icao);
          if (type === undefined) throw new Error(`${icao} has no data`);
          const kg = (cabin: FlightClass) => fuelMethodPerPassenger({ greatCircleKm: km, type, cabin }).perPassengerKg;
          const economy = kg('ECONOMY');
          const [premium, business, first] = expected[type.body];
          expect(kg('PREMIUM_ECONOMY') / economy).toBeCloseTo(premium, 12);
          expect(kg('BUSINESS') / economy).toBeCloseTo(business, 12);
          expect(kg('FIRST') / economy).toBeCloseTo(first, 12);
        },
      ),
    );
  });
});

describe('fuel, for the same aircraft type', () => {
  const types = Object.keys(fuelBurnRows());

  it('never decreases with a longer great-circle distance', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...types),
        fc.double({ min: 0, max: 20_000, noNaN: true }),
        fc.double({ min: 0, max: 20_000, noNaN: true }),
        (icao, a, b) => {
          const type = aircraftType(icao);
          if (type === undefined) throw new Error(`${icao} has no data`);
          const [shorter, longer] = a <= b ? [a, b] : [b, a];
          const fuel = (km: number) => fuelMethodPerPassenger({ greatCircleKm: km, type, cabin: 'ECONOMY' }).fuelKg;
          expect(fuel(longer)).toBeGreaterThanOrEqual(fuel(shorter));
        },
      ),
    );
  });

  it('never decreases with distance between real airports when the aircraft used is the same', () => {
    fc.assert(
      fc.property(flightArbitrary, flightArbitrary, (first: Flight, second: Flight) => {
        const a = flightEmissions({ ...first, aircraft_model: '789' }).explanation.quantities;
        const b = flightEmissions({ ...second, aircraft_model: '789' }).explanation.quantities;
        fc.pre(a.aircraft_used === b.aircraft_used);
        if (distanceOf(first) <= distanceOf(second)) expect(b.fuel_kg).toBeGreaterThanOrEqual(a.fuel_kg as number);
        else expect(a.fuel_kg).toBeGreaterThanOrEqual(b.fuel_kg as number);
      }),
    );
  });
});

describe('flightTruecost on any request that passes validation', () => {
  it('answers one 6-decimal string per flight and never throws', () => {
    const anyCase = fc.constantFrom(...codes).chain((code) =>
      fc.constantFrom(code, code.toLowerCase(), ` ${code} `),
    );
    const looseFlight = fc.record(
      {
        flight_id: fc.string({ minLength: 1, maxLength: 4 }),
        departure: anyCase,
        arrival: anyCase,
        no_of_tickets: fc.integer({ min: 1, max: 1_000_000 }),
        aircraft_model: aircraftCode,
        flight_class: fc.constantFrom(...classes),
        flight_type: fc.constantFrom('ONE_WAY', 'ROUND_TRIP'),
      },
      { requiredKeys: ['departure', 'arrival', 'no_of_tickets'] },
    );
    fc.assert(
      fc.property(fc.array(looseFlight, { minLength: 1, maxLength: 10 }), (flights) => {
        const parsed = validate(flightRequestSchema, { queries: { flights } });
        fc.pre(parsed.ok);
        if (!parsed.ok) return;
        const body = flightTruecost(parsed.value);
        expect(body.truecost).toHaveLength(flights.length);
        expect(new Set(body.truecost.map((row) => row.flight_id)).size).toBe(flights.length);
        for (const row of body.truecost) expect(row.truecost).toMatch(/^\d+\.\d{6}$/);
      }),
    );
  });
});
