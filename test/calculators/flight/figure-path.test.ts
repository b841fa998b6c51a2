// E6 and E7 answer a flight's figure by a path of their own (`flightKilograms`), which skips the
// numbers only an explanation shows. It must give the explained figure exactly, to the last bit,
// for every aircraft (named, unknown, the default beyond its range), cabin, basis and method.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { knownAircraftCodes } from '../../../src/calculators/flight/aircraft.js';
import { carrierSeatMapKeys } from '../../../src/calculators/flight/carrier.js';
import { emissionsOf, flightKilograms } from '../../../src/calculators/flight/emissions.js';
import { checkFlightOptions, type FlightOptions } from '../../../src/calculators/flight/options.js';
import { airportCodes } from '../../../src/data/flight/airport-index.js';
import { DEFAULT_AIRCRAFT_MODEL, type Flight } from '../../../src/schemas/flight.js';

const codes = airportCodes();
const flight: fc.Arbitrary<Flight> = fc
  .record({
    departure: fc.constantFrom(...codes),
    arrival: fc.constantFrom(...codes),
    no_of_tickets: fc.integer({ min: 1, max: 500 }),
    aircraft_model: fc.oneof(fc.constant(DEFAULT_AIRCRAFT_MODEL), fc.constantFrom(...knownAircraftCodes()), fc.constant('not-an-aircraft')),
    flight_class: fc.constantFrom('ECONOMY', 'PREMIUM_ECONOMY', 'BUSINESS', 'FIRST' as const),
    flight_type: fc.constantFrom('ONE_WAY', 'ROUND_TRIP' as const),
  })
  .filter((value) => value.departure !== value.arrival);
const options: fc.Arbitrary<FlightOptions> = fc.record(
  {
    basis: fc.constantFrom('wtw', 'ttw' as const),
    method: fc.constantFrom('fuel', 'desnz-2025' as const),
    nonCo2Multiplier: fc.constantFrom(1, 1.7, 3),
    desnzRadiativeForcing: fc.boolean(),
  },
  { requiredKeys: [] },
);

// Flights that name a carrier of the table (on its own types, and on routes where T-100 picks a
// configuration), a carrier without rows, or send a seat map of their own.
const tableKeys = carrierSeatMapKeys();
const carrierFlight: fc.Arbitrary<Flight> = fc
  .record({
    base: flight,
    key: fc.constantFrom(...tableKeys),
    ownType: fc.boolean(),
    route: fc.constantFrom(['JFK', 'MUC'], ['MUC', 'SFO'], ['BOM', 'DEL'], ['LHR', 'AMS'], ['MEX', 'LAX'], undefined),
    carrier: fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, fc.constantFrom('YY', '6E', 'LH', 'WN', 'AA', 'QP', 'FR')),
    // A family code, flown as the carrier's member of the family (src/calculators/flight/family.ts).
    family: fc.option(fc.constantFrom('737', '777', '787', '32S', '330', '321'), { freq: 3 }),
    seatMap: fc.option(
      fc.record({
        first: fc.integer({ min: 0, max: 10 }),
        business: fc.integer({ min: 0, max: 50 }),
        premium_economy: fc.integer({ min: 0, max: 30 }),
        economy: fc.integer({ min: 1, max: 400 }),
      }),
      { freq: 4 },
    ),
  })
  .map(({ base, key, ownType, route, carrier, family, seatMap }) => {
    const [tableCarrier = '', type = ''] = key.split(' ');
    const [departure, arrival] = route ?? [base.departure, base.arrival];
    return {
      ...base,
      departure: departure ?? base.departure,
      arrival: arrival ?? base.arrival,
      aircraft_model: family ?? (ownType ? type : base.aircraft_model),
      carrier: carrier ?? tableCarrier,
      ...(seatMap === null ? {} : { seat_map: seatMap }),
    };
  });

describe('the figure path of E6 and E7', () => {
  it('gives the explained figure exactly for flights with a carrier or a seat map of their own', () => {
    fc.assert(
      fc.property(carrierFlight, options, (value, chosen) => {
        expect(flightKilograms(value, chosen, checkFlightOptions(chosen))).toBe(emissionsOf(value, chosen).kilograms);
      }),
      { numRuns: 2000 },
    );
  });


  it('gives the explained figure exactly', () => {
    fc.assert(
      fc.property(flight, options, (value, chosen) => {
        expect(flightKilograms(value, chosen, checkFlightOptions(chosen))).toBe(emissionsOf(value, chosen).kilograms);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives it for the default aircraft beyond its range, where the generic aircraft flies', () => {
    const longHaul: Flight = { ...{ departure: 'LHR', arrival: 'SYD', no_of_tickets: 1 }, aircraft_model: DEFAULT_AIRCRAFT_MODEL, flight_class: 'BUSINESS', flight_type: 'ONE_WAY' };
    expect(emissionsOf(longHaul).explanation.quantities['aircraft_used']).not.toBe('A320');
    expect(flightKilograms(longHaul, {}, 'wtw')).toBe(emissionsOf(longHaul).kilograms);
  });
});
