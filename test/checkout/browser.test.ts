// <truecost-opt-in> and <truecost-success> in headless Chromium, on a shop page under
// `default-src 'self'; style-src 'self'`: formatting in the page's locale, keyboard, the event, the
// form value, the endpoint round trip, its failure and quick clicks, axe-core's WCAG 2.1 A/AA
// rules, and silence (no console message, no request the card was not asked to make).
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVE_FAILED } from '../../src/checkout/opt-in.js';
import { checkoutScript, page, startShop, type Shop } from './page-server.js';
import { createHandler, generateApiKey, hashApiKey, toNodeListener } from '../../src/http/index.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import { requestSamples } from '../../src/testing/index.js';

const CHROMIUM = '/usr/bin/chromium';
const root = resolve(import.meta.dirname, '../..');
const axeSource = readFileSync(resolve(root, 'node_modules/axe-core/axe.min.js'), 'utf8');
// The shop's own style sheet, with the rule docs/checkout.md gives for the time before the script.
const shopCss = `body{font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#fff;margin:2em}
${/```css\n(truecost-opt-in:not[\s\S]*?)```/.exec(readFileSync(resolve(root, 'docs/checkout.md'), 'utf8'))![1]}`;

const CARD = 'name="neutralise" cart-id="cart-1" climes="0.42" kg="3.2" amount-minor="42" currency="EUR" variant="calculated"';
const form = (card: string) => `<form id="order" action="/order" method="post"><truecost-opt-in ${card}></truecost-opt-in><button type="submit">Order</button></form>`;
const SUCCESS = '<truecost-success kg="3.2" climes="0.42" project-name="Mangroves of Sundarbans" unlock-date="1798761600000" certificate-href="/certificate/o-1" vote-href="https://vote.example/p"></truecost-success>';

