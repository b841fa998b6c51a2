// Calculations per second of each road, rail and sea calculator, with and without validation,
// next to JSON.parse + JSON.stringify of the same request and response in the same run.
import type { z } from 'zod/mini';
import { compare, measure } from './harness.js';
import {
  carRequestSchema,
  carTruecost,
  commuteRequestSchema,
  commuteTruecost,
  freightRequestSchema,
  freightTruecost,
  logisticsRequestSchema,
  logisticsTruecost,
  transportationRequestSchema,
  transportationTruecost,
  validate,
} from '../src/index.js';

interface Case {
  readonly name: string;
  readonly schema: z.core.$ZodType;
  readonly calculate: (request: never) => unknown;
  readonly body: unknown;
}

const car = { car_id: 'c', body_type: 'sedan', fuel_type: 'petrol', registration_year: 2020, mileage: 15, distance_travelled: 12000 };
const cases: Case[] = [
  {
    name: 'E8 cars (10)',
    schema: carRequestSchema,
    calculate: carTruecost,
    body: { queries: { cars: Array.from({ length: 10 }, (_, i) => ({ ...car, car_id: `car-${i}` })) } },
  },
  {
    name: 'E9 bus (2 seats)',
    schema: transportationRequestSchema,
    calculate: transportationTruecost,
    body: { configs: { vehicle_type: 'BUS', distance: 350 }, queries: { seats: [{ seat_type: 'SEATER', no_of_seats: 2 }, { seat_type: 'SLEEPER' }] } },
  },
  {
    name: 'E10 SUV',
    schema: transportationRequestSchema,
    calculate: transportationTruecost,
    body: { configs: { vehicle_type: 'SUV', distance: 42, seats_occupied: 3 } },
  },
  {
    name: 'E11 logistics (7 legs)',
    schema: logisticsRequestSchema,
    calculate: logisticsTruecost,
    body: { queries: { legs: ['SHIP', 'TRUCK_LIGHT', 'TRUCK_MEDIUM', 'TRUCK_HEAVY', 'FLIGHT', 'TRAIN', 'MOTORCYCLE'].map((shipping_method) => ({ shipping_method, shipping_distance: 420, shipping_weight: 6 })) } },
  },
  {
    name: 'E12 commute (19 legs)',
    schema: commuteRequestSchema,
    calculate: commuteTruecost,
    body: { queries: { legs: ['TRAIN', 'AUTO', 'INTRACITY_BUS', 'CAB', 'BIKE_COMMUTER', 'BIKE_SPORTS', 'BIKE_CRUISER', 'CAR_HATCHBACK_ELECTRIC', 'CAR_HATCHBACK_CNG', 'CAR_HATCHBACK_DIESEL', 'CAR_HATCHBACK_PETROL', 'CAR_SEDAN_ELECTRIC', 'CAR_SEDAN_CNG', 'CAR_SEDAN_PETROL', 'CAR_SEDAN_DIESEL', 'CAR_SUV_ELECTRIC', 'CAR_SUV_CNG', 'CAR_SUV_PETROL', 'CAR_SUV_DIESEL'].map((commute_method) => ({ commute_method, commute_distance: 14 })) } },
  },
  {
    name: 'E13 freight (3 truck legs)',
    schema: freightRequestSchema,
    calculate: freightTruecost,
    body: {
      configs: { region: 'IN', transportation_type: 'truck' },
      queries: { legs: [
        { shipping_method: 'container', container_type: '42GP', weight: 18, distance: 400, dry_run: true },
        { shipping_method: 'container', container_type: '22TN', container_tare_weight: 3.9, weight: 20, distance: 400, truck_max_capacity: 32, dry_run: false },
        { shipping_method: 'loose', weight: 5, distance: 80 },
      ] },
    },
  },
];

export default async function run(): Promise<void> {
  const budgetMs = 500;
  for (const { name, schema, calculate, body } of cases) {
    const parsed = validate(schema, body);
    if (!parsed.ok) throw new Error(`${name}: ${JSON.stringify(parsed.error)}`);
    const request = parsed.value as never;
    const text = JSON.stringify(body);
    const responseText = JSON.stringify(calculate(request));
    const roundTrip = await measure('JSON.parse + JSON.stringify (request and response)', () => {
      JSON.stringify(JSON.parse(text));
      JSON.stringify(JSON.parse(responseText));
    }, { budgetMs });
    const calculationOnly = await measure('calculation only', () => calculate(request), { budgetMs });
    const validated = await measure('validation + calculation', () => {
      const result = validate(schema, body);
      if (result.ok) calculate(result.value as never);
    }, { budgetMs });
    compare(name, roundTrip, calculationOnly, validated);
  }
}
