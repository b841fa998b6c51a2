import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPacked, root, run, type PackedConsumer } from './packed.js';

// examples/ run as an application runs them: copied out of the repository, importing `truecost`,
// `truecost/http` and `truecost/stores/memory` from the packed tarball, installed. The frameworks,
// tsx (to run TypeScript) and the service's optional packages (pino, prom-client, for
// `truecost serve`) are linked from this checkout.
let packed: PackedConsumer;

beforeAll(() => {
  packed = installPacked();
  packed.link('tsx', 'express', 'fastify', 'hono', '@hono/node-server', 'pino', 'prom-client');
  cpSync(join(root, 'examples'), join(packed.consumer, 'examples'), { recursive: true });
}, 480_000);

afterAll(() => packed?.remove());

function example(file: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', join('examples', file)], {
    cwd: packed.consumer,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe('examples/ on the packed package', () => {
  it('calculators.ts prints the answers the README shows, line for line', async () => {
    const child = example('calculators.ts');
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const code = await new Promise((done) => child.once('exit', done));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines.map((line) => line.split(':')[0])).toEqual([
      'flight', 'bulk flights', 'car', 'bus', 'suv', 'logistics', 'commute', 'freight', 'trip', 'car basis', 'refused', 'ignored',
    ]);
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    for (const line of lines) expect(readme, line).toContain(`// ${line}`);
  }, 60_000);

  it.each([
    ['express.ts', '/truecost'],
    ['fastify.ts', '/truecost'],
    ['hono.ts', '/truecost'],
    ['node-http.ts', ''],
  ])('%s serves the API with the key it created, beside the application', async (file, prefix) => {
    const child = example(file, { PORT: '0' });
    try {
      const line = await new Promise<string>((done, fail) => {
        createInterface({ input: child.stdout! }).once('line', done);
        child.once('exit', (code) => fail(new Error(`${file} exited with ${code}`)));
      });
      const [, base, key] = /^truecost on (http:\/\/\S+) \(x-api-key: (truecost_staging_\S+)\)$/.exec(line) ?? [];
      expect(base, line).toBeDefined();
      const answer = await fetch(`${base}/v3/flight`, {
        method: 'POST',
        headers: { 'x-api-key': key!, 'content-type': 'application/json' },
        body: JSON.stringify({ queries: { flights: [{ departure: 'DEL', arrival: 'BOM', no_of_tickets: 1, cabin: 'FIRST' }] } }),
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-truecost-ignored-fields')).toBe('queries.flights.0.cabin');
      expect(await answer.json()).toEqual({ message: 'Truecost calculated successfully', truecost: [{ flight_id: 'flight-1', truecost: '0.115961' }] });
      if (prefix !== '') expect(await (await fetch(base!.replace(/\/truecost$/, ''))).text()).toBe('The shop');
      expect(base!.endsWith(prefix)).toBe(true);
    } finally {
      child.kill('SIGTERM');
    }
  }, 60_000);

  it('checkout/server.ts serves the card and the self-hosted module of the installed package, and saves an opt-in through truecost serve', async () => {
    const service = spawn(join(packed.consumer, 'node_modules', '.bin', 'truecost'), ['serve', '--port', '0', '--db', 'memory:', '--no-request-log'], {
      cwd: packed.consumer,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let shop: ChildProcess | undefined;
    try {
      let key = '';
      const truecostUrl = await new Promise<string>((done, fail) => {
        createInterface({ input: service.stdout! }).on('line', (line) => {
          key = /^staging key \(partner [^)]+\): (\S+)$/.exec(line)?.[1] ?? key;
          const match = /^truecost listening on (http:\/\/\S+)$/.exec(line);
          if (match !== null) done(match[1]!);
        });
        service.once('exit', (code) => fail(new Error(`truecost serve exited with ${code}`)));
      });
      shop = example('checkout/server.ts', { PORT: '0', TRUECOST_URL: truecostUrl, TRUECOST_KEY: key });
      const line = await new Promise<string>((done, fail) => {
        createInterface({ input: shop!.stdout! }).once('line', done);
        shop!.once('exit', (code) => fail(new Error(`checkout/server.ts exited with ${code}`)));
      });
      const base = /^shop on (http:\/\/\S+)$/.exec(line)?.[1];
      expect(base, line).toBeDefined();
      const page = await (await fetch(base!)).text();
      const cartId = /<truecost-opt-in [^>]*cart-id="([^"]+)"/.exec(page)?.[1];
      expect(cartId, page).toBeDefined();
      const script = await fetch(`${base}/assets/truecost-checkout.js`);
      expect(script.status).toBe(200);
      expect(await script.text()).toBe(readFileSync(join(packed.consumer, 'node_modules', 'truecost', 'dist', 'checkout', 'truecost-checkout.js'), 'utf8'));
      const saved = await fetch(`${base}/truecost/opt-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cart_id: cartId, opted_in: true, climes: 1 }) });
      expect(saved.status).toBe(200);
      const stored = await fetch(`${truecostUrl}/v3/integrations/vote/opt-in/${cartId}`, { headers: { 'x-api-key': key } });
      expect(((await stored.json()) as { opt_in: { opted_in: boolean; climes: number } }).opt_in).toMatchObject({ opted_in: true, climes: 0.115961 });
    } finally {
      shop?.kill('SIGTERM');
      service.kill('SIGTERM');
    }
  }, 60_000);

  it('the installed package.json names the repository, homepage and issue tracker', () => {
    const manifest = JSON.parse(readFileSync(join(packed.consumer, 'node_modules', 'truecost', 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest['repository']).toEqual({ type: 'git', url: 'git+https://github.com/truecost/truecost.git' });
    expect(manifest['homepage']).toBe('https://github.com/truecost/truecost#readme');
    expect(manifest['bugs']).toEqual({ url: 'https://github.com/truecost/truecost/issues' });
    expect(run('node', ['-e', "import('truecost/http').then((http) => console.log(http.buildOpenApiDocument(http.routes).info.version))"], packed.consumer).trim()).toBe(
      (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version,
    );
  });
});
