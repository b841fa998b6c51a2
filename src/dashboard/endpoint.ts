import { randomUUID } from 'node:crypto';
import { checkEndpointUrl, type EndpointPolicy } from '../bulk/endpoint-policy.js';
import { signDelivery } from '../bulk/signing.js';
import type { ResultEndpoint } from '../orders/store.js';

/** How long a test delivery waits for the receiver, in milliseconds. */
export const TEST_DELIVERY_TIMEOUT_MS = 10_000;
/** How much of the receiver's answer the dashboard shows, in characters. */
export const BODY_EXCERPT_CHARACTERS = 500;

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

/**
 * Sends a test delivery signed exactly as a bulk result delivery (Standard Webhooks headers, the
 * endpoint's secret) with an empty result set `{}` and a `webhook-id` starting with `test_`, and
 * reports the receiver's status and the start of its body. Never rejects.
 */
export async function sendTestDelivery(endpoint: ResultEndpoint, nowMs: number): Promise<TestDeliveryResult> {
  const deliveryId = `test_${randomUUID()}`;
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
      redirect: 'manual',
      signal: AbortSignal.timeout(TEST_DELIVERY_TIMEOUT_MS),
    });
    const text = await response.text().catch(() => '');
    return { answered: true, status: response.status, bodyExcerpt: text.slice(0, BODY_EXCERPT_CHARACTERS), deliveryId };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      return { answered: false, error: `No answer within ${TEST_DELIVERY_TIMEOUT_MS / 1000} s.`, deliveryId };
    }
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
    return { answered: false, error: `The request failed${cause === undefined ? '' : `: ${cause}`}.`, deliveryId };
  }
}
