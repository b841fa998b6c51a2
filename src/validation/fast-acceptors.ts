// Fast acceptors for the hottest request bodies (E6, E1, E2), asked first by the HTTP handler
// (`validateRequest`); `validate` itself is zod alone, so that a bundle of one calculator and its
// schema does not carry the flight and order schemas. Each acceptor either returns exactly the value
// that zod would produce for the input (defaults filled, unknown keys dropped, airport codes
// normalised) or undefined, and then `validate` asks zod, which stays the source of truth and
// the only one to describe a refusal. A property test (test/validation/fast-acceptors.test.ts) holds every
// acceptor to that: whatever it accepts, zod accepts with a deep-equal value, and it accepts every
// valid body zod accepts. Anything unusual (a string with U+0000 or a lone surrogate, an object
// that is not plain, a key present with the value undefined) is left to zod.
//
// An acceptor also tells whether every key of the body was kept in the value (`exact`): then no
// field was ignored, and the walk that lists ignored fields (src/validation/ignored-fields.ts, about 1 µs for
// E6 with 10 flights) is skipped; otherwise it runs as for any schema.
//
// They still pay with the schemas on zod/mini: `npm run bench -- validation` (bench/validation.bench.ts,
// JSON.parse included, on a 2-core machine shared with other work) measured validateRequest at
// 3.1× the rate of zod alone for E6 with 10 flights (210 000 against 67 700 per second), 2.4× for
// E1 (958 000 against 406 000) and 3.4× for E2 with 100 orders (24 700 against 7 200).
import type * as z from 'zod/mini';
import { flightRequestSchema } from '../schemas/flight.js';
import { createOrderRequestSchema, createOrdersRequestSchema } from '../schemas/order.js';
import { acceptFlightRequest } from './accept-flight.js';
import { acceptCreateOrderRequest, acceptCreateOrdersRequest } from './accept-order.js';
import type { Accepted } from './acceptor-parts.js';
import { NO_IGNORED_FIELDS } from './ignored-fields.js';
import { acceptedAs, validate, type ValidationResult } from './validate.js';

export { acceptCreateOrderRequest, acceptCreateOrdersRequest, acceptFlightRequest, type Accepted };

/** The fast acceptor of each schema that has one, by the schema itself. */
export const fastAcceptors: ReadonlyMap<z.core.$ZodType, (input: unknown) => Accepted<unknown> | undefined> = new Map<
  z.core.$ZodType,
  (input: unknown) => Accepted<unknown> | undefined
>([
  [flightRequestSchema, acceptFlightRequest],
  [createOrderRequestSchema, acceptCreateOrderRequest],
  [createOrdersRequestSchema, acceptCreateOrdersRequest],
]);

/**
 * {@link validate}, after the schema's fast acceptor when it has one: the value of an accepted body
 * is the one zod would give, and zod parses (and describes) everything else.
 */
export function validateRequest<S extends z.core.$ZodType>(schema: S, input: unknown): ValidationResult<z.output<S>> {
  const fast = fastAcceptors.get(schema)?.(input);
  if (fast !== undefined) return acceptedAs(schema, input, fast.value as z.output<S>, fast.exact ? NO_IGNORED_FIELDS : undefined);
  return validate(schema, input);
}
