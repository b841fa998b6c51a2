// The seat-map chain of a flight: the partner's seat_map, the operating carrier's configuration
// (by route where T-100 tells), the carrier's T-100 total less premium seats, the typical map.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bulkFlightResults, explainFlightTruecost, flightEmissions, flightTruecost } from '../../../src/calculators/flight/index.js';
import { TruecostValidationError } from '../../../src/validation/checked-request.js';
import type { FlightInput } from '../../../src/schemas/flight.js';

const a321neo: FlightInput = { departure: 'BOM', arrival: 'DEL', no_of_tickets: 1, aircraft_model: '32Q' };
const explained = (flight: FlightInput) => flightEmissions(flight).explanation;

describe('a flight with its operating carrier', () => {
  it("flies IndiGo's cited all-economy A321neo (222 or 232 seats) and names it and its source", () => {
    const { quantities, assumptions } = explained({ ...a321neo, carrier: '6E' });
    expect(quantities['carrier']).toBe('6E');
    expect(quantities['seat_map']).toBe('F0 J0 W0 Y227');
    expect(quantities['seat_map_step']).toBe('carrier-mean');
    expect(quantities['seat_map_row']).toBe('6E A21N mean of 222 and 232');
    expect(quantities['seat_map_source']).toBe('indigo-2023 (data/flight/carrier_seat_maps.yaml; cited in docs/data-sources.md)');
    expect(assumptions.join(' ')).toMatch(/6E A21N mean of 222 and 232/);
  });

  it('flies the typical map, unchanged, for a well-formed carrier without rows, and says so', () => {
    const { quantities, assumptions } = explained({ ...a321neo, carrier: 'YY' });
    expect(quantities['seat_map_step']).toBe('typical');
    expect(quantities['seat_map']).toBe(explained(a321neo)['quantities']['seat_map']);
    expect(flightEmissions({ ...a321neo, carrier: 'YY' }).kilograms).toBe(flightEmissions(a321neo).kilograms);
    expect(assumptions.join(' ')).toMatch(/no seat map of YY; the typical map/);
    // A carrier of the table on a type it has no row for.
    expect(explained({ ...a321neo, aircraft_model: '77W', carrier: '6E' }).assumptions.join(' ')).toMatch(/no seat map of 6E for B77W/);
  });

  it('chooses the configuration T-100 shows on the route, else the default', () => {
    const onRoute = explained({ departure: 'SFO', arrival: 'MUC', no_of_tickets: 1, aircraft_model: '359', carrier: 'LH' }).quantities;
    expect(onRoute['seat_map_step']).toBe('carrier-route');
    expect(onRoute['seat_map']).toBe('F0 J48 W21 Y224');
    const elsewhere = explained({ departure: 'MUC', arrival: 'DEL', no_of_tickets: 1, aircraft_model: '359', carrier: 'LH' }).quantities;
    expect(elsewhere['seat_map_step']).toBe('carrier-config');
  });

  it("takes a narrow-body's economy from the carrier's T-100 total less its premium seats", () => {
    const { quantities } = explained({ departure: 'LAX', arrival: 'SJD', no_of_tickets: 1, aircraft_model: '73W', carrier: 'WN' });
    expect(quantities['seat_map_step']).toBe('carrier-t100-total');
    expect(quantities['seat_map']).toBe('F0 J0 W0 Y137');
  });

  it('takes the load factor the carrier publishes, cited with its period, and the default otherwise', () => {
    const ryanair = flightEmissions({ departure: 'STN', arrival: 'DUB', no_of_tickets: 1, aircraft_model: '738', carrier: 'FR' });
    expect(ryanair.explanation.quantities['load_factor']).toBe(0.94);
    expect(ryanair.explanation.factors.map((factor) => factor.name)).toContain('Passenger load factor of FR, FY2025 (April 2024 to March 2025)');
    expect(explained({ ...a321neo, carrier: 'U2' }).quantities['load_factor']).toBe(0.845);
    expect(explained({ ...a321neo, carrier: 'YY' }).quantities['load_factor']).toBe(0.845);
    // IndiGo states a whole year's load factor, to the percent.
    expect(explained({ ...a321neo, carrier: '6E' }).quantities['load_factor']).toBe(0.86);
    // Only the load factor differs from a flight of Ryanair's seat map sent as the partner's own.
    const ownMap = flightEmissions({ departure: 'STN', arrival: 'DUB', no_of_tickets: 1, aircraft_model: '738', seat_map: { first: 0, business: 0, premium_economy: 0, economy: 189 } });
    expect(ryanair.kilograms / ownMap.kilograms).toBeCloseTo(0.845 / 0.94, 12);
  });

  it("flies a partner's seat map over everything, as given", () => {
    const seatMap = { first: 0, business: 12, premium_economy: 0, economy: 200 };
    const { quantities } = explained({ ...a321neo, carrier: '6E', seat_map: seatMap });
    expect(quantities['seat_map']).toBe('F0 J12 W0 Y200');
    expect(quantities['seat_map_step']).toBe('partner');
  });

  it('gives a smaller economy figure for a denser cabin, whatever the cabin sent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 100 }), (economy, extra) => {
        const kg = (y: number) => flightEmissions({ ...a321neo, seat_map: { first: 0, business: 0, premium_economy: 0, economy: y } }).kilograms;
        expect(kg(economy + extra)).toBeLessThan(kg(economy));
      }),
    );
  });

  it('refuses a malformed carrier with the path of the field, in E6 and in E7', () => {
    const caught = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const single = caught(() => flightTruecost({ queries: { flights: [{ ...a321neo, carrier: 'IndiGo' }] } }));
    expect(single).toBeInstanceOf(TruecostValidationError);
    expect((single as TruecostValidationError).path).toBe('queries.flights.0.carrier');
    const bulk = caught(() =>
      bulkFlightResults([{ ...a321neo, flight_id: 'x', flight_class: 'ECONOMY', flight_type: 'ONE_WAY', carrier: 'IndiGo' }]),
    );
    expect((bulk as TruecostValidationError).path).toBe('0.carrier');
  });

  it('leaves a flight without a carrier as it was', () => {
    expect(explainFlightTruecost({ queries: { flights: [a321neo] } }).items[0]?.quantities['carrier']).toBeUndefined();
  });
});
