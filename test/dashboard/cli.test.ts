import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { INVITE_TTL_MS } from '../../src/dashboard/invite.js';
import { tokenHash } from '../../src/dashboard/tokens.js';
import { openSqliteStore } from '../../src/stores/sqlite.js';
import { truecost } from '../e2e/serve-process.js';

const work = mkdtempSync(join(tmpdir(), 'truecost-invite-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('truecost partners invite', () => {
  it('prints only the sign-in URL, and stores only its hash, valid for 24 hours', async () => {
    const path = join(work, 'invite.db');
    const before = Date.now();
    const run = truecost(['partners', 'invite', '--partner', 'acme', '--db', `sqlite:${path}`, '--base-url', 'https://truecost.example.com/']);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^https:\/\/truecost\.example\.com\/dashboard\/invite\/[\w-]{43}\n$/);
    const token = run.stdout.trim().split('/').pop()!;
    const store = await openSqliteStore({ path });
    try {
      const invite = await store.findInvite(tokenHash(token));
      expect(invite).toMatchObject({ partnerId: 'acme', usedAt: null });
      expect(invite!.expiresAt - invite!.createdAt).toBe(INVITE_TTL_MS);
      expect(invite!.createdAt).toBeGreaterThanOrEqual(before);
      expect(await store.findInvite(token)).toBeUndefined();
    } finally {
      await store.close();
    }
  });

  it('refuses a missing partner or a base URL that is not http(s), with exit code 2', () => {
    const missing = truecost(['partners', 'invite', '--db', 'memory:']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('Missing --partner.');
    const bad = truecost(['partners', 'invite', '--partner', 'acme', '--db', 'memory:', '--base-url', 'ftp://x']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--base-url must be an http or https URL');
    expect(bad.stdout).toBe('');
  });
});
