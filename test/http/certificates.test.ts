import { describe, expect, it } from 'vitest';
import { validate } from '../../src/validation/validate.js';
import { createHash } from 'node:crypto';
import { CERTIFICATE_CSS, certificateSchema } from '../../src/http/routes-certificates.js';
import { getOrderResponseSchema } from '../../src/schemas/order.js';
import { requestSamples } from '../../src/testing/index.js';
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
    expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'$/);
    expect(page.text).toMatch(/<html lang="en">/);
    expect(page.text).toMatch(/<title>[^<]+<\/title>/);
    expect(page.text).toMatch(/<h1>Carbon neutralisation certificate<\/h1>/);
    expect(page.text).not.toMatch(/<script|style=|onload|<link|<img|src=/i);
    // The one style sheet reaches the page as written, and the CSP allows it by its hash alone.
    expect(page.text).toContain(`<style>${CERTIFICATE_CSS}</style>`);
    const hash = createHash('sha256').update(CERTIFICATE_CSS).digest('base64');
    expect(page.headers.get('content-security-policy')).toContain(`style-src 'sha256-${hash}';`);
    expect(page.text).toContain('12.5');
    expect(page.text).toContain('mangroves-1');
    expect(page.text).not.toMatch(/ada@example|Ada Lovelace|555 0100|o1/);
  });

  it('answers JSON on Accept: application/json, with the climes now, the state and the dates', async () => {
    const { call, url } = await certified();
    const answer = await call('GET', url, undefined, noKey('application/json'));
    expect(answer.status).toBe(200);
    expect(validate(certificateSchema, answer.json).ok).toBe(true);
    expect(answer.json.certificate).toMatchObject({ project_id: 'mangroves-1', climes: 12.5, co2e_kg: null, co2e_tonnes: null, state: 'locked', variant: 'vote', cancelled_at: null });
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

/** An order's certificate, as JSON and as the page, in the language asked for. */
async function certificateOf(call: Awaited<ReturnType<typeof setup>>['call'], variant: string, partnerOrderId: string, lang = '') {
  const url = (await call('GET', `/v3/integrations/${variant}/order/${partnerOrderId}`)).json.order.certificate_url as string;
  const json = await call('GET', `${url}${lang}`, undefined, noKey('application/json'));
  const page = await call('GET', `${url}${lang}`, undefined, noKey('text/html'));
  expect(validate(certificateSchema, json.json).ok).toBe(true);
  return { json: json.json.certificate, page: page.text, headers: page.headers, url };
}

const flight = { queries: { flights: [{ departure: 'DEL', arrival: 'BOM', no_of_tickets: 1 }] } };

describe('what a certificate states', () => {
  it("sums an order's two recorded calculations, says what they were, and shows the shop and the catalogue's project with its registry link", async () => {
    const { call, store } = await setup();
    const recordedFlight = await call('POST', '/v3/flight', { ...flight, record: { reference: 'PNR-SECRET' } });
    const legs = { queries: { legs: requestSamples.logistics.queries.legs.slice(0, 2) } };
    const recordedShipment = await call('POST', '/v3/logistics', { ...legs, record: {} });
    const ids = [recordedFlight.json.calculation_id as string, recordedShipment.json.calculation_id as string];
    const grams = await Promise.all(ids.map(async (id) => (await store.getCalculation({ partnerId: 'acme', environment: 'staging' }, id))!.wellToWheelGrams));
    await store.setProfile('acme', { displayName: 'Chai & Co', gramsPerClime: 10_000, locale: null }, 0);
    await store.putProject({ partnerId: 'acme', projectId: 'mangroves-1', name: 'Mangroves of the Sundarbans', registry: 'Verra', registryUrl: 'https://registry.verra.org/app/projectDetail/VCS/1' }, 0);
    const created = await call('POST', '/v3/integrations/calculated/order', { order: order('o1', { calculation_ids: ids, project_id: 'mangroves-1', customer_phone: '+1 555 0100', unlock_date: Date.parse('2027-01-05T12:00:00Z') }) });
    expect(created.status).toBe(201);

    const read = await call('GET', '/v3/integrations/calculated/order/o1');
    expect(read.json.order).toMatchObject({ calculation_ids: ids, co2e_kg: (grams[0]! + grams[1]!) / 1000 });
    const { json, page, headers } = await certificateOf(call, 'calculated', 'o1');
    expect(json).toMatchObject({
      shop_name: 'Chai & Co',
      co2e_kg: (grams[0]! + grams[1]!) / 1000,
      co2e_basis: 'calculations',
      project: { project_id: 'mangroves-1', name: 'Mangroves of the Sundarbans', registry: 'Verra', registry_url: 'https://registry.verra.org/app/projectDetail/VCS/1' },
      calculations: [
        { endpoint: 'flight', description: 'a flight DEL–BOM' },
        { endpoint: 'logistics', description: 'a shipment of 2 legs' },
      ],
      language: 'en',
    });
    expect(json.statement.status).toBe('Can still change until 5 January 2027');
    expect(headers.get('content-language')).toBe('en');
    expect(page).toContain('Chai &amp; Co');
    expect(page).toContain('Mangroves of the Sundarbans');
    expect(page).toContain('<a href="https://registry.verra.org/app/projectDetail/VCS/1" rel="noopener noreferrer">View the project at Verra</a>');
    expect(page).toContain('<li>a flight DEL–BOM</li>');
    expect(page).toMatch(/<meta property="og:title" content="Chai &amp; Co neutralised [\d.,]+ (kg|tonnes) of CO₂e">/);
    expect(page).toContain('<meta property="og:type" content="website">');
    expect(page).toMatch(/<meta property="og:description" content="[^"]+">/);
    for (const text of [page, JSON.stringify(json)]) expect(text).not.toMatch(/ada@example|Ada Lovelace|555 0100|PNR-SECRET|"o1"|>o1</);
  });

  it("states climes at the shop's kg per clime (2.5 climes at 10 kg are 25 kg), in Hindi for ?lang=hi", async () => {
    const { call, store } = await setup();
    await store.setProfile('acme', { displayName: 'Chai & Co', gramsPerClime: 10_000, locale: 'en' }, 0);
    await call('POST', '/v3/integrations/vote/order', { order: order('o1', { climes: 2.5, unlock_date: Date.parse('2025-12-12T08:00:00Z') }) });
    const english = await certificateOf(call, 'vote', 'o1');
    expect(english.json).toMatchObject({ co2e_kg: 25, co2e_tonnes: 0.025, co2e_basis: 'kg_per_clime', kg_per_clime: 10 });
    expect(english.json.statement.status).toBe('Final since 12 December 2025');
    expect(english.page).toContain('<p class="figure">25 kg CO₂e</p>');
    expect(english.page).toContain("Well-to-wheel CO₂e at Chai &amp; Co&#39;s rate of 10 kg per clime.");

    const hindi = await certificateOf(call, 'vote', 'o1', '?lang=hi');
    expect(hindi.json.language).toBe('hi');
    expect(hindi.page).toMatch(/<html lang="hi">/);
    expect(hindi.page).toContain('25 किलोग्राम CO₂e');
    expect(hindi.json.statement.status).toBe('12 दिसंबर 2025 से अंतिम');
    expect(hindi.page).toContain('कार्बन निष्प्रभावन प्रमाणपत्र');
  });

  it('takes ?lang=, then Accept-Language, then the shop\'s language', async () => {
    const { call, store } = await setup();
    await store.setProfile('acme', { displayName: null, gramsPerClime: null, locale: 'hi' }, 0);
    await call('POST', '/v3/integrations/vote/order', { order: order('o1') });
    const url = (await call('GET', '/v3/integrations/vote/order/o1')).json.order.certificate_url as string;
    const language = async (target: string, acceptLanguage?: string) =>
      (await call('GET', target, undefined, { ...noKey('application/json'), ...(acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage }) })).json.certificate.language;
    expect(await language(url)).toBe('hi');
    expect(await language(url, 'en-IN,en;q=0.9')).toBe('en');
    expect(await language(url, 'fr, hi;q=0.8, en;q=0.5')).toBe('hi');
    expect(await language(url, 'fr')).toBe('hi');
    expect(await language(`${url}?lang=en`, 'hi')).toBe('en');
    expect(await language(`${url}?lang=xx`, 'en')).toBe('en');
  });

  it('says in a sentence that the shop has not stated the CO2e, never "Not stated", and states a cancellation by its date', async () => {
    const { call } = await setup();
    await call('POST', '/v3/integrations/vote/order', { order: order('o1', { project_id: 'unknown-project' }) });
    const { json, page } = await certificateOf(call, 'vote', 'o1');
    expect(json).toMatchObject({ shop_name: null, co2e_kg: null, co2e_basis: null, project: { project_id: 'unknown-project', name: null, registry_url: null } });
    expect(json.statement.basis).toBe('The shop has not stated how much CO₂e its climes stand for.');
    expect(page).toContain('The shop has not stated how much CO₂e its climes stand for.');
    expect(page).not.toMatch(/Not stated|class="figure"/);
    expect(page).toContain('unknown-project');
    await call('DELETE', '/v3/integrations/vote/order/o1/cancel');
    const cancelled = await certificateOf(call, 'vote', 'o1');
    expect(cancelled.json.statement.status).toMatch(/^Cancelled on \d{1,2} [A-Z][a-z]+ \d{4}$/);
  });
});

describe('an order naming recorded calculations', () => {
  it('is a 400 naming the path of an unknown id (E1) or of another environment\'s (E2), and stores nothing', async () => {
    const { call, production } = await setup();
    const known = (await call('POST', '/v3/flight', { ...flight, record: {} })).json.calculation_id as string;
    const elsewhere = (await call('POST', '/v3/flight', { ...flight, record: {} }, { 'x-api-key': production })).json.calculation_id as string;
    const unknown = await call('POST', '/v3/integrations/vote/order', { order: order('o1', { calculation_ids: ['no-such-calculation'] }) });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toEqual({ path: 'order.calculation_ids.0', reason: expect.stringContaining('No recorded calculation') });
    const batch = await call('POST', '/v3/integrations/vote/orders', { orders: [order('o2', { calculation_ids: [known] }), order('o3', { calculation_ids: [known, elsewhere] })] });
    expect(batch.status).toBe(400);
    expect(batch.json.error.path).toBe('orders.1.calculation_ids.1');
    expect((await call('GET', '/v3/integrations/vote/order/o2')).status).toBe(404);
    const repeated = await call('POST', '/v3/integrations/vote/order', { order: order('o4', { calculation_ids: [known, known] }) });
    expect(repeated.json.error.path).toBe('order.calculation_ids.1');
  });

  it('carries its calculation ids and CO2e in its events', async () => {
    const { call } = await setup();
    const id = (await call('POST', '/v3/flight', { ...flight, record: {} })).json.calculation_id as string;
    await call('POST', '/v3/integrations/vote/order', { order: order('o1', { calculation_ids: [id] }) });
    const events = await call('GET', '/v3/integrations/events');
    expect(events.json.events[0].data.order).toMatchObject({ calculation_ids: [id], co2e_kg: expect.any(Number) });
  });
});
