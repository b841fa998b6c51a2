import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { explainTripTruecost, tripTruecost } from '../../src/calculators/trip/index.js';
import { apiErrors } from '../../src/errors.js';
import { arbitraries, requestSamples } from '../../src/testing/index.js';
import { setup } from './support.js';

// POST /v3/trip on both transports (support.ts): the library's answer, byte for byte in value.

const booking = requestSamples.trip;

describe('POST /v3/trip', () => {
  it('prices the booking in one call: the library total, legs in request order, E6 and E9 figures for the flight and bus', async () => {
    const { call } = await setup();
    const answer = await call('POST', '/v3/trip', booking);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual(tripTruecost(booking));
    expect(answer.json.message).toBe('Truecost calculated successfully');
    const { legs, total_kg } = answer.json.trip;
    expect(legs.map((leg: { mode: string }) => leg.mode)).toEqual(['flight', 'rail', 'bus', 'taxi', 'hotel']);
    const flight = await call('POST', '/v3/flight', { queries: { flights: [{ departure: 'DEL', arrival: 'BOM', no_of_tickets: 1, flight_type: 'ROUND_TRIP' }] } });
    expect(legs[0].kg).toBe(Math.round(Number(flight.json.truecost[0].truecost) * 1e6) / 1e3);
    const bus = await call('POST', '/v3/transportation', { configs: { vehicle_type: 'BUS', distance: 600 }, queries: { seats: [{ seat_type: 'SLEEPER', no_of_seats: 1, total_seats: 1 }] } });
    expect(legs[2].kg).toBe(bus.json.truecost.seats.SLEEPER);
    expect(legs[4]).toEqual({ leg_id: 'leg-5', mode: 'hotel', kg: 117.8 });
    const sum = legs.reduce((total: number, leg: { kg: number }) => total + leg.kg, 0);
    expect(Math.abs(total_kg - sum)).toBeLessThanOrEqual(0.003);
  });

  it('answers what the library answers for any trip, on either basis', async () => {
    const { call } = await setup();
    await fc.assert(
      fc.asyncProperty(arbitraries.trip, fc.constantFrom('wtw', 'ttw') as fc.Arbitrary<'wtw' | 'ttw'>, async (body, basis) => {
        const answer = await call('POST', `/v3/trip?basis=${basis}`, body);
        expect(answer.status).toBe(200);
        expect(answer.json).toEqual(tripTruecost(body, { basis }));
      }),
      { numRuns: 25 },
    );
  });

  it('?basis=ttw drops the well-to-tank part of every transport leg and keeps the hotel stay', async () => {
    const { call } = await setup();
    const answer = await call('POST', '/v3/trip?basis=ttw', booking);
    for (const leg of answer.json.trip.legs) {
      if (leg.mode === 'hotel') expect(leg.kg).toBe(117.8);
      else expect(leg).toMatchObject({ well_to_tank_kg: 0, kg: leg.tank_to_wheel_kg });
    }
  });

  it('?explain=true gives each leg its explanation, the hotel stay on its own basis', async () => {
    const { call } = await setup();
    const answer = await call('POST', '/v3/trip?explain=true', booking);
    expect(answer.status).toBe(200);
    const { explanations } = answer.json;
    expect(explanations).toEqual(JSON.parse(JSON.stringify(explainTripTruecost(booking).items)));
    expect(explanations.map((item: { basis: { scope: string } }) => item.basis.scope)).toEqual([
      'well-to-wake',
      'well-to-wheel',
      'well-to-wheel',
      'well-to-wheel',
      'hotel-stay',
    ]);
  });

  it('refuses a country that is not an assigned ISO 3166-1 alpha-2 code, naming its path', async () => {
    const { call } = await setup();
    const hotel = await call('POST', '/v3/trip', { trip: { legs: [{ mode: 'hotel', country: 'XX', nights: 1 }] } });
    expect(hotel.status).toBe(400);
    expect(hotel.json.error).toEqual({ path: 'trip.legs.0.country', reason: 'XX is not an assigned ISO 3166-1 alpha-2 country code; send one such as IN.' });
    const rail = await call('POST', '/v3/trip', { trip: { legs: [{ mode: 'hotel', country: 'gb', nights: 1 }, { mode: 'rail', country: 'uk', distance_km: 5 }] } });
    expect(rail.json.error.path).toBe('trip.legs.1.country');
    expect((await call('POST', '/v3/trip', { trip: { legs: [{ mode: 'hotel', country: 'gb', nights: 1 }] } })).status).toBe(200);
  });

  it('refuses the whole trip for one bad leg, naming its path', async () => {
    const { call } = await setup();
    const legs: unknown[] = [...booking.trip.legs];
    legs[2] = { mode: 'bus', distance_km: -5, seat_type: 'SLEEPER' };
    const answer = await call('POST', '/v3/trip', { trip: { legs } });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ message: apiErrors.badRequest.message, error: { path: 'trip.legs.2.distance_km', reason: 'Must be greater than 0.' } });
    const mode = await call('POST', '/v3/trip', { trip: { legs: [{ mode: 'rocket', distance_km: 1 }] } });
    expect(mode.json.error.path).toBe('trip.legs.0.mode');
  });
});
