// The partner's whole path in a real browser (headless Chromium), against `truecost serve` on
// SQLite and on PostgreSQL: invitation from the real CLI, password, sign-in, keys used against the
// API, the result endpoint with a test delivery, orders with their history and CSV, a failed bulk
// job retried, sign-out. Each page is kept as a screenshot in test-artifacts/dashboard/.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkFlightRequestSchema, validate } from '../../src/index.js';
import type { Store } from '../../src/orders/store.js';
import { openPostgresStore } from '../../src/stores/postgres.js';
import { openSqliteStore } from '../../src/stores/sqlite.js';
import { startReceiver, type Receiver } from '../bulk/receiver.js';
import { root, startService, truecost } from '../e2e/serve-process.js';
import { calculatorSamples } from '../schemas/samples.js';
import { dropSchema } from '../setup/pg-schema.js';

const CHROMIUM = '/usr/bin/chromium';
const artifacts = resolve(root, 'test-artifacts/dashboard');
const pgUrl = process.env['TRUECOST_TEST_PG_URL'];
const work = mkdtempSync(join(tmpdir(), 'truecost-dashboard-'));
const PASSWORD = 'staging and production';

let browser: Browser;
beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

interface Target {
  readonly name: string;
  readonly db: string;
  open(): Promise<Store>;
  cleanup(): Promise<void>;
}

