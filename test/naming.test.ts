import { describe, expect, it } from 'vitest';
import * as truecost from '../src/index.js';

// The library's names follow one pattern (docs/versioning.md, "Deprecation and removal"): a
// calculator is `<thing>Truecost` and its explanation `explain<Thing>Truecost`. A former name stays
// as a deprecated alias of the same function until 1.0.0.
const names = Object.keys(truecost);
const deprecatedAliases: Readonly<Record<string, string>> = { explainTrip: 'explainTripTruecost' };

describe('the names of the calculators', () => {
  it('explain every calculator as explain<Thing>Truecost, beside <thing>Truecost', () => {
    const explainers = names.filter((name) => /^explain[A-Z]/.test(name) && !(name in deprecatedAliases));
    expect(explainers.length).toBeGreaterThan(8);
    for (const explainer of explainers) {
      expect(explainer).toMatch(/^explain[A-Z]\w*Truecost$/);
      const calculator = explainer.slice('explain'.length, 'explain'.length + 1).toLowerCase() + explainer.slice('explain'.length + 1);
      expect(names, `${explainer} has no ${calculator}`).toContain(calculator);
    }
  });

  it('keep each former name as the same function', () => {
    for (const [former, current] of Object.entries(deprecatedAliases)) {
      const exports = truecost as unknown as Record<string, unknown>;
      expect(exports[former]).toBeTypeOf('function');
      expect(exports[former]).toBe(exports[current]);
    }
  });

  it('explain a trip by the new name as by the old', () => {
    const request = { trip: { legs: [{ mode: 'hotel' as const, country: 'IN', nights: 2 }] } };
    expect(truecost.explainTripTruecost(request)).toEqual(truecost.explainTrip(request));
    expect(truecost.explainTripTruecost(request).result).toEqual(truecost.tripTruecost(request));
  });
});
