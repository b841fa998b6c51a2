// The two ways a call of truecost/client fails: the API answered a failure, or no answer came.

/**
 * A failure the API answered: its status, its message, and for a refused body the path and reason
 * of the first problem (docs/api.md, "Every failure").
 *
 * @remarks Since 0.2.0
 */
export class TruecostApiError extends Error {
  override readonly name: string = 'TruecostApiError';
  /** The HTTP status. */
  readonly status: number;
  /** The dotted path of the field at fault (`order.climes`), when the API named one. */
  readonly path: string | undefined;
  /** Why the field was refused, when the API said. */
  readonly reason: string | undefined;
  /** The body as the API sent it. */
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const failure = (typeof body === 'object' && body !== null ? body : {}) as { message?: unknown; error?: { path?: unknown; reason?: unknown } };
    super(typeof failure.message === 'string' ? failure.message : `HTTP ${status}`);
    this.status = status;
    this.body = body;
    this.path = typeof failure.error?.path === 'string' ? failure.error.path : undefined;
    this.reason = typeof failure.error?.reason === 'string' ? failure.error.reason : undefined;
  }
}

/**
 * The call got no answer: the connection failed or was cut, or every attempt timed out. The
 * message names the call, the host and port it went to and the cause
 * (`POST /v3/flight: no answer from 127.0.0.1:8080 (connect ECONNREFUSED 127.0.0.1:8080)`).
 *
 * @remarks Since 0.2.0
 */
export class TruecostNetworkError extends Error {
  override readonly name: string = 'TruecostNetworkError';
  /** Whether the last attempt ended by the client's timeout. */
  readonly timedOut: boolean;

  constructor(message: string, options: { readonly cause: unknown; readonly timedOut: boolean }) {
    super(message, { cause: options.cause });
    this.timedOut = options.timedOut;
  }
}

/** `host:port` of a URL, the port written out even when it is the scheme's default. */
export function hostAndPort(url: URL): string {
  return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
}

/**
 * What a failed fetch says of its cause: fetch wraps the system's error (`TypeError: fetch failed`,
 * its cause `connect ECONNREFUSED ...` with the code `ECONNREFUSED`), so the innermost error with a
 * code is named, or else the innermost message.
 */
export function causeOf(error: unknown): string {
  let current = error;
  for (let depth = 0; depth < 5; depth += 1) {
    const { code, message, cause } = (typeof current === 'object' && current !== null ? current : {}) as { code?: unknown; message?: unknown; cause?: unknown };
    const text = typeof message === 'string' ? message : '';
    if (typeof code === 'string') return text.includes(code) ? text : text === '' ? code : `${code}: ${text}`;
    if (cause === undefined || cause === null) break;
    current = cause;
  }
  return current instanceof Error ? current.message || current.name : String(current);
}
