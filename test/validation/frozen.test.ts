// A value `validate` returned is the value its schema accepted, for good: deep-frozen, so a change
// to it throws (ES modules are strict) and the calculator that trusts it computes what was checked;
// a changed copy is not a value validate returned, so the calculator checks it, as any plain object.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  carTruecost,
  commuteTruecost,
  flightTruecost,
  freightTruecost,
  logisticsTruecost,
  requestSchemas,
  transportationTruecost,
  tripTruecost,
  TruecostValidationError,
  validate,
} from '../../src/index.js';
import { arbitraries } from '../../src/testing/index.js';

const calculators = {
  flight: flightTruecost,
  car: carTruecost,
  bus: transportationTruecost,
  suv: transportationTruecost,
  logistics: logisticsTruecost,
  commute: commuteTruecost,
  freight: freightTruecost,
  trip: tripTruecost,
} as const satisfies Partial<Record<keyof typeof requestSchemas, (request: never) => unknown>>;

type Path = (string | number)[];

/** Every path to a number inside a JSON-like value. */
function numberPaths(value: unknown, at: Path = []): Path[] {
  if (typeof value === 'number') return [at];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => numberPaths(item, [...at, Array.isArray(value) ? Number(key) : key]));
}

function isDeepFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  return Object.isFrozen(value) && Object.values(value).every(isDeepFrozen);
}

function setAt(target: unknown, path: Path, value: unknown): void {
  let parent = target as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  parent[path.at(-1)!] = value;
}

/** The calculator's answer, or the path of the field it refused. */
function outcome(calculate: (request: never) => unknown, request: unknown): unknown {
  try {
    return { answer: calculate(request as never) };
  } catch (error) {
    if (error instanceof TruecostValidationError) return { refused: error.path };
    throw error;
  }
}

describe('a value validate returned', () => {
  it.each(Object.keys(calculators) as (keyof typeof calculators)[])('of %s is frozen throughout, and a change to it throws and changes no figure', (kind) => {
    const calculate = calculators[kind];
    fc.assert(
      fc.property(arbitraries[kind].chain((body) => fc.tuple(fc.constant(body), fc.nat(), fc.constantFrom(-1, 0, -1e6, 1e12))), ([body, pick, changed]) => {
        const parsed = validate(requestSchemas[kind], body);
        if (!parsed.ok) throw new Error(`invalid sample: ${parsed.error.path}`);
        expect(isDeepFrozen(parsed.value)).toBe(true);
        const before = outcome(calculate, parsed.value);
        const paths = numberPaths(parsed.value);
        if (paths.length === 0) return;
        const path = paths[pick % paths.length]!;
        expect(() => setAt(parsed.value, path, changed)).toThrow(TypeError);
        expect(outcome(calculate, parsed.value)).toEqual(before);
        // The same change on a copy: the calculator checks the copy, as validate would.
        const copy = structuredClone(parsed.value);
        setAt(copy, path, changed);
        const checked = validate(requestSchemas[kind], copy);
        expect(outcome(calculate, copy)).toEqual(checked.ok ? outcome(calculate, checked.value) : { refused: checked.error.path });
      }),
      { numRuns: 40 },
    );
  });

  it('of a distance made negative on a copy is refused by the calculator with the path validate names', () => {
    const parsed = validate(requestSchemas.car, {
      queries: { cars: [{ car_id: 'c1', body_type: 'sedan', fuel_type: 'petrol', registration_year: 2020, mileage: 15, distance_travelled: 100 }] },
    });
    if (!parsed.ok) throw new Error('invalid');
    expect(() => {
      (parsed.value.queries.cars[0] as { distance_travelled: number }).distance_travelled = -100;
    }).toThrow(TypeError);
    expect(carTruecost(parsed.value).truecost[0]!.truecost).toBeGreaterThan(0);
    const copy = structuredClone(parsed.value);
    copy.queries.cars[0]!.distance_travelled = -100;
    expect(() => carTruecost(copy)).toThrow(expect.objectContaining({ name: 'TruecostValidationError', path: 'queries.cars.0.distance_travelled' }));
  });
});
