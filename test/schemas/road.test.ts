import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import {
  busRequestSchema,
  carRequestSchema,
  commuteRequestSchema,
  freightRequestSchema,
  logisticsRequestSchema,
  suvRequestSchema,
  transportationRequestSchema,
  validate,
  type SentLogisticsLeg,
} from '../../src/index.js';

const car = { car_id: 'c1', body_type: 'sedan', fuel_type: 'petrol', registration_year: 2020, mileage: 15, distance_travelled: 120 };
const validBodies: [string, z.core.$ZodType, Record<string, unknown>][] = [
  ['E8', carRequestSchema, { queries: { cars: [car, { ...car, car_id: 'c2', fuel_type: 'electric', mileage: 7.5 }] } }],
  ['E9', transportationRequestSchema, { configs: { distance: 250, vehicle_type: 'BUS' }, queries: { seats: [{ seat_type: 'SEATER', no_of_seats: 2, total_seats: 30 }, { seat_type: 'SLEEPER' }] } }],
  ['E10', transportationRequestSchema, { configs: { distance: 42, vehicle_type: 'SUV', total_capacity: 8, seats_occupied: 3 } }],
  ['E11', logisticsRequestSchema, { queries: { legs: [{ shipping_method: 'TRUCK_LIGHT', shipping_distance: 50, shipping_weight: 1, truck_capacity: 1.75 }, { shipping_method: 'SHIP' }] } }],
  ['E12', commuteRequestSchema, { queries: { legs: [{ commute_method: 'CAR_SEDAN_CNG', commute_distance: 12.5 }, { commute_method: 'TRAIN' }] } }],
  ['E13', freightRequestSchema, {
    configs: { region: 'IN', transportation_type: 'truck' },
    queries: { legs: [
      { shipping_method: 'container', container_type: '45GP', weight: 12, distance: 300, truck_unladen_weight: 14, truck_max_capacity: 28, dry_run: true },
      { shipping_method: 'container', container_type: '22TN', container_tare_weight: 3.9, weight: 20, distance: 300, dry_run: false },
      { shipping_method: 'loose', weight: 5, distance: 80 },
    ] },
  }],
];

// Each required leaf: [body index, path], checked by removing it, breaking its type and its range.
const requiredLeaves: [number, (string | number)[]][] = [
  [0, ['queries', 'cars', 0, 'car_id']], [0, ['queries', 'cars', 1, 'body_type']], [0, ['queries', 'cars', 0, 'fuel_type']],
  [0, ['queries', 'cars', 0, 'registration_year']], [0, ['queries', 'cars', 1, 'mileage']], [0, ['queries', 'cars', 0, 'distance_travelled']],
  [1, ['configs', 'vehicle_type']], [1, ['queries', 'seats', 1, 'seat_type']], [2, ['configs', 'vehicle_type']],
  [3, ['queries', 'legs', 1, 'shipping_method']], [4, ['queries', 'legs', 0, 'commute_method']],
  [5, ['configs', 'region']], [5, ['configs', 'transportation_type']], [5, ['queries', 'legs', 2, 'shipping_method']],
  [5, ['queries', 'legs', 0, 'weight']], [5, ['queries', 'legs', 2, 'distance']], [5, ['queries', 'legs', 1, 'container_type']],
];

const numericLeaves: [number, (string | number)[]][] = [
  [0, ['queries', 'cars', 0, 'distance_travelled']], [1, ['configs', 'distance']], [1, ['queries', 'seats', 0, 'no_of_seats']],
  [1, ['queries', 'seats', 0, 'total_seats']], [2, ['configs', 'distance']], [2, ['configs', 'seats_occupied']], [2, ['configs', 'total_capacity']],
  [3, ['queries', 'legs', 0, 'shipping_distance']], [3, ['queries', 'legs', 0, 'shipping_weight']], [3, ['queries', 'legs', 0, 'truck_capacity']],
  [4, ['queries', 'legs', 0, 'commute_distance']], [5, ['queries', 'legs', 0, 'weight']], [5, ['queries', 'legs', 0, 'distance']],
  [5, ['queries', 'legs', 0, 'truck_unladen_weight']], [5, ['queries', 'legs', 0, 'truck_max_capacity']], [5, ['queries', 'legs', 1, 'container_tare_weight']],
];

function withLeaf(body: unknown, path: (string | number)[], change: (parent: Record<string | number, unknown>, key: string | number) => void): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  change(parent, path[path.length - 1]!);
  return copy;
}

function errorPath(schema: z.core.$ZodType, body: unknown): string | undefined {
  const result = validate(schema, body);
  return result.ok ? undefined : result.error.path;
}

