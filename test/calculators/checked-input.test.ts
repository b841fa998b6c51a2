// Every exported calculator and explain function, called as a library user calls it: with a plain
// object, valid or not. Whatever it is given, it answers exactly what validate followed by the
// calculator answers, or throws TruecostValidationError with the path and reason of validate's
// problem (the 400 body of the HTTP API). Never a number for invalid input, never a TypeError.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { core } from 'zod/mini';
import {
  bulkFlightRequestSchema,
  bulkFlightResults,
  busRequestSchema,
  busTruecost,
  carRequestSchema,
  carTruecost,
  commuteRequestSchema,
  commuteTruecost,
  explainBusTruecost,
  explainCarTruecost,
  explainCommuteTruecost,
  explainFlightTruecost,
  explainFreightTruecost,
  explainLogisticsTruecost,
  explainSuvTruecost,
  explainTransportationTruecost,
  flightEmissions,
  flightRequestSchema,
  flightSchema,
  flightTruecost,
  freightRequestSchema,
  freightTruecost,
  logisticsRequestSchema,
  logisticsTruecost,
  suvRequestSchema,
  suvTruecost,
  transportationRequestSchema,
  transportationTruecost,
  TruecostValidationError,
  explainTripTruecost,
  tripRequestSchema,
  tripTruecost,
  validate,
} from '../../src/index.js';
import { arbitraries } from '../../src/testing/index.js';

type Calculator = (request: never) => unknown;

interface Case {
  readonly name: string;
  readonly calculate: Calculator;
  readonly schema: core.$ZodType;
  readonly valid: fc.Arbitrary<unknown>;
}

const bodies = {
  flight: arbitraries.flight,
  bulkFlight: arbitraries.bulkFlight,
  flightOne: arbitraries.flightQuery,
  car: arbitraries.car,
  bus: arbitraries.bus,
  suv: arbitraries.suv,
  transportation: fc.oneof(arbitraries.bus, arbitraries.suv),
  logistics: arbitraries.logistics,
  commute: arbitraries.commute,
  freight: arbitraries.freight,
  trip: arbitraries.trip,
};

const cases: readonly Case[] = [
  { name: 'flightTruecost', calculate: flightTruecost, schema: flightRequestSchema, valid: bodies.flight },
  { name: 'explainFlightTruecost', calculate: explainFlightTruecost, schema: flightRequestSchema, valid: bodies.flight },
  { name: 'bulkFlightResults', calculate: bulkFlightResults, schema: bulkFlightRequestSchema, valid: bodies.bulkFlight },
  { name: 'flightEmissions', calculate: flightEmissions, schema: flightSchema, valid: bodies.flightOne },
  { name: 'carTruecost', calculate: carTruecost, schema: carRequestSchema, valid: bodies.car },
  { name: 'explainCarTruecost', calculate: explainCarTruecost, schema: carRequestSchema, valid: bodies.car },
  { name: 'busTruecost', calculate: busTruecost, schema: busRequestSchema, valid: bodies.bus },
  { name: 'explainBusTruecost', calculate: explainBusTruecost, schema: busRequestSchema, valid: bodies.bus },
  { name: 'suvTruecost', calculate: suvTruecost, schema: suvRequestSchema, valid: bodies.suv },
  { name: 'explainSuvTruecost', calculate: explainSuvTruecost, schema: suvRequestSchema, valid: bodies.suv },
  { name: 'transportationTruecost', calculate: transportationTruecost, schema: transportationRequestSchema, valid: bodies.transportation },
  {
    name: 'explainTransportationTruecost',
    calculate: explainTransportationTruecost,
    schema: transportationRequestSchema,
    valid: bodies.transportation,
  },
  { name: 'logisticsTruecost', calculate: logisticsTruecost, schema: logisticsRequestSchema, valid: bodies.logistics },
  { name: 'explainLogisticsTruecost', calculate: explainLogisticsTruecost, schema: logisticsRequestSchema, valid: bodies.logistics },
  { name: 'commuteTruecost', calculate: commuteTruecost, schema: commuteRequestSchema, valid: bodies.commute },
  { name: 'explainCommuteTruecost', calculate: explainCommuteTruecost, schema: commuteRequestSchema, valid: bodies.commute },
  { name: 'freightTruecost', calculate: freightTruecost, schema: freightRequestSchema, valid: bodies.freight },
  { name: 'explainFreightTruecost', calculate: explainFreightTruecost, schema: freightRequestSchema, valid: bodies.freight },
  { name: 'tripTruecost', calculate: tripTruecost, schema: tripRequestSchema, valid: bodies.trip },
  { name: 'explainTripTruecost', calculate: explainTripTruecost, schema: tripRequestSchema, valid: bodies.trip },
];

/** Values that break calculators that trust their input: out of range, of the wrong type, or not JSON at all. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(-1200, -1, 0, Number.NaN, Number.POSITIVE_INFINITY, 1e308, 0.5, null, '', 'economy', 'UNKNOWN', [], {}, true),
  fc.jsonValue({ maxDepth: 2 }),
  fc.anything({ maxDepth: 2, withBigInt: true, withDate: true, withMap: true, withNullPrototype: true, withSparseArray: true, withBoxedValues: true }),
);

/** Every place in a JSON value: the path from the root, as keys. */
function placesOf(value: unknown, path: readonly (string | number)[] = []): (readonly (string | number)[])[] {
  const places: (readonly (string | number)[])[] = [path];
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) places.push(...placesOf(child, [...path, Array.isArray(value) ? Number(key) : key]));
  }
  return places;
}

