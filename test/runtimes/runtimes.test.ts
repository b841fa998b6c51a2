// The fetch handler with the memory store is portable: `truecost/http` bundles for the browser
// with no `node:` import, and the bundle answers the same scenario in Node, Bun, Deno, workerd
// (through miniflare) and headless Chromium. A runtime that cannot be started here is named and
// skipped; the others still run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenario, type Outcome } from './scenario.js';

const root = resolve(import.meta.dirname, '../..');
const directory = mkdtempSync(join(tmpdir(), 'truecost-runtimes-'));
const bundlePath = join(directory, 'scenario.mjs');
const runnerPath = join(directory, 'run.mjs');
let bundle = '';
let expected: Outcome[] = [];

const require = createRequire(import.meta.url);
/** The path of an npm package's binary in node_modules/.bin, when it runs here. */
function runnable(name: string): string | undefined {
  const binary = join(root, 'node_modules', '.bin', name);
  if (!existsSync(binary)) return undefined;
  return spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 30_000 }).status === 0 ? binary : undefined;
}

function skipNote(runtime: string, why: string): string {
  const note = `${runtime} skipped: ${why}`;
  console.warn(note);
  return note;
}

beforeAll(async () => {
  const result = await build({
    entryPoints: [join(import.meta.dirname, 'scenario.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const nodeImports = Object.values(result.metafile.inputs)
    .flatMap((input) => input.imports)
    .filter((imported) => imported.path.startsWith('node:') || imported.external);
  expect(nodeImports).toEqual([]);
  bundle = result.outputFiles[0]!.text;
  writeFileSync(bundlePath, bundle);
  writeFileSync(runnerPath, `import { runScenario } from './scenario.mjs';\nconsole.log(JSON.stringify(await runScenario()));\n`);
  expected = await runScenario();
}, 120_000);

afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('the handler with the memory store, bundled for the browser', () => {
  it('imports no node: module and answers the scenario as in Node', async () => {
    expect(bundle).not.toMatch(/from\s*["']node:/);
    expect(bundle).not.toMatch(/require\(["']node:/);
    const { runScenario: bundled } = (await import(pathToFileURL(bundlePath).href)) as { runScenario: () => Promise<Outcome[]> };
    expect(await bundled()).toEqual(expected);
    expect(expected.map((outcome) => outcome.status)).toEqual([200, 200, 201, 200, 401, 401, 200]);
  });

  const bun = runnable('bun');
  it.skipIf(bun === undefined)(bun === undefined ? skipNote('Bun', 'the bun package did not install its binary') : 'answers the scenario the same under Bun', () => {
    const run = spawnSync(bun!, [runnerPath], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(expected);
  });

  const deno = runnable('deno');
  it.skipIf(deno === undefined)(deno === undefined ? skipNote('Deno', 'the deno package did not install its binary') : 'answers the scenario the same under Deno', () => {
    const run = spawnSync(deno!, ['run', '--quiet', '--no-prompt', runnerPath], {
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, DENO_DIR: join(directory, 'deno'), NO_COLOR: '1' },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(expected);
  });

  const workerd = runnable('workerd');
  it.skipIf(workerd === undefined)(
    workerd === undefined ? skipNote('workerd', 'its binary does not run here (it needs libc++1)') : 'answers the scenario the same in a Worker (workerd through miniflare)',
    async () => {
      const { Miniflare } = (await import('miniflare')) as typeof import('miniflare');
      const worker = new Miniflare({
        modules: [
          { type: 'ESModule', path: join(directory, 'worker.mjs'), contents: `import { runScenario } from './scenario.mjs';\nexport default { async fetch() { return Response.json(await runScenario()); } };\n` },
          { type: 'ESModule', path: bundlePath, contents: bundle },
        ],
        modulesRoot: directory,
        compatibilityDate: '2025-01-01',
      });
      try {
        const response = await worker.dispatchFetch('http://localhost/');
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual(expected);
      } finally {
        await worker.dispose();
      }
    },
    120_000,
  );

  const chromiumPath = '/usr/bin/chromium';
  const chromium = existsSync(chromiumPath);
  it.skipIf(!chromium)(
    chromium ? 'answers the scenario the same in headless Chromium' : skipNote('Chromium', `${chromiumPath} is not installed`),
    async () => {
      const { chromium: launcher } = require('playwright-core') as typeof import('playwright-core');
      const browser = await launcher.launch({
        executablePath: chromiumPath,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
      });
      try {
        const page = await browser.newPage();
        // http://localhost is a secure context, as Web Crypto requires; the page never leaves the test.
        await page.route('http://localhost/**', (route) => {
          const path = new URL(route.request().url()).pathname;
          if (path === '/scenario.mjs') return route.fulfill({ contentType: 'text/javascript', body: bundle });
          return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>truecost</title>' });
        });
        await page.goto('http://localhost/');
        // A string, so that the test's own transform leaves the page's dynamic import alone.
        const outcomes = await page.evaluate("import('/scenario.mjs').then((scenario) => scenario.runScenario())");
        expect(outcomes).toEqual(expected);
      } finally {
        await browser.close();
      }
    },
    120_000,
  );
});
