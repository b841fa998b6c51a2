import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { apiErrors } from '../errors.js';
import type { FetchHandler } from './handler.js';

/** A Node `http` request listener (also what Express and Fastify hand their routes). */
export type NodeListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * A Node `http` request listener serving the handler. Mount it at the root (or, in Express, under
 * any prefix: Express strips it from `req.url`).
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { createHandler, toNodeListener } from 'truecost/http';
 * createServer(toNodeListener(createHandler({ store }))).listen(8080);
 * ```
 * @remarks Since 0.1.0
 */
export function toNodeListener(handler: FetchHandler): NodeListener {
  return (request, response) => {
    handler(toFetchRequest(request))
      .catch(() => Response.json({ message: apiErrors.serverError.message }, { status: 500 }))
      .then((answer) => writeFetchResponse(answer, response))
      .catch(() => response.destroy());
  };
}

/** The web-standard `Request` of a Node request; its body streams from the socket. */
export function toFetchRequest(request: IncomingMessage): Request {
  const method = request.method ?? 'GET';
  const headers = new Headers();
  const raw = request.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) {
    // Pseudo-headers of HTTP/2 are not headers of the request.
    if (!raw[index]!.startsWith(':')) headers.append(raw[index]!, raw[index + 1]!);
  }
  const init: RequestInit & { duplex?: 'half' } = { method, headers };
  if (method !== 'GET' && method !== 'HEAD') {
    init.body = bodyOf(request);
    init.duplex = 'half';
  }
  return new Request(urlOf(request), init);
}

function urlOf(request: IncomingMessage): string {
  const target = request.url ?? '/';
  const path = target.startsWith('/') ? target : '/';
  const host = request.headers.host;
  const candidate = `http://${host ?? 'localhost'}${path}`;
  return URL.canParse(candidate) ? candidate : `http://localhost${URL.canParse(`http://localhost${path}`) ? path : '/'}`;
}

/** The body as a web stream; a body a framework already parsed (Express's `req.body`) is sent again as JSON. */
function bodyOf(request: IncomingMessage): BodyInit {
  const parsed = (request as IncomingMessage & { body?: unknown }).body;
  if (parsed !== undefined && request.readableEnded) {
    if (typeof parsed === 'string') return parsed;
    if (parsed instanceof Uint8Array) return new Uint8Array(parsed);
    return JSON.stringify(parsed);
  }
  return Readable.toWeb(request) as ReadableStream<Uint8Array>;
}

/** Writes a web-standard `Response` to a Node response. */
export async function writeFetchResponse(answer: Response, response: ServerResponse): Promise<void> {
  response.statusCode = answer.status;
  answer.headers.forEach((value, name) => response.setHeader(name, value));
  // The rest of an oversized body is not worth reading: close the connection after the answer.
  if (answer.status === 413) response.setHeader('connection', 'close');
  const body = answer.body === null ? undefined : Buffer.from(await answer.arrayBuffer());
  response.end(body);
}

/**
 * The API reference page's script, read from the installed `@scalar/api-reference`
 * (`dist/browser/standalone.js`), or undefined when that optional package is absent.
 * Pass it to `createHandler` as `apiReferenceScript` to serve `GET /docs`.
 *
 * @example
 * ```ts
 * const handler = createHandler({ store, apiReferenceScript: await readApiReferenceScript() });
 * ```
 * @remarks Since 0.1.0
 */
export async function readApiReferenceScript(): Promise<string | undefined> {
  try {
    const require = createRequire(import.meta.url);
    return await readFile(require.resolve('@scalar/api-reference/browser/standalone.js'), 'utf8');
  } catch {
    return undefined;
  }
}