/** A copy of `value` with the value at `path` replaced by `replacement`, or deleted when `replacement` is `deleted`. */
function changed(value: unknown, path: readonly (string | number)[], replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  if (rest.length === 0 && replacement === deleted) delete copy[head];
  else copy[head] = changed(copy[head], rest, replacement);
  return copy;
}
const deleted = Symbol('deleted');

/** A valid body, or one with a value somewhere replaced by junk or removed, or junk alone. */
function inputs(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const damaged = valid.chain((body) => {
    const places = placesOf(body);
    return fc
      .tuple(fc.constantFrom(...places), fc.oneof(junk, fc.constant(deleted)))
      .map(([path, replacement]) => changed(body, path, path.length === 0 && replacement === deleted ? undefined : replacement));
  });
  return fc.oneof({ weight: 2, arbitrary: valid }, { weight: 5, arbitrary: damaged }, { weight: 1, arbitrary: junk });
}

/** What the calculator did: returned a value, or threw. */
function outcome(calculate: Calculator, input: unknown): { returned: unknown } | { threw: unknown } {
  try {
    return { returned: calculate(input as never) };
  } catch (error) {
    return { threw: error };
  }
}

describe('the calculators as a library user calls them', () => {
  it.each(cases)('$name: gives validate + calculate, or throws TruecostValidationError with validate\'s problem', ({ calculate, schema, valid }) => {
    fc.assert(
      fc.property(inputs(valid), (input) => {
        const checked = validate(schema, input);
        const result = outcome(calculate, input);
        if (checked.ok) {
          expect(result).toEqual({ returned: calculate(checked.value as never) });
        } else {
          expect(result).toHaveProperty('threw');
          const error = (result as { threw: unknown }).threw;
          expect(error).toBeInstanceOf(TruecostValidationError);
          expect({ path: (error as TruecostValidationError).path, reason: (error as TruecostValidationError).reason }).toEqual(checked.error);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('refuses the inputs that used to give numbers or TypeErrors, naming the field', () => {
    const car = { car_id: 'c1', body_type: 'sedan' as const, fuel_type: 'petrol' as const, registration_year: 2020, mileage: 15, distance_travelled: 1200 };
    const refusal = (call: () => unknown) => {
      try {
        call();
      } catch (error) {
        if (error instanceof TruecostValidationError) return { path: error.path, reason: error.reason, message: error.message };
        throw error;
      }
      throw new Error('accepted');
    };
    expect(refusal(() => carTruecost({ queries: { cars: [{ ...car, distance_travelled: -1200 }] } }))).toEqual({
      path: 'queries.cars.0.distance_travelled',
      reason: 'Must be greater than 0.',
      message: 'Invalid request: queries.cars.0.distance_travelled: Must be greater than 0.',
    });
    expect(refusal(() => carTruecost({ queries: { cars: [{ ...car, distance_travelled: Number.NaN }] } })).path).toBe(
      'queries.cars.0.distance_travelled',
    );
    expect(refusal(() => carTruecost({ queries: { cars: [{ ...car, fuel_type: 'hydrogen' as never }] } })).path).toBe('queries.cars.0.fuel_type');
    expect(
      refusal(() =>
        freightTruecost({
          configs: { region: 'IN', transportation_type: 'rail' },
          queries: { legs: [{ shipping_method: 'loose', weight: 100, distance: -500 }] },
        }),
      ).path,
    ).toBe('queries.legs.0.distance');
    expect(refusal(() => flightTruecost(null as never))).toMatchObject({ path: '', message: 'Invalid request: the request: Expected object, received null.' });
    const error = (() => {
      try {
        busTruecost([] as never);
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('TruecostValidationError');
  });

  it('fills the defaults of a request sent without them, as the API does', () => {
    const response = flightTruecost({ queries: { flights: [{ departure: 'del', arrival: 'BOM', no_of_tickets: 1 }] } });
    expect(response.truecost).toEqual([{ flight_id: 'flight-1', truecost: '0.115961' }]);
  });

  it('computes a request that validate returned without validating it again', () => {
    const parsed = validate(carRequestSchema, {
      queries: { cars: [{ car_id: 'c1', body_type: 'sedan', fuel_type: 'petrol', registration_year: 2020, mileage: 15, distance_travelled: 100 }] },
    });
    if (!parsed.ok) throw new Error('invalid');
    // A value validate returned is trusted as it is, and frozen, so that it stays what was checked.
    expect(() => {
      (parsed.value.queries.cars[0] as { distance_travelled: number }).distance_travelled = -100;
    }).toThrow(TypeError);
    expect(carTruecost(parsed.value).truecost[0]!.truecost).toBeGreaterThan(0);
    // A changed copy of it is not a value validate returned: it is validated, and refused.
    const copy = structuredClone(parsed.value);
    copy.queries.cars[0]!.distance_travelled = -100;
    expect(() => carTruecost(copy)).toThrow(TruecostValidationError);
  });
});
