// An order taken through the API (created under an Idempotency-Key, changed, read, in the events
// feed) and then erased: the SQL store tests scan every table for what was erased.
import { expect } from 'vitest';
import { createHandler } from '../../src/http/index.js';
import type { Store } from '../../src/orders/store.js';
import { addKey } from '../http/support.js';

/** The customer's data of the erased order: what no table may hold afterwards. */
export const erasedCustomer = { customer_email: 'erase.me.7f3a@example.com', customer_name: 'Erasable Customer 7f3a', customer_phone: '+91 98765 07f3a' };

/** Creates, changes and reads order `o-erase` of partner `acme` through the API, erases its customer, and checks what the API then shows. */
export async function orderErasedThroughTheApi(store: Store): Promise<void> {
  const key = await addKey(store, 'acme', 'staging');
  const handler = createHandler({ store });
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await handler(
      new Request(`http://truecost.test${path}`, {
        method,
        headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    return { status: response.status, json: (await response.json()) as Record<string, any> };
  };
  const created = await call('POST', '/v3/integrations/vote/order', { order: { climes: 2.5, partner_order_id: 'o-erase', cart_id: 'cart-erase', ...erasedCustomer } }, { 'idempotency-key': 'create-o-erase' });
  expect(created.status).toBe(201);
  expect((await call('PATCH', '/v3/integrations/vote/order/add', { climes: 1, partner_order_id: 'o-erase' }, { 'idempotency-key': 'add-o-erase' })).status).toBe(200);
  expect((await call('GET', '/v3/integrations/vote/order/o-erase')).json.order.customer_email).toBe(erasedCustomer.customer_email);
  expect((await call('GET', '/v3/integrations/events')).status).toBe(200);

  expect(await store.eraseCustomer({ partnerId: 'acme', environment: 'staging' }, 'o-erase')).toBe(true);
  const read = (await call('GET', '/v3/integrations/vote/order/o-erase')).json.order;
  expect(read).toMatchObject({ climes: 3.5, cart_id: 'cart-erase', customer_email: '', customer_name: '', customer_phone: '', state: 'locked' });
}

/** The erased values found in `texts`, each with where it was found. */
export function erasedValuesIn(texts: readonly { readonly where: string; readonly text: string }[]): string[] {
  return texts.flatMap(({ where, text }) => Object.values(erasedCustomer).filter((value) => text.includes(value)).map((value) => `${value} in ${where}`));
}