const schema = `truecost_dash_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
const targets: Target[] = [
  {
    name: 'sqlite',
    db: `sqlite:${join(work, 'dashboard.db')}`,
    open: () => openSqliteStore({ path: join(work, 'dashboard.db') }),
    cleanup: async () => {},
  },
  {
    name: 'postgres',
    db: pgUrl === undefined ? '' : `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}schema=${schema}`,
    open: () => openPostgresStore({ connectionString: pgUrl!, schema }),
    cleanup: () => dropSchema(pgUrl!, schema),
  },
];

/** A failed bulk job of the partner, made before the service starts (so no worker delivers it first). */
async function failedJob(target: Target, partnerId: string): Promise<string> {
  const store = await target.open();
  try {
    const parsed = validate(bulkFlightRequestSchema, calculatorSamples.bulkFlight);
    if (!parsed.ok) throw new Error('the sample must be valid');
    const jobId = `job-${partnerId}`;
    const now = Date.now() - 60_000;
    await store.enqueueJob({ partnerId, environment: 'staging', jobId, request: parsed.value, createdAt: now });
    await store.claimJob('earlier-worker', now, 1000);
    await store.recordAttempt(jobId, 'earlier-worker', { delivered: false, at: now, error: 'The endpoint answered 503.', nextAttemptAt: null });
    return jobId;
  } finally {
    await store.close();
  }
}

async function shot(page: Page, target: Target, name: string): Promise<void> {
  await page.screenshot({ path: join(artifacts, `${target.name}-${name}.png`), fullPage: true });
}

for (const target of targets) {
  describe.skipIf(target.name === 'postgres' && pgUrl === undefined)(`the dashboard on ${target.name}`, () => {
    let receiver: Receiver;
    let secret = '';
    afterAll(async () => {
      await receiver?.close();
      await target.cleanup();
    });

    it('takes a partner from the invitation to sign-out', async () => {
      const partnerId = `acme-${target.name}`;
      const jobId = await failedJob(target, partnerId);
      receiver = await startReceiver(() => secret, (delivery) => (delivery.webhookId.startsWith('test_') ? 202 : 200));
      const service = await startService(['--db', target.db, '--allow-private-endpoints']);
      const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1100, height: 800 } });
      const page = await context.newPage();
      try {
        // The operator's invitation: one line, the URL alone.
        const invite = truecost(['partners', 'invite', '--partner', partnerId, '--db', target.db, '--base-url', service.base]);
        expect(invite.status).toBe(0);
        const inviteUrl = invite.stdout.trim();
        expect(inviteUrl).toMatch(new RegExp(`^${service.base}/dashboard/invite/[\\w-]{43}$`));

        await page.goto(inviteUrl);
        await shot(page, target, '01-set-password');
        await page.getByLabel('New password').fill(PASSWORD);
        await page.getByLabel('The same password again').fill(PASSWORD);
        await page.getByRole('button', { name: 'Set password and sign in' }).click();
        await page.waitForURL(`${service.base}/dashboard/keys`);

        // The invitation works once.
        const reuse = await context.newPage();
        expect((await reuse.goto(inviteUrl))?.status()).toBe(410);
        await reuse.close();

        // Sign out and in again with the password.
        await page.getByRole('button', { name: 'Sign out' }).click();
        await page.waitForURL(`${service.base}/dashboard/sign-in`);
        await page.getByLabel('Partner ID').fill(partnerId);
        await page.getByLabel('Password').fill(PASSWORD);
        await shot(page, target, '02-sign-in');
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.waitForURL(`${service.base}/dashboard/keys`);

        // A staging key, shown once, used against the API.
        await page.getByRole('button', { name: 'Create a staging key' }).click();
        const key = await page.locator('#new-key').inputValue();
        expect(key).toMatch(/^truecost_staging_/);
        await expect.poll(() => page.getByRole('button', { name: 'Copy' }).isVisible()).toBe(true);
        await shot(page, target, '03-new-key');
        const api = (path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') =>
          fetch(`${service.base}${path}`, {
            method,
            headers: { 'x-api-key': key, 'content-type': 'application/json' },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
        const created = await api('/v3/integrations/vote/order', {
          order: { partner_order_id: 'order-42', climes: 2, customer_email: 'ada@example.com', customer_name: '<script>alert(1)</script>', cart_id: 'cart-42' },
        });
        expect(created.status).toBe(201);
        expect((await api('/v3/integrations/vote/order/add', { partner_order_id: 'order-42', climes: 0.5 }, 'PATCH')).status).toBe(200);
        expect((await api('/v3/integrations/vote/order', { order: { partner_order_id: 'order-43', climes: 1, customer_email: 'b@example.com', customer_name: 'Bea' } })).status).toBe(201);
        expect((await api('/v3/integrations/vote/opt-in', { cart_id: 'cart-42', opted_in: true, climes: 2 })).status).toBe(200);

        await page.goto(`${service.base}/dashboard/keys`);
        await expect.poll(() => page.locator('tbody tr', { hasText: 'truecost_staging_' }).count()).toBe(1);
        expect(await page.content()).not.toContain(key);
        // "Last used" was recorded off the request path, at the first request of the minute.
        expect(await page.locator('tbody tr', { hasText: 'truecost_staging_' }).locator('td').nth(2).textContent()).toMatch(/ UTC$/);
        await shot(page, target, '04-keys');

        // Revoked, the key is refused at once.
        await page.getByRole('button', { name: /^Revoke key/ }).click();
        await expect.poll(() => page.getByText(/^Revoked /).count()).toBe(1);
        expect((await api('/v3/integrations/vote/order/order-42')).status).toBe(401);

        // The result endpoint: set, secret shown once, test delivery answered by the receiver.
        await page.getByRole('link', { name: 'Result endpoint' }).click();
        await page.getByLabel('Result URL').fill(receiver.url);
        await page.getByRole('button', { name: 'Save the URL' }).click();
        secret = await page.locator('#new-secret').inputValue();
        expect(secret).toMatch(/^whsec_/);
        await page.getByRole('button', { name: 'Send a test delivery' }).click();
        await expect.poll(() => page.locator('#test-status').textContent()).toBe('202');
        expect(receiver.deliveries.find((delivery) => delivery.webhookId.startsWith('test_'))?.verified).toBe(true);
        await shot(page, target, '05-endpoint-test');

        // Orders: found by search, rendered as text, with history, exported as CSV.
        await page.getByRole('link', { name: 'Orders' }).click();
        await page.getByLabel('partner_order_id or cart_id').fill('cart-42');
        await page.getByRole('button', { name: 'Filter' }).click();
        await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
        await shot(page, target, '06-orders');
        const download = page.waitForEvent('download');
        await page.getByRole('link', { name: 'Export these orders as CSV' }).click();
        const csv = readFileSync((await (await download).path())!, 'utf8');
        expect(csv.split('\r\n')[1]).toMatch(/^staging,vote,order-42,cart-42,locked,2.5,<script>alert\(1\)<\/script>,/);
        await page.getByRole('link', { name: 'order-42' }).click();
        expect(await page.getByRole('row', { name: /customer_name/ }).textContent()).toContain('<script>alert(1)</script>');
        expect(await page.locator('script:not([src])').count()).toBe(0);
        await expect.poll(() => page.getByRole('row', { name: /Climes added/ }).textContent()).toContain('+0.5');
        await shot(page, target, '07-order');

        await page.getByRole('link', { name: 'Opt-ins' }).click();
        await expect.poll(() => page.getByRole('row', { name: /cart-42/ }).count()).toBe(1);
        await shot(page, target, '08-opt-ins');

        // The failed job, retried: the service's worker delivers it to the endpoint.
        await page.getByRole('link', { name: 'Bulk jobs' }).click();
        await shot(page, target, '09-jobs');
        await page.getByRole('link', { name: jobId }).click();
        expect(await page.getByText('The endpoint answered 503.').count()).toBe(1);
        await page.getByRole('button', { name: 'Retry the delivery' }).click();
        await receiver.waitFor(2);
        await expect
          .poll(async () => {
            await page.reload();
            return page.locator('#job-state').textContent();
          }, { timeout: 20_000 })
          .toBe('delivered');
        expect(receiver.deliveriesOf(jobId)[0]?.verified).toBe(true);
        expect(await page.locator('pre').textContent()).toContain('B1');
        await shot(page, target, '10-job');

        // On a phone the pages stay one column wide.
        await page.setViewportSize({ width: 375, height: 740 });
        await page.goto(`${service.base}/dashboard/keys`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        await shot(page, target, '11-keys-phone');

        // Sign-out ends the session: its cookie no longer opens a page.
        const cookies = await context.cookies();
        await page.getByRole('button', { name: 'Sign out' }).click();
        await page.waitForURL(`${service.base}/dashboard/sign-in`);
        const replay = await browser.newContext();
        await replay.addCookies(cookies);
        const replayed = await replay.newPage();
        await replayed.goto(`${service.base}/dashboard/orders`);
        expect(replayed.url()).toBe(`${service.base}/dashboard/sign-in`);
        await replay.close();
      } finally {
        await context.close();
        expect(await service.stop('SIGTERM')).toBe(0);
      }
    }, 180_000);
  });
}

it('keeps its screenshots where CI can collect them', () => {
  expect(existsSync(artifacts)).toBe(true);
});