describe('road, rail and sea request schemas', () => {
  it.each(validBodies)('accept the valid %s example', (_, schema, body) => {
    expect(validate(schema, body).ok).toBe(true);
  });

  it('name the field left out', () => {
    for (const [index, path] of requiredLeaves) {
      const [, schema, body] = validBodies[index]!;
      expect(errorPath(schema, withLeaf(body, path, (parent, key) => delete parent[key]))).toBe(path.join('.'));
    }
  });

  it('name the field of a wrong type, whatever the wrong value', () => {
    const wrong = fc.oneof(fc.constant(null), fc.boolean(), fc.array(fc.integer(), { maxLength: 2 }), fc.object({ maxDepth: 1 }));
    fc.assert(
      fc.property(fc.constantFrom(...requiredLeaves, ...numericLeaves), wrong, ([index, path], value) => {
        const [, schema, body] = validBodies[index]!;
        expect(errorPath(schema, withLeaf(body, path, (parent, key) => (parent[key] = value)))).toBe(path.join('.'));
      }),
    );
  });

  it('name a number that is zero, negative or not finite', () => {
    const bad = fc.oneof(fc.constant(0), fc.double({ max: -1e-9, noNaN: true }), fc.constantFrom(Number.NaN, Infinity, -Infinity));
    fc.assert(
      fc.property(fc.constantFrom(...numericLeaves), bad, ([index, path], value) => {
        const [, schema, body] = validBodies[index]!;
        expect(errorPath(schema, withLeaf(body, path, (parent, key) => (parent[key] = value)))).toBe(path.join('.'));
      }),
    );
  });

  it('name a string outside its enum', () => {
    const enums = requiredLeaves.filter(([, path]) => !['car_id', 'registration_year', 'mileage', 'distance_travelled', 'weight', 'distance'].includes(String(path.at(-1))));
    fc.assert(
      fc.property(fc.constantFrom(...enums), fc.string({ maxLength: 8 }).filter((s) => !/^(IN|BUS|SUV|truck|rail|ship|loose|container)$/.test(s)), ([index, path], value) => {
        const [, schema, body] = validBodies[index]!;
        expect(errorPath(schema, withLeaf(body, path, (parent, key) => (parent[key] = value)))).toBe(path.join('.'));
      }),
    );
  });

  it('never throw, whatever the input', () => {
    fc.assert(
      fc.property(fc.constantFrom(...validBodies.map(([, schema]) => schema)), fc.jsonValue(), (schema, input) => {
        const result = validate(schema, input);
        expect(typeof result.ok).toBe('boolean');
      }),
    );
  });

  it('fill the contract defaults', () => {
    const bus = validate(busRequestSchema, { configs: { vehicle_type: 'BUS' }, queries: { seats: [{ seat_type: 'SEATER' }, { seat_type: 'SLEEPER' }] } });
    expect(bus.ok && bus.value.configs.distance).toBe(100);
    expect(bus.ok && bus.value.queries.seats.map((s) => [s.no_of_seats, s.total_seats])).toEqual([[12, 14], [35, 40]]);
    const suv = validate(suvRequestSchema, { configs: { vehicle_type: 'SUV' } });
    expect(suv.ok && [suv.value.configs.distance, suv.value.configs.total_capacity, suv.value.configs.seats_occupied]).toEqual([100, 8, 7]);
    const legs = validate(logisticsRequestSchema, {
      queries: { legs: ['TRUCK_LIGHT', 'TRUCK_MEDIUM', 'TRUCK_HEAVY', 'SHIP'].map((shipping_method) => ({ shipping_method, truck_capacity: undefined })) },
    });
    expect(legs.ok && (legs.value.queries.legs as SentLogisticsLeg[]).map((l) => [l.shipping_distance, l.shipping_weight, l.truck_capacity])).toEqual([
      [100, 20, 1.75], [100, 20, 7.75], [100, 20, 15], [100, 20, undefined],
    ]);
    const commute = validate(commuteRequestSchema, { queries: { legs: [{ commute_method: 'AUTO' }] } });
    expect(commute.ok && commute.value.queries.legs[0]?.commute_distance).toBe(10);
    const freight = validate(freightRequestSchema, validBodies[5]![2]);
    expect(freight.ok && freight.value.queries.legs[2]?.dry_run).toBe(false);
  });

  it('refuse empty arrays and more elements than the limits', () => {
    expect(errorPath(carRequestSchema, { queries: { cars: [] } })).toBe('queries.cars');
    expect(errorPath(carRequestSchema, { queries: { cars: Array.from({ length: 11 }, (_, i) => ({ ...car, car_id: `c${i}` })) } })).toBe('queries.cars');
    expect(errorPath(commuteRequestSchema, { queries: { legs: Array.from({ length: 101 }, () => ({ commute_method: 'AUTO' })) } })).toBe('queries.legs');
    expect(validate(commuteRequestSchema, { queries: { legs: Array.from({ length: 100 }, () => ({ commute_method: 'AUTO' })) } }).ok).toBe(true);
    expect(errorPath(busRequestSchema, { configs: { vehicle_type: 'BUS' }, queries: { seats: [] } })).toBe('queries.seats');
  });

  it('enforce the cross-field rules on the right path', () => {
    expect(errorPath(carRequestSchema, { queries: { cars: [car, { ...car, car_id: 'x' }, car] } })).toBe('queries.cars.2.car_id');
    expect(errorPath(transportationRequestSchema, { configs: { vehicle_type: 'BUS' }, queries: { seats: [{ seat_type: 'SLEEPER', no_of_seats: 41 }] } })).toBe('queries.seats.0.no_of_seats');
    expect(errorPath(transportationRequestSchema, { configs: { vehicle_type: 'SUV', total_capacity: 4, seats_occupied: 5 } })).toBe('configs.seats_occupied');
    expect(errorPath(transportationRequestSchema, { configs: { vehicle_type: 'SUV', seats_occupied: 8 } })).toBeUndefined();
    const rail = { configs: { region: 'IN', transportation_type: 'rail' }, queries: { legs: [{ shipping_method: 'loose', weight: 1, distance: 1, dry_run: true }] } };
    expect(errorPath(freightRequestSchema, rail)).toBe('queries.legs.0.dry_run');
    expect(errorPath(freightRequestSchema, { ...rail, configs: { region: 'US', transportation_type: 'rail' } })).toBe('configs.region');
    expect(errorPath(freightRequestSchema, withLeaf(validBodies[5]![2], ['queries', 'legs', 1, 'container_tare_weight'], (p, k) => (p[k] = 3900)))).toBe('queries.legs.1.container_tare_weight');
    expect(errorPath(carRequestSchema, { queries: { cars: [{ ...car, registration_year: 2020.5 }] } })).toBe('queries.cars.0.registration_year');
    expect(validate(carRequestSchema, { queries: { cars: [{ ...car, mileage: 0 }] } }).ok).toBe(true);
  });
});

