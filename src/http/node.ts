// This module is part of `truecost/http`, which must bundle for browsers and Workers, so it imports
// no `node:` module at run time (see readApiReferenceScript), and its types name Node's objects by
// the parts it uses (./node-types.ts), so that they check without @types/node.
import { apiErrors } from '../errors.js';
import { bodyChunks, declaredTooLarge, type BodyChunks, type BodyText } from './body.js';
import { handlerCore, type FetchHandler, type HandlerCore, type IncomingCall, type OutgoingAnswer } from './handler.js';
import type { NodeRequest, NodeResponse } from './node-types.js';
import { requestPath, requestQuery } from './path.js';

/** A Node `http` request listener (also what Express and Fastify hand their routes). */
export type NodeListener = (request: NodeRequest, response: NodeResponse) => void;

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
  const core = handlerCore(handler);
  if (core !== undefined) return coreListener(core);
  return (request, response) => {
    handler(toFetchRequest(request))
      .catch(() => Response.json({ message: apiErrors.serverError.message }, { status: 500 }))
      .then((answer) => writeFetchResponse(answer, response))
      .catch(() => response.destroy());
  };
}

const failed: OutgoingAnswer = {
  status: 500,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify({ message: apiErrors.serverError.message }),
};

/** Serves a truecost handler's core straight from Node's request, without building `Request`/`Response`. */
function coreListener(core: HandlerCore): NodeListener {
  return (request, response) => {
    core(new NodeCall(request)).then(
      (answer) => writeAnswer(answer, response),
      () => writeAnswer(failed, response),
    );
  };
}

function writeAnswer(answer: OutgoingAnswer, response: NodeResponse): void {
  try {
    // Each answer of the core has headers of its own; `failed` is shared between requests.
    const headers = answer === failed ? { ...failed.headers } : answer.headers;
    headers['content-length'] = String(Buffer.byteLength(answer.body));
    // The rest of an oversized body is not worth reading: close the connection after the answer.
    if (answer.status === 413) headers['connection'] = 'close';
    response.writeHead(answer.status, headers);
    response.end(answer.body);
  } catch {
    response.destroy();
  }
}

/** A Node request as the handler's core reads it (methods on the prototype: nothing to allocate per header read). */
class NodeCall implements IncomingCall {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly #request: NodeRequest;

  constructor(request: NodeRequest) {
    this.method = request.method ?? 'GET';
    this.path = requestPath(request.url ?? '/');
    this.query = requestQuery(request.url ?? '/');
    this.#request = request;
  }

  header(name: string): string | null {
    const value = this.#request.headers[name];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }

  readBody(maxBytes: number): Promise<BodyText> {
    return readNodeBody(this.#request, maxBytes);
  }
}

const tooLarge: BodyText = { ok: false, reason: 'too_large' };
const unreadable: BodyText = { ok: false, reason: 'not_utf8' };

/** Reads a Node request body under the limit of {@link BodyChunks}, the one the fetch handler uses. */
function readNodeBody(request: NodeRequest, maxBytes: number): Promise<BodyText> {
  const length = request.headers['content-length'];
  if (declaredTooLarge(typeof length === 'string' ? length : undefined, maxBytes)) return Promise.resolve(tooLarge);
  const parsed = (request as NodeRequest & { body?: unknown }).body;
  if (parsed !== undefined && request.readableEnded) return Promise.resolve(alreadyParsed(parsed, maxBytes));
  return new Promise((resolve) => {
    const chunks = bodyChunks(maxBytes);
    let over = false;
    // Once over the limit the stream keeps flowing and the rest is discarded; the first result wins.
    request.on('data', (chunk: Uint8Array) => {
      if (!over && !chunks.add(chunk)) {
        over = true;
        resolve(tooLarge);
      }
    });
    request.on('end', () => resolve(chunks.text()));
    request.on('error', () => resolve(unreadable));
  });
}

/** A body a framework already parsed (Express's `req.body` after `express.json()`), as text again. */
function alreadyParsed(parsed: unknown, maxBytes: number): BodyText {
  if (parsed instanceof Uint8Array) {
    const chunks = bodyChunks(maxBytes);
    chunks.add(parsed);
    return chunks.text();
  }
  const text = typeof parsed === 'string' ? parsed : JSON.stringify(parsed);
  return Buffer.byteLength(text) > maxBytes ? tooLarge : { ok: true, text };
}

/** The web-standard `Request` of a Node request; its body streams from the socket. */
export function toFetchRequest(request: NodeRequest): Request {
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

function urlOf(request: NodeRequest): string {
  const target = request.url ?? '/';
  const path = target.startsWith('/') ? target : '/';
  const host = request.headers.host;
  const candidate = `http://${host ?? 'localhost'}${path}`;
  return URL.canParse(candidate) ? candidate : `http://localhost${URL.canParse(`http://localhost${path}`) ? path : '/'}`;
}

/** The body as a web stream; a body a framework already parsed (Express's `req.body`) is sent again as JSON. */
function bodyOf(request: NodeRequest): BodyInit {
  const parsed = (request as NodeRequest & { body?: unknown }).body;
  if (parsed !== undefined && request.readableEnded) {
    if (typeof parsed === 'string') return parsed;
    if (parsed instanceof Uint8Array) return new Uint8Array(parsed);
    return JSON.stringify(parsed);
  }
  return streamOf(request);
}

/** The body of a Node request as a web stream, pausing the socket while the reader is behind. */
function streamOf(request: NodeRequest): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      request.on('data', (chunk: Uint8Array) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) request.pause();
      });
      request.on('end', () => controller.close());
      request.on('error', (error) => controller.error(error));
    },
    pull() {
      request.resume();
    },
    cancel() {
      request.destroy();
    },
  });
}

/** Writes a web-standard `Response` to a Node response. */
export async function writeFetchResponse(answer: Response, response: NodeResponse): Promise<void> {
  response.statusCode = answer.status;
  answer.headers.forEach((value, name) => {
    // Set-Cookie is the one header that cannot be joined into one line: each is written apart below.
    if (name !== 'set-cookie') response.setHeader(name, value);
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) response.setHeader('set-cookie', cookies);
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
  // Loaded when called, by names a bundler leaves alone: `truecost/http` stays free of `node:`
  // imports for browser and Workers bundles, and this function is for Node only.
  const modules = ['node:module', 'node:fs/promises'];
  try {
    const [{ createRequire }, { readFile }] = (await Promise.all(modules.map((name) => import(name)))) as [
      typeof import('node:module'),
      typeof import('node:fs/promises'),
    ];
    const require = createRequire(import.meta.url);
    return await readFile(require.resolve('@scalar/api-reference/browser/standalone.js'), 'utf8');
  } catch {
    return undefined;
  }
}
