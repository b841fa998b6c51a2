import { createHash } from 'node:crypto';
import type * as z from 'zod/mini';
import { bulkFlightResults } from '../calculators/flight/index.js';
import { recordableCalculators, recordedCalculation } from '../calculators/recorded.js';
import type { CalculationEndpoint, CalculationRecord } from '../orders/calculations.js';
import { isBulkBodiesRequest, type BulkBodyResult, type JobRecord } from '../orders/job-store.js';
import { carRequestSchema } from '../schemas/car.js';
import { commuteRequestSchema } from '../schemas/commute.js';
import { bulkFlightRequestSchema, flightRequestSchema } from '../schemas/flight.js';
import { freightRequestSchema } from '../schemas/freight.js';
import { logisticsRequestSchema } from '../schemas/logistics.js';
import { validateRecord } from '../schemas/record.js';
import { TRIP_LEG_HINTS } from '../schemas/trip.js';
import { strictBodyRefusal } from '../http/strict.js';
import { transportationRequestSchema } from '../schemas/transportation.js';
import { tripRequestSchema } from '../schemas/trip.js';
import { validateRequest } from '../validation/fast-acceptors.js';
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

/** The request schema of each calculator, as its synchronous route validates a body (docs/api.md). */
const bodySchemas: Readonly<Record<CalculationEndpoint, z.core.$ZodType>> = {
  flight: flightRequestSchema,
  cars: carRequestSchema,
  transportation: transportationRequestSchema,
  logistics: logisticsRequestSchema,
  commute: commuteRequestSchema,
  freight: freightRequestSchema,
  trip: tripRequestSchema,
};

/**
 * The id of the calculation a recorded body of a bulk job is stored under: a UUID (version 8 of
 * RFC 9562, the form for ids of one's own) made of the SHA-256 of the job's id and the body's, so
 * that a job computed again (after a crash, or a retry) records each body once.
 *
 * @example
 * ```ts
 * bulkCalculationId('6f1c2d9e-0b8a-4e51-9a55-2f5b8c1d7e30', 'shipment-1'); // the same UUID at every call
 * ```
 * @remarks Since 0.5.0
 */
export function bulkCalculationId(jobId: string, bodyId: string): string {
  // Neither id can hold U+0000 (both are storable strings), so the pair reads back one way only.
  const bytes = createHash('sha256').update(`${jobId}\u0000${bodyId}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What a job of bodies computes to: one result per body in the order sent, and the calculations its recorded bodies make. */
export interface ComputedBodies {
  readonly results: readonly BulkBodyResult[];
  readonly records: readonly CalculationRecord[];
}

/**
 * Computes a job of `POST /v3/bulk/{endpoint}`: each body validated with its calculator's request
 * schema and its `record` (a body refused by either, or holding a field the calculator does not
 * read, is an error for its id, with the path of the first problem), then computed as the synchronous route computes it. A body with a `record` is
 * also made a calculation, under {@link bulkCalculationId}, recorded at `now` (its `occurred_at`
 * when given), and its result carries `calculation_id`. Throws only when the stored request is not
 * a list of bodies.
 *
 * @example
 * ```ts
 * const { results, records } = computeBulkBodies(job, Date.now());
 * // results: [{ id: 's1', result: { message, truecost, ... } }, { id: 's2', error: { path: 'legs.0.distance', reason: 'Required.' } }]
 * ```
 * @remarks Since 0.5.0
 */
export function computeBulkBodies(job: Pick<JobRecord, 'jobId' | 'endpoint' | 'request' | 'partnerId' | 'environment'>, now: number): ComputedBodies {
  if (!isBulkBodiesRequest(job.request)) throw new Error('The stored request is not a list of bodies.');
  const { endpoint, partnerId, environment } = job;
  const schema = bodySchemas[endpoint];
  const calculator = recordableCalculators[endpoint];
  const results: BulkBodyResult[] = [];
  const records: CalculationRecord[] = [];
  for (const sent of job.request.bodies) {
    const { id, record, ...body } = sent;
    const parsed = validateRequest(schema, body);
    if (!parsed.ok) {
      results.push({ id, error: parsed.error });
      continue;
    }
    // The bulk route is truecost's own, not the contract's: a field the calculator does not read is
    // refused as on the service's other own endpoints (docs/api.md, "Strict endpoints").
    if (parsed.ignored.length > 0) {
      results.push({ id, error: strictBodyRefusal(endpoint === 'trip' ? { hints: TRIP_LEG_HINTS } : {}, parsed.ignored) });
      continue;
    }
    const checkedRecord = record === undefined ? undefined : validateRecord(record);
    if (checkedRecord !== undefined && !checkedRecord.ok) {
      results.push({ id, error: checkedRecord.error });
      continue;
    }
    const answer = calculator.calculate(parsed.value) as Readonly<Record<string, unknown>>;
    if (checkedRecord === undefined) {
      results.push({ id, result: answer });
      continue;
    }
    const calculationId = bulkCalculationId(job.jobId, id);
    records.push(
      recordedCalculation({ partnerId, environment, calculationId, endpoint, record: checkedRecord.value, body: parsed.value, query: '', sent, response: answer, now }),
    );
    results.push({ id, result: { ...answer, calculation_id: calculationId } });
  }
  return { results, records };
}
