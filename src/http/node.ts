import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { apiErrors } from '../errors.js';
import { decodeUtf8, type BodyText } from './body.js';
import { handlerCore, pathnameOf, type FetchHandler, type HandlerCore, type OutgoingAnswer } from './handler.js';

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
    const target = request.url ?? '/';
    const path = target.includes('/.') ? new URL(target, 'http://localhost').pathname : pathnameOf(target);
    core({
      method: request.method ?? 'GET',
      path,
      header: (name) => headerOf(request, name),
      readBody: (maxBytes) => readNodeBody(request, maxBytes),
    })
      .catch(() => failed)
      .then((answer) => {
        // The rest of an oversized body is not worth reading: close the connection after the answer.
        if (answer.status === 413) answer.headers['connection'] = 'close';
        answer.headers['content-length'] = String(Buffer.byteLength(answer.body));
        response.writeHead(answer.status, answer.headers);
        response.end(answer.body);
      })
      .catch(() => response.destroy());
  };
}

function headerOf(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Reads a Node request body, counting bytes as they arrive, and stops at the first byte over the limit. */
function readNodeBody(request: IncomingMessage, maxBytes: number): Promise<BodyText> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.resolve({ ok: false, reason: 'too_large' });
  const parsed = (request as IncomingMessage & { body?: unknown }).body;
  if (parsed !== undefined && request.readableEnded) return Promise.resolve(alreadyParsed(parsed, maxBytes));
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const finish = (result: BodyText): void => {
      request.off('data', onData).off('end', onEnd).off('error', onError);
      // Keep the stream flowing with nobody listening, so that the rest is discarded.
      request.resume();
      resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      total += chunk.length;
      if (total > maxBytes) finish({ ok: false, reason: 'too_large' });
      else chunks.push(chunk);
    };
    const onEnd = (): void => finish(decodeUtf8(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total)));
    const onError = (): void => finish({ ok: false, reason: 'not_utf8' });
    request.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

/** A body a framework already parsed (Express's `req.body` after `express.json()`), as text again. */
function alreadyParsed(parsed: unknown, maxBytes: number): BodyText {
  const text = typeof parsed === 'string' ? parsed : parsed instanceof Uint8Array ? null : JSON.stringify(parsed);
  const result = text === null ? decodeUtf8(parsed as Uint8Array) : { ok: true as const, text };
  if (result.ok && Buffer.byteLength(result.text) > maxBytes) return { ok: false, reason: 'too_large' };
  return result;
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
