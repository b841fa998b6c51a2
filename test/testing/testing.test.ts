import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHandler, generateApiKey, hashApiKey } from '../../src/http/index.js';
import {
  busTruecost,
  carTruecost,
  FREIGHT_TRANSPORTATION_TYPES,
  TRIP_MODES,
  commuteTruecost,
  flightTruecost,
  freightTruecost,
  logisticsTruecost,
  requestSchemas,
  suvTruecost,
  validate,
} from '../../src/index.js';
import type { Store } from '../../src/orders/store.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import {
  arbitraries,
  carArbitrary,
  checkRequestKind,
  commuteLegArbitrary,
  freightLegArbitrary,
  logisticsLegArbitrary,
  tripLegArbitraries,
  tripLegArbitrary,
  tripRequestArbitrary,
  checkStore,
  invalidArbitraries,
  laws,
  storeChecks,
  totalOf,
  type CalculatorKind,
  type FlightQueryBody,
  type RequestBody,
  type RequestKind,
} from '../../src/testing/index.js';

const kinds = Object.keys(requestSchemas) as RequestKind[];

describe('truecost/testing arbitraries', () => {
  it.each(kinds)('%s: every generated body passes its schema', (kind) => {
    fc.assert(
      fc.property(arbitraries[kind], (body) => {
        const result = validate(requestSchemas[kind], body);
        expect(result.ok ? 'ok' : result.error).toBe('ok');
      }),
      { numRuns: 60 },
    );
  });

  it.each(kinds)('%s: every invalid body is refused at the path it is tagged with', (kind) => {
    fc.assert(
      fc.property(invalidArbitraries[kind], ({ body, path }) => {
        const result = validate(requestSchemas[kind], body);
        expect(result.ok ? undefined : result.error.path).toBe(path);
      }),
      { numRuns: 100 },
    );
    expect(checkRequestKind(kind)).toEqual([]);
  });
});

describe('truecost/testing leg arbitraries', () => {
  const accepted = (kind: RequestKind, body: unknown) => {
    const result = validate(requestSchemas[kind], body);
    expect(result.ok ? 'ok' : result.error).toBe('ok');
  };
  const runs = { numRuns: 40 };

  it('make legs their requests accept: a car, a logistics leg, a commute leg, a freight leg of each mode', () => {
    fc.assert(fc.property(carArbitrary, (car) => accepted('car', { queries: { cars: [car] } })), runs);
    fc.assert(fc.property(logisticsLegArbitrary, (leg) => accepted('logistics', { queries: { legs: [leg] } })), runs);
    fc.assert(fc.property(commuteLegArbitrary, (leg) => accepted('commute', { queries: { legs: [leg] } })), runs);
    for (const mode of FREIGHT_TRANSPORTATION_TYPES) {
      fc.assert(fc.property(freightLegArbitrary(mode), (leg) => accepted('freight', { configs: { region: 'IN', transportation_type: mode }, queries: { legs: [leg] } })), runs);
    }
  });

  it.each(TRIP_MODES)('make trip legs of mode %s that a trip accepts', (mode) => {
    fc.assert(
      fc.property(tripLegArbitraries[mode], (leg) => {
        expect(leg.mode).toBe(mode);
        accepted('trip', { trip: { legs: [leg] } });
      }),
      runs,
    );
  });

  it('make trips of legs of every mode, and a trip of any one leg', () => {
    const modes = new Set(fc.sample(tripLegArbitrary, 400).map((leg) => leg.mode));
    expect([...modes].sort()).toEqual([...TRIP_MODES].sort());
    fc.assert(fc.property(tripRequestArbitrary, (body) => accepted('trip', body)), runs);
  });
});

// The calculators of the library, each as a wrapper from a request body to its answer: the
// arbitraries are typed as the requests the calculators take, so no body needs a cast.
const library: { readonly [K in CalculatorKind]: (body: RequestBody<K>) => unknown } = {
  flight: flightTruecost,
  car: carTruecost,
  bus: busTruecost,
  suv: suvTruecost,
  logistics: logisticsTruecost,
  commute: commuteTruecost,
  freight: freightTruecost,
};

