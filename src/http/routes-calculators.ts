import { z } from 'zod';
import { flightTruecost } from '../calculators/flight/index.js';
import { successMessages, type ApiErrorName } from '../errors.js';
import {
  bulkFlightAcceptedSchema,
  bulkFlightRequestSchema,
  bulkFlightResultsSchema,
  flightRequestSchema,
  flightResponseSchema,
} from '../schemas/flight.js';
import { failure, success } from './reply.js';
import { defineRoute, type AnyRoute, type Route } from './route.js';

const CALCULATORS = 'Calculators';

/** A synchronous calculator route: validate, compute the exact response body, answer 200. */
function calculatorRoute<Body>(spec: {
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly body: z.ZodType<Body, unknown>;
  readonly response: z.ZodType;
  readonly serverError: ApiErrorName;
  readonly calculate: (body: Body) => unknown;
}): Route<Body> {
  return defineRoute({
    method: 'POST',
    path: spec.path,
    operationId: spec.operationId,
    summary: spec.summary,
    ...(spec.description === undefined ? {} : { description: spec.description }),
    tag: CALCULATORS,
    auth: true,
    body: spec.body,
    responses: [{ status: 200, description: 'The truecost, in the order of the request.', schema: spec.response }],
    failures: [],
    serverError: spec.serverError,
    methodology: true,
    handle: ({ body }) => success(200, spec.calculate(body)),
  });
}

/** `GET /v3/flight/bulk/{job_id}`: the job's state, attempts, last error and results. */
export const bulkJobResponseSchema = z.object({
  job: z.object({
    job_id: z.string(),
    state: z.enum(['queued', 'delivering', 'delivered', 'failed']),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    results: bulkFlightResultsSchema.nullable(),
  }),
});

/** E6 and E7, and the bulk job status DECISIONS.md adds. */
export const flightRoutes: readonly AnyRoute[] = [
  calculatorRoute({
    path: '/v3/flight',
    operationId: 'flightTruecost',
    summary: 'Flight truecost (E6)',
    description: 'At most 10 flights; each truecost is tonnes CO2e as a string with 6 decimals.',
    body: flightRequestSchema,
    response: flightResponseSchema,
    serverError: 'flightServerError',
    calculate: (body) => flightTruecost(body),
  }),
  defineRoute({
    method: 'POST',
    path: '/v3/flight/bulk',
    operationId: 'bulkFlightTruecost',
    summary: 'Flight truecost in bulk (E7)',
    description:
      'A bare array of 1 to 499 flights. The job is stored before the answer; the results are delivered later to the endpoint configured for the partner (POST, Standard Webhooks signature).',
    tag: CALCULATORS,
    auth: true,
    body: bulkFlightRequestSchema,
    responses: [{ status: 200, description: 'The job was stored.', schema: bulkFlightAcceptedSchema }],
    failures: ['noBulkEndpoint'],
    serverError: 'flightServerError',
    methodology: true,
    async handle({ body, scope, now, store, services }) {
      const endpoint = await store.getResultEndpoint(scope.partnerId);
      if (endpoint === undefined) return failure('noBulkEndpoint');
      const jobId = services.newJobId();
      await store.enqueueJob({ jobId, request: body, createdAt: now, ...scope });
      services.jobQueued(jobId);
      return success(200, { message: successMessages.bulkAccepted, job_id: jobId });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v3/flight/bulk/{job_id}',
    operationId: 'bulkFlightJob',
    summary: 'State of a bulk flight job',
    tag: CALCULATORS,
    auth: true,
    responses: [{ status: 200, description: 'The job.', schema: bulkJobResponseSchema }],
    failures: ['jobNotFound'],
    serverError: 'flightServerError',
    async handle({ params, scope, store }) {
      const job = await store.getJob(scope, params['job_id'] ?? '');
      if (job === undefined) return failure('jobNotFound');
      return success(200, {
        job: { job_id: job.jobId, state: job.state, attempts: job.attempts, last_error: job.lastError, results: job.results },
      });
    },
  }),
];

/** The calculators of E8 to E13 (the freight calculator on both of its paths). */
export const roadRoutes: readonly AnyRoute[] = [];
