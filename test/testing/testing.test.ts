import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHandler, generateApiKey, hashApiKey } from '../../src/http/index.js';
import {
  busTruecost,
  carTruecost,
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
  checkRequestKind,
  checkStore,
  invalidArbitraries,
  laws,
  storeChecks,
  totalOf,
  type CalculatorKind,
  type FlightQueryBody,
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

// The calculators of the library, each as a wrapper from a request body to its total.
const library: Record<CalculatorKind, (body: unknown) => unknown> = {
  flight: (body) => flightTruecost(parsed('flight', body)),
  car: (body) => carTruecost(parsed('car', body)),
  bus: (body) => busTruecost(parsed('bus', body)),
  suv: (body) => suvTruecost(parsed('suv', body)),
  logistics: (body) => logisticsTruecost(parsed('logistics', body)),
  commute: (body) => commuteTruecost(parsed('commute', body)),
  freight: (body) => freightTruecost(parsed('freight', body)),
};

function parsed<K extends RequestKind>(kind: K, body: unknown): never {
  const result = validate(requestSchemas[kind], body);
  if (!result.ok) throw new Error(`${kind}: ${JSON.stringify(result.error)}`);
  return result.value as never;
}

const total = (kind: CalculatorKind) => (body: unknown) => totalOf(kind, library[kind](body));
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
