import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accuracyReport } from '../../../scripts/accuracy.js';

const docs = resolve(import.meta.dirname, '../../../docs');

describe('npm run accuracy (scripts/accuracy.ts)', () => {
  const report = accuracyReport();

  it('compares every development-set leg whose aircraft it can read, and says how many it left out', () => {
    expect(report.legs.length + report.skipped).toBe(184);
    expect(report.skipped).toBe(7);
    for (const leg of report.legs) expect(leg.ratio).toBeCloseTo(leg.truecostKg / leg.leg.kg, 12);
  });

  it('is what docs/accuracy.md and docs/accuracy.svg hold: regenerate them when the method changes', () => {
    expect(report.markdown).toBe(readFileSync(resolve(docs, 'accuracy.md'), 'utf8'));
    expect(report.svg).toBe(readFileSync(resolve(docs, 'accuracy.svg'), 'utf8'));
  });
});
