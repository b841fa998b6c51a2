import { expect } from 'vitest';
import { apiErrors, successMessages } from '../../src/errors.js';

/** What every adapter must serve the same way: sent over real HTTP to `base` (no trailing slash). */
export async function exerciseServer(base: string, key: string): Promise<void> {
  const json = { 'x-api-key': key, 'content-type': 'application/json' };
  const health = await fetch(`${base}/healthz`);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });

  const order = { climes: 5, partner_order_id: 'o-1', customer_email: 'ada@example.com', customer_name: 'Ada' };
  const created = await fetch(`${base}/v3/integrations/vote/order`, { method: 'POST', headers: json, body: JSON.stringify({ order }) });
  expect(created.status).toBe(201);
  expect(await created.json()).toEqual({ message: successMessages.orderCreated, partner_order_id: 'o-1' });

  const added = await fetch(`${base}/v3/integrations/vote/order/add`, {
    method: 'PATCH',
    headers: json,
    body: JSON.stringify({ climes: 1.5, partner_order_id: 'o-1' }),
  });
  expect(await added.json()).toEqual({ message: successMessages.orderUpdated, updated_climes: 6.5, partner_order_id: 'o-1' });

  const read = await fetch(`${base}/v3/integrations/vote/order/o-1`, { headers: { 'x-api-key': key } });
  expect((await read.json()).order).toMatchObject({ climes: 6.5, state: 'locked' });

  const invalid = await fetch(`${base}/v3/integrations/vote/order`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ order: { ...order, customer_email: 'nope' } }),
  });
  expect(invalid.status).toBe(400);
  expect((await invalid.json()).error.path).toBe('order.customer_email');

  const notJson = await fetch(`${base}/v3/integrations/vote/order`, { method: 'POST', headers: json, body: '{"order"' });
  expect(notJson.status).toBe(400);
  expect(await notJson.json()).toEqual({
    message: apiErrors.badRequest.message,
    error: { path: '', reason: expect.stringMatching(/^The body is not JSON: .*position 8/) },
  });

  const wrongType = await fetch(`${base}/v3/integrations/vote/order`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'text/plain' },
    body: JSON.stringify({ order }),
  });
  expect(wrongType.status).toBe(415);

  const noKey = await fetch(`${base}/v3/integrations/vote/order/o-1`);
  expect(noKey.status).toBe(401);

  const unknown = await fetch(`${base}/v3/nowhere`, { headers: { 'x-api-key': key } });
  expect(unknown.status).toBe(404);
  expect(await unknown.json()).toEqual({ message: 'Not Found' });

  const wrongMethod = await fetch(`${base}/v3/integrations/vote/opt-in`, { method: 'DELETE', headers: { 'x-api-key': key } });
  expect(wrongMethod.status).toBe(405);
  expect(wrongMethod.headers.get('allow')).toBe('POST');

  const big = JSON.stringify({ order: { ...order, customer_name: 'x'.repeat(1024 * 1024) } });
  const tooLarge = await fetch(`${base}/v3/integrations/vote/order`, { method: 'POST', headers: json, body: big });
  expect(tooLarge.status).toBe(413);
  expect((await tooLarge.json()).message).toBe(apiErrors.payloadTooLarge.message);

  // The connection is still good for the next request after a refused body.
  const after = await fetch(`${base}/healthz`);
  expect(after.status).toBe(200);
}
