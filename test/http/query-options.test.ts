import { describe, expect, it } from 'vitest';
import { explainFlightTruecost, flightTruecost } from '../../src/calculators/flight/index.js';
import { tripTruecost } from '../../src/calculators/trip/index.js';
import { apiErrors } from '../../src/errors.js';
import type { TripRequestInput } from '../../src/schemas/trip.js';
import { buildOpenApiDocument, routes } from '../../src/http/index.js';
import { calculatorSamples } from '../schemas/samples.js';
import { setup } from './support.js';

// The flight options of the library as query parameters (E6 and the trip), and ?strict=true
// refusing query parameters a route does not read.

const flights = { queries: { flights: [{ departure: 'LHR', arrival: 'JFK', no_of_tickets: 2, flight_class: 'BUSINESS' as const }] } };
const trip: TripRequestInput = { trip: { legs: [{ mode: 'flight', departure: 'LHR', arrival: 'JFK', passengers: 2, flight_class: 'BUSINESS' }, { mode: 'hotel', country: 'US', nights: 1 }] } };

describe('the flight options as query parameters', () => {
  it('method=desnz-2025 answers the DESNZ method on E6 and on a trip flight leg', async () => {
    const { call } = await setup();
    const e6 = await call('POST', '/v3/flight?method=desnz-2025', flights);
    expect(e6.json).toEqual(flightTruecost(flights, { method: 'desnz-2025' }));
    expect(e6.json).not.toEqual(flightTruecost(flights));
    const legs = await call('POST', '/v3/trip?method=desnz-2025&basis=ttw', trip);
    expect(legs.json).toEqual(tripTruecost(trip, { method: 'desnz-2025', basis: 'ttw' }));
    expect(legs.json.trip.legs[0].kg).toBe(Math.round(Number(flightTruecost(flights, { method: 'desnz-2025', basis: 'ttw' }).truecost[0]!.truecost) * 1e6) / 1e3);
  });

  it('non_co2_multiplier and desnz_radiative_forcing reach the explanation, never the figure', async () => {
    const { call } = await setup();
    const plain = await call('POST', '/v3/flight', flights);
    const fuel = await call('POST', '/v3/flight?explain=true&non_co2_multiplier=1.7', flights);
    expect(fuel.json.truecost).toEqual(plain.json.truecost);
    expect(fuel.json.explanations).toEqual(JSON.parse(JSON.stringify(explainFlightTruecost(flights, { nonCo2Multiplier: 1.7 }).items)));
    expect(fuel.json.explanations[0].quantities.non_co2_estimate_t).toBeGreaterThan(0);
    const desnz = await call('POST', '/v3/flight?explain=true&method=desnz-2025&desnz_radiative_forcing=true', flights);
    expect(desnz.json.explanations).toEqual(JSON.parse(JSON.stringify(explainFlightTruecost(flights, { method: 'desnz-2025', desnzRadiativeForcing: true }).items)));
  });

  it.each([
    ['method=tim', 'method'],
    ['method=fuel&method=fuel', 'method'],
    ['non_co2_multiplier=-1', 'non_co2_multiplier'],
    ['non_co2_multiplier=abc', 'non_co2_multiplier'],
    ['non_co2_multiplier=', 'non_co2_multiplier'],
    ['desnz_radiative_forcing=yes', 'desnz_radiative_forcing'],
  ])('?%s is a 400 naming %s', async (query, path) => {
    const { call } = await setup();
    for (const route of ['/v3/flight', '/v3/trip']) {
      const answer = await call('POST', `${route}?${query}`, route === '/v3/flight' ? flights : trip);
      expect(answer.status, route).toBe(400);
      expect(answer.json.message).toBe(apiErrors.badRequest.message);
      expect(answer.json.error.path).toBe(path);
    }
  });

  it('is ignored by a calculator without flights, as any parameter it does not read', async () => {
    const { call } = await setup();
    const plain = await call('POST', '/v3/cars', calculatorSamples.car);
    expect((await call('POST', '/v3/cars?method=desnz-2025', calculatorSamples.car)).text).toBe(plain.text);
  });

  it('is in the OpenAPI document of E6 and the trip only', () => {
    const document = buildOpenApiDocument(routes) as { paths: Record<string, Record<string, { parameters?: { name: string }[] }>> };
    const names = (path: string) => (document.paths[path]?.post?.parameters ?? []).map((parameter) => parameter.name);
    for (const path of ['/v3/flight', '/v3/trip']) expect(names(path)).toEqual(expect.arrayContaining(['method', 'non_co2_multiplier', 'desnz_radiative_forcing']));
    expect(names('/v3/cars')).not.toContain('method');
  });
});

describe('?strict=true and the query string', () => {
  it('refuses a query parameter the route does not read, naming it', async () => {
    const { call } = await setup();
    const answer = await call('POST', '/v3/cars?strict=true&method=desnz-2025&explian=true', calculatorSamples.car);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ message: apiErrors.badRequest.message, error: { path: 'method', reason: 'Unknown query parameters: method, explian.' } });
    const order = await call('POST', '/v3/integrations/vote/opt-in?strict=true&foo=1', { cart_id: 'c-1', opted_in: true, climes: 1 });
    expect(order.json.error).toEqual({ path: 'foo', reason: 'Unknown query parameters: foo.' });
  });

  it('accepts the parameters the route reads', async () => {
    const { call } = await setup();
    const answer = await call('POST', '/v3/flight?strict=true&explain=true&basis=ttw&method=desnz-2025&non_co2_multiplier=1&desnz_radiative_forcing=false', flights);
    expect(answer.status).toBe(200);
    expect((await call('POST', '/v3/trip?strict=true&basis=wtw', trip)).status).toBe(200);
    // Without strict=true, an unknown parameter is ignored, as before.
    expect((await call('POST', '/v3/cars?foo=1', calculatorSamples.car)).status).toBe(200);
  });
});
