// Erasing a customer's data from the order page: a link, a confirmation, one POST with the CSRF
// token, against the dashboard's fetch handler and a memory store.
import { beforeEach, describe, expect, it } from 'vitest';
import { createDashboardHandler } from '../../src/dashboard/handler.js';
import { newToken, tokenHash } from '../../src/dashboard/tokens.js';
import type { Store } from '../../src/orders/store.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import { Client } from './client.js';

const START = 1_800_000_000_000;
const alpha = { partnerId: 'alpha', environment: 'staging' } as const;
const customer = { customer_email: 'ada@example.com', customer_name: 'Ada Lovelace', customer_phone: '+44 20 7946 0000' };
let store: Store;

/** A client signed in as `partnerId`, its session made in the store. */
async function signedIn(partnerId: string): Promise<Client> {
  const token = newToken();
  await store.createSession({ tokenHash: tokenHash(token), partnerId, createdAt: START, expiresAt: START + 86_400_000 });
  const client = new Client(createDashboardHandler({ store, now: () => START + 1000 }));
  client.cookies.set('truecost_session', token);
  return client;
}

beforeEach(async () => {
  store = createMemoryStore();
  await store.createOrders(alpha, 'vote', [{ partner_order_id: 'o-1', climes: 3, ...customer }], START);
});

describe("erasing an order's customer in the dashboard", () => {
  it('links from the order page to a confirmation, whose button erases the e-mail, name and phone and keeps the climes', async () => {
    const client = await signedIn('alpha');
    const page = await client.get('/dashboard/orders/staging/o-1');
    expect(page.text).toContain(customer.customer_email);
    expect(page.text).toContain('<a href="/dashboard/orders/staging/o-1/erase">');
    const confirm = await client.get('/dashboard/orders/staging/o-1/erase');
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain('<form method="post" action="/dashboard/orders/staging/o-1/erase">');
    expect(confirm.text).toContain('This cannot be undone.');
    // Reading the confirmation erased nothing.
    expect((await store.getOrder(alpha, 'o-1'))?.order.customer_email).toBe(customer.customer_email);
    const erased = await client.post('/dashboard/orders/staging/o-1/erase');
    expect(erased.status).toBe(303);
    expect(erased.response.headers.get('location')).toBe('/dashboard/orders/staging/o-1');
    expect(await store.getOrder(alpha, 'o-1')).toMatchObject({ microClimes: 3e6, order: { customer_email: '', customer_name: '', customer_phone: '', climes: 3 } });
    const after = await client.get('/dashboard/orders/staging/o-1');
    for (const value of Object.values(customer)) expect(after.text).not.toContain(value);
    expect(after.text).toContain('Erased: the order keeps no e-mail, name or phone of its customer.');
    expect(after.text).not.toContain('/erase"');
  });

  it('erases nothing without the CSRF token, from another site, or for another partner', async () => {
    const client = await signedIn('alpha');
    await client.get('/dashboard/orders/staging/o-1/erase');
    expect((await client.post('/dashboard/orders/staging/o-1/erase', {}, false)).status).toBe(403);
    const foreign = await client.request('POST', '/dashboard/orders/staging/o-1/erase', { csrf: client.csrf }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const beta = await signedIn('beta');
    await beta.get('/dashboard/keys');
    expect((await beta.get('/dashboard/orders/staging/o-1/erase')).status).toBe(404);
    expect((await beta.post('/dashboard/orders/staging/o-1/erase')).status).toBe(404);
    expect((await store.getOrder(alpha, 'o-1'))?.order.customer_email).toBe(customer.customer_email);
  });
});
