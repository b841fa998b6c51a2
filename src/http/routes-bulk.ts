import * as z from 'zod/mini';
import { successMessages } from '../errors.js';
import type { CalculationEndpoint } from '../orders/calculations.js';
import { isBulkBodiesRequest, type BulkBodiesRequest } from '../orders/job-store.js';
import {
  BULK_MAX_BODY_BYTES,
  MAX_BULK_BODIES,
  bulkAcceptedSchema,
  bulkJobStatusSchema,
  bulkRequestSchema,
  calculationEndpointSchema,
  documentedBulkRequestSchema,
} from '../schemas/bulk.js';
import { failure, success, type Reply } from './reply.js';
import { defineRoute, type AnyRoute } from './route.js';

const CALCULATORS = 'Calculators';

/**
 * A job's id as the status route takes it: the UUID the route gave, so that a path naming no job
 * (`POST /v3/bulk/bogus`) is a 404 rather than the 405 of `GET /v3/bulk/{job_id}`.
 */
const jobIdSchema = /* @__PURE__ */ z.uuid();

/** `POST /v3/bulk/{endpoint}` and `GET /v3/bulk/{job_id}`: any calculator in bulk (docs/api.md, "Bulk for every calculator"). */
export const bulkRoutes: readonly AnyRoute[] = [
  defineRoute({
    method: 'POST',
    path: '/v3/bulk/{endpoint}',
    operationId: 'bulkTruecost',
    summary: 'Any calculator in bulk',
    description:
      `A bare array of 1 to ${MAX_BULK_BODIES} request bodies of the endpoint's calculator, each with an \`id\` unique within the job and an optional \`record\`; ` +
      `at most ${BULK_MAX_BODY_BYTES / 1024 / 1024} MiB. The job is stored before the answer; each body is validated and computed by the worker, ` +
      'and the results are delivered to the endpoint configured for the partner (POST, Standard Webhooks signature), one per id, in the order sent.',
    tag: CALCULATORS,
    auth: true,
    params: { endpoint: calculationEndpointSchema },
    body: bulkRequestSchema,
    documentedBody: documentedBulkRequestSchema,
    maxBodyBytes: BULK_MAX_BODY_BYTES,
    responses: [{ status: 202, description: 'The job was stored.', schema: bulkAcceptedSchema }],
    failures: ['noBulkEndpoint'],
    serverError: 'serverError',
    idempotent: true,
    async handle({ body, params, scope, now, store, services, idempotency }) {
      const resultEndpoint = await store.getResultEndpoint(scope.partnerId);
      if (resultEndpoint === undefined) return failure('noBulkEndpoint');
      const jobId = services.newJobId();
      const accepted = (): Reply => success(202, { message: successMessages.bulkJobQueued, job_id: jobId });
      const request: BulkBodiesRequest = { bodies: body };
      // The router matched the path only for an endpoint the params schema allows.
      const endpoint = params.endpoint as CalculationEndpoint;
      await store.enqueueJob({ jobId, endpoint, request, createdAt: now, ...scope }, idempotency?.guard(accepted));
      services.jobQueued(jobId);
      return accepted();
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v3/bulk/{job_id}',
    operationId: 'bulkJob',
    summary: 'State and results of a bulk job',
    description: 'A job of `POST /v3/bulk/{endpoint}` (E7\'s jobs are read at `GET /v3/flight/bulk/{job_id}`).',
    tag: CALCULATORS,
    auth: true,
    params: { job_id: jobIdSchema },
    responses: [{ status: 200, description: 'The job; `results` is null until computed.', schema: bulkJobStatusSchema }],
    failures: ['jobNotFound'],
    serverError: 'serverError',
    async handle({ params, scope, store }) {
      const job = await store.getJob(scope, params.job_id);
      if (job === undefined || !isBulkBodiesRequest(job.request)) return failure('jobNotFound');
      return success(200, {
        job: { job_id: job.jobId, endpoint: job.endpoint, state: job.state, attempts: job.attempts, last_error: job.lastError, results: job.bodyResults },
      });
    },
  }),
];
