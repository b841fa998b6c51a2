import fc from 'fast-check';
import { arbitraries, FLIGHT_CLASSES, flightQuery, type FlightQueryBody, type RequestBody, type RequestKind } from './arbitraries.js';
import { CheckFailure } from './expect.js';

/** A value, or a promise of it: a wrapper may call a service. */
export type Awaitable<T> = T | Promise<T>;

/** The calculators whose whole request has one total truecost. */
export type CalculatorKind = 'flight' | 'car' | 'bus' | 'suv' | 'logistics' | 'commute' | 'freight';

/** The calculators with a distance to scale. */
export type DistanceKind = Exclude<CalculatorKind, 'flight'>;

/** Options of a law. */
export interface LawOptions {
  /**
   * The largest rounding error of one answer, in the wrapper's unit: 0 (the default) for exact
   * numbers, 5e-7 for the API's truecost strings with 6 decimals.
   */
  readonly tolerance?: number;
}

function holds(condition: boolean, message: () => string): void {
  if (!condition) throw new CheckFailure(message());
}

function finiteNumber(value: number, what: string): number {
  holds(typeof value === 'number' && Number.isFinite(value), () => `${what} is ${String(value)}, not a finite number`);
  return value;
}

/**
 * The total truecost in a calculator's success body (E6, E8 to E13): the sum of the flights or
 * cars, the bus total, the whole SUV, or `total_truecost`. Lets a wrapper that calls the HTTP API
 * return the number the laws compare.
 *
 * @remarks Since 0.1.0
 */
export function totalOf(kind: CalculatorKind, responseBody: unknown): number {
  const truecost = (responseBody as { truecost?: unknown }).truecost as never;
  switch (kind) {
    case 'flight':
    case 'car':
      return (truecost as { truecost: string | number }[]).reduce((sum, row) => sum + Number(row.truecost), 0);
    case 'bus':
      return Number((truecost as { total: number }).total);
    case 'suv':
      return Number((truecost as { entire_suv_truecost: number }).entire_suv_truecost);
    default:
      return Number((truecost as { total_truecost: number }).total_truecost);
  }
}

/** A request body as JSON. */
export type Body = Record<string, unknown>;
const scaled = (value: unknown, factor: number): unknown => (typeof value === 'number' ? value * factor : value);

/**
 * A copy of a request body with every distance in it multiplied by `factor`.
 *
 * @remarks Since 0.1.0
 */
export function scaleDistances<K extends DistanceKind>(kind: K, body: RequestBody<K>, factor: number): RequestBody<K> {
  const copy = structuredClone(body) as { configs?: Body; queries?: { cars?: Body[]; legs?: Body[] } };
  if (kind === 'bus' || kind === 'suv') copy.configs!['distance'] = scaled(copy.configs!['distance'], factor);
  const field = { car: 'distance_travelled', logistics: 'shipping_distance', commute: 'commute_distance', freight: 'distance', bus: '', suv: '' }[kind];
  for (const row of [...(copy.queries?.cars ?? []), ...(copy.queries?.legs ?? [])]) {
    if (field !== '' && field in row) row[field] = scaled(row[field], factor);
  }
  return copy as RequestBody<K>;
}

/** The valid bodies by kind, read through the mapped type so that a generic kind keeps its body type. */
const validBodies: { readonly [K in RequestKind]: fc.Arbitrary<RequestBody<K>> } = arbitraries;

function withoutAirLegs(body: RequestBody<'logistics'>): RequestBody<'logistics'> {
  return { ...body, queries: { legs: body.queries.legs.map((leg) => ('shipping_method' in leg && leg.shipping_method === 'FLIGHT' ? { ...leg, shipping_method: 'TRAIN' } : leg)) } };
}

/**
 * The laws every truecost calculator obeys, as fast-check properties to run against any wrapper:
 * a function of yours that calls truecost (the library, the command or the HTTP API) and returns a
 * number. Run each with `await fc.assert(property)`; a failure names the counterexample.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { laws, totalOf, type FlightQueryBody } from 'truecost/testing';
 * const viaApi = async (flight: FlightQueryBody) => totalOf('flight', await (await fetch(url, { method: 'POST', headers, body: JSON.stringify({ queries: { flights: [flight] } }) })).json());
 * await fc.assert(laws.linearInTickets(viaApi, { tolerance: 5e-7 }), { numRuns: 50 });
 * ```
 * @remarks Since 0.1.0
 */
