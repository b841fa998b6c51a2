// The parts of Node's `http` objects that truecost's Node adapters use, written out so that the
// types of `truecost/http` check without @types/node (a Workers or browser project checks its
// libraries' types and has no `node:http`). Node's own IncomingMessage, ServerResponse and Server
// fit these types, so a Node user passes them as they are.

/** The part of a Node `http.IncomingMessage` truecost reads. */
export interface NodeRequest {
  readonly method?: string | undefined;
  /** Written by the Fastify plugin, which serves its routes under a prefix. */
  url?: string | undefined;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** Header names and values in turn, as received. */
  readonly rawHeaders: readonly string[];
  readonly readableEnded: boolean;
  on(event: string, listener: (...args: any[]) => void): unknown;
  pause(): unknown;
  resume(): unknown;
  destroy(error?: Error): unknown;
}

/** The part of a Node `http.ServerResponse` truecost writes to. */
export interface NodeResponse {
  statusCode: number;
  setHeader(name: string, value: number | string | readonly string[]): unknown;
  writeHead(statusCode: number, headers?: Record<string, string | string[]>): unknown;
  end(body?: string | Uint8Array): unknown;
  destroy(error?: Error): unknown;
}

/** The part of a Node `http.Server` that `hardenNodeServer` sets. */
export interface NodeServerLimits {
  requestTimeout: number;
  headersTimeout: number;
  on(event: string, listener: (...args: any[]) => void): unknown;
}

/**
 * The Node `http.Server` that `createNodeServer` returns, as far as truecost's types name it
 * (Node's `http.Server` itself: with @types/node, `as Server` gives its whole type).
 */
export interface NodeHttpServer extends NodeServerLimits {
  listen(port?: number, host?: string, listeningListener?: () => void): this;
  listen(port?: number, listeningListener?: () => void): this;
  close(callback?: (error?: Error) => void): this;
  address(): { readonly address: string; readonly family: string; readonly port: number } | string | null;
  closeAllConnections(): void;
  closeIdleConnections(): void;
  keepAliveTimeout: number;
  once(event: string, listener: (...args: any[]) => void): this;
  off(event: string, listener: (...args: any[]) => void): this;
}
