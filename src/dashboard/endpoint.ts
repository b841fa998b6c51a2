import { randomUUID } from 'node:crypto';
import { checkEndpointUrl, EndpointRefusedError, type EndpointPolicy, type LookupFunction } from '../bulk/endpoint-policy.js';
import { guardedFetch } from '../bulk/guarded-fetch.js';
import { signDelivery } from '../bulk/signing.js';
import type { ResultEndpoint } from '../orders/store.js';

/** How long a test delivery waits for the receiver, in milliseconds. */
export const TEST_DELIVERY_TIMEOUT_MS = 10_000;
/** How much of the receiver's answer the dashboard shows, in characters. */
export const BODY_EXCERPT_CHARACTERS = 500;
/**
 * How much of the receiver's body is read for the excerpt, in bytes: UTF-8 takes at most 3 bytes
 * per UTF-16 unit (4 for a pair), so this always holds the excerpt's 500 characters whole.
 */
const BODY_EXCERPT_BYTES = 4 * BODY_EXCERPT_CHARACTERS;

/**
 * Whether the dashboard may store this bulk result URL: the one place that decides it, and the
 * same rule as `truecost partners set-endpoint` (an absolute http or https URL, without
 * credentials, on no loopback, private or other internal address unless `policy` allows them).
 * The reason is shown to the partner when it is refused.
 */
export function endpointRefusal(url: string, policy: EndpointPolicy = {}): string | undefined {
  if (url.length > 2048) return 'The URL may have at most 2048 characters.';
  if (!URL.canParse(url)) return 'Enter an absolute URL, such as https://example.com/truecost/results.';
  const { protocol } = new URL(url);
  if (protocol !== 'http:' && protocol !== 'https:') return 'The URL must start with http:// or https://.';
  const verdict = checkEndpointUrl(url, policy);
  return verdict.ok ? undefined : verdict.reason;
}

/** What the receiver answered to a test delivery, or why no answer came. */
export type TestDeliveryResult =
  | { readonly answered: true; readonly status: number; readonly bodyExcerpt: string; readonly deliveryId: string }
  | { readonly answered: false; readonly error: string; readonly deliveryId: string };

/** Where a test delivery may go: the dashboard's endpoint policy and resolver. */
export interface TestDeliveryOptions {
  /** The same policy as bulk deliveries (default: public addresses only). */
  readonly endpointPolicy?: EndpointPolicy;
  /** Resolves the endpoint's host name to all its addresses (default the system's resolver). */
  readonly lookup?: LookupFunction;
}

/**
 * Sends a test delivery signed exactly as a bulk result delivery (Standard Webhooks headers, the
 * endpoint's secret) with an empty result set `{}` and a `webhook-id` starting with `test_`, and
 * reports the receiver's status and the start of its body. It goes where a bulk delivery may go,
 * checked the same way: the URL as written, then each address its host name resolves to, at
 * connection time (`guardedFetch`), so a name that leads to an internal address is refused with
 * the reason and nothing is sent. Redirects are not followed. Never rejects.
 */
export async function sendTestDelivery(endpoint: ResultEndpoint, nowMs: number, options: TestDeliveryOptions = {}): Promise<TestDeliveryResult> {
  const deliveryId = `test_${randomUUID()}`;
  // The URL was checked when saved, but possibly under another policy (the CLI's own flag): the
  // guarded client checks it again, as written and as resolved.
  const fetch = guardedFetch(options.endpointPolicy, options.lookup, { keepBodyBytes: BODY_EXCERPT_BYTES });
  const body = '{}';
  const timestamp = Math.floor(nowMs / 1000);
  try {
    const response = await fetch(endpoint.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': deliveryId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signDelivery(endpoint.secret, deliveryId, timestamp, body),
      },
      body,
      signal: AbortSignal.timeout(TEST_DELIVERY_TIMEOUT_MS),
    });
    const text = await response.text();
    return { answered: true, status: response.status, bodyExcerpt: text.slice(0, BODY_EXCERPT_CHARACTERS), deliveryId };
  } catch (error) {
    return { answered: false, error: failureOf(error), deliveryId };
  }
}

/** What the partner is told when no answer came. */
function failureOf(error: unknown): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return `No answer within ${TEST_DELIVERY_TIMEOUT_MS / 1000} s.`;
  // The policy's refusal is already a sentence for the partner.
  if (error instanceof EndpointRefusedError) return error.message;
  const detail = error instanceof Error ? error.message.replace(/\.$/, '') : '';
  return `The request failed${detail === '' ? '' : `: ${detail}`}.`;
}
