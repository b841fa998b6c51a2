import type { ResultEndpoint } from '../orders/store.js';
import { EndpointRefusedError } from './endpoint-policy.js';
import { signDelivery } from './signing.js';

/** How long a delivery waits for the partner's answer by default, in milliseconds. */
export const DEFAULT_DELIVERY_TIMEOUT_MS = 10_000;

/** One delivery attempt's result: success on a 2xx answer, else why it failed. */
export type DeliveryResult = { readonly ok: true; readonly status: number } | { readonly ok: false; readonly error: string };

/** A `fetch` as the worker uses it (the global one by default). */
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

/** What one delivery attempt sends, and how. */
export interface DeliveryRequest {
  readonly endpoint: ResultEndpoint;
  /** The job id: the `webhook-id`, the same on every attempt so the partner can drop duplicates. */
  readonly jobId: string;
  /** The delivered body (flight_id to tonnes string). */
  readonly results: Readonly<Record<string, string>>;
  /** The signing time, in seconds since the epoch (`webhook-timestamp`). */
  readonly timestampSeconds: number;
  readonly timeoutMs: number;
  readonly fetch: FetchFunction;
}

/**
 * POSTs a job's results to the partner's endpoint with the Standard Webhooks headers and waits at
 * most `timeoutMs` for the answer. Resolves to `{ok: true}` for a 2xx answer and to `{ok: false,
 * error}` for any other answer, a refused connection or a timeout; never rejects.
 *
 * @example
 * ```ts
 * const result = await deliverResults({ endpoint, jobId, results, timestampSeconds, timeoutMs: 10_000, fetch });
 * ```
 * @remarks Since 0.1.0
 */
export async function deliverResults(request: DeliveryRequest): Promise<DeliveryResult> {
  const { endpoint, jobId, timestampSeconds, timeoutMs, fetch } = request;
  return deliverSigned({ endpoint, id: jobId, body: JSON.stringify(request.results), timestampSeconds, timeoutMs, fetch });
}

/** One signed POST: the body as sent, and the `webhook-id` it carries on every attempt. */
export interface SignedDelivery {
  readonly endpoint: { readonly url: string; readonly secret: string };
  /** Secrets that sign beside the endpoint's (the one it replaced, for its last hours): one signature each, space-separated. */
  readonly alsoSignedWith?: readonly string[];
  readonly id: string;
  readonly body: string;
  readonly timestampSeconds: number;
  readonly timeoutMs: number;
  readonly fetch: FetchFunction;
}

/**
 * POSTs `body` to the endpoint with the Standard Webhooks headers (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`), as bulk results and order events are delivered, and waits at most
 * `timeoutMs`. `{ok: true}` for a 2xx answer, else `{ok: false, error}`; never rejects.
 * @remarks Since 0.4.0
 */
export async function deliverSigned(request: SignedDelivery): Promise<DeliveryResult> {
  const { body, id, timestampSeconds } = request;
  const headers = {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': [request.endpoint.secret, ...(request.alsoSignedWith ?? [])]
      .map((secret) => signDelivery(secret, id, timestampSeconds, body))
      .join(' '),
  };
  try {
    const response = await request.fetch(request.endpoint.url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    // The body is not used; reading it ends the exchange and frees the connection.
    await response.arrayBuffer().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status };
    return { ok: false, error: `The endpoint answered ${response.status}.` };
  } catch (error) {
    return { ok: false, error: describeFailure(error, request.timeoutMs) };
  }
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return `No answer within ${timeoutMs} ms.`;
  if (error instanceof EndpointRefusedError) return error.message;
  if (error instanceof Error) {
    // fetch reports network faults as "fetch failed" with the system error as its cause.
    const cause = error.cause instanceof Error ? error.cause : undefined;
    const code = cause !== undefined && 'code' in cause ? String(cause.code) : undefined;
    if (cause !== undefined) return `The request failed: ${code ?? cause.message}${code !== undefined ? ` (${cause.message})` : ''}.`;
    return `The request failed: ${error.message}.`;
  }
  return `The request failed: ${String(error)}.`;
}
