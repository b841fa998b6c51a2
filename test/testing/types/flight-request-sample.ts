// A strict project's use of the testing kit, type-checked by test/testing/typed-kit.test.ts (and by
// `tsc` with the repository's own options): a sample of `flightRequestArbitrary` is a request the
// calculator takes, and its first flight is there to read, without a cast.
import fc from 'fast-check';
import { flightTruecost, type FlightResponse } from 'truecost';
import { flightRequestArbitrary } from 'truecost/testing';

export const samples = fc.sample(flightRequestArbitrary, 3);
export const departures: string[] = samples.map((request) => request.queries.flights[0].departure);
export const answers: FlightResponse[] = samples.map((request) => flightTruecost(request));
// @ts-expect-error a departure is a string: the samples are typed, not `any`
export const notNumbers: number[] = samples.map((request) => request.queries.flights[0].departure);
