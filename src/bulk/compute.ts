import { bulkFlightResults } from '../calculators/flight/index.js';
import { bulkFlightRequestSchema } from '../schemas/flight.js';
import { validate } from '../validation/validate.js';

/**
 * The worker's default computation: the stored E7 request, validated again (it went through the
 * database, and perhaps through an upgrade of truecost since it was queued), then the flight
 * calculator. Returns the delivered body, flight_id to truecost in tonnes CO2e as a string; throws
 * when the stored request is no longer valid, which the worker records as a failed attempt.
 *
 * @example
 * ```ts
 * computeBulkFlightResults([{ flight_id: 'f1', departure: 'DEL', arrival: 'BOM', no_of_tickets: 1, flight_class: 'ECONOMY', flight_type: 'ONE_WAY' }]);
 * // { f1: '0.115961' }
 * ```
 * @remarks Since 0.1.0
 */
export function computeBulkFlightResults(request: unknown): Record<string, string> {
  const parsed = validate(bulkFlightRequestSchema, request);
  if (!parsed.ok) {
    const where = parsed.error.path === '' ? '' : ` at ${parsed.error.path}`;
    throw new Error(`The stored request is not valid${where}: ${parsed.error.reason}`);
  }
  return bulkFlightResults(parsed.value);
}
