// E6 and E7 answer a flight's figure by a path of their own (`flightKilograms`), which skips the
// numbers only an explanation shows. It must give the explained figure exactly, to the last bit,
// for every aircraft (named, unknown, the default beyond its range), cabin, basis and method.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { knownAircraftCodes } from '../../../src/calculators/flight/aircraft.js';
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

describe('the figure path of E6 and E7', () => {
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
