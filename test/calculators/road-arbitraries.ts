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
  type SentLogisticsLeg,
  type SuvRequest,
} from '../../src/index.js';
import type { Iso14083Report, TransportChainElement } from '../../src/schemas/iso14083-report.js';
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
/** A parsed E11 request of legs only (the generators send no hubs). */
export interface LegsOnlyLogisticsRequest {
  readonly queries: { readonly legs: SentLogisticsLeg[] };
}
export const logisticsRequest: fc.Arbitrary<LegsOnlyLogisticsRequest> = arbitraries.logistics.map((body) => parse(logisticsRequestSchema, body) as LegsOnlyLogisticsRequest);
export const commuteRequest: fc.Arbitrary<CommuteRequest> = arbitraries.commute.map((body) => parse(commuteRequestSchema, body));
export const freightRequest: fc.Arbitrary<FreightRequest> = arbitraries.freight.map((body) => parse(freightRequestSchema, body));

/** True when two results agree to a relative 1e-9 (binary rounding of scaled inputs). */
export function near(actual: number | undefined, expected: number): boolean {
  return actual !== undefined && Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));
}

/** The elements of a report of legs only, typed as legs (a hub among them fails the test). */
export function legElements({ report }: Iso14083Report): TransportChainElement[] {
  return report.transport_chain_elements.map((element) => {
    if ('hub_type' in element) throw new Error(`element ${element.element} is a hub`);
    return element;
  });
}
