import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundKilograms, roundTonnes, tonnesString } from '../../src/index.js';

describe('rounding', () => {
  it('rounds tonnes to the gram and kilograms to the gram', () => {
    expect(roundTonnes(0.1234565)).toBe(0.123457);
    expect(roundKilograms(14.28571428)).toBe(14.286);
    expect(roundTonnes(1.0000005)).toBe(1.000001);
  });

  it('writes tonnes strings with exactly 6 decimals and no exponent', () => {
    expect(tonnesString(1)).toBe('1.000000');
    expect(tonnesString(1e-9)).toBe('0.000000');
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e6, noNaN: true }), (tonnes) => {
        expect(tonnesString(tonnes)).toMatch(/^\d+\.\d{6}$/);
        expect(Math.abs(Number(tonnesString(tonnes)) - tonnes)).toBeLessThanOrEqual(5e-7 + tonnes * 1e-15);
      }),
    );
  });

  it('writes the digits toFixed(6) writes for the rounded tonnes, for every number', () => {
    for (const tonnes of [0, -0, 0.0000005, -0.0000004, 999_999_999.9999995, 1e9, -1e9, 1e21, Number.NaN, Infinity, -Infinity]) {
      expect(tonnesString(tonnes)).toBe(roundTonnes(tonnes).toFixed(6));
    }
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.double({ min: -1e10, max: 1e10 }), fc.integer().map((n) => n / 1e6)), (tonnes) => {
        expect(tonnesString(tonnes)).toBe(roundTonnes(tonnes).toFixed(6));
      }),
      { numRuns: 5000 },
    );
  });
});
