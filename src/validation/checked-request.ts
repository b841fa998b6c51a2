import type { core, output } from 'zod/mini';
import { validate, wasValidatedBy, type ValidationProblem } from './validate.js';

/**
 * What a calculator throws for a request its schema refuses: the same `path` and `reason` as the
 * `error` of the HTTP API's 400 body for that request.
 *
 * @example
 * ```ts
 * try {
 *   carTruecost({ queries: { cars: [{ car_id: 'c1', body_type: 'sedan', fuel_type: 'petrol',
 *     registration_year: 2020, mileage: 15, distance_travelled: -1200 }] } });
 * } catch (error) {
 *   if (error instanceof TruecostValidationError) console.log(error.path, error.reason);
 *   // queries.cars.0.distance_travelled Must be greater than 0.
 * }
 * ```
 * @remarks Since 0.2.0
 */
export class TruecostValidationError extends Error {
  override readonly name = 'TruecostValidationError';
  /** Dotted path of the refused field, e.g. `queries.cars.0.distance_travelled`; empty for the request itself. */
  readonly path: string;
  /** One short sentence saying what was wrong. */
  readonly reason: string;

  constructor(problem: ValidationProblem) {
    super(`Invalid request: ${problem.path === '' ? 'the request' : problem.path}: ${problem.reason}`);
    this.path = problem.path;
    this.reason = problem.reason;
  }

  /** The problem as the HTTP API's 400 body carries it in `error`. */
  get problem(): ValidationProblem {
    return { path: this.path, reason: this.reason };
  }
}

/**
 * The request a calculator computes on: `request` itself when `validate(schema, ...)` returned it,
 * else `request` validated now.
 *
 * @throws TruecostValidationError when the schema refuses the request.
 * @internal
 */
export function checkedRequest<S extends core.$ZodType>(schema: S, request: unknown): output<S> {
  if (wasValidatedBy(schema, request)) return request as output<S>;
  const result = validate(schema, request);
  if (!result.ok) throw new TruecostValidationError(result.error);
  return result.value;
}
