import { describe, expect, it } from 'vitest';
import { validate } from '../../src/validation/validate.js';
import { certificateSchema } from '../../src/http/routes-certificates.js';
import { getOrderResponseSchema } from '../../src/schemas/order.js';
import { BASE, order, setup } from './support.js';

// An order's public certificate: its address comes with GET .../order/{id}, it opens without a key,
// as a page or as JSON, shows no customer data, and any other id is a 404.
async function certified(publicUrl?: string) {
  const context = await setup(publicUrl === undefined ? {} : { publicUrl });
  expect((await context.call('POST', '/v3/integrations/vote/order', { order: order('o1', { project_id: 'mangroves-1', customer_phone: '+1 555 0100', unlock_date: Date.now() + 60_000 }) })).status).toBe(201);
  expect((await context.call('PATCH', '/v3/integrations/vote/order/add', { partner_order_id: 'o1', climes: 2.5 })).status).toBe(200);
  const read = await context.call('GET', '/v3/integrations/vote/order/o1');
  expect(read.status).toBe(200);
  expect(validate(getOrderResponseSchema, read.json).ok).toBe(true);
  return { ...context, url: read.json.order.certificate_url as string };
}

const noKey = (accept?: string): Record<string, string> => ({ 'x-api-key': '', ...(accept === undefined ? {} : { accept }) });

describe('the certificate of an order', () => {
  it('has an address under the public URL whose last segment is 128 random bits, the same on every read', async () => {
    const { call, url } = await certified('https://truecost.example.com/');
    expect(url).toMatch(/^https:\/\/truecost\.example\.com\/certificates\/[0-9a-f]{32}$/);
    expect((await call('GET', '/v3/integrations/vote/order/o1')).json.order.certificate_url).toBe(url);
    const other = await certified('https://truecost.example.com');
    expect(other.url).not.toBe(url);
  });

  it('is the path alone without a public URL', async () => {
    const { url } = await certified();
    expect(url).toMatch(/^\/certificates\/[0-9a-f]{32}$/);
  });

  it('opens without a key as an accessible page, with a strict CSP and no script, holding no e-mail, name or phone', async () => {
    const { call, url } = await certified();
    const page = await call('GET', url, undefined, noKey('text/html'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.text).toMatch(/<html lang="en">/);
    expect(page.text).toMatch(/<title>[^<]+<\/title>/);
    expect(page.text).toMatch(/<h1>Neutralisation certificate<\/h1>/);
    expect(page.text).not.toMatch(/<script|style=|onload/i);
    expect(page.text).toContain('12.5');
    expect(page.text).toContain('mangroves-1');
    expect(page.text).not.toMatch(/ada@example|Ada Lovelace|555 0100|o1/);
  });

  it('answers JSON on Accept: application/json, with the climes now, the state and the dates', async () => {
    const { call, url } = await certified();
    const answer = await call('GET', url, undefined, noKey('application/json'));
    expect(answer.status).toBe(200);
    expect(validate(certificateSchema, answer.json).ok).toBe(true);
    expect(answer.json.certificate).toMatchObject({ project_id: 'mangroves-1', climes: 12.5, co2e_tonnes: null, state: 'locked', variant: 'vote', cancelled_at: null });
    expect(answer.text).not.toMatch(/ada@example|Ada Lovelace|555 0100|partner_order_id|customer_/);
    await call('DELETE', '/v3/integrations/vote/order/o1/cancel');
    const cancelled = await call('GET', url, undefined, noKey('application/json'));
    expect(cancelled.json.certificate).toMatchObject({ climes: 0, state: 'cancelled' });
  });

  it('is a 404 for an id changed by one character, and for an id of another form', async () => {
    const { call, url } = await certified();
    const id = url.split('/').at(-1)!;
    for (let index = 0; index < id.length; index += 7) {
      const changed = id.slice(0, index) + (id[index] === '0' ? '1' : '0') + id.slice(index + 1);
      expect((await call('GET', `/certificates/${changed}`, undefined, noKey('application/json'))).status).toBe(404);
    }
    expect((await call('GET', `/certificates/${id.toUpperCase()}`, undefined, noKey())).status).toBe(404);
    expect((await call('GET', `/certificates/${id}0`, undefined, noKey())).status).toBe(404);
    expect((await call('GET', `/certificates/${id}`, undefined, noKey())).status).toBe(200);
  });
});

void BASE;
