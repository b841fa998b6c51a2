// client.trip against a real `truecost serve`: the same answer as the library, refusals typed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tripTruecost } from '../../src/calculators/trip/index.js';
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
    const booking = requestSamples.trip as unknown as TripRequestInput;
    expect(await client.trip(booking)).toEqual(tripTruecost(booking));
    const failure = await client.trip({ trip: { legs: [{ mode: 'ferry', distance_km: 0 }] } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TruecostApiError);
    expect(failure).toMatchObject({ status: 400, path: 'trip.legs.0.distance_km' });
  });
});
