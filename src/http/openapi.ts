import { z } from 'zod';
import { apiErrors, type ApiErrorName } from '../errors.js';
import { METHODOLOGY_VERSION } from '../data/version.js';
import { failuresOf, type AnyRoute } from './route.js';

/** Options of the generated document. */
export interface OpenApiOptions {
  /** The address the service is reached at (`servers[0].url`). */
  readonly serverUrl?: string;
  /** The version of the package, for `info.version`. */
  readonly version?: string;
}

/** A JSON object: the OpenAPI document and its parts. */
export type JsonObject = Record<string, unknown>;

const failureSchema = {
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string', description: 'What went wrong, for the partner (not for end users).' },
    error: {
      type: 'object',
      description: 'The first problem found in the request, when the body failed validation.',
      required: ['path', 'reason'],
      properties: {
        path: { type: 'string', description: 'Dotted path of the field, e.g. `queries.flights.3.departure`.' },
        reason: { type: 'string' },
      },
    },
  },
};

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonObject;
  return rest;
}

function successResponses(route: AnyRoute): JsonObject {
  const responses: JsonObject = {};
  for (const answer of route.responses) {
    const headers = {
      ...(route.methodology === true ? { 'x-truecost-methodology': methodologyHeader } : {}),
      ...(route.idempotent === true ? { 'idempotent-replayed': replayedHeader } : {}),
    };
    const content =
      answer.schema !== undefined
        ? { 'application/json': { schema: jsonSchemaOf(answer.schema, 'output') } }
        : { [answer.contentType ?? 'text/plain']: { schema: { type: 'string' } } };
    responses[String(answer.status)] = { description: answer.description, content, ...(Object.keys(headers).length > 0 ? { headers } : {}) };
  }
  return responses;
}

const methodologyHeader = {
  description: `The version of the methodology data that produced the result (now ${METHODOLOGY_VERSION}).`,
  schema: { type: 'string' },
};

const replayedHeader = {
  description: '`true` when the answer is the stored answer of an earlier request with the same Idempotency-Key (docs/api.md, "Safe retries").',
  schema: { type: 'string', enum: ['true'] },
};

const idempotencyKeyParameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes the write safe to retry: the first request with the key runs and its answer is stored; a repeat with the same method, path and body gets that answer (with `Idempotent-Replayed: true`), a different request 422, a repeat while the first runs 409. Kept 24 hours by default, per partner and environment.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
};

function failureResponses(route: AnyRoute): JsonObject {
  const byStatus = new Map<number, ApiErrorName[]>();
  for (const name of failuresOf(route)) {
    const { status } = apiErrors[name];
    byStatus.set(status, [...(byStatus.get(status) ?? []), name]);
  }
  const responses: JsonObject = {};
  for (const [status, names] of [...byStatus].sort(([a], [b]) => a - b)) {
    const messages = [...new Set(names.map((name) => apiErrors[name].message))];
    const examples = Object.fromEntries(names.map((name) => [name, { value: { message: apiErrors[name].message } }]));
    responses[String(status)] = {
      description: messages.join(' | '),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' }, examples } },
      ...(status === 429 || (status === 409 && names.includes('idempotencyKeyInProgress'))
        ? { headers: { 'retry-after': { description: 'Seconds to wait (429, and the 409 of a key still in progress).', schema: { type: 'integer' } } } }
        : {}),
    };
  }
  return responses;
}

function operationOf(route: AnyRoute): JsonObject {
  const parameters: JsonObject[] = [...route.path.matchAll(/\{([^}]+)\}/g)].map(([, name = '']) => {
    const schema = route.params?.[name];
    return {
      name,
      in: 'path',
      required: true,
      schema: schema === undefined ? { type: 'string', minLength: 1 } : jsonSchemaOf(schema, 'input'),
    };
  });
  if (route.idempotent === true) parameters.push(idempotencyKeyParameter);
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description === undefined ? {} : { description: route.description }),
    tags: [route.tag],
    security: route.auth ? [{ apiKey: [] }] : [],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body === undefined
      ? {}
      : { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.documentedBody ?? route.body, 'input') } } } }),
    responses: { ...successResponses(route), ...failureResponses(route) },
  };
}

/**
 * The OpenAPI 3.1 document of a route table: every path, its parameters, its request body and
 * every status it can answer, generated from the table and its zod schemas.
 *
 * @example
 * ```ts
 * import { buildOpenApiDocument, routes } from 'truecost/http';
 * const document = buildOpenApiDocument(routes, { serverUrl: 'https://truecost.example.com' });
 * ```
 * @remarks Since 0.1.0
 */
export function buildOpenApiDocument(routes: readonly AnyRoute[], options: OpenApiOptions = {}): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const route of routes) {
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operationOf(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'truecost partner API',
      version: options.version ?? '0.1.0',
      description:
        'CO2e truecost calculators and carbon-neutralisation orders. Every request to /v3 carries `x-api-key`; POST and PATCH carry `Content-Type: application/json`. An unknown path answers 404 `{message: "Not Found"}`; a known path with another method answers 405 with an `Allow` header.',
    },
    ...(options.serverUrl === undefined ? {} : { servers: [{ url: options.serverUrl }] }),
    tags: [...new Set(routes.map((route) => route.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
      schemas: { Failure: failureSchema },
    },
  };
}
