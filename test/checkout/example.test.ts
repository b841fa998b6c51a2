// examples/checkout/ end to end: a real `truecost serve` process, the example shop in front of it,
// and a shopper in headless Chromium who ticks the card, places the order and sees the success
// card; truecost is then asked what it recorded.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTruecostClient } from 'truecost/client';
import { createShop } from '../../examples/checkout/server.js';
import { startService, type Service } from '../e2e/serve-process.js';
import { checkoutScript } from './page-server.js';

let service: Service;
let key = '';
let shop: Server;
let shopBase = '';
let browser: Browser;

beforeAll(async () => {
  service = await startService(['--db', 'memory:', '--no-request-log']);
  key = service.lines.map((line) => /^staging key \(partner [^)]+\): (\S+)$/.exec(line)?.[1]).find((found) => found !== undefined)!;
  shop = createShop({ truecostUrl: service.base, apiKey: key, checkoutScript: await checkoutScript() });
  await new Promise<void>((done) => shop.listen(0, '127.0.0.1', done));
  shopBase = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((done) => shop?.close(done));
  await service?.stop();
});

describe('examples/checkout/server.ts against truecost serve', () => {
  it('saves the opt-in through E5, places the order with E1 and shows the success card, the key never in the browser', async () => {
    const truecost = createTruecostClient({ baseUrl: service.base, apiKey: key });
    const context = await browser.newContext();
    const page = await context.newPage();
    const messages: string[] = [];
    const requests: { url: string; headers: Record<string, string>; body: string | null }[] = [];
    page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
    page.on('request', (request) => requests.push({ url: request.url(), headers: request.headers(), body: request.postData() }));

    await page.goto(shopBase);
    const card = page.locator('truecost-opt-in');
    const cartId = (await card.getAttribute('cart-id'))!;
    // DEL to BOM, economy: 0.115961 t (E6), one clime a tonne in this shop.
    expect(await card.locator('label').innerText()).toBe('Neutralise 116 kg CO₂e');
    expect(await card.locator('input').isChecked()).toBe(false);
    await expect(truecost.getOptIn(cartId)).rejects.toMatchObject({ status: 404 });

    await card.locator('input').check();
    await page.waitForFunction(() => document.querySelector('truecost-opt-in')!.hasAttribute('checked'));
    expect((await truecost.getOptIn(cartId)).opt_in).toMatchObject({ cart_id: cartId, opted_in: true, climes: 0.115961 });

    // A reload shows the stored choice (GET opt-in).
    await page.goto(`${shopBase}/?cart=${cartId}`);
    expect(await card.locator('input').isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Place the order' }).click();
    await page.waitForURL(/\/orders\/order-/);
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    const text = await page.locator('truecost-success section').innerText();
    expect(text).toContain('116 kg CO₂e neutralised (0.115961 climes). Thank you!');
    expect(text).toContain('Project: Mangroves of the Sundarbans');
    const { order } = await truecost.getOrder('vote', orderId);
    expect(order).toMatchObject({ partner_order_id: orderId, climes: 0.115961, cart_id: cartId, project_id: 'mangroves-sundarbans', state: 'locked' });
    expect(text).toContain(`You can change this until ${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' }).format(order.unlock_date)}.`);

    expect(messages).toEqual([]);
    // Every request went to the shop; none carried the key.
    expect(requests.filter((request) => !request.url.startsWith(shopBase))).toEqual([]);
    expect(JSON.stringify(requests)).not.toContain(key);
    await context.close();
  });

  it('places an order without climes when the box is left unticked, and shows no success card', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(shopBase);
    await page.getByRole('button', { name: 'Place the order' }).click();
    await page.waitForURL(/\/orders\/order-/);
    expect(await page.locator('truecost-success').count()).toBe(0);
    await expect(createTruecostClient({ baseUrl: service.base, apiKey: key }).getOrder('vote', new URL(page.url()).pathname.split('/').pop()!)).rejects.toMatchObject({ status: 404 });
    await context.close();
  });

  it('refuses an opt-in for a cart it does not know, or a body that is not JSON, with a 4xx', async () => {
    const post = (body: string) => fetch(`${shopBase}/truecost/opt-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect((await post('{"cart_id":"cart-unknown","opted_in":true,"climes":1}')).status).toBe(404);
    expect((await post('not json')).status).toBe(400);
    const page = await (await fetch(shopBase)).text();
    const cartId = /cart-id="([^"]+)"/.exec(page)![1];
    expect((await post(JSON.stringify({ cart_id: cartId, opted_in: 'yes' }))).status).toBe(400);
  });
});
