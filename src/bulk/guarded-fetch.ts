import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { FetchFunction } from './deliver.js';
import { guardedLookup, type EndpointPolicy, type LookupFunction } from './endpoint-policy.js';

/**
 * A `fetch` for result deliveries on `node:http` and `node:https` whose connections go only where
 * the endpoint policy allows: each host name is resolved by {@link guardedLookup}, so the address
 * actually connected to is checked (an address literal in the URL is checked by
 * `checkEndpointUrl` before the call, as Node does not look literals up). Redirects are not
 * followed; the answer's body is drained and not kept.
 *
 * @param resolve - resolves a host name to all its addresses (default the system's resolver).
 * @example
 * ```ts
 * startBulkWorker({ store, fetch: guardedFetch({ allowPrivateAddresses: false }) }); // the default
 * ```
 * @remarks Since 0.1.0
 */
export function guardedFetch(policy: EndpointPolicy = {}, resolve?: LookupFunction): FetchFunction {
  const lookup = guardedLookup(policy, resolve);
  return (input, init) =>
    new Promise<Response>((settle, fail) => {
      const url = new URL(input);
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const headers = Object.fromEntries(new Headers(init.headers).entries());
      const signal = init.signal ?? undefined;
      const call = send(url, { method: init.method ?? 'GET', headers, lookup, ...(signal === undefined ? {} : { signal }) }, (answer: IncomingMessage) => {
        // Draining frees the connection; the status is all a delivery needs.
        answer.resume();
        const status = answer.statusCode ?? 0;
        if (status < 200 || status > 599) fail(new Error(`The endpoint answered ${status}.`));
        else settle(new Response(null, { status }));
      });
      call.on('error', (error) => fail(signal?.aborted === true ? signal.reason : error));
      call.end(typeof init.body === 'string' ? init.body : undefined);
    });
}
