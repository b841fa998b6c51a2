import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { FetchFunction } from './deliver.js';
import { checkEndpointUrl, EndpointRefusedError, guardedLookup, type EndpointPolicy, type LookupFunction } from './endpoint-policy.js';

/** How a {@link guardedFetch} client treats the answer. */
export interface GuardedFetchOptions {
  /**
   * Keep at most this many bytes of the answer's body in the `Response` (read with `text()`,
   * decoded as UTF-8) and drain the rest. By default the body is drained and not kept.
   */
  readonly keepBodyBytes?: number;
}

/** Statuses whose `Response` may not have a body (the Fetch standard's null body statuses at 200 and above). */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/**
 * A `fetch` for result deliveries on `node:http` and `node:https` whose connections go only where
 * the endpoint policy allows: the URL as written is checked by `checkEndpointUrl` (Node does not
 * look address literals up), then each host name is resolved by {@link guardedLookup}, so the
 * address actually connected to is checked; a refusal rejects with `EndpointRefusedError` before
 * anything is sent. Redirects are not
 * followed; the answer's body is drained and, unless `options.keepBodyBytes` asks for its start,
 * not kept.
 *
 * @param resolve - resolves a host name to all its addresses (default the system's resolver).
 * @example
 * ```ts
 * startBulkWorker({ store, fetch: guardedFetch({ allowPrivateAddresses: false }) }); // the default
 * ```
 * @remarks Since 0.1.0
 */
export function guardedFetch(policy: EndpointPolicy = {}, resolve?: LookupFunction, options: GuardedFetchOptions = {}): FetchFunction {
  const lookup = guardedLookup(policy, resolve);
  const { keepBodyBytes } = options;
  if (keepBodyBytes !== undefined && !(Number.isInteger(keepBodyBytes) && keepBodyBytes >= 0)) {
    throw new RangeError(`keepBodyBytes must be a non-negative integer (got ${keepBodyBytes}).`);
  }
  return (input, init) =>
    new Promise<Response>((settle, fail) => {
      const verdict = checkEndpointUrl(input, policy);
      if (!verdict.ok) return fail(new EndpointRefusedError(verdict.reason));
      const url = new URL(input);
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const headers = Object.fromEntries(new Headers(init.headers).entries());
      const signal = init.signal ?? undefined;
      const failWith = (error: unknown) => fail(signal?.aborted === true ? signal.reason : error);
      const call = send(url, { method: init.method ?? 'GET', headers, lookup, ...(signal === undefined ? {} : { signal }) }, (answer: IncomingMessage) => {
        const status = answer.statusCode ?? 0;
        if (status < 200 || status > 599) {
          answer.resume();
          fail(new Error(`The endpoint answered ${status}.`));
        } else if (keepBodyBytes === undefined || NULL_BODY_STATUSES.has(status)) {
          // Draining frees the connection; the status is all a delivery needs.
          answer.resume();
          settle(new Response(null, { status }));
        } else {
          answer.on('error', failWith);
          keepStart(answer, keepBodyBytes, (body) => settle(new Response(body, { status })));
        }
      });
      call.on('error', failWith);
      call.end(typeof init.body === 'string' ? init.body : undefined);
    });
}

/**
 * Calls `done` with the first `limit` bytes of `answer`'s body, as soon as it has them or the body
 * ends, and drains the rest, so that an endless body costs no more memory than `limit` (and no more
 * time than the request's signal allows).
 */
function keepStart(answer: IncomingMessage, limit: number, done: (body: Uint8Array<ArrayBuffer>) => void): void {
  const chunks: Buffer[] = [];
  let kept = 0;
  let finished = false;
  const finish = (): void => {
    if (finished) return;
    finished = true;
    done(new Uint8Array(Buffer.concat(chunks, kept)));
  };
  answer.on('data', (chunk: Buffer) => {
    if (finished) return;
    const part = chunk.subarray(0, limit - kept);
    chunks.push(part);
    kept += part.length;
    if (kept >= limit) finish();
  });
  answer.on('end', finish);
}
