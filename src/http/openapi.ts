import { orderEventSchema } from '../schemas/events.js';
import type * as z from 'zod/mini';
import { toJsonSchema } from '../schemas/json-schema.js';
import { apiErrors, type ApiErrorName } from '../errors.js';
import { METHODOLOGY_VERSION } from '../data/version.js';
import { PACKAGE_VERSION } from '../version.js';
import { IGNORED_FIELDS_HEADER, MAX_IGNORED_FIELDS_HEADER_LENGTH } from './ignored-header.js';
import { failuresOf, type AnyRoute } from './route.js';

/** Options of the generated document. */
export interface OpenApiOptions {
  /** The address the service is reached at (`servers[0].url`). */
  readonly serverUrl?: string;
  /** The version of the API, for `info.version`; default the version of the truecost package. */
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
      description: 'The first problem found in the body.',
      required: ['path', 'reason'],
      properties: {
        path: { type: 'string', description: 'Dotted path of the field, e.g. `queries.flights.3.departure`.' },
        reason: { type: 'string' },
      },
    },
  },
};

function jsonSchemaOf(schema: z.core.$ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _dialect, ...rest } = toJsonSchema(schema, io);
  return rest;
}

function successResponses(route: AnyRoute): JsonObject {
  const responses: JsonObject = {};
  for (const answer of route.responses) {
    const headers = answerHeaders(route);
    const content =
      answer.schema !== undefined
        ? { 'application/json': { schema: jsonSchemaOf(answer.schema, 'output') } }
        : { [answer.contentType ?? 'text/plain']: { schema: { type: 'string' } } };
    // A second answer of the same status (the same resource in another media type) adds its content.
    const same = responses[String(answer.status)] as { description: string; content: JsonObject } | undefined;
    const description = same === undefined ? answer.description : `${same.description} ${answer.description}`;
    responses[String(answer.status)] = { description, content: { ...same?.content, ...content }, ...(headers === undefined ? {} : { headers }) };
  }
  return responses;
}

/** The headers of a route's answers: the methodology version on calculators, the ignored fields where a body is read, the replay marker on writes. */
function answerHeaders(route: AnyRoute): JsonObject | undefined {
  const headers: JsonObject = {};
  if (route.methodology === true) {
    headers['x-truecost-methodology'] = methodologyHeader;
    headers['truecost-methodology-version'] = methodologyVersionHeader;
  }
  if (route.body !== undefined && route.strictBody === undefined) headers[IGNORED_FIELDS_HEADER] = ignoredFieldsHeader;
  if (route.idempotent === true) headers['idempotent-replayed'] = replayedHeader;
  if (route.auth) Object.assign(headers, rateLimitHeaders);
  return Object.keys(headers).length > 0 ? headers : undefined;
}

/** The RateLimit header fields, on every answer to a request with a valid key while a limit is set. */
const rateLimitHeaders = { 'ratelimit-policy': { $ref: '#/components/headers/RateLimitPolicy' }, ratelimit: { $ref: '#/components/headers/RateLimit' } };

const ignoredFieldsHeader = {
  description: `The fields of a valid body the API ignored (unknown, or not applying), e.g. \`queries.flights.0.cabin\`: dotted paths, comma-separated, each percent-encoded as by encodeURIComponent, as many as fit in ${MAX_IGNORED_FIELDS_HEADER_LENGTH} characters (docs/api.md, "Requests"); \`?strict=true\` refuses them instead.`,
  schema: { type: 'string' },
};

const methodologyHeader = {
  description: `The version of the methodology data that produced the result (now ${METHODOLOGY_VERSION}).`,
  schema: { type: 'string' },
};

const methodologyVersionHeader = {
  description: `The version of the methodology that produced every figure of the answer (now ${METHODOLOGY_VERSION}), the same as \`x-truecost-methodology\` and the library's \`METHODOLOGY_VERSION\`: store it with each figure, so that a figure can always say which data produced it (docs/api.md, "Methodology version").`,
  schema: { type: 'string' },
};

/** The failures that carry `Retry-After`: the rate limit, and a store that cannot answer now or has no disk left. */
const RETRY_AFTER_STATUSES = new Set([429, 503, 507]);

const retryAfterHeader = { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } };

const replayedHeader = {
  description: '`true` when the answer is the stored answer of an earlier request with the same Idempotency-Key (docs/api.md, "Safe retries").',
  schema: { type: 'string', enum: ['true'] },
};

const idempotencyKeyParameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes the write safe to retry: a repeat with the same method, path and body gets the first answer (with `Idempotent-Replayed: true`), a different request 422, a repeat while the first runs 409 (docs/api.md, "Safe retries").',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
};

