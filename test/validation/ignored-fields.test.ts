import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flightRequestSchema, requestSchemas, validate } from '../../src/index.js';
import { ignoredFields } from '../../src/validation/ignored-fields.js';
import { arbitraries, type RequestKind } from '../../src/testing/index.js';

/** The paths of every plain object in a JSON value (`''` for the value itself), with the object. */
function objectsOf(value: unknown, prefix = ''): [string, Record<string, unknown>][] {
  if (typeof value !== 'object' || value === null) return [];
  const found: [string, Record<string, unknown>][] = [];
  if (!Array.isArray(value)) found.push([prefix, value as Record<string, unknown>]);
  for (const [key, child] of Object.entries(value)) found.push(...objectsOf(child, `${prefix}${key}.`));
  return found;
}

const UNKNOWN_KEY = 'not_a_field_of_truecost';
const kinds = Object.keys(requestSchemas) as RequestKind[];

describe('ignored fields', () => {
  it('names a misspelt field of an E6 flight by its dotted path', () => {
    const result = validate(flightRequestSchema, {
      queries: { flights: [{ departure: 'DEL', arrival: 'BOM', no_of_tickets: 1, cabin: 'BUSINESS' }] },
      extra: true,
    });
    expect(result).toMatchObject({ ok: true, ignored: ['queries.flights.0.cabin', 'extra'] });
  });

  it('names a known field that the schema drops in its context (truck_capacity on a train leg)', () => {
    const result = validate(requestSchemas.logistics, {
      queries: { legs: [{ shipping_method: 'TRAIN', truck_capacity: 10 }, { shipping_method: 'TRUCK_HEAVY', truck_capacity: 10 }] },
    });
    expect(result).toMatchObject({ ok: true, ignored: ['queries.legs.0.truck_capacity'] });
  });

  it('is empty for a body with only known fields, defaults left out', () => {
    const result = validate(flightRequestSchema, { queries: { flights: [{ departure: 'DEL', arrival: 'BOM', no_of_tickets: 1 }] } });
    expect(result).toMatchObject({ ok: true, ignored: [] });
  });

  it('does not count a key sent with the value undefined, and reports a throwing getter instead of throwing', () => {
    const flight = { departure: 'DEL', arrival: 'BOM', no_of_tickets: 1, flight_id: undefined };
    Object.defineProperty(flight, 'seat', { enumerable: true, get: () => { throw new Error('no seat'); } });
    expect(ignoredFields({ queries: { flights: [flight] } }, { queries: { flights: [{ departure: 'DEL' }] } })).toEqual([
      'queries.flights.0.arrival',
      'queries.flights.0.no_of_tickets',
      'queries.flights.0.seat',
    ]);
  });

  it.each(kinds)('%s: an unknown key added anywhere in a valid body is reported at its path, and only it', (kind) => {
    fc.assert(
      fc.property(
        arbitraries[kind].chain((body) => {
          const places = objectsOf(body);
          return fc.tuple(fc.constant(body), fc.integer({ min: 0, max: places.length - 1 }));
        }),
        ([body, place]) => {
          const before = validate(requestSchemas[kind], body);
          if (!before.ok) throw new Error('the arbitrary made an invalid body');
          // The one known field a schema drops: E11 keeps truck_capacity on truck legs only.
          for (const path of before.ignored) expect(path).toMatch(/^queries\.legs\.\d+\.truck_capacity$/);
          const [path, object] = objectsOf(body)[place]!;
          object[UNKNOWN_KEY] = 1;
          const after = validate(requestSchemas[kind], body);
          if (!after.ok) throw new Error('an unknown key made the body invalid');
          expect([...after.ignored].sort()).toEqual([...before.ignored, `${path}${UNKNOWN_KEY}`].sort());
        },
      ),
      { numRuns: 40 },
    );
  });
});
