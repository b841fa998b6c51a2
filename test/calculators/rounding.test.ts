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
});
