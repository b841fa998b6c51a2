import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { equivalentsOf, treesPlanted } from '../../src/index.js';

describe('equivalentsOf', () => {
  it('matches the worked example of the methodology: 0.6 t', () => {
    expect(equivalentsOf(0.6)).toEqual({ trash_collected: '25.974', trees_planted: '10.000', lamps_collected: '22.740' });
    expect(treesPlanted(0.6)).toBe(10);
  });

  it('gives decimal strings with 3 places that grow with the total', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.double({ min: 0, max: 1e3, noNaN: true }), (tonnes, more) => {
        const a = equivalentsOf(tonnes);
        const b = equivalentsOf(tonnes + more);
        for (const key of ['trash_collected', 'trees_planted', 'lamps_collected'] as const) {
          expect(a[key]).toMatch(/^\d+\.\d{3}$/);
          expect(Number(b[key])).toBeGreaterThanOrEqual(Number(a[key]));
        }
      }),
    );
  });
});