describe('E9/E10: a wrong value of the field that picks the calculation', () => {
  const bus = { configs: { vehicle_type: 'BUS' }, queries: { seats: [{ seat_type: 'SEATER' }] } };
  const notOneOf = (allowed: readonly string[]) => fc.string().filter((text) => !allowed.includes(text));

  it('names the allowed vehicle types, never "Required."', () => {
    fc.assert(
      fc.property(fc.oneof(notOneOf(['BUS', 'SUV']), fc.constantFrom('bus', 'suv', 'Bus', 'CAR')), (vehicle) => {
        expect(validate(transportationRequestSchema, { ...bus, configs: { vehicle_type: vehicle } })).toEqual({
          ok: false,
          error: { path: 'configs.vehicle_type', reason: 'Must be one of "BUS", "SUV".' },
        });
      }),
    );
  });

  it('names the allowed seat types, as the bus schema itself does', () => {
    fc.assert(
      fc.property(fc.oneof(notOneOf(['SEATER', 'SLEEPER']), fc.constantFrom('sleeper', 'SEMI_SLEEPER', 'seater')), (seat) => {
        const body = { ...bus, queries: { seats: [{ seat_type: 'SLEEPER' }, { seat_type: seat }] } };
        const expected = { ok: false, error: { path: 'queries.seats.1.seat_type', reason: 'Must be one of "SEATER", "SLEEPER".' } };
        expect(validate(transportationRequestSchema, body)).toEqual(expected);
        expect(validate(busRequestSchema, body)).toEqual(expected);
      }),
    );
  });

  it('reports on the shared path what the variant\'s own schema reports, for any body of that variant', () => {
    const value = fc.oneof(fc.constant(undefined), fc.string(), fc.double(), fc.integer({ min: -5, max: 50 }), fc.boolean(), fc.constant(null));
    fc.assert(
      fc.property(value, value, value, value, (distance, capacity, occupied, seats) => {
        const suv = { configs: { vehicle_type: 'SUV', distance, total_capacity: capacity, seats_occupied: occupied } };
        expect(validate(transportationRequestSchema, suv)).toEqual(validate(suvRequestSchema, suv));
        const withSeats = { configs: { vehicle_type: 'BUS', distance }, queries: { seats: [{ seat_type: 'SEATER', no_of_seats: seats }] } };
        expect(validate(transportationRequestSchema, withSeats)).toEqual(validate(busRequestSchema, withSeats));
      }),
    );
  });

  it('still says "Required." of a missing vehicle or seat type', () => {
    expect(validate(transportationRequestSchema, { configs: {} })).toEqual({ ok: false, error: { path: 'configs.vehicle_type', reason: 'Required.' } });
    expect(validate(transportationRequestSchema, { ...bus, queries: { seats: [{}] } })).toEqual({ ok: false, error: { path: 'queries.seats.0.seat_type', reason: 'Required.' } });
  });
});
