// Generators of valid, parsed requests for the road, rail and sea calculators.
import fc from 'fast-check';
import {
  CAR_BODY_TYPES,
  CAR_FUEL_TYPES,
  COMMUTE_METHODS,
  CONTAINER_TYPES,
  FREIGHT_TRANSPORTATION_TYPES,
  SHIPPING_METHODS,
  busRequestSchema,
  carRequestSchema,
  commuteRequestSchema,
  freightRequestSchema,
  logisticsRequestSchema,
  suvRequestSchema,
  validate,
  type BusRequest,
  type CarRequest,
  type CommuteRequest,
  type FreightRequest,
  type LogisticsRequest,
  type SuvRequest,
} from '../../src/index.js';
import type { z } from 'zod';

export const positive = (max = 1e5) => fc.double({ min: 1e-3, max, noNaN: true, noDefaultInfinity: true });

function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = validate(schema, body);
  if (!parsed.ok) throw new Error(`generator made an invalid body: ${JSON.stringify(parsed.error)}`);
  return parsed.value;
}

export const carBody = fc.record({
  car_id: fc.uuid(),
  body_type: fc.constantFrom(...CAR_BODY_TYPES),
  fuel_type: fc.constantFrom(...CAR_FUEL_TYPES),
  registration_year: fc.integer({ min: 1990, max: 2030 }),
  mileage: fc.double({ min: 0, max: 60, noNaN: true }),
  distance_travelled: positive(),
});

export const carRequest: fc.Arbitrary<CarRequest> = fc
  .uniqueArray(carBody, { minLength: 1, maxLength: 10, selector: (car) => car.car_id })
  .map((cars) => parse(carRequestSchema, { queries: { cars } }));

export const seatBody = fc
  .record({ seat_type: fc.constantFrom('SEATER' as const, 'SLEEPER' as const), total_seats: fc.integer({ min: 1, max: 60 }) })
  .chain((seat) => fc.record({ seat_type: fc.constant(seat.seat_type), total_seats: fc.constant(seat.total_seats), no_of_seats: fc.integer({ min: 1, max: seat.total_seats }) }));

export const busRequest: fc.Arbitrary<BusRequest> = fc
  .record({ distance: positive(5000), seats: fc.array(seatBody, { minLength: 1, maxLength: 20 }) })
  .map(({ distance, seats }) => parse(busRequestSchema, { configs: { vehicle_type: 'BUS', distance }, queries: { seats } }));

export const suvRequest: fc.Arbitrary<SuvRequest> = fc
  .record({ distance: positive(5000), total_capacity: fc.integer({ min: 1, max: 12 }) })
  .chain(({ distance, total_capacity }) =>
    fc.integer({ min: 1, max: total_capacity }).map((seats_occupied) =>
      parse(suvRequestSchema, { configs: { vehicle_type: 'SUV', distance, total_capacity, seats_occupied } }),
    ),
  );

export const logisticsLegBody = fc.record(
  {
    shipping_method: fc.constantFrom(...SHIPPING_METHODS),
    shipping_distance: positive(),
    shipping_weight: positive(1000),
    truck_capacity: positive(40),
  },
  { requiredKeys: ['shipping_method'] },
);

export const logisticsRequest: fc.Arbitrary<LogisticsRequest> = fc
  .array(logisticsLegBody, { minLength: 1, maxLength: 20 })
  .map((legs) => parse(logisticsRequestSchema, { queries: { legs } }));

export const commuteRequest: fc.Arbitrary<CommuteRequest> = fc
  .array(fc.record({ commute_method: fc.constantFrom(...COMMUTE_METHODS), commute_distance: positive(500) }, { requiredKeys: ['commute_method'] }), {
    minLength: 1,
    maxLength: 30,
  })
  .map((legs) => parse(commuteRequestSchema, { queries: { legs } }));

export const freightLegBody = (truck: boolean) =>
  fc.oneof(
    fc.record(
      {
        shipping_method: fc.constant('container' as const),
        container_type: fc.constantFrom(...CONTAINER_TYPES),
        weight: positive(500),
        distance: positive(),
        container_tare_weight: fc.double({ min: 0.5, max: 10, noNaN: true }),
        ...(truck ? { truck_unladen_weight: positive(30), truck_max_capacity: positive(45), dry_run: fc.boolean() } : {}),
      },
      { requiredKeys: ['shipping_method', 'container_type', 'weight', 'distance'] },
    ),
    fc.record(
      {
        shipping_method: fc.constant('loose' as const),
        weight: positive(500),
        distance: positive(),
        ...(truck ? { truck_unladen_weight: positive(30), truck_max_capacity: positive(45), dry_run: fc.boolean() } : {}),
      },
      { requiredKeys: ['shipping_method', 'weight', 'distance'] },
    ),
  );

export const freightRequest: fc.Arbitrary<FreightRequest> = fc
  .constantFrom(...FREIGHT_TRANSPORTATION_TYPES)
  .chain((mode) =>
    fc.array(freightLegBody(mode === 'truck'), { minLength: 1, maxLength: 20 }).map((legs) =>
      parse(freightRequestSchema, { configs: { region: 'IN', transportation_type: mode }, queries: { legs } }),
    ),
  );

/** True when two results agree to a relative 1e-9 (binary rounding of scaled inputs). */
export function near(actual: number | undefined, expected: number): boolean {
  return actual !== undefined && Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));
}
