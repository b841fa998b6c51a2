// `POST /v3/bulk/{endpoint}` and its job (docs/api.md, "Bulk for every calculator"): what the
// route checks when it stores a job (the array and the ids, nothing of each body, which the worker
// validates), the answer, the delivered body and the job's status.
import * as z from 'zod/mini';
import { CALCULATION_ENDPOINTS } from '../orders/calculations.js';
import { JOB_STATES } from '../orders/job-store.js';
import { identifierSchema, rule, type ReportIssue } from './common.js';
import { recordRequestSchema } from './record.js';

/** Most bodies one bulk job takes. */
export const MAX_BULK_BODIES = 10_000;

/**
 * The body limit of `POST /v3/bulk/{endpoint}`, in bytes: 32 MiB, room for 10 000 bodies of about
 * 3 KiB each, in place of the handler's limit (1 MiB by default).
 */
export const BULK_MAX_BODY_BYTES = 32 * 1024 * 1024;

/** The calculator of a bulk job, as the path names it: `flight`, `cars`, `transportation`, `logistics`, `commute`, `freight` or `trip`. */
export const calculationEndpointSchema = /* @__PURE__ */ z.enum(CALCULATION_ENDPOINTS);

function uniqueIds(bodies: readonly { readonly id: string }[], report: ReportIssue): void {
  const seen = new Set<string>();
  bodies.forEach((body, index) => {
    if (seen.has(body.id)) report([index, 'id'], 'Must be unique within the job.');
    seen.add(body.id);
  });
}

/**
 * The request of `POST /v3/bulk/{endpoint}`: a bare JSON array of 1 to 10 000 objects, each with
 * an `id` unique within the job. Every other field is kept as sent: each body is validated with its
 * calculator's schema by the worker, and a body it refuses becomes an error for its id.
 *
 * @remarks Since 0.5.0
 */
export const bulkRequestSchema = /* @__PURE__ */ z
  .array(z.looseObject({ id: identifierSchema }))
  .check(z.minLength(1), z.maxLength(MAX_BULK_BODIES), rule(uniqueIds));

/** What the OpenAPI document shows of a body: the endpoint's request body, with `id` and an optional `record`. */
export const documentedBulkRequestSchema = /* @__PURE__ */ z
  .array(z.looseObject({ id: identifierSchema, record: z.optional(recordRequestSchema) }))
  .check(z.minLength(1), z.maxLength(MAX_BULK_BODIES));

/** The answer of `POST /v3/bulk/{endpoint}`: the message and the job's id. */
export const bulkAcceptedSchema = /* @__PURE__ */ z.object({ message: z.string(), job_id: z.string() });

/**
 * The result of one body: the calculator's answer as its synchronous route gives it (with
 * `calculation_id` when the body carried a `record`), or the first problem of the body.
 */
export const bulkResultSchema = /* @__PURE__ */ z.union([
  z.object({ id: z.string(), result: z.record(z.string(), z.unknown()) }),
  z.object({ id: z.string(), error: z.object({ path: z.string(), reason: z.string() }) }),
]);

/** The body delivered for a job of `POST /v3/bulk/{endpoint}`: one result per body, in the order sent. */
export const bulkDeliverySchema = /* @__PURE__ */ z.object({
  job_id: z.string(),
  endpoint: calculationEndpointSchema,
  results: z.array(bulkResultSchema),
});

/** `GET /v3/bulk/{job_id}`: the job's calculator, state, attempts, last error and results (null until computed). */
export const bulkJobStatusSchema = /* @__PURE__ */ z.object({
  job: z.object({
    job_id: z.string(),
    endpoint: calculationEndpointSchema,
    state: z.enum(JOB_STATES),
    attempts: z.number().check(z.int()),
    last_error: z.nullable(z.string()),
    results: z.nullable(z.array(bulkResultSchema)),
  }),
});

/** The request of `POST /v3/bulk/{endpoint}` after validation. */
export type BulkRequest = z.output<typeof bulkRequestSchema>;
