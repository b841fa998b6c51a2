// The aircraft a flight flies for its operating carrier: the variant the carrier states it flies, and
// its member of a family code ("Boeing 737", `737`) by US DOT T-100 departures or its seat-map table.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flightEmissions } from '../../../src/calculators/flight/index.js';
import { carrierFleetType } from '../../../src/calculators/flight/carrier-aircraft.js';
import { AIRCRAFT_FAMILY_MEMBERS } from '../../../scripts/aircraft-families.js';
import type { FlightInput } from '../../../src/schemas/flight.js';
import { mostFlown } from '../../../scripts/carrier-families.js';

const flight = (aircraft_model: string, carrier: string | undefined, departure = 'MEX', arrival = 'LAX'): FlightInput => ({
  departure,
  arrival,
  no_of_tickets: 1,
  aircraft_model,
  ...(carrier === undefined ? {} : { carrier }),
});
const quantities = (input: FlightInput) => flightEmissions(input).explanation.quantities;

describe("a family code with the operating carrier", () => {
  it('flies the member of most of the carrier\'s T-100 departures on the route, else on all its routes', () => {
    // American flies the 737 MAX 8 most between Mexico City and Los Angeles, the 737-800 over all its T-100 routes.
    const onRoute = quantities(flight('737', 'AA'));
    expect(onRoute['aircraft_used']).toBe('B38M');
    expect(onRoute['aircraft_carrier_step']).toBe('carrier-route');
    const overall = quantities(flight('737', 'AA', 'JFK', 'MIA'));
    expect(overall['aircraft_used']).toBe('B738');
    expect(overall['aircraft_carrier_step']).toBe('carrier-t100');
    // The carrier's seat map of that member follows (American's two-class 737-800).
    expect(overall['seat_map_row']).toBe('AA B738 Oasis');
    expect(flightEmissions(flight('737', 'AA', 'JFK', 'MIA')).explanation.assumptions.join(' ')).toMatch(/Boeing 737 names a family; AA's member B738 is used/);
  });

  it("does not take a member from the seat-map table, whose rows say what a type's cabins are, not how much of the fleet it is", () => {
    // Emirates is not in the T-100 months; its table has the 777-200LR, not its many 777-300ERs.
    const emirates = quantities(flight('777', 'EK', 'DXB', 'BKK'));
    expect(emirates['aircraft_used']).toBe('B773');
    expect(emirates['aircraft_carrier_step']).toBe('least-in-family');
    // Akasa flies only the 737 MAX, but no fleet statement says so: TIM's member flies.
    expect(quantities(flight('737', 'QP', 'BOM', 'DEL'))['aircraft_used']).toBe('B734');
  });

  it("flies TIM's member for a carrier truecost knows nothing of, and the figure without a carrier is unchanged", () => {
    const unknown = quantities(flight('737', 'YY'));
    expect(unknown['aircraft_used']).toBe('B734');
    expect(unknown['aircraft_carrier_step']).toBe('least-in-family');
    expect(flightEmissions(flight('737', 'YY')).kilograms).toBe(flightEmissions(flight('737', undefined)).kilograms);
    expect(quantities(flight('737', undefined))['aircraft_carrier_step']).toBeUndefined();
    // A type that is not a family keeps its own data with a carrier.
    expect(quantities(flight('738', 'AA'))['aircraft_carrier_step']).toBeUndefined();
  });

  it('always flies a member of the family asked for', () => {
    const carriers = ['AA', 'DL', 'UA', 'AS', 'CM', 'AM', 'BA', 'LH', 'QR', 'KE', 'FR', 'QP', '6E', 'U2', 'YY'];
    // Airports of routes T-100 tells apart, and others it does not have.
    const airports = ['MEX', 'LAX', 'JFK', 'MIA', 'PTY', 'DEL', 'BOM', 'LHR', 'FRA', 'DFW', 'ICN', 'DOH', 'IAD', 'EWR', 'AUS', 'SFO', 'STN', 'DUB', 'BCN', 'CDG', 'AMS', 'ATL', 'NRT', 'SIN', 'DXB', 'GRU', 'YYZ'];
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(AIRCRAFT_FAMILY_MEMBERS)),
        fc.constantFrom(...carriers),
        fc.constantFrom(...airports),
        fc.constantFrom(...airports),
        (family, carrier, departure, arrival) => {
          fc.pre(departure !== arrival);
          const used = String(quantities(flight(family, carrier, departure, arrival))['aircraft_used']);
          // A member, or the variant the carrier states it flies a member as (IndiGo's A321 is its A321neo).
          const stated = (AIRCRAFT_FAMILY_MEMBERS[family] ?? []).flatMap((icao) => carrierFleetType(carrier, icao)?.type.icao ?? []);
          expect([...(AIRCRAFT_FAMILY_MEMBERS[family] ?? []), ...stated]).toContain(used);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('a type the carrier states it flies as another', () => {
  it("flies IndiGo's A321 as the A321neo, with its seat maps, and says whose statement", () => {
    const indigo = flightEmissions(flight('321', '6E', 'BOM', 'DEL'));
    expect(indigo.explanation.quantities['aircraft_used']).toBe('A21N');
    expect(indigo.explanation.quantities['aircraft_carrier_step']).toBe('carrier-fleet');
    expect(indigo.explanation.quantities['seat_map']).toBe('F0 J0 W0 Y227');
    expect(indigo.explanation.assumptions.join(' ')).toMatch(/6E states it flies Airbus A321 as A21N \(indigo-2023/);
    expect(indigo.kilograms).toBe(flightEmissions(flight('32Q', '6E', 'BOM', 'DEL')).kilograms);
    // Another carrier's A321 is an A321.
    expect(quantities(flight('321', 'VY', 'BCN', 'ORY'))['aircraft_used']).toBe('A321');
  });
});

describe('the member of most departures (scripts/carrier-families.ts)', () => {
  it("is the one most flown, TIM's member in a tie that holds it, and undecided in another tie", () => {
    expect(mostFlown(new Map([['B738', 30], ['B38M', 12]]), 'B734')).toBe('B738');
    expect(mostFlown(new Map([['B773', 9], ['B77W', 9]]), 'B773')).toBe('B773');
    expect(mostFlown(new Map([['B772', 9], ['B77L', 9]]), 'B773')).toBeUndefined();
    expect(mostFlown(new Map(), 'B734')).toBeUndefined();
  });
});
