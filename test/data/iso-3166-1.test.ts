import { describe, expect, it } from 'vitest';
import { isAssignedCountryCode, ISO_3166_ALPHA_2, ISO_3166_ALPHA_2_COUNT } from '../../src/data/iso-3166-1.js';

describe('the assigned ISO 3166-1 alpha-2 codes', () => {
  const codes = ISO_3166_ALPHA_2.split(' ');

  it('are 249 distinct codes of two capital letters, in alphabetical order', () => {
    expect(codes).toHaveLength(ISO_3166_ALPHA_2_COUNT);
    expect(new Set(codes).size).toBe(ISO_3166_ALPHA_2_COUNT);
    expect(codes.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
    expect([...codes].sort()).toEqual(codes);
  });

  it('hold the countries and territories, and none of the reserved or user-assigned codes', () => {
    for (const code of ['IN', 'GB', 'US', 'SS', 'AX', 'BV', 'SJ', 'BQ', 'CW', 'SX', 'ZW', 'AD']) expect(isAssignedCountryCode(code), code).toBe(true);
    for (const code of ['XX', 'UK', 'EU', 'XK', 'ZZ', 'AN', 'YU', 'in', 'I', 'IND', 'N ', ' I', '']) expect(isAssignedCountryCode(code), code).toBe(false);
  });
});
