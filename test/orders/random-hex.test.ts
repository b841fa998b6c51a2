import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomHex } from '../../src/orders/random-hex.js';
import { CERTIFICATE_ID, newCertificateId } from '../../src/orders/certificates.js';
import { newEventId } from '../../src/orders/events.js';

describe('randomHex', () => {
  it('gives two lower-case hex digits per byte, across refills of its pool', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 4096 }), { minLength: 1, maxLength: 20 }), (sizes) => {
        for (const bytes of sizes) expect(randomHex(bytes)).toMatch(new RegExp(`^[0-9a-f]{${2 * bytes}}$`));
      }),
    );
  });

  it('never gives the same id twice in a hundred thousand, and uses every hex digit in every position', () => {
    const ids = Array.from({ length: 100_000 }, () => randomHex(16));
    expect(new Set(ids).size).toBe(ids.length);
    for (let position = 0; position < 32; position += 1) {
      expect(new Set(ids.map((id) => id[position])).size).toBe(16);
    }
  });

  it('makes the certificate and event ids', () => {
    expect(newCertificateId()).toMatch(CERTIFICATE_ID);
    expect(newEventId()).toMatch(/^evt_[0-9a-f]{32}$/);
  });
});
