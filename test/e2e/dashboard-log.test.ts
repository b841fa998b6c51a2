import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Client } from '../dashboard/client.js';
import { startService, truecost } from './serve-process.js';

const directory = mkdtempSync(join(tmpdir(), 'truecost-dashboard-log-'));
const db = `sqlite:${join(directory, 'truecost.db')}`;
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const PASSWORD = 'correct horse battery staple';
const WRONG = 'not the password at all';

/** The request lines a service wrote so far, parsed. */
function requestLines(lines: readonly string[]): Record<string, unknown>[] {
  return lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => 'status' in entry);
}

async function until<T>(find: () => T | undefined): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error('not logged');
}

describe('the request log of truecost serve, the dashboard included', () => {
  it('logs every dashboard request with the API lines\' fields: the signed-in partner, the partner a refused sign-in tried, never a password or an invitation token', async () => {
    const service = await startService(['--db', db]);
    try {
      const invite = truecost(['partners', 'invite', '--partner', 'acme', '--db', db, '--base-url', service.base]);
      expect(invite.status).toBe(0);
      const invitePath = new URL(invite.stdout.trim()).pathname;
      const token = invitePath.split('/').at(-1)!;
      const partner = new Client((request) => fetch(request, { redirect: 'manual' }), service.base);
      await partner.get(invitePath);
      expect((await partner.post(invitePath, { password: PASSWORD, confirm: PASSWORD })).status).toBe(303);
      expect((await partner.get('/dashboard/keys')).status).toBe(200);

      const intruder = new Client((request) => fetch(request, { redirect: 'manual' }), service.base);
      expect((await intruder.get('/dashboard/sign-in')).status).toBe(200);
      expect((await intruder.post('/dashboard/sign-in', { partner: 'acme', password: WRONG })).status).toBe(401);
      expect((await intruder.post('/dashboard/sign-in', { partner: 'nobody', password: WRONG })).status).toBe(401);
      const api = await fetch(`${service.base}/v3/integrations/vote/order/ORD-1`);

      const refused = await until(() => {
        const found = requestLines(service.lines).filter((entry) => entry['path'] === '/dashboard/sign-in' && entry['status'] === 401);
        return found.length === 2 ? found : undefined;
      });
      const fields = Object.keys(requestLines(service.lines).find((entry) => entry['path'] === '/v3/integrations/vote/order/ORD-1' && entry['status'] === api.status)!).sort();
      expect(refused.map((entry) => Object.keys(entry).sort())).toEqual([fields, fields]);
      expect(refused).toMatchObject([
        { level: 'info', method: 'POST', partner: 'acme', environment: null },
        { level: 'info', method: 'POST', partner: 'nobody', environment: null },
      ]);
      const logged = requestLines(service.lines);
      expect(logged).toContainEqual(expect.objectContaining({ method: 'GET', path: '/dashboard/keys', status: 200, partner: 'acme' }));
      expect(logged).toContainEqual(expect.objectContaining({ method: 'GET', path: '/dashboard/sign-in', status: 200, partner: null }));
      expect(logged).toContainEqual(expect.objectContaining({ method: 'POST', path: '/dashboard/invite/{token}', status: 303, partner: 'acme' }));
      const text = service.lines.join('\n');
      expect(text).not.toContain(token);
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain(WRONG);
    } finally {
      expect(await service.stop()).toBe(0);
    }
  });

  it('logs no dashboard request with --no-request-log', async () => {
    const service = await startService(['--db', db, '--no-request-log']);
    try {
      expect((await fetch(`${service.base}/dashboard/sign-in`)).status).toBe(200);
      await new Promise((done) => setTimeout(done, 200));
      expect(requestLines(service.lines)).toEqual([]);
    } finally {
      await service.stop();
    }
  });
});
