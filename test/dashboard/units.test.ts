import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLines } from '../../src/dashboard/csv.js';
import { escapeHtml, html } from '../../src/dashboard/html.js';
import { trackKeyUsage } from '../../src/dashboard/key-usage.js';
import { hashPassword, passwordProblem, verifyPassword } from '../../src/dashboard/password.js';
import { couldBePartnerId, MAX_FAILURES_PER_ADDRESS, MAX_FAILURES_PER_PARTNER, SIGN_IN_WINDOW_MS, signInLimits } from '../../src/dashboard/sign-in-limit.js';
import { csrfMatches, csrfToken, newToken } from '../../src/dashboard/tokens.js';
import { createMemoryStore } from '../../src/stores/memory.js';

describe('html', () => {
  it('escapes every interpolated string, so no value can open a tag or leave a quoted attribute', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        const escaped = escapeHtml(value);
        expect(html`<p title="${value}">${value}</p>`.toString()).toBe(`<p title="${escaped}">${escaped}</p>`);
        expect(escaped).not.toMatch(/[<>"']/);
        expect(escaped.replace(/&(amp|lt|gt|quot|#39);/g, '')).not.toMatch(/&/);
      }),
    );
  });

  it('keeps nested html as is and joins lists', () => {
    const cells = ['<a>', 'b'].map((value) => html`<td>${value}</td>`);
    expect(html`<tr>${cells}${null}${false}${0}</tr>`.toString()).toBe('<tr><td>&lt;a&gt;</td><td>b</td>0</tr>');
  });
});

describe('csv', () => {
  it('reads back every cell, and never starts a cell with a formula character', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 5 }), (cells) => {
        const line = csvLines([cells]);
        for (const cell of cells.map(csvCell)) {
          const unquoted = cell.startsWith('"') ? cell.slice(1) : cell;
          expect(unquoted).not.toMatch(/^[=+\-@\t\r]/);
        }
        expect(line.endsWith('\r\n')).toBe(true);
      }),
    );
  });

  it('quotes a formula and leaves numbers alone', () => {
    expect(csvLines([['=HYPERLINK("x")', '+1', '@SUM(A1)', -1.5, null, 'a,b']])).toBe(`"'=HYPERLINK(""x"")",'+1,'@SUM(A1),-1.5,,"a,b"\r\n`);
  });
});

describe('passwords', () => {
  it('verifies the password it hashed, with a salt of its own each time, and nothing else', async () => {
    const first = await hashPassword('correct horse battery');
    const second = await hashPassword('correct horse battery');
    expect(first).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('correct horse battery', first)).toBe(true);
    expect(await verifyPassword('correct horse batterY', first)).toBe(false);
    expect(await verifyPassword('correct horse battery', undefined)).toBe(false);
    expect(await verifyPassword('correct horse battery', 'garbage')).toBe(false);
  }, 30_000);

  it('asks for at least 12 characters', () => {
    expect(passwordProblem('elevenchars')).toMatch(/12/);
    expect(passwordProblem('twelve chars')).toBeUndefined();
  });
});

describe('CSRF tokens', () => {
  it('match only the cookie token they were made from', () => {
    const token = newToken();
    expect(csrfMatches(token, csrfToken(token))).toBe(true);
    expect(csrfMatches(newToken(), csrfToken(token))).toBe(false);
    expect(csrfMatches(token, null)).toBe(false);
    expect(csrfMatches(token, '')).toBe(false);
  });
});

