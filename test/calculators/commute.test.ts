import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COMMUTE_METHODS,
  commuteRequestSchema,
  commuteResponseSchema,
  commuteTruecost,
  explainCommuteTruecost,
  validate,
} from '../../src/index.js';
import { commuteRequest, near } from './road-arbitraries.js';

describe('commuteTruecost', () => {
  it('matches the worked example of the methodology: two auto legs and an electric SUV', () => {
    const parsed = validate(commuteRequestSchema, {
      queries: {
        legs: [
          { commute_method: 'AUTO', commute_distance: 10 },
          { commute_method: 'AUTO' },
          { commute_method: 'CAR_SUV_ELECTRIC', commute_distance: 20 },
        ],
      },
    });
    if (!parsed.ok) throw new Error('invalid');
    // AUTO: (10 + 10 default) km x 0.10768 = 2.1536 kg CO2, x 1.221026 (CNG: CH4 and N2O, well-to-tank)
    // = 2.6296 kg; SUV: 20 km x 16 kWh/100 km x 0.727 = 2.3264 kg at generation, / (1 - 0.1664) = 2.7908 kg
    expect(commuteTruecost(parsed.value)).toEqual({
      message: 'Truecost calculated successfully',
      truecost: { total_truecost: 0.00542, legs_truecost: { AUTO: 0.00263, CAR_SUV_ELECTRIC: 0.002791 } },
    });
    expect(explainCommuteTruecost(parsed.value).items[1]?.assumptions[0]).toContain('10 km');
  });

  it('keys the legs by method, sums them, and totals them, all finite and not negative', () => {
    fc.assert(
      fc.property(commuteRequest, (parsed) => {
        const result = commuteTruecost(parsed);
        expect(commuteResponseSchema.safeParse(result).success).toBe(true);
        const methods = new Set(parsed.queries.legs.map((leg) => leg.commute_method));
        expect(new Set(Object.keys(result.truecost.legs_truecost))).toEqual(methods);
        const items = explainCommuteTruecost(parsed).items;
        const sum = items.reduce((a, item) => a + item.unrounded, 0);
        expect(result.truecost.total_truecost).toBe(Math.round(sum * 1e6) / 1e6);
        for (const value of Object.values(result.truecost.legs_truecost)) expect(Number.isFinite(value) && value >= 0).toBe(true);
      }),
    );
  });

  it('is linear in distance', () => {
    fc.assert(
      fc.property(commuteRequest, fc.integer({ min: 2, max: 9 }), (parsed, k) => {
        const scaled = { queries: { legs: parsed.queries.legs.map((leg) => ({ ...leg, commute_distance: leg.commute_distance * k })) } };
        const one = explainCommuteTruecost(parsed).items;
        const many = explainCommuteTruecost(scaled).items;
        one.forEach((item, i) => expect(near(many[i]?.unrounded, item.unrounded * k)).toBe(true));
      }),
    );
  });

  it('puts every electric car below its petrol and diesel twins on the Indian grid', () => {
    const perKm = (method: (typeof COMMUTE_METHODS)[number]) =>
      explainCommuteTruecost({ queries: { legs: [{ commute_method: method, commute_distance: 1 }] } }).items[0]!.unrounded;
    for (const body of ['HATCHBACK', 'SEDAN', 'SUV'] as const) {
      expect(perKm(`CAR_${body}_ELECTRIC`)).toBeLessThan(perKm(`CAR_${body}_PETROL`));
      expect(perKm(`CAR_${body}_ELECTRIC`)).toBeLessThan(perKm(`CAR_${body}_DIESEL`));
      expect(perKm(`CAR_${body}_CNG`)).toBeLessThan(perKm(`CAR_${body}_PETROL`));
    }
  });
});
