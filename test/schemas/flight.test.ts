import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bulkFlightRequestSchema, flightRequestSchema, validate } from '../../src/index.js';

const minimal = { departure: 'DEL', arrival: 'BOM', no_of_tickets: 1 };
const full = {
  flight_id: 'booking-17',
  departure: 'LHR',
  arrival: 'JFK',
  no_of_tickets: 2,
  aircraft_model: '77W',
  flight_class: 'BUSINESS',
  flight_type: 'ROUND_TRIP',
};
const bulk = { ...minimal, flight_id: 'f1', flight_class: 'ECONOMY', flight_type: 'ONE_WAY' };
const e6 = (...flights: unknown[]) => ({ queries: { flights } });

function problem(schema: typeof flightRequestSchema | typeof bulkFlightRequestSchema, input: unknown) {
  const result = validate(schema, input);
  return result.ok ? undefined : result.error;
}

describe('the E6 request schema', () => {
  it('accepts the contract shapes and fills the defaults', () => {
    const result = validate(flightRequestSchema, e6(minimal, full));
    expect(result).toEqual({
      ok: true,
      value: e6(
        { ...minimal, aircraft_model: '320', flight_class: 'ECONOMY', flight_type: 'ONE_WAY' },
        full,
      ),
      ignored: [],
    });
  });

  it('accepts lower-case airport codes and returns them upper case', () => {
    const result = validate(flightRequestSchema, e6({ ...minimal, departure: 'del', arrival: ' bom ' }));
    expect(result.ok && result.value.queries.flights[0]).toMatchObject({ departure: 'DEL', arrival: 'BOM' });
  });

  it('ignores unknown extra fields', () => {
    const result = validate(flightRequestSchema, e6({ ...minimal, seat: '12A' }));
    expect(result.ok && result.value.queries.flights[0]).not.toHaveProperty('seat');
  });

  it('names an unknown airport by its path', () => {
    expect(problem(flightRequestSchema, e6(minimal, minimal, { ...minimal, arrival: 'QQQ' }))).toEqual({
      path: 'queries.flights.2.arrival',
      reason: 'Unknown IATA airport code.',
    });
    expect(problem(flightRequestSchema, e6({ ...minimal, departure: 'toString' }))?.path).toBe('queries.flights.0.departure');
  });

  it('refuses a departure equal to the arrival on the arrival field', () => {
    expect(problem(flightRequestSchema, e6({ ...minimal, arrival: 'del' }))).toEqual({
      path: 'queries.flights.0.arrival',
      reason: 'Must differ from departure.',
    });
  });

  it('refuses a repeated flight_id on its second occurrence', () => {
    const flights = [{ ...full, flight_id: 'a' }, { ...full, flight_id: 'b' }, minimal, { ...full, flight_id: 'a' }];
    expect(problem(flightRequestSchema, e6(...flights))).toEqual({
      path: 'queries.flights.3.flight_id',
      reason: 'Must be unique within the request.',
    });
  });

  it('takes 1 to 10 flights', () => {
    expect(problem(flightRequestSchema, e6())?.path).toBe('queries.flights');
    expect(validate(flightRequestSchema, e6(...Array(10).fill(minimal))).ok).toBe(true);
    expect(problem(flightRequestSchema, e6(...Array(11).fill(minimal)))).toEqual({
      path: 'queries.flights',
      reason: 'Must have at most 10 element(s).',
    });
  });

  const required = ['departure', 'arrival', 'no_of_tickets'] as const;
  for (const field of required) {
    it(`says ${field} is required`, () => {
      const { [field]: _left, ...rest } = minimal;
      expect(problem(flightRequestSchema, e6(minimal, rest))).toEqual({ path: `queries.flights.1.${field}`, reason: 'Required.' });
    });
  }

  const wrong: [string, unknown, string][] = [
    ['flight_id', 7, 'Expected string, received number.'],
    ['flight_id', '', 'Must not be empty.'],
    ['departure', 5, 'Expected string, received number.'],
    ['arrival', null, 'Expected string, received null.'],
    ['no_of_tickets', '1', 'Expected number, received string.'],
    ['no_of_tickets', 0, 'Must be greater than 0.'],
    ['no_of_tickets', -3, 'Must be greater than 0.'],
    ['no_of_tickets', 1.5, 'Expected int, received number.'],
    ['aircraft_model', 320, 'Expected string, received number.'],
    ['flight_class', 'economy', 'Must be one of "ECONOMY", "PREMIUM_ECONOMY", "FIRST", "BUSINESS".'],
    ['flight_type', 'RETURN', 'Must be one of "ONE_WAY", "ROUND_TRIP".'],
  ];
  for (const [field, value, reason] of wrong) {
    it(`refuses ${field} = ${JSON.stringify(value)} with its path`, () => {
      expect(problem(flightRequestSchema, e6(minimal, minimal, { ...full, [field]: value }))).toEqual({
        path: `queries.flights.2.${field}`,
        reason,
      });
    });
  }

  it('reports the path of any one broken field, whichever it is', () => {
    const breakers: Record<string, fc.Arbitrary<unknown>> = {
      departure: fc.oneof(fc.integer(), fc.constant('ZZZ'), fc.constant(null)),
      arrival: fc.oneof(fc.boolean(), fc.constant('ZZZ')),
      no_of_tickets: fc.oneof(fc.integer({ max: 0 }), fc.double({ min: 0.1, max: 0.9 }), fc.string()),
      aircraft_model: fc.oneof(fc.integer(), fc.constant([])),
      flight_class: fc.string().filter((s) => !['ECONOMY', 'PREMIUM_ECONOMY', 'FIRST', 'BUSINESS'].includes(s)),
      flight_type: fc.string().filter((s) => !['ONE_WAY', 'ROUND_TRIP'].includes(s)),
    };
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(breakers)),
        fc.integer({ min: 0, max: 9 }),
        fc.context(),
        (field, index, ctx) => {
          const value = fc.sample(breakers[field] as fc.Arbitrary<unknown>, 1)[0];
          ctx.log(`${field}=${JSON.stringify(value)}`);
          const flights = Array.from({ length: 10 }, () => ({ ...full }));
          flights[index] = { ...full, [field]: value };
          expect(problem(flightRequestSchema, e6(...flights))?.path).toBe(`queries.flights.${index}.${field}`);
        },
      ),
    );
  });

  it('never throws, whatever the body', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        validate(flightRequestSchema, body);
        validate(flightRequestSchema, e6(body));
        validate(bulkFlightRequestSchema, [body]);
      }),
    );
  });
});