let browser: Browser;
let shop: Shop;
beforeAll(async () => {
  const [script] = await Promise.all([checkoutScript()]);
  shop = await startShop(script, shopCss);
  shop.pages.set('/de', page('de-DE', form(CARD)));
  shop.pages.set('/en', page('en', form(CARD)));
  shop.pages.set('/stored', page('de-DE', form(`${CARD} checked`)));
  shop.pages.set('/vote', page('en-GB', form('name="neutralise" cart-id="cart-2" climes="1" kg="1500" variant="vote"')));
  shop.pages.set('/saving', page('de-DE', form(`${CARD} endpoint="/save"`)));
  shop.pages.set('/success', page('de-DE', SUCCESS));
  shop.pages.set('/success-bare', page('en', '<truecost-success kg="3.2" certificate-href="javascript:alert(1)"></truecost-success>'));
  // The cards before the module arrives: the page loads it only when the test says.
  shop.pages.set('/late', page('en', form(CARD) + SUCCESS.replace(/ certificate-href="[^"]*" vote-href="[^"]*"/, '')).replace('<script type="module" src="/checkout.js"></script>', ''));
  shop.pages.set('/both', page('de-DE', form(`${CARD} endpoint="/save"`) + SUCCESS));
  shop.pages.set('/grams', page('en', form('name="neutralise" cart-id="cart-3" climes="0.0045" kg="0.045" amount-minor="5" currency="EUR" variant="calculated"')));
  // An order whose unlock date has passed, told by its state or by its date alone, and a cancelled one.
  shop.pages.set('/final', page('en', `${SUCCESS.replace('unlock-date="1798761600000"', 'unlock-date="0" state="unlocked"')}`));
  shop.pages.set('/past', page('en', `${SUCCESS.replace('unlock-date="1798761600000"', 'unlock-date="0"')}`));
  shop.pages.set('/cancelled', page('en', `${SUCCESS.replace('unlock-date="1798761600000"', 'unlock-date="1798761600000" state="cancelled"')}`));
  shop.pages.set('/locked', page('en', `${SUCCESS.replace('unlock-date="1798761600000"', 'unlock-date="1798761600000" state="locked"')}`));
  shop.pages.set(
    '/hindi',
    page('hi', form(`name="neutralise" cart-id="cart-4" climes="0.42" kg="3.2" amount-minor="3500" currency="INR" variant="calculated" endpoint="/save"`) +
      '<truecost-success kg="1234.5" climes="1234.5" project-name="सुंदरबन के मैंग्रोव" unlock-date="1798761600000" state="locked" certificate-href="/certificate/o-1" vote-href="https://vote.example/p"></truecost-success>'),
  );
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** A page in a fresh context (no CSP bypass), with every console message, error and request it makes. */
async function open(path: string): Promise<{ page: Page; context: BrowserContext; messages: string[]; requests: string[] }> {
  const context = await browser.newContext();
  const tab = await context.newPage();
  const messages: string[] = [];
  const requests: string[] = [];
  tab.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  tab.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  tab.on('request', (request) => requests.push(`${request.method()} ${new URL(request.url()).pathname}`));
  await tab.goto(`${shop.base}${path}`);
  await tab.waitForFunction(() => customElements.get('truecost-opt-in') !== undefined && customElements.get('truecost-success') !== undefined);
  // Every change event the card sends, as the page sees it.
  await tab.evaluate(() => {
    const seen: unknown[] = [];
    (window as unknown as { seen: unknown[] }).seen = seen;
    document.addEventListener('truecost-optin-change', (event) => seen.push((event as CustomEvent).detail));
  });
  return { page: tab, context, messages, requests };
}

const events = (tab: Page) => tab.evaluate(() => (window as unknown as { seen: unknown[] }).seen);
const formFields = (tab: Page) => tab.evaluate(() => [...new FormData(document.querySelector('form')!)]);
const boxChecked = (tab: Page) => tab.locator('truecost-opt-in input').isChecked();

describe('<truecost-opt-in> on a strict-CSP page', () => {
  it('formats kg and price in the page language and starts unchecked', async () => {
    const { page: de, context } = await open('/de');
    expect(await de.locator('truecost-opt-in label').innerText()).toMatch(/^Neutralise 3,2\skg CO₂e for 0,42\s€$/);
    expect(await boxChecked(de)).toBe(false);
    expect(await de.locator('truecost-opt-in').evaluate((card) => card.hasAttribute('checked'))).toBe(false);
    expect(await formFields(de)).toEqual([]);
    // The same card on an English page, and the locale attribute over the page's language.
    const en = await context.newPage();
    await en.goto(`${shop.base}/en`);
    expect(await en.locator('truecost-opt-in label').innerText()).toBe('Neutralise 3.2 kg CO₂e for €0.42');
    await en.locator('truecost-opt-in').evaluate((card) => card.setAttribute('locale', 'fr-FR'));
    expect(await en.locator('truecost-opt-in label').innerText()).toMatch(/^Neutralise 3,2\skg CO₂e for 0,42\s€$/);
    await en.locator('truecost-opt-in').evaluate((card) => card.setAttribute('currency', 'JPY'));
    expect(await en.locator('truecost-opt-in label').innerText()).toMatch(/^Neutralise 3,2\skg CO₂e for 42\sJPY$/);
    await context.close();
  });

  it('refuses a negative kg, a price that is no whole number and an unknown currency: nothing wrong shown, one warning each', async () => {
    const { page: en, context, messages } = await open('/en');
    const card = en.locator('truecost-opt-in');
    await card.evaluate((element) => element.setAttribute('kg', '-5'));
    expect(await en.locator('truecost-opt-in label').innerText()).toBe('Neutralise the CO₂e of this order for €0.42');
    await card.evaluate((element) => element.setAttribute('currency', 'ZZZ'));
    expect(await en.locator('truecost-opt-in label').innerText()).toBe('Neutralise the CO₂e of this order');
    await card.evaluate((element) => element.setAttribute('locale', 'de-DE'));
    await card.evaluate((element) => {
      element.setAttribute('currency', 'EUR');
      element.setAttribute('amount-minor', '4.5');
    });
    expect(await en.locator('truecost-opt-in label').innerText()).toBe('Neutralise the CO₂e of this order');
    // Re-rendered several times, each refused value was warned of once.
    expect(messages).toEqual([
      'warning: <truecost-opt-in> kg="-5" is refused: it must be a number, at least 0; it is left out.',
      'warning: <truecost-opt-in> currency="ZZZ" is refused: it is not an ISO 4217 currency code; it is left out.',
      'warning: <truecost-opt-in> amount-minor="4.5" is refused: it must be a whole number, at least 0; it is left out.',
    ]);
    await context.close();
  });

  it('shows no price when the merchant pays (vote), and starts checked when the stored choice says so', async () => {
    const { page: vote, context } = await open('/vote');
    expect(await vote.locator('truecost-opt-in label').innerText()).toBe('Neutralise 1,500 kg CO₂e');
    const stored = await context.newPage();
    await stored.goto(`${shop.base}/stored`);
    await stored.waitForFunction(() => customElements.get('truecost-opt-in') !== undefined);
    expect(await boxChecked(stored)).toBe(true);
    expect(await formFields(stored)).toEqual([['neutralise', 'on']]);
    await stored.locator('truecost-opt-in input').uncheck();
    expect(await formFields(stored)).toEqual([]);
    expect(await stored.locator('truecost-opt-in').evaluate((card) => card.hasAttribute('checked'))).toBe(false);
    await context.close();
  });

  it('Tab reaches the box, Space sends one event, the form carries the field only when checked, and nothing is logged or requested', async () => {
    const { page: tab, context, messages, requests } = await open('/de');
    await tab.keyboard.press('Tab');
    expect(await tab.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.getAttribute('type'))).toBe('checkbox');
    // The focus ring is drawn.
    expect(await tab.locator('truecost-opt-in input').evaluate((box) => getComputedStyle(box).outlineStyle)).toBe('solid');
    await tab.keyboard.press('Space');
    expect(await events(tab)).toEqual([{ cartId: 'cart-1', optedIn: true, climes: 0.42 }]);
    expect(await formFields(tab)).toEqual([['neutralise', 'on']]);
    expect(await tab.locator('truecost-opt-in').evaluate((card) => card.hasAttribute('checked'))).toBe(true);
    await tab.keyboard.press('Space');
    expect(await events(tab)).toEqual([
      { cartId: 'cart-1', optedIn: true, climes: 0.42 },
      { cartId: 'cart-1', optedIn: false, climes: 0.42 },
    ]);
    expect(await formFields(tab)).toEqual([]);
    // The event crosses the shadow boundary and bubbles to the document (composed, bubbles).
    expect(messages).toEqual([]);
    expect(requests).toEqual(['GET /de', 'GET /shop.css', 'GET /checkout.js']);
    // No cookie and no storage.
    expect(await context.cookies()).toEqual([]);
    expect(await tab.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
    await context.close();
  });

  it('with endpoint, POSTs each change as JSON and keeps it as the saved state', async () => {
    shop.saved.length = 0;
    const { page: tab, context, messages } = await open('/saving');
    await tab.locator('truecost-opt-in input').check();
    await tab.waitForFunction(() => document.querySelector('truecost-opt-in')!.hasAttribute('checked'));
    expect(shop.saved).toEqual([{ contentType: 'application/json', body: { cart_id: 'cart-1', opted_in: true, climes: 0.42 } }]);
    expect(await events(tab)).toEqual([{ cartId: 'cart-1', optedIn: true, climes: 0.42 }]);
    expect(messages).toEqual([]);
    await context.close();
  });

  it('when the endpoint fails, puts the box back to the saved state and says so in an alert', async () => {
    shop.saved.length = 0;
    const { page: tab, context } = await open('/saving');
    shop.answers.push({ status: 503, delayMs: 0 });
    await tab.locator('truecost-opt-in input').click();
    const alert = tab.locator('truecost-opt-in [role=alert]');
    await expect.poll(() => alert.innerText()).toBe(SAVE_FAILED);
    expect(await boxChecked(tab)).toBe(false);
    expect(await formFields(tab)).toEqual([]);
    expect(await events(tab)).toEqual([
      { cartId: 'cart-1', optedIn: true, climes: 0.42 },
      { cartId: 'cart-1', optedIn: false, climes: 0.42 },
    ]);
    // The next change that is saved clears the alert.
    await tab.locator('truecost-opt-in input').click();
    await tab.waitForFunction(() => document.querySelector('truecost-opt-in')!.hasAttribute('checked'));
    expect(await alert.innerText()).toBe('');
    expect(shop.saved.map((save) => (save.body as { opted_in: boolean }).opted_in)).toEqual([true, true]);
    await context.close();
  });

  it('drops a stale answer: quick clicks end on the last choice, saved last', async () => {
    shop.saved.length = 0;
    const { page: tab, context } = await open('/saving');
    shop.answers.push({ status: 200, delayMs: 400 });
    const box = tab.locator('truecost-opt-in input');
    const before = shop.answered();
    await box.click();
    await box.click();
    // The first answer (saved: opted in) arrives while the box shows the shopper's second click.
    await expect.poll(() => shop.answered() - before, { timeout: 5000 }).toBe(2);
    await tab.waitForTimeout(50);
    expect(await boxChecked(tab)).toBe(false);
    expect(await tab.locator('truecost-opt-in').evaluate((card) => card.hasAttribute('checked'))).toBe(false);
    expect(shop.saved.map((save) => (save.body as { opted_in: boolean }).opted_in)).toEqual([true, false]);
    expect(await formFields(tab)).toEqual([]);
    await context.close();
  });

  it('a second import of the module is harmless', async () => {
    const { page: tab, context, messages } = await open('/de');
    // As text: the test runner would rewrite a dynamic import() in a function.
    const same = await tab.evaluate(`(async () => {
      const before = customElements.get('truecost-opt-in');
      await import('/checkout.js?again');
      return customElements.get('truecost-opt-in') === before;
    })()`);
    expect(same).toBe(true);
    expect(messages).toEqual([]);
    await context.close();
  });
});

describe('the documented :not(:defined) rule', () => {
  it('reserves the height each card takes once drawn, so nothing shifts when the module arrives', async () => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    await tab.goto(`${shop.base}/late`);
    const heights = () => tab.evaluate(() => ['truecost-opt-in', 'truecost-success'].map((name) => document.querySelector(name)!.getBoundingClientRect().height));
    const before = await heights();
    expect(await tab.evaluate(() => customElements.get('truecost-opt-in'))).toBeUndefined();
    await tab.evaluate(`import('/checkout.js')`);
    await tab.waitForFunction(() => customElements.get('truecost-success') !== undefined);
    const after = await heights();
    expect(after[0]).toBeGreaterThan(0);
    for (const [index, height] of after.entries()) expect(Math.abs(height - before[index]!), `card ${index}: ${before} then ${after}`).toBeLessThan(0.5);
    await context.close();
  });
});

describe('<truecost-success>', () => {
  it('shows what was neutralised, the project, the date in the page language and the links', async () => {
    const { page: tab, context, messages } = await open('/success');
    const text = await tab.locator('truecost-success section').innerText();
    expect(text).toContain('3,2 kg CO₂e neutralised (0,42 climes). Thank you!');
    expect(text).toContain('Project: Mangroves of Sundarbans');
    expect(text).toMatch(/You can change this until 1\. Januar 2027 um \d\d:\d\d\./);
    expect(await tab.locator('truecost-success a[part=certificate]').getAttribute('href')).toBe(`${shop.base}/certificate/o-1`);
    expect(await tab.locator('truecost-success a[part=vote]').getAttribute('href')).toBe('https://vote.example/p');
    expect(messages).toEqual([]);
    // No project, no date and a link that is not http(s): none shown.
    await tab.goto(`${shop.base}/success-bare`);
    await tab.waitForFunction(() => customElements.get('truecost-success') !== undefined);
    expect(await tab.locator('truecost-success section').innerText()).toBe('3.2 kg CO₂e neutralised. Thank you!');
    expect(await tab.locator('truecost-success a').count()).toBe(0);
    await context.close();
  });
});

describe('what the cards say', () => {
  it('shows grams under 0.1 kg: a 45 g cart is "45 g CO₂e"', async () => {
    const { page: tab, context, messages } = await open('/grams');
    expect(await tab.locator('truecost-opt-in label').innerText()).toBe('Neutralise 45 g CO₂e for €0.05');
    expect(messages).toEqual([]);
    await context.close();
  });

  it('offers no change on a final order: unlocked, past its unlock date, or cancelled', async () => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    for (const path of ['/final', '/past', '/cancelled']) {
      await tab.goto(`${shop.base}${path}`);
      await tab.waitForFunction(() => customElements.get('truecost-success') !== undefined);
      const text = await tab.locator('truecost-success section').innerText();
      expect(text, path).not.toMatch(/change|1970/);
      expect(text, path).toContain(path === '/cancelled' ? 'The neutralisation of this order was cancelled.' : 'This neutralisation is final.');
    }
    await tab.goto(`${shop.base}/locked`);
    await tab.waitForFunction(() => customElements.get('truecost-success') !== undefined);
    expect(await tab.locator('truecost-success section').innerText()).toMatch(/You can change this until January 1, 2027 at \d{1,2}:\d\d [AP]M\./);
    await context.close();
  });

  it('speaks Hindi on a Hindi page: every word, numbers and money through Intl for hi-IN', async () => {
    const { page: tab, context, messages } = await open('/hindi');
    const label = await tab.locator('truecost-opt-in label').innerText();
    const success = await tab.locator('truecost-success section').innerText();
    const latinWords = (text: string) => text.replaceAll('CO₂e', '').match(/[A-Za-z]+/g) ?? [];
    expect(label).toBe(`${new Intl.NumberFormat('hi-IN', { style: 'currency', currency: 'INR' }).format(35)} में ${new Intl.NumberFormat('hi-IN', { style: 'unit', unit: 'kilogram', maximumFractionDigits: 1 }).format(3.2)} CO₂e निष्प्रभावित करें`);
    expect(success).toContain(`${new Intl.NumberFormat('hi-IN', { style: 'unit', unit: 'kilogram', maximumFractionDigits: 1 }).format(1234.5)} CO₂e निष्प्रभावित (1,234.5 क्लाइम्स)। धन्यवाद!`);
    expect(success).toContain('परियोजना: सुंदरबन के मैंग्रोव');
    expect(success).toMatch(/आप इसे 1 जनवरी 2027 को \d\d:\d\d बजे तक बदल सकते हैं।/);
    expect(success).toContain('प्रमाणपत्र देखें');
    expect(await tab.locator('truecost-success section').getAttribute('aria-label')).toBe('कार्बन-तटस्थ ऑर्डर');
    expect(messages).toEqual([]);
    shop.answers.push({ status: 500, delayMs: 0 });
    await tab.locator('truecost-opt-in input').click();
    await expect.poll(() => tab.locator('truecost-opt-in [role=alert]').innerText()).toBe('आपकी पसंद सहेजी नहीं जा सकी। कृपया फिर से प्रयास करें।');
    expect([label, success].flatMap(latinWords)).toEqual([]);
    await context.close();
  });
});

