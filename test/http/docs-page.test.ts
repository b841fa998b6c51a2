import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/http/handler.js';
import { readApiReferenceScript, toNodeListener } from '../../src/http/node.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import * as expressExample from '../../examples/express.js';
import { demoHandler } from '../../examples/shared.js';

// The API reference page in a real browser, from a real server: it must render the operations
// from the package's own files and never reach out to another host.
const CHROMIUM = '/usr/bin/chromium';

let server: Server;
let base: string;
let shop: Server;
let shopBase: string;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`The browser test needs Chromium at ${CHROMIUM} (apt-get install -y chromium; .ci/run installs it).`);
  const apiReferenceScript = await readApiReferenceScript();
  if (apiReferenceScript === undefined) throw new Error('@scalar/api-reference is not installed.');
  server = createServer(toNodeListener(createHandler({ store: createMemoryStore(), apiReferenceScript })));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The Express example mounts truecost under /truecost: the page must find its script there.
  shop = expressExample.createApp((await demoHandler()).handler).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => shop.once('listening', resolve));
  shopBase = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  await new Promise((resolve) => shop?.close(resolve));
});

describe('/docs in a browser', () => {
  it.each([
    ['at /docs', () => ({ origin: base, page: `${base}/docs`, document: `${base}/openapi.json` })],
    ['under a prefix, from the Express example', () => ({ origin: shopBase, page: `${shopBase}/truecost/docs`, document: `${shopBase}/truecost/openapi.json` })],
  ])('renders the operations and makes no request to another host (%s)', async (_where, target) => {
    const { origin, page: address, document } = target();
    const base = origin;
    const page = await browser.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    // Answer any request outside the server with an error, so nothing leaves the machine.
    await page.route((url) => url.origin !== base && !url.protocol.startsWith('data') && !url.protocol.startsWith('blob'), (route) =>
      route.abort(),
    );
    await page.goto(address);
    await page.getByText('Flight truecost (E6)').first().waitFor({ timeout: 30_000 });
    await page.getByText('Health check').first().waitFor();
    // Give late requests (search indexes, registries, telemetry) the time to start.
    await page.waitForTimeout(3_000);
    const text = await page.locator('body').innerText();
    await page.close();
    const elsewhere = requested.filter((url) => !url.startsWith(`${base}/`) && !url.startsWith('data:') && !url.startsWith('blob:'));
    expect(elsewhere).toEqual([]);
    expect(requested).toContain(document);
    // Nothing on the page needs another host.
    for (const needsInternet of ['Ask AI', 'Share', 'Deploy', 'Powered by Scalar', 'Open API Client', 'Generate MCP']) {
      expect(text, needsInternet).not.toContain(needsInternet);
    }
  }, 90_000);
});
