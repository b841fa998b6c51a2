import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startService, truecost } from '../e2e/serve-process.js';

// docs/client.md against the client: its example (examples/client.ts) runs against a real
// `truecost serve` and prints what the page shows, and the page names every method and option.
const root = resolve(import.meta.dirname, '../..');
const page = readFileSync(resolve(root, 'docs/client.md'), 'utf8');
const directory = mkdtempSync(join(tmpdir(), 'truecost-client-doc-'));
const db = `sqlite:${join(directory, 'truecost.db')}`;
afterAll(() => rmSync(directory, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

describe('docs/client.md', () => {
  it('shows what examples/client.ts prints against truecost serve, line for line', async () => {
    const service = await startService(['--db', db, '--allow-private-endpoints', '--no-request-log']);
    try {
      const key = /^staging key \(partner local\): (\S+)$/.exec(service.lines[0]!)![1]!;
      const receiverPort = await freePort();
      const endpoint = truecost(['partners', 'set-endpoint', '--partner', 'local', '--url', `http://127.0.0.1:${receiverPort}/results`, '--allow-private-endpoints', '--db', db]);
      expect(endpoint.status).toBe(0);
      const printed = execFileSync(process.execPath, ['--import', 'tsx', 'examples/client.ts'], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, TRUECOST_URL: service.base, TRUECOST_KEY: key, TRUECOST_SECRET: endpoint.stdout.trim(), RECEIVER_PORT: String(receiverPort) },
        timeout: 60_000,
      });
      const shown = /<!-- example output -->\n```\n([\s\S]*?)```/.exec(page)![1]!;
      // The page shows the receiver on its default port, 3001.
      expect(printed.replaceAll(`127.0.0.1:${receiverPort}`, '127.0.0.1:3001')).toBe(shown);
    } finally {
      await service.stop();
    }
  }, 90_000);

  it('names every method of the client', () => {
    const source = readFileSync(resolve(root, 'src/client/types.ts'), 'utf8');
    const methods = [...source.matchAll(/^  (\w+)\(/gm)].map(([, name]) => name!);
    expect(new Set(methods).size).toBeGreaterThanOrEqual(16);
    for (const method of new Set(methods)) expect(page, method).toContain(`\`${method}(`);
  });

  it('documents every option of the client and of a call, the errors and verifyWebhook', () => {
    for (const name of ['baseUrl', 'apiKey', 'timeoutMs', 'retries', 'retryBaseDelayMs', 'maxRetryDelayMs', 'fetch', 'signal', 'idempotencyKey']) {
      expect(page, name).toContain(`\`${name}\``);
    }
    for (const name of ['TruecostApiError', 'TruecostNetworkError', 'verifyWebhook(', 'verifyBulkDelivery(', 'timedOut']) expect(page, name).toContain(name);
  });
});
