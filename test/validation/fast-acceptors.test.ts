import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { airportCodes } from '../../src/data/flight/airport-index.js';
import { flightRequestSchema } from '../../src/schemas/flight.js';
import { createOrderRequestSchema, createOrdersRequestSchema } from '../../src/schemas/order.js';
import { ignoredFields } from '../../src/validation/ignored-fields.js';
import {
  acceptCreateOrderRequest,
  acceptCreateOrdersRequest,
  acceptFlightRequest,
  fastAcceptors,
  validateRequest,
  type Accepted,
} from '../../src/validation/fast-acceptors.js';

const codes = airportCodes();
const airport = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...codes) },
  fc.constantFrom(...codes).map((code) => code.toLowerCase()),
  fc.constantFrom(...codes).map((code) => ` ${code} `),
);
const identifier = fc.string({ minLength: 1, maxLength: 12 });
const flight = fc.record(
  {
    flight_id: identifier,
    departure: airport,
    arrival: airport,
    no_of_tickets: fc.integer({ min: 1, max: 500 }),
    aircraft_model: fc.constantFrom('320', '738', '77W', 'x'),
    flight_class: fc.constantFrom('ECONOMY', 'PREMIUM_ECONOMY', 'FIRST', 'BUSINESS'),
    flight_type: fc.constantFrom('ONE_WAY', 'ROUND_TRIP'),
    carrier: fc.oneof({ weight: 30, arbitrary: fc.constantFrom('6E', 'AI', 'UA', 'U2', 'YY') }, fc.constantFrom('6e', 'IndiGo')),
    seat_map: fc.record({
      first: fc.integer({ min: 0, max: 12 }),
      business: fc.integer({ min: 0, max: 60 }),
      premium_economy: fc.integer({ min: 0, max: 40 }),
      economy: fc.oneof({ weight: 30, arbitrary: fc.integer({ min: 1, max: 400 }) }, fc.constantFrom(0, 1001)),
    }),
  },
  { requiredKeys: ['departure', 'arrival', 'no_of_tickets'] },
);
const flightBody = fc.array(flight, { minLength: 1, maxLength: 10 }).map((flights) => ({ queries: { flights } }));

const email = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('ada@example.com', 'a.b+c@mail.example.org', "o'neil@x.io") },
  fc.emailAddress(),
);
const order = fc.record(
  {
    climes: fc.oneof(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 1, max: 1e9 }).map((micro) => micro / 1e6)),
    partner_order_id: identifier,
    customer_email: email,
    customer_name: identifier,
    customer_phone: fc.string({ maxLength: 32 }),
    unlock_date: fc.integer({ min: 946_684_800_000, max: Number.MAX_SAFE_INTEGER }),
    cart_id: identifier,
    project_id: identifier,
    calculation_ids: fc.uniqueArray(identifier, { minLength: 1, maxLength: 50 }),
  },
  { requiredKeys: ['climes', 'partner_order_id', 'customer_email', 'customer_name'] },
);
const orderBody = order.map((value) => ({ order: value }));
const ordersBody = fc
  .uniqueArray(order, { minLength: 1, maxLength: 5, selector: (value) => value.partner_order_id })
  .map((orders) => ({ orders }));

/** Values that break a field: wrong types, edge numbers, odd strings, case variants of enums. */
const oddValue = fc.oneof(
  fc.constantFrom(null, true, 0, -0, -1, 0.5, 1e9, 1e9 + 1, 1.0000001, Number.MAX_SAFE_INTEGER + 1, 1_767_225_600, 946_684_799_999, Number.NaN, Infinity, undefined),
  fc.constantFrom('', '\u0000', 'a\u0000', '\ud800', 'x\udc00y', 'economy', 'Business', 'one_way', 'DEL', 'del', 'ZZZ', 'a@b', 'x'.repeat(256)),
  fc.string(),
  fc.jsonValue(),
  fc.constant([]),
  fc.constant({}),
);

/** Every path to a value inside a JSON-like value. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return [prefix, ...value.flatMap((item, index) => paths(item, [...prefix, index]))];
  if (typeof value === 'object' && value !== null) {
    return [prefix, ...Object.entries(value).flatMap(([key, item]) => paths(item, [...prefix, key]))];
  }
  return [prefix];
}

type Mutation = { kind: 'set' | 'delete' | 'extra'; pick: number; value: unknown; key: string };
const mutation = fc.record({
  kind: fc.constantFrom('set', 'delete', 'extra') as fc.Arbitrary<Mutation['kind']>,
  pick: fc.nat(),
  value: oddValue,
  key: fc.constantFrom(
    'flight_id',
    'departure',
    'arrival',
    'no_of_tickets',
    'flight_class',
    'carrier',
    'seat_map',
    'economy',
    'climes',
    'customer_email',
    'extra',
    '__proto__',
    'constructor',
  ),
});

/** The body with one value replaced, one key deleted, or one key added, somewhere inside it. */
function mutate(body: unknown, change: Mutation): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  const all = paths(copy);
  const path = all[change.pick % all.length]!;
  if (path.length === 0) return change.kind === 'set' ? change.value : copy;
  let parent: Record<string | number, unknown> = copy;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (change.kind === 'set') parent[last] = change.value;
  else if (change.kind === 'delete') delete parent[last];
  else {
    const target = parent[last];
    if (typeof target === 'object' && target !== null && !Array.isArray(target)) {
      Object.defineProperty(target, change.key, { value: change.value, enumerable: true, writable: true, configurable: true });
    }
  }
  return copy;
}