describe('accessibility (axe-core, WCAG 2.1 A and AA)', () => {
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

  it('finds no violation in either card, checked, unchecked or with its alert', async () => {
    // axe's script is injected, which the strict policy forbids: in a context of its own that
    // bypasses the policy (the other tests run without).
    const context = await browser.newContext({ bypassCSP: true });
    const tab = await context.newPage();
    await tab.goto(`${shop.base}/both`);
    await tab.waitForFunction(() => customElements.get('truecost-success') !== undefined);
    await tab.addScriptTag({ content: axeSource });
    const violations = () =>
      tab.evaluate(
        async (values) => {
          const result = await (window as unknown as { axe: { run(context: Document, options: unknown): Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe.run(document, { runOnly: { type: 'tag', values } });
          return result.violations.map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes)}`);
        },
        tags,
      );
    expect(await violations()).toEqual([]);
    shop.answers.push({ status: 500, delayMs: 0 });
    await tab.locator('truecost-opt-in input').click();
    await expect.poll(() => tab.locator('truecost-opt-in [role=alert]').innerText()).toBe(SAVE_FAILED);
    expect(await violations()).toEqual([]);
    await tab.locator('truecost-opt-in input').click();
    await tab.waitForFunction(() => document.querySelector('truecost-opt-in')!.hasAttribute('checked'));
    expect(await violations()).toEqual([]);
    // At 200 % zoom (half the width) the label wraps: the card stays within the page.
    await tab.setViewportSize({ width: 320, height: 640 });
    const overflow = await tab.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    expect(await violations()).toEqual([]);
    await context.close();
  });
});

describe("the shopper's path, from the card to the certificate (docs/checkout.md)", () => {
  const images = resolve(root, 'docs/images');
  // Hindi needs a Devanagari font, which a machine running the tests may lack: those pictures are
  // kept with the test's artifacts, not in the docs.
  const artifacts = resolve(root, 'test-artifacts/checkout');
  let truecost: { base: string; close(): Promise<void> };
  let certificateUrl: string;

  beforeAll(async () => {
    const store = createMemoryStore();
    const key = generateApiKey('staging');
    await store.addApiKey({ keyHash: await hashApiKey(key), partnerId: 'chai', environment: 'staging', createdAt: 0 });
    const server = createServer(toNodeListener(createHandler({ store })));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    truecost = { base, close: () => new Promise<void>((done) => server.close(() => done())) };
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${base}${path}`, { method, headers: { 'x-api-key': key, 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      return (await response.json()) as Record<string, any>;
    };
    const flight = await call('POST', '/v3/flight', { queries: { flights: [{ departure: 'DEL', arrival: 'BOM', no_of_tickets: 1 }] }, record: {} });
    const shipment = await call('POST', '/v3/logistics', { queries: { legs: requestSamples.logistics.queries.legs.slice(0, 2) }, record: {} });
    await store.setProfile('chai', { displayName: 'Chai & Co', gramsPerClime: 10_000, locale: 'en' }, 0);
    await store.putProject({ partnerId: 'chai', projectId: 'mangroves', name: 'Mangroves of the Sundarbans', registry: 'Verra', registryUrl: 'https://registry.verra.org/app/projectDetail/VCS/1' }, 0);
    const order = { partner_order_id: 'o-1', climes: 0.42, customer_email: 'ada@example.com', customer_name: 'Ada Lovelace', project_id: 'mangroves', calculation_ids: [flight.calculation_id, shipment.calculation_id], unlock_date: Date.parse('2027-01-05T12:00:00Z') };
    await call('POST', '/v3/integrations/calculated/order', { order });
    certificateUrl = `${base}${(await call('GET', '/v3/integrations/calculated/order/o-1')).order.certificate_url}`;
    mkdirSync(images, { recursive: true });
    mkdirSync(artifacts, { recursive: true });
  }, 60_000);
  afterAll(() => truecost?.close());

  it('keeps a picture of each step: the opt-in card, the success card (in English and Hindi), and the certificate', async () => {
    const context = await browser.newContext({ viewport: { width: 640, height: 400 } });
    const tab = await context.newPage();
    shop.pages.set('/path-success', page('en-GB', SUCCESS.replace('/certificate/o-1', certificateUrl).replace('unlock-date="1798761600000"', 'unlock-date="1798761600000" state="locked"')));
    for (const [path, element, file] of [
      ['/en', 'form', join(images, 'checkout-opt-in.png')],
      ['/hindi', 'main', join(artifacts, 'checkout-hindi.png')],
      ['/path-success', 'truecost-success', join(images, 'checkout-success.png')],
    ] as const) {
      await tab.goto(`${shop.base}${path}`);
      await tab.waitForFunction(() => customElements.get('truecost-success') !== undefined);
      await tab.locator(element).screenshot({ path: file });
    }
    await tab.locator('truecost-success a[part=certificate]').click();
    await tab.waitForURL(certificateUrl);
    await tab.setViewportSize({ width: 900, height: 1000 });
    await tab.screenshot({ path: join(images, 'certificate.png'), fullPage: true });
    await context.close();
  });

  it("opens the certificate under its strict CSP: styled, nothing loaded, nothing logged, no customer data, in Hindi for ?lang=hi", async () => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    const messages: string[] = [];
    const requests: string[] = [];
    tab.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
    tab.on('request', (request) => requests.push(request.url()));
    await tab.goto(certificateUrl);
    expect(await tab.locator('main').evaluate((main) => getComputedStyle(main).borderTopColor)).toBe('rgb(11, 110, 79)');
    expect(await tab.title()).toBe('Carbon neutralisation certificate: Chai & Co');
    const text = await tab.locator('body').innerText();
    expect(text).toContain('Mangroves of the Sundarbans');
    expect(text).toContain('a flight DEL–BOM');
    expect(text).toContain('a shipment of 2 legs');
    expect(text).not.toMatch(/ada@example|Ada Lovelace|o-1/);
    expect(await tab.locator('a').getAttribute('href')).toBe('https://registry.verra.org/app/projectDetail/VCS/1');
    // On a phone the page fits its width; printed, it drops its colours and spells out the registry link.
    await tab.setViewportSize({ width: 360, height: 740 });
    expect(await tab.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await tab.emulateMedia({ media: 'print' });
    expect(await tab.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
    await tab.emulateMedia({ media: 'screen' });
    await tab.goto(`${certificateUrl}?lang=hi`);
    expect(await tab.locator('html').getAttribute('lang')).toBe('hi');
    expect(await tab.locator('h1').innerText()).toBe('कार्बन निष्प्रभावन प्रमाणपत्र');
    await tab.setViewportSize({ width: 900, height: 1000 });
    await tab.screenshot({ path: join(artifacts, 'certificate-hindi.png'), fullPage: true });
    expect(messages).toEqual([]);
    expect(requests.every((url) => url.startsWith(certificateUrl))).toBe(true);
    await context.close();
  });

  it('axe-core finds no violation on the certificate, in English and in Hindi', async () => {
    // axe's script is injected, which the page's policy forbids: in a context that bypasses it.
    const context = await browser.newContext({ bypassCSP: true });
    const tab = await context.newPage();
    for (const target of [certificateUrl, `${certificateUrl}?lang=hi`]) {
      await tab.goto(target);
      await tab.addScriptTag({ content: axeSource });
      const violations = await tab.evaluate(async () => {
        const result = await (window as unknown as { axe: { run(context: Document, options: unknown): Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe.run(document, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
        });
        return result.violations.map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes)}`);
      });
      expect(violations, target).toEqual([]);
    }
    await context.close();
  });
});