describe('the sign-in limit', () => {
  it('refuses a partner after five failures until the window ends, and a success clears it', async () => {
    const limits = signInLimits(createMemoryStore());
    for (let n = 0; n < MAX_FAILURES_PER_PARTNER; n += 1) {
      expect(await limits.retryAfterSeconds('acme', `10.0.0.${n}`, 0)).toBe(0);
      await limits.recordFailure('acme', `10.0.0.${n}`, 0);
    }
    expect(await limits.retryAfterSeconds('acme', '10.0.0.9', 1000)).toBe(899);
    expect(await limits.retryAfterSeconds('other', '10.0.0.9', 1000)).toBe(0);
    expect(await limits.retryAfterSeconds('acme', '10.0.0.9', 15 * 60_000)).toBe(0);
    await limits.recordSuccess('acme');
    expect(await limits.retryAfterSeconds('acme', '10.0.0.9', 1000)).toBe(0);
  });

  it('refuses an address after twenty failures, whatever the partner', async () => {
    const limits = signInLimits(createMemoryStore());
    for (let n = 0; n < MAX_FAILURES_PER_ADDRESS; n += 1) await limits.recordFailure(`p-${n}`, '10.0.0.1', 0);
    expect(await limits.retryAfterSeconds('new', '10.0.0.1', 0)).toBe(900);
    expect(await limits.retryAfterSeconds('new', '10.0.0.2', 0)).toBe(0);
  });

  it('counts every partner ID no partner can have under one key, so none reaches the store as sent', async () => {
    const store = createMemoryStore();
    const limits = signInLimits(store);
    const impossible = ['', 'x'.repeat(256), 'nul\u0000', '\ud800'];
    for (const [n, partnerId] of impossible.entries()) {
      expect(couldBePartnerId(partnerId)).toBe(false);
      await limits.recordFailure(partnerId, `10.0.0.${n}`, 0);
    }
    await limits.recordFailure('y'.repeat(255), '10.0.0.9', 0);
    const keys = ['p:', 'p:' + 'x'.repeat(256), 'p:nul\u0000', 'p:' + 'y'.repeat(255)];
    expect(await store.signInFailures(keys, 0)).toEqual([
      { key: 'p:', count: 4, windowEnds: SIGN_IN_WINDOW_MS },
      { key: 'p:' + 'y'.repeat(255), count: 1, windowEnds: SIGN_IN_WINDOW_MS },
    ]);
    expect(await limits.retryAfterSeconds('\u0000', '10.0.0.8', 0)).toBe(0);
    await limits.recordFailure('z'.repeat(300), '10.0.0.8', 0);
    expect(await limits.retryAfterSeconds('\u0000', '10.0.0.8', 0)).toBe(900);
    expect(couldBePartnerId('acme')).toBe(true);
  });
});

describe('key usage', () => {
  it('records an active key\'s use at most once a minute, and never a revoked one', async () => {
    let clock = 1_000_000;
    const inner = createMemoryStore();
    await inner.addApiKey({ keyHash: 'h', partnerId: 'p', environment: 'staging', createdAt: 0 });
    const store = trackKeyUsage(inner, { now: () => clock });
    const lastUsed = async (): Promise<number | null> => (await inner.listApiKeys('p'))[0]!.lastUsedAt;
    await store.findApiKey('h');
    expect(await lastUsed()).toBe(1_000_000);
    clock += 59_999;
    await store.findApiKey('h');
    expect(await lastUsed()).toBe(1_000_000);
    clock += 1;
    await store.findApiKey('h');
    expect(await lastUsed()).toBe(1_060_000);
    await inner.revokeApiKey('h', clock);
    clock += 120_000;
    await store.findApiKey('h');
    expect(await lastUsed()).toBe(1_060_000);
  });

  it('never fails the lookup when the write fails', async () => {
    const inner = createMemoryStore();
    await inner.addApiKey({ keyHash: 'h', partnerId: 'p', environment: 'staging', createdAt: 0 });
    const errors: unknown[] = [];
    const broken = new Proxy(inner, {
      get: (target, property) => (property === 'touchApiKey' ? () => Promise.reject(new Error('disk full')) : Reflect.get(target, property)),
    });
    const store = trackKeyUsage(broken, { onError: (error) => errors.push(error) });
    expect(await store.findApiKey('h')).toMatchObject({ partnerId: 'p' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(errors).toHaveLength(1);
  });
});