/** True when some object inside `value` has a key whose value is undefined (JSON never makes one). */
function hasUndefinedValue(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return Object.values(value).some((item) => item === undefined || hasUndefinedValue(item));
}

const cases = [
  {
    name: 'E6 flight request',
    schema: flightRequestSchema as z.ZodMiniType,
    accept: acceptFlightRequest as (input: unknown) => Accepted<unknown> | undefined,
    valid: flightBody as fc.Arbitrary<unknown>,
  },
  { name: 'E1 order request', schema: createOrderRequestSchema, accept: acceptCreateOrderRequest, valid: orderBody },
  { name: 'E2 orders request', schema: createOrdersRequestSchema, accept: acceptCreateOrdersRequest, valid: ordersBody },
];

describe.each(cases)('the fast acceptor of the $name', ({ schema, accept, valid }) => {
  it('is the one validateRequest (the HTTP handler) uses for that schema', () => {
    expect(fastAcceptors.get(schema)).toBe(accept);
  });

  it('accepts every generated valid body zod accepts, with the value zod gives', () => {
    let accepted = 0;
    fc.assert(
      fc.property(valid, (body) => {
        const parsed = schema.safeParse(body);
        if (!parsed.success) {
          expect(accept(body)).toBeUndefined();
          return;
        }
        accepted += 1;
        // A generated body has no key the value leaves out: the walk of ignored fields is skipped.
        expect(accept(body)).toStrictEqual({ value: parsed.data, exact: true });
      }),
      { numRuns: 1000 },
    );
    // The generator makes mostly valid bodies: the property is about them.
    expect(accepted).toBeGreaterThan(500);
  });

  it('accepts a mutated body only when zod accepts it too, with the same value', () => {
    fc.assert(
      fc.property(valid, fc.array(mutation, { minLength: 1, maxLength: 3 }), (body, changes) => {
        const input = changes.reduce(mutate, body);
        const fast = accept(input);
        if (fast === undefined) return;
        const parsed = schema.safeParse(input);
        expect(parsed.success).toBe(true);
        expect(fast.value).toStrictEqual(parsed.success ? parsed.data : undefined);
        // `exact` claims that nothing was left out: the walk must agree whenever it is claimed.
        if (fast.exact) expect(ignoredFields(input, fast.value)).toEqual([]);
        // And it is claimed whenever the walk finds nothing and every key carries a value.
        else expect(ignoredFields(input, fast.value).length > 0 || hasUndefinedValue(input)).toBe(true);
        expect(validateRequest(schema, input)).toMatchObject({ ok: true, ignored: ignoredFields(input, fast.value) });
      }),
      { numRuns: 3000 },
    );
  });

  it('leaves every refusal to zod: validateRequest accepts and refuses what zod does', () => {
    fc.assert(
      fc.property(valid, mutation, (body, change) => {
        const input = mutate(body, change);
        const result = validateRequest(schema, input);
        const parsed = schema.safeParse(input);
        expect(result.ok).toBe(parsed.success);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('fast acceptors, by example', () => {
  it('fill the defaults and normalise the airports of E6', () => {
    expect(acceptFlightRequest({ queries: { flights: [{ departure: 'del', arrival: ' BOM ', no_of_tickets: 2, extra: 1 }] } })).toStrictEqual({
      value: {
        queries: {
          flights: [
            { departure: 'DEL', arrival: 'BOM', no_of_tickets: 2, aircraft_model: '320', flight_class: 'ECONOMY', flight_type: 'ONE_WAY' },
          ],
        },
      },
      exact: false,
    });
  });

  it('are exact only when no key of the body was left out, at any depth', () => {
    const flightItem = { departure: 'DEL', arrival: 'BOM', no_of_tickets: 1 };
    expect(acceptFlightRequest({ queries: { flights: [flightItem] } })?.exact).toBe(true);
    expect(acceptFlightRequest({ queries: { flights: [flightItem] }, extra: 1 })?.exact).toBe(false);
    expect(acceptFlightRequest({ queries: { flights: [flightItem], extra: 1 } })?.exact).toBe(false);
    expect(acceptFlightRequest({ queries: { flights: [flightItem, { ...flightItem, arrival: 'LHR', cabin: 'x' }] } })?.exact).toBe(false);
    const orderItem = { climes: 1, partner_order_id: 'a', customer_email: 'ada@example.com', customer_name: 'Ada', cart_id: 'c' };
    expect(acceptCreateOrderRequest({ order: orderItem })?.exact).toBe(true);
    expect(acceptCreateOrderRequest({ order: { ...orderItem, note: 'x' } })?.exact).toBe(false);
    expect(acceptCreateOrdersRequest({ orders: [orderItem, { ...orderItem, partner_order_id: 'b', note: 'x' }] })?.exact).toBe(false);
    // An object with a prototype of its own is not plain: it is left to zod.
    const inherited = Object.assign(Object.create({ cabin: 'x' }) as object, flightItem);
    expect(acceptFlightRequest({ queries: { flights: [inherited] } })).toBeUndefined();
  });

  it('leave strings with U+0000 or a lone surrogate to zod', () => {
    const flights = (id: string) => ({ queries: { flights: [{ flight_id: id, departure: 'DEL', arrival: 'BOM', no_of_tickets: 1 }] } });
    expect(acceptFlightRequest(flights('a\u0000'))).toBeUndefined();
    expect(acceptFlightRequest(flights('a\ud800'))).toBeUndefined();
    expect(acceptFlightRequest(flights('a'))?.value).toBeDefined();
  });
});
