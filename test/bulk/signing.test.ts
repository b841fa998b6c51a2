import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { generateSigningSecret, signDelivery, verifyDelivery } from '../../src/bulk/signing.js';

const now = 1_800_000_000;

describe('delivery signing', () => {
  it('produces signatures that the standardwebhooks reference implementation accepts', () => {
    fc.assert(
      // The reference implementation parses the body, so bodies here are delivered results.
      fc.property(fc.uuid(), fc.dictionary(fc.string(), fc.float({ min: 0, noNaN: true }).map((t) => t.toFixed(6))), (id, results) => {
        const body = JSON.stringify(results);
        const secret = generateSigningSecret();
        const timestamp = Math.floor(Date.now() / 1000);
        const headers = {
          'webhook-id': id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signDelivery(secret, id, timestamp, body),
        };
        expect(() => new Webhook(secret).verify(body, headers)).not.toThrow();
      }),
      { numRuns: 50 },
    );
  });

  it('verifies what the reference implementation signs', () => {
    const secret = generateSigningSecret();
    const body = '{"f1":"0.154321"}';
    const date = new Date(now * 1000);
    const signature = new Webhook(secret).sign('job-1', date, body);
    const headers = { 'webhook-id': 'job-1', 'webhook-timestamp': String(now), 'webhook-signature': signature };
    expect(verifyDelivery(secret, headers, body, { nowSeconds: now })).toBe(true);
    expect(verifyDelivery(secret, new Headers(headers), body, { nowSeconds: now })).toBe(true);
  });

  it('refuses a changed body, another secret, a stale timestamp and missing headers', () => {
    const secret = generateSigningSecret();
    const body = '{"f1":"0.154321"}';
    const headers = { 'webhook-id': 'job-1', 'webhook-timestamp': String(now), 'webhook-signature': signDelivery(secret, 'job-1', now, body) };
    expect(verifyDelivery(secret, headers, body, { nowSeconds: now })).toBe(true);
    expect(verifyDelivery(secret, headers, body.replace('1', '2'), { nowSeconds: now })).toBe(false);
    expect(verifyDelivery(generateSigningSecret(), headers, body, { nowSeconds: now })).toBe(false);
    expect(verifyDelivery(secret, headers, body, { nowSeconds: now + 301 })).toBe(false);
    expect(verifyDelivery(secret, { 'webhook-id': 'job-1' }, body, { nowSeconds: now })).toBe(false);
  });

  it('makes secrets with at least 128 bits of randomness, each different', () => {
    const secrets = new Set(Array.from({ length: 100 }, generateSigningSecret));
    expect(secrets.size).toBe(100);
    for (const secret of secrets) expect(Buffer.from(secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(16);
  });
});
