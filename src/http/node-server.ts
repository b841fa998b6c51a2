import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { apiErrors } from '../errors.js';
import type { NodeListener } from './node.js';
import type { NodeHttpServer, NodeServerLimits } from './node-types.js';

/** How long a client has to send a whole request, headers and body, by default: 30 s. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** How long a client has to send the headers of a request by default: 10 s. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;

/** Time limits of a Node `http` server serving truecost, in milliseconds. */
export interface NodeServerOptions {
  /** Most time to receive a whole request, headers and body (default {@link DEFAULT_REQUEST_TIMEOUT_MS}). */
  readonly requestTimeoutMs?: number;
  /** Most time to receive the headers (default {@link DEFAULT_HEADERS_TIMEOUT_MS}, and never more than `requestTimeoutMs`). */
  readonly headersTimeoutMs?: number;
}

/** The timeouts a server gets from the options, and how often Node checks them. */
function timeoutsOf(options: NodeServerOptions): { request: number; headers: number; checkEvery: number } {
  const request = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const headers = Math.min(options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS, request);
  for (const [name, value] of [['requestTimeoutMs', request], ['headersTimeoutMs', headers]] as const) {
    if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a whole number of milliseconds above 0 (got ${value}).`);
  }
  // Node looks for expired requests every `connectionsCheckingInterval` ms (30 s by default), so a
  // limit is enforced up to that much late: a tenth of the shorter limit, within 50 ms to 1 s.
  const checkEvery = Math.min(1_000, Math.max(50, Math.floor(headers / 10)));
  return { request, headers, checkEvery };
}

/**
 * Sets a Node `http` server's time limits and answers the errors Node's parser raises before a
 * request reaches the handler, in JSON with a `message` like every other failure of the API: a
 * request not received within its limit is 408 (where a reply can still be written), a malformed
 * request or a lying `Content-Length` is 400, headers over Node's size limit are 431 (414 when the
 * request line alone is too long). Call it before `listen`: Node reads how often it checks the
 * limits when the server starts listening. Returns the server.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * const server = hardenNodeServer(createServer(toNodeListener(handler)), { requestTimeoutMs: 30_000 });
 * server.listen(8080);
 * ```
 * @remarks Since 0.1.0
 */
export function hardenNodeServer<S extends NodeServerLimits>(server: S, options: NodeServerOptions = {}): S {
  const timeouts = timeoutsOf(options);
  server.requestTimeout = timeouts.request;
  server.headersTimeout = timeouts.headers;
  (server as { connectionsCheckingInterval?: number }).connectionsCheckingInterval = timeouts.checkEvery;
  server.on('clientError', answerClientError);
  return server;
}

/**
 * A Node `http` server serving `listener`, with the time limits and JSON framing errors of
 * {@link hardenNodeServer}.
 *
 * @example
 * ```ts
 * createNodeServer(toNodeListener(createHandler({ store })), { requestTimeoutMs: 10_000 }).listen(8080);
 * ```
 * @remarks Since 0.1.0
 */
export function createNodeServer(listener: NodeListener, options: NodeServerOptions = {}): NodeHttpServer {
  return createHttpServer(listener, options);
}

/** A Node `http` request listener with Node's own types, for truecost's command. */
export type HttpListener = (request: IncomingMessage, response: ServerResponse) => void;

/** {@link createNodeServer} with Node's own types, for truecost's command. */
export function createHttpServer(listener: HttpListener, options: NodeServerOptions = {}): Server {
  const timeouts = timeoutsOf(options);
  const server = nodeHttp().createServer(
    { requestTimeout: timeouts.request, headersTimeout: timeouts.headers, connectionsCheckingInterval: timeouts.checkEvery },
    listener,
  );
  server.on('clientError', answerClientError);
  return server;
}

/**
 * Node's `http` module, loaded by a name bundlers leave alone, so that `truecost/http` imports no
 * `node:` module and still bundles for the browser and Workers (only this function needs Node).
 */
function nodeHttp(): typeof import('node:http') {
  const host = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  if (host?.getBuiltinModule === undefined) {
    throw new Error('createNodeServer needs Node 20.16 or later; on an older Node, call hardenNodeServer(createServer(listener)).');
  }
  return host.getBuiltinModule('node:http') as typeof import('node:http');
}

/** The reason phrase of each status a framing error is answered with. */
const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
};

/** What the API answers to each error of Node's parser and timers. */
function clientErrorAnswer(error: Error & { code?: string; rawPacket?: unknown }): { status: number; message: string } {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return apiErrors.requestTimeout;
    case 'HPE_HEADER_OVERFLOW':
      return requestLineIncomplete(error.rawPacket) ? apiErrors.uriTooLong : apiErrors.headersTooLarge;
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return apiErrors.payloadTooLarge;
    default:
      return apiErrors.badRequest;
  }
}

/** True when the bytes Node gave up on hold no end of line: the request line alone was too long. */
function requestLineIncomplete(rawPacket: unknown): boolean {
  return Buffer.isBuffer(rawPacket) && !rawPacket.includes('\r\n');
}

/** The `clientError` listener: a JSON answer where one can still be written, then the connection is closed. */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  const response = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || response?.headersSent === true) {
    socket.destroy();
    return;
  }
  const { status, message } = clientErrorAnswer(error);
  const body = JSON.stringify({ message });
  socket.write(
    `HTTP/1.1 ${status} ${REASON_PHRASES[status] ?? ''}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
  socket.destroy();
}
