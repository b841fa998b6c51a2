import type { FetchHandler } from './handler.js';
import { toNodeListener, type NodeListener } from './node.js';
import type { NodeRequest, NodeResponse } from './node-types.js';

/**
 * An Express handler serving the API: `app.use(toExpressHandler(handler))`, or under a prefix,
 * `app.use('/truecost', ...)`. Put it before any body parser, or after one: a body that
 * `express.json()` already parsed is used as it is.
 *
 * @example
 * ```ts
 * const app = express();
 * app.use(toExpressHandler(createHandler({ store })));
 * ```
 * @remarks Since 0.1.0
 */
export function toExpressHandler(handler: FetchHandler): NodeListener {
  return toNodeListener(handler);
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
}

/**
 * A Fastify plugin serving the API: `fastify.register(toFastifyPlugin(handler))`, optionally with
 * a `prefix`. Inside the plugin's scope the body is left unparsed, so that truecost reads and
 * limits it itself.
 *
 * @example
 * ```ts
 * const app = Fastify();
 * await app.register(toFastifyPlugin(createHandler({ store })));
 * ```
 * @remarks Since 0.1.0
 */
export function toFastifyPlugin(handler: FetchHandler): (instance: FastifyInstanceLike) => Promise<void> {
  const listener = toNodeListener(handler);
  return async (instance) => {
    instance.removeAllContentTypeParsers();
    instance.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const prefix = instance.prefix;
    instance.all('/*', (request, reply) => {
      reply.hijack();
      if (prefix !== '' && request.raw.url?.startsWith(prefix)) request.raw.url = request.raw.url.slice(prefix.length) || '/';
      listener(request.raw, reply.raw);
    });
  };
}

/** The part of a Hono context the handler uses. */
export interface HonoContextLike {
  readonly req: { readonly raw: Request };
}

/**
 * A Hono handler serving the API: `app.all('*', toHonoHandler(handler))`. Hono already speaks
 * `Request` and `Response`, so this hands the request over as it is.
 *
 * @example
 * ```ts
 * const app = new Hono();
 * app.all('*', toHonoHandler(createHandler({ store })));
 * ```
 * @remarks Since 0.1.0
 */
export function toHonoHandler(handler: FetchHandler): (context: HonoContextLike) => Promise<Response> {
  return (context) => handler(context.req.raw);
}
