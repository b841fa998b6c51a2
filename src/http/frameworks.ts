import { handlerMount, type FetchHandler } from './handler.js';
import { apiPaths } from './mount.js';
import { toNodeListener } from './node.js';
import type { NodeRequest, NodeResponse } from './node-types.js';
import { requestPath } from './path.js';

/**
 * Whether a request path (as `requestPath` gives it) is the API's, for a handler made by
 * `createHandler` (./mount.ts); any other fetch handler is taken to serve every path.
 */
function handlerServes(handler: FetchHandler): (path: string) => boolean {
  const mount = handlerMount(handler);
  return mount === undefined ? () => true : apiPaths(mount.routes, mount.basePath);
}

/** Express's `next`: called with nothing to pass the request on, with an error to pass the error on. */
export type ExpressNext = (error?: unknown) => void;

/** An Express middleware, `(req, res, next)`. */
export type ExpressMiddleware = (request: NodeRequest, response: NodeResponse, next: ExpressNext) => void;

/** An Express error middleware, `(error, req, res, next)`. */
export type ExpressErrorMiddleware = (error: unknown, request: NodeRequest, response: NodeResponse, next: ExpressNext) => void;

/**
 * The Express middleware serving the API, as a pair for `app.use`: the first serves the API's
 * requests and passes any other to the application (`next()`); the second answers a body that
 * `express.json()`, mounted before it, could not parse, as the API answers a body that is not JSON
 * (400 with the parser's reason). Mount it at the root (`app.use(toExpressHandler(handler))`) or
 * under a prefix (`app.use('/truecost', ...)`: Express strips it, or give `createHandler` the
 * `basePath` instead). A body that `express.json()` parsed is used as it is. See docs/frameworks.md.
 *
 * @example
 * ```ts
 * const app = express();
 * app.use(express.json());
 * app.use('/carbon', toExpressHandler(createHandler({ store })));
 * app.use((_req, res) => res.status(404).send('Not in the shop')); // /other, /carbon/cart
 * ```
 * @remarks Since 0.1.0; a pair that passes other requests on since 0.6.0
 */
export function toExpressHandler(handler: FetchHandler): [ExpressMiddleware, ExpressErrorMiddleware] {
  const listener = toNodeListener(handler);
  const serves = handlerServes(handler);
  const serve: ExpressMiddleware = (request, response, next) => {
    if (!serves(requestPath(request.url ?? '/'))) {
      next();
      return;
    }
    listener(request, response);
  };
  const unparsed: ExpressErrorMiddleware = (error, request, response, next) => {
    // body-parser's refusal of a body that is not JSON carries the text it read.
    const refused = error as { readonly type?: unknown; readonly body?: unknown } | null;
    if (refused?.type !== 'entity.parse.failed' || typeof refused.body !== 'string' || !serves(requestPath(request.url ?? '/'))) {
      next(error);
      return;
    }
    (request as NodeRequest & { body?: unknown }).body = refused.body;
    listener(request, response);
  };
  return [serve, unparsed];
}

/** The part of a Fastify instance the plugin uses. */
export interface FastifyInstanceLike {
  readonly prefix: string;
  removeAllContentTypeParsers(): void;
  addContentTypeParser(
    contentType: string,
    parser: (request: unknown, payload: unknown, done: (error: Error | null, body?: unknown) => void) => void,
  ): void;
  all(path: string, handler: (request: FastifyRequestLike, reply: FastifyReplyLike) => void): unknown;
}

/** The part of a Fastify request the plugin uses. */
export interface FastifyRequestLike {
  readonly raw: NodeRequest;
}

/** The part of a Fastify reply the plugin uses. */
export interface FastifyReplyLike {
  readonly raw: NodeResponse;
  hijack(): unknown;
  /** Fastify's own 404, for a request that is not the API's (since 0.6.0). */
  callNotFound(): unknown;
}

/**
 * A Fastify plugin serving the API: `fastify.register(toFastifyPlugin(handler))`, optionally with
 * a `prefix`. Inside the plugin's scope the body is left unparsed, so that truecost reads and
 * limits it itself; a request that is not the API's gets Fastify's own 404.
 *
 * @example
 * ```ts
 * const app = Fastify();
 * await app.register(toFastifyPlugin(createHandler({ store })), { prefix: '/carbon' });
 * ```
 * @remarks Since 0.1.0
 */
export function toFastifyPlugin(handler: FetchHandler): (instance: FastifyInstanceLike) => Promise<void> {
  const listener = toNodeListener(handler);
  const serves = handlerServes(handler);
  return async (instance) => {
    instance.removeAllContentTypeParsers();
    instance.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const prefix = instance.prefix;
    instance.all('/*', (request, reply) => {
      const url = request.raw.url ?? '/';
      const inScope = prefix !== '' && url.startsWith(prefix) ? url.slice(prefix.length) || '/' : url;
      if (!serves(requestPath(inScope))) {
        reply.callNotFound();
        return;
      }
      reply.hijack();
      request.raw.url = inScope;
      listener(request.raw, reply.raw);
    });
  };
}

/** The part of a Hono context the handler uses. */
export interface HonoContextLike {
  readonly req: { readonly raw: Request };
}

/**
 * A Hono handler serving the API: `app.all('*', toHonoHandler(handler))`, or under a prefix,
 * `app.all('/carbon/*', toHonoHandler(createHandler({ store, basePath: '/carbon' })))` (Hono hands
 * on the whole URL, so the handler is told its prefix). Hono already speaks `Request` and
 * `Response`, so this hands the request over as it is; a request that is not the API's goes on to
 * the application's next handler, and to Hono's own 404 after the last.
 *
 * @example
 * ```ts
 * const app = new Hono();
 * app.all('*', toHonoHandler(createHandler({ store })));
 * ```
 * @remarks Since 0.1.0
 */
export function toHonoHandler(handler: FetchHandler): (context: HonoContextLike, next?: () => Promise<void>) => Promise<Response | undefined> {
  const serves = handlerServes(handler);
  return async (context, next) => {
    if (next !== undefined && !serves(requestPath(context.req.raw.url))) {
      await next();
      return undefined;
    }
    return handler(context.req.raw);
  };
}