export const laws = {
  /** A flight for n tickets emits n times what it emits for one. */
  linearInTickets(truecostOf: (flight: FlightQueryBody) => Awaitable<number>, options: LawOptions = {}) {
    const tolerance = options.tolerance ?? 0;
    return fc.asyncProperty(flightQuery, async (flight) => {
      const one = finiteNumber(await truecostOf({ ...flight, no_of_tickets: 1 }), 'one ticket');
      const many = finiteNumber(await truecostOf(flight), `${flight.no_of_tickets} tickets`);
      const error = Math.abs(many - flight.no_of_tickets * one);
      holds(error <= tolerance * (flight.no_of_tickets + 1) + 1e-12 * Math.abs(many), () => `${flight.no_of_tickets} tickets give ${many}, ${flight.no_of_tickets} x ${one} expected`);
    });
  },

  /** A round trip emits twice what the same flight one way emits. */
  roundTripTwiceOneWay(truecostOf: (flight: FlightQueryBody) => Awaitable<number>, options: LawOptions = {}) {
    const tolerance = options.tolerance ?? 0;
    return fc.asyncProperty(flightQuery, async (flight) => {
      const oneWay = finiteNumber(await truecostOf({ ...flight, flight_type: 'ONE_WAY' }), 'one way');
      const roundTrip = finiteNumber(await truecostOf({ ...flight, flight_type: 'ROUND_TRIP' }), 'round trip');
      holds(Math.abs(roundTrip - 2 * oneWay) <= 3 * tolerance + 1e-12 * Math.abs(roundTrip), () => `round trip ${roundTrip}, one way ${oneWay}`);
    });
  },

  /** The cabins order FIRST >= BUSINESS >= PREMIUM_ECONOMY >= ECONOMY for the same flight. */
  classOrder(truecostOf: (flight: FlightQueryBody) => Awaitable<number>, options: LawOptions = {}) {
    const tolerance = options.tolerance ?? 0;
    return fc.asyncProperty(flightQuery, async (flight) => {
      const values: number[] = [];
      for (const flight_class of FLIGHT_CLASSES) values.push(finiteNumber(await truecostOf({ ...flight, flight_class }), flight_class));
      for (let index = 1; index < values.length; index += 1) {
        holds(values[index]! >= values[index - 1]! - 2 * tolerance, () => `${FLIGHT_CLASSES[index]} ${values[index]} < ${FLIGHT_CLASSES[index - 1]} ${values[index - 1]}`);
      }
    });
  },

  /**
   * Longer distances never emit less, every other input the same. Logistics legs by air are left
   * out: their factor per tonne-km drops from the short-haul to the long-haul band
   * (docs/methodology.md), so a leg just past the band's edge emits less than one just short of it.
   */
  monotonicInDistance<K extends DistanceKind>(kind: K, truecostOf: (body: RequestBody<K>) => Awaitable<number>, options: LawOptions = {}) {
    const tolerance = options.tolerance ?? 0;
    const valid = validBodies[kind];
    // A logistics body is a RequestBody<K> when K is 'logistics'; TypeScript does not narrow K by `kind`.
    const bodies = kind === 'logistics' ? valid.map((body) => withoutAirLegs(body as RequestBody<'logistics'>) as RequestBody<K>) : valid;
    return fc.asyncProperty(bodies, fc.double({ min: 1, max: 2, noNaN: true }), async (body, factor) => {
      const shorter = finiteNumber(await truecostOf(body), 'the shorter request');
      const longer = finiteNumber(await truecostOf(scaleDistances(kind, body, factor)), `the distances x ${factor}`);
      holds(longer >= shorter - 2 * tolerance - 1e-12 * Math.abs(shorter), () => `distances x ${factor} give ${longer} < ${shorter}`);
    });
  },

  /** Every valid request has a finite truecost of 0 or more. */
  nonNegative<K extends CalculatorKind>(kind: K, truecostOf: (body: RequestBody<K>) => Awaitable<number>) {
    const valid = validBodies[kind];
    return fc.asyncProperty(valid, async (body) => {
      const value = finiteNumber(await truecostOf(body), 'the truecost');
      holds(value >= 0, () => `truecost ${value} < 0`);
    });
  },
};
