// client.trip and the calculator call options against a real `truecost serve`: the same answers as
// the library, refusals typed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carTruecost, explainCarTruecost } from '../../src/calculators/car.js';
import { flightTruecost } from '../../src/calculators/flight/index.js';
import { explainTripTruecost, tripTruecost } from '../../src/calculators/trip/index.js';
import { METHODOLOGY_VERSION } from '../../src/data/version.js';
import { createTruecostClient, TruecostApiError } from '../../src/client/index.js';
import type { TripRequestInput } from '../../src/schemas/trip.js';
import { requestSamples } from '../../src/testing/index.js';
import { startService, type Service } from '../e2e/serve-process.js';

let server: Service;
let apiKey: string;

beforeAll(async () => {
  server = await startService(['--db', 'memory:', '--no-request-log']);
  apiKey = /staging key \(partner [^)]+\): (\S+)/.exec(server.lines.join('\n'))![1]!;
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('client.trip', () => {
  it('answers what the library answers, and throws the path of a refused leg', async () => {
    const client = createTruecostClient({ baseUrl: server.base, apiKey });
    const booking = requestSamples.trip;
    expect(await client.trip(booking)).toEqual(tripTruecost(booking));
    const failure = await client.trip({ trip: { legs: [{ mode: 'ferry', distance_km: 0 }] } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TruecostApiError);
    expect(failure).toMatchObject({ status: 400, path: 'trip.legs.0.distance_km' });
  });
});

describe('the options of a calculator call', () => {
  const car = requestSamples.car;

  it('explain, basis and the flight options reach the API as its query parameters', async () => {
    const client = createTruecostClient({ baseUrl: server.base, apiKey });
    const booking = requestSamples.trip;
    const explained = await client.trip(booking, { explain: true, basis: 'ttw', method: 'desnz-2025' });
    const library = explainTripTruecost(booking, { basis: 'ttw', method: 'desnz-2025' });
    expect(explained.trip).toEqual(library.result.trip);
    expect(explained.explanations).toEqual(JSON.parse(JSON.stringify(library.items)));
    const flights = { queries: { flights: [{ departure: 'DEL', arrival: 'BOM', no_of_tickets: 1 }] } };
    expect(await client.flight(flights, { method: 'desnz-2025', nonCo2Multiplier: 1.7, desnzRadiativeForcing: true })).toEqual(flightTruecost(flights, { method: 'desnz-2025' }));
    const cars = await client.cars(car, { basis: 'ttw', explain: true });
    expect(cars.explanations).toEqual(JSON.parse(JSON.stringify(explainCarTruecost(car, { basis: 'ttw' }).items)));
    expect(await client.cars(car)).toEqual(carTruecost(car));
  });

  it('an unknown field is refused, strict or not, and onMethodology reads the data version of the figures', async () => {
    const client = createTruecostClient({ baseUrl: server.base, apiKey });
    const versions: string[] = [];
    await client.trip(requestSamples.trip, { onMethodology: (version) => versions.push(version) });
    expect(versions).toEqual([METHODOLOGY_VERSION]);
    const misspelt = { trip: { legs: [{ mode: 'taxi', distance_km: 3, distanse_km: 5 }] } } as unknown as TripRequestInput;
    // POST /v3/trip is the service's own endpoint: it refuses what it does not read without being asked.
    await expect(client.trip(misspelt)).rejects.toMatchObject({ status: 400, path: 'trip.legs.0.distanse_km' });
    await expect(client.trip(misspelt, { strict: true })).rejects.toMatchObject({ status: 400, path: 'trip.legs.0.distanse_km' });
  });
});