const total =
  <K extends CalculatorKind>(kind: K) =>
  (body: RequestBody<K>) =>
    totalOf(kind, library[kind](body));
const oneFlight = (flight: FlightQueryBody) => total('flight')({ queries: { flights: [flight] } });

describe('truecost/testing laws, against truecost itself', () => {
  // The library answers truecost strings with 6 decimals: each may be off by half a unit.
  const rounded = { tolerance: 5e-7 };

  it('flights: linear in tickets, a round trip twice one way, cabins in order', async () => {
    await fc.assert(laws.linearInTickets(oneFlight, rounded), { numRuns: 100 });
    await fc.assert(laws.roundTripTwiceOneWay(oneFlight, rounded), { numRuns: 100 });
    await fc.assert(laws.classOrder(oneFlight, rounded), { numRuns: 100 });
  });

  it.each(['car', 'bus', 'suv', 'logistics', 'commute', 'freight'] as const)('%s: monotonic in distance and never negative', async (kind) => {
    await fc.assert(laws.monotonicInDistance(kind, total(kind), { tolerance: 1e-6 }), { numRuns: 100 });
    await fc.assert(laws.nonNegative(kind, total(kind)), { numRuns: 100 });
  });

  it('flights through the HTTP API, as a partner would wrap them', async () => {
    const store = createMemoryStore();
    const key = generateApiKey('staging');
    await store.addApiKey({ keyHash: await hashApiKey(key), partnerId: 'p', environment: 'staging', createdAt: 0 });
    const handler = createHandler({ store });
    const viaApi = async (flight: FlightQueryBody) => {
      const response = await handler(
        new Request('http://truecost.test/v3/flight', {
          method: 'POST',
          headers: { 'x-api-key': key, 'content-type': 'application/json' },
          body: JSON.stringify({ queries: { flights: [flight] } }),
        }),
      );
      return totalOf('flight', await response.json());
    };
    await fc.assert(laws.linearInTickets(viaApi, rounded), { numRuns: 30 });
    await fc.assert(laws.nonNegative('flight', total('flight')), { numRuns: 30 });
  });

  it('catch a wrapper that breaks them', async () => {
    const offset = (flight: FlightQueryBody) => oneFlight(flight) + 0.01;
    await expect(fc.assert(laws.linearInTickets(offset), { numRuns: 50 })).rejects.toThrow();
    const flipped = (flight: FlightQueryBody) => oneFlight({ ...flight, flight_class: flight.flight_class === 'FIRST' ? 'ECONOMY' : 'FIRST' });
    await expect(fc.assert(laws.classOrder(flipped), { numRuns: 50 })).rejects.toThrow();
    await expect(fc.assert(laws.monotonicInDistance('car', (body) => 1 / (1 + total('car')(body))), { numRuns: 50 })).rejects.toThrow();
    await expect(fc.assert(laws.nonNegative('commute', (body) => -total('commute')(body) - 1), { numRuns: 20 })).rejects.toThrow();
  });
});

describe('truecost/testing checkStore', () => {
  it('passes the memory store on every check', async () => {
    const report = await checkStore(async () => createMemoryStore());
    expect(report.failures).toEqual([]);
    expect(report.passed).toHaveLength(storeChecks.length);
  });

  it('reports a store that forgets cancellations, naming the checks it fails', async () => {
    const forgetful = async (): Promise<Store> => {
      const store = createMemoryStore();
      return {
        ...store,
        getOrder: async (scope, id) => {
          const record = await store.getOrder(scope, id);
          return record === undefined ? undefined : { ...record, cancelledAt: null };
        },
        close: () => store.close(),
      } as Store;
    };
    const report = await checkStore(forgetful);
    expect(report.failures.map((failure) => failure.name)).toContain('changing orders: cancels in full, after which every change is refused as cancelled');
    expect(report.failures[0]!.message).toMatch(/^Expected /);
  });
});