describe('the E7 request schema', () => {
  it('takes a bare array of flights with flight_id, flight_class and flight_type', () => {
    expect(validate(bulkFlightRequestSchema, [bulk, { ...bulk, flight_id: 'f2' }]).ok).toBe(true);
  });

  for (const field of ['flight_id', 'flight_class', 'flight_type'] as const) {
    it(`requires ${field}`, () => {
      const { [field]: _left, ...rest } = bulk;
      expect(problem(bulkFlightRequestSchema, [bulk, rest])).toEqual({ path: `1.${field}`, reason: 'Required.' });
    });
  }

  it('takes 1 to 499 flights', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ ...bulk, flight_id: `f${i}` }));
    expect(problem(bulkFlightRequestSchema, [])?.path).toBe('');
    expect(validate(bulkFlightRequestSchema, many(499)).ok).toBe(true);
    expect(problem(bulkFlightRequestSchema, many(500))).toEqual({ path: '', reason: 'Must have at most 499 element(s).' });
  });

  it('refuses a repeated flight_id on its second occurrence', () => {
    const flights = [bulk, { ...bulk, flight_id: 'x' }, { ...bulk, flight_id: 'y' }, { ...bulk, flight_id: 'x' }];
    expect(problem(bulkFlightRequestSchema, flights)).toEqual({ path: '3.flight_id', reason: 'Must be unique within the request.' });
  });

  it('refuses a body that is not an array', () => {
    expect(problem(bulkFlightRequestSchema, { flights: [bulk] })).toEqual({ path: '', reason: 'Expected array, received object.' });
  });
});