/** What the description of a route with a strict body adds. */
const STRICT_BODY_NOTE =
  'A body field this endpoint does not read is a 400 whose `error.path` names it (docs/api.md, "Strict endpoints"): the contract\'s endpoints ignore such fields, the service\'s own refuse them.';

const strictParameter = {
  name: 'strict',
  in: 'query',
  required: false,
  description: '`true`: refuse body fields the API does not know (400 naming them) instead of ignoring them.',
  schema: { type: 'string' },
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
      ...failureHeaders(route, status, names),
    };
  }
  return responses;
}

/** `Retry-After` on a 429 and 503; the RateLimit fields once the key is known; the ignored fields on the failures a route answers after it accepted the body. */
function failureHeaders(route: AnyRoute, status: number, names: readonly ApiErrorName[]): JsonObject {
  const headers: JsonObject = {};
  // The rate limit, a store that cannot answer now or has no disk left, and the 409 of an Idempotency-Key still in progress.
  if (RETRY_AFTER_STATUSES.has(status) || (status === 409 && names.includes('idempotencyKeyInProgress'))) {
    headers['retry-after'] = retryAfterHeader;
  }
  const afterBody = route.failures.some((name) => apiErrors[name].status === status) || status === apiErrors[route.serverError].status;
  if (route.body !== undefined && route.strictBody === undefined && afterBody) headers[IGNORED_FIELDS_HEADER] = ignoredFieldsHeader;
  if (route.auth && status !== 401) Object.assign(headers, rateLimitHeaders);
  return Object.keys(headers).length > 0 ? { headers } : {};
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
  for (const query of route.queryParameters ?? []) {
    parameters.push({ name: query.name, in: 'query', required: false, description: query.description, schema: jsonSchemaOf(query.schema, 'input') });
  }
  // A strict route refuses unknown fields without being asked.
  if (route.body !== undefined && route.strictBody === undefined) parameters.push(strictParameter);
  if (route.idempotent === true) parameters.push(idempotencyKeyParameter);
  const description = route.strictBody === undefined ? route.description : [route.description, STRICT_BODY_NOTE].filter((part) => part !== undefined).join(' ');
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(description === undefined ? {} : { description }),
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
/** The order events truecost POSTs to a partner's events endpoint (docs/api.md, "Order events"). */
function eventWebhooks(): JsonObject {
  const headers = Object.fromEntries(
    [
      ['webhook-id', "The event's id, the same on every attempt: drop one you have seen."],
      ['webhook-timestamp', 'When the attempt was signed, in seconds since the epoch.'],
      [
        'webhook-signature',
        '`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the endpoint\'s secret (Standard Webhooks); for 24 hours after a new secret was set, a second signature under the old one, space-separated.',
      ],
    ].map(([name, description]) => [name, { name, in: 'header', required: true, description, schema: { type: 'string' } }]),
  );
  return {
    orderEvent: {
      post: {
        summary: 'An order event',
        description:
          'order.created, order.climes_added, order.climes_removed, order.cancelled or order.unlocked, sent to the endpoint of the event\'s environment (named in `environment`) and signed as Standard Webhooks with the secret `truecost partners set-events-endpoint` printed for it. One order\'s events arrive in order; a non-2xx answer is retried after 5 s, 30 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h.',
        parameters: Object.values(headers),
        requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(orderEventSchema, 'output') } } },
        responses: { '2XX': { description: 'The event was received.' }, default: { description: 'Any other answer: the event is sent again later, under the same webhook-id.' } },
      },
    },
  };
}

export function buildOpenApiDocument(routes: readonly AnyRoute[], options: OpenApiOptions = {}): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const route of routes) {
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operationOf(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'truecost partner API',
      version: options.version ?? PACKAGE_VERSION,
      description:
        'CO2e truecost calculators and carbon-neutralisation orders. Every request to /v3 carries `x-api-key`; POST and PATCH carry `Content-Type: application/json`. An unknown path answers 404; a known path with another method, 405 with `Allow`.',
    },
    ...(options.serverUrl === undefined ? {} : { servers: [{ url: options.serverUrl }] }),
    tags: [...new Set(routes.map((route) => route.tag))].map((name) => ({ name })),
    paths,
    webhooks: eventWebhooks(),
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
      schemas: { Failure: failureSchema },
      headers: {
        RateLimitPolicy: {
          description: 'While requests are limited per key: `q` requests per `w` seconds (IETF draft RateLimit fields), e.g. `"default";q=20;w=1`.',
          schema: { type: 'string' },
        },
        RateLimit: {
          description: 'While requests are limited per key: requests left now (`r`), seconds until one more (`t`), e.g. `"default";r=0;t=1`.',
          schema: { type: 'string' },
        },
      },
    },
  };
}
