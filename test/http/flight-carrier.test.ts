// E6 with the operating carrier and a partner's seat map, through the real HTTP handler.
import { describe, expect, it } from 'vitest';
import { setup } from './support.js';

const flight = { flight_id: 'a', departure: 'BOM', arrival: 'DEL', no_of_tickets: 1, aircraft_model: '32Q' };

describe('E6 with an operating carrier', () => {
  it("flies IndiGo's all-economy A321neo for 6E, and the typical map for a carrier without rows", async () => {
    const { call } = await setup();
    const answer = await call('POST', '/v3/flight', {
      queries: { flights: [flight, { ...flight, flight_id: 'b', carrier: '6E' }, { ...flight, flight_id: 'c', carrier: 'YY' }] },
    });
    expect(answer.status).toBe(200);
    const [plain, indigo, unknown] = answer.json.truecost.map((item: { truecost: string }) => Number(item.truecost));
    expect(unknown).toBe(plain);
    // 227 all-economy seats (the mean of 222 and 232) against the typical 17 J + 178 Y.
    expect(indigo).toBeLessThan(plain * 0.92);
  });

  it('refuses a carrier that is not a two-character IATA code, and an empty seat map, naming the field', async () => {
    const { call } = await setup();
    const refused = await call('POST', '/v3/flight', { queries: { flights: [{ ...flight, carrier: 'IndiGo' }] } });
    expect(refused.status).toBe(400);
    expect(refused.json.error.path).toBe('queries.flights.0.carrier');
    const lower = await call('POST', '/v3/flight', { queries: { flights: [flight, { ...flight, flight_id: 'b', carrier: '6e' }] } });
    expect(lower.status).toBe(400);
    expect(lower.json.error.path).toBe('queries.flights.1.carrier');
    const empty = await call('POST', '/v3/flight', {
      queries: { flights: [{ ...flight, seat_map: { first: 0, business: 0, premium_economy: 0, economy: 0 } }] },
    });
    expect(empty.status).toBe(400);
    expect(empty.json.error.path).toBe('queries.flights.0.seat_map');
  });
});
