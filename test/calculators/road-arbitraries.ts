// Generators of valid, parsed requests for the road, rail and sea calculators.
import fc from 'fast-check';
import { arbitraries } from '../../src/testing/index.js';
import {
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
import type { z } from 'zod/mini';

export const positive = (max = 1e5) => fc.double({ min: 1e-3, max, noNaN: true, noDefaultInfinity: true });

function parse<S extends z.core.$ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = validate(schema, body);
  if (!parsed.ok) throw new Error(`generator made an invalid body: ${JSON.stringify(parsed.error)}`);
  return parsed.value;
}

// The valid bodies come from truecost/testing; here they are parsed into the calculators' input.
export const carRequest: fc.Arbitrary<CarRequest> = arbitraries.car.map((body) => parse(carRequestSchema, body));
export const busRequest: fc.Arbitrary<BusRequest> = arbitraries.bus.map((body) => parse(busRequestSchema, body));
export const suvRequest: fc.Arbitrary<SuvRequest> = arbitraries.suv.map((body) => parse(suvRequestSchema, body));
export const logisticsRequest: fc.Arbitrary<LogisticsRequest> = arbitraries.logistics.map((body) => parse(logisticsRequestSchema, body));
export const commuteRequest: fc.Arbitrary<CommuteRequest> = arbitraries.commute.map((body) => parse(commuteRequestSchema, body));
export const freightRequest: fc.Arbitrary<FreightRequest> = arbitraries.freight.map((body) => parse(freightRequestSchema, body));

/** True when two results agree to a relative 1e-9 (binary rounding of scaled inputs). */
export function near(actual: number | undefined, expected: number): boolean {
  return actual !== undefined && Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));
}
