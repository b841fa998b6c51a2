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
    // Emirates is not in the T-100 months; its table has the 777-200LR, but its fleet statement says
    // its 777-300s are all 777-300ERs: TIM's member, the 777-300, is flown as the 777-300ER.
    const emirates = quantities(flight('777', 'EK', 'DXB', 'BKK'));
    expect(emirates['aircraft_used']).toBe('B77W');
    expect(emirates['aircraft_carrier_step']).toBe('carrier-fleet');
    expect(emirates['aircraft_family_member']).toBeUndefined();
    // Akasa flies only the 737 MAX 8: its fleet list, not its seat-map rows, says so.
    const akasa = quantities(flight('737', 'QP', 'BOM', 'DEL'));
    expect(akasa['aircraft_used']).toBe('B38M');
    expect(akasa['aircraft_carrier_step']).toBe('carrier-fleet-count');
  });

  it('takes the member the carrier lists most aircraft of where T-100 does not have it, and cites the list', () => {
    // Transavia France lists only 737-800s; KLM more 737-800s than 737-700s or 737-900s.
    const transavia = flightEmissions(flight('737', 'TO', 'ORY', 'BER'));
    expect(transavia.explanation.quantities['aircraft_used']).toBe('B738');
    expect(transavia.explanation.quantities['aircraft_carrier_step']).toBe('carrier-fleet-count');
    expect(transavia.explanation.assumptions.join(' ')).toMatch(/TO's member B738 is used: the member it lists most aircraft of in its fleet \(.*to-airjournal-2023/);
    expect(quantities(flight('737', 'KL', 'AMS', 'CDG'))['aircraft_used']).toBe('B738');
    // T-100 comes first: American's 737 is its T-100 member even if a list said otherwise.
    expect(quantities(flight('737', 'AA', 'JFK', 'MIA'))['aircraft_carrier_step']).toBe('carrier-t100');
  });

  it("restates a T-100 member as the variant the carrier flies, and names both steps", () => {
    // T-100 files the 777-300 and -300ER under one code, so Air France's T-100 member is TIM's 777-300;
    // Air France's 777s are 777-200ERs and 777-300ERs, so it flies the 777-300ER.
    const airFrance = flightEmissions(flight('777', 'AF', 'CDG', 'DEL'));
    const q = airFrance.explanation.quantities;
    expect(q['aircraft_used']).toBe('B77W');
    expect(q['aircraft_carrier_step']).toBe('carrier-fleet');
    expect(q['aircraft_family_member']).toBe('B773');
    expect(q['aircraft_family_step']).toBe('carrier-t100');
    expect(airFrance.explanation.assumptions.join(' ')).toMatch(/AF's member B773 is used: .*T-100.* AF states it flies B773 as B77W \(af-actuaero-2016/);
    expect(airFrance.kilograms).toBe(flightEmissions(flight('77W', 'AF', 'CDG', 'DEL')).kilograms);
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
