/**
 * truecost/http: the partner HTTP API as one fetch handler, with adapters for Node's http,
 * Express, Fastify and Hono.
 *
 * @packageDocumentation
 */
export { apiErrors } from '../errors.js';
export {
  DEFAULT_MAX_BODY_BYTES,
  KEY_CACHE_TTL_MS,
  createHandler,
  createHandlerFor,
  type FetchHandler,
  type HandlerOptions,
  type RequestLogEntry,
} from './handler.js';
export { API_KEY_PREFIXES, environmentOfKey, generateApiKey, hashApiKey } from './keys.js';
export { buildOpenApiDocument, type JsonObject, type OpenApiOptions } from './openapi.js';
export type { RateDecision, RateLimiter, RateLimitOptions } from './rate-limit.js';
export type { Reply } from './reply.js';
export type { AnyRoute, IdempotentWrite, Method, QueryParameter, Route, RouteContext, RouteServices, StrictBody, SuccessResponse } from './route.js';
export type { IdempotencyOptions } from './idempotency.js';
export { routes } from './routes.js';
export {
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  createNodeServer,
  hardenNodeServer,
  type NodeServerOptions,
} from './node-server.js';
export {
  readApiReferenceScript,
  toFetchRequest,
  toNodeListener,
  writeFetchResponse,
  type NodeListener,
} from './node.js';
export type { NodeHttpServer, NodeRequest, NodeResponse, NodeServerLimits } from './node-types.js';
export {
  toExpressHandler,
  toFastifyPlugin,
  toHonoHandler,
  type ExpressErrorMiddleware,
  type ExpressMiddleware,
  type ExpressNext,
  type FastifyInstanceLike,
  type FastifyReplyLike,
  type FastifyRequestLike,
  type HonoContextLike,
} from './frameworks.js';
