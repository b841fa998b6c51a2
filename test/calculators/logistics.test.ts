import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  explainLogisticsTruecost,
  logisticsRequestSchema,
  logisticsResponseSchema,
  logisticsTruecost,
  roundTonnes,
  validate,
  type LogisticsRequest,
  type SentLogisticsLeg,
} from '../../src/index.js';
import { logisticsRequest, positive, near } from './road-arbitraries.js';

function request(...legs: SentLogisticsLeg[]): LogisticsRequest {
  return { queries: { legs } };
}

const unrounded = (r: LogisticsRequest) => explainLogisticsTruecost(r).items.filter((item) => item.item !== 'equivalents').map((item) => item.unrounded);

describe('logisticsTruecost', () => {
  it('matches the worked example of the methodology: a heavy truck and a train', () => {
    const parsed = validate(logisticsRequestSchema, {
      queries: { legs: [{ shipping_method: 'TRUCK_HEAVY' }, { shipping_method: 'TRAIN', shipping_distance: 1000 }] },
    });
    if (!parsed.ok) throw new Error('invalid');
    // Truck: 20 t in 2 trucks of 15 t over 100 km: 100 x (2 x 0.7375 x 0.651908 + 0.7375 x 0.348092 x 20/15) = 130.385 kg
    // Train: 20 t x 1,000 km x 0.02779 = 555.8 kg
    // Well-to-wheel: truck x 0.89121 / 0.87910 (CH4, N2O) x (1 + 0.62409 / 2.66155) = 163.176 kg;
    // train x (1 + 0.00691 / 0.02779) = 694.0 kg
    expect(logisticsTruecost(parsed.value)).toEqual({
      message: 'Truecost calculated successfully',
      truecost: {
        total_truecost: 0.857176,
        legs: [0.163176, 0.694],
        equivalents: { trash_collected: '37.107', trees_planted: '14.286', lamps_collected: '32.487' },
      },
    });
    expect(logisticsTruecost(parsed.value, { basis: 'ttw' }).truecost.legs).toEqual([0.132182, 0.5558]);
  });

  it('gives legs in request order whose sum is the total, all finite and not negative', () => {
    fc.assert(
      fc.property(logisticsRequest, (parsed) => {
        const result = logisticsTruecost(parsed);
        expect(logisticsResponseSchema.safeParse(result).success).toBe(true);
        const parts = unrounded(parsed);
        expect(result.truecost.legs).toEqual(parts.map(roundTonnes));
        expect(result.truecost.total_truecost).toBeCloseTo(parts.reduce((a, b) => a + b, 0), 6);
        for (const leg of result.truecost.legs) expect(Number.isFinite(leg) && leg >= 0).toBe(true);
        parsed.queries.legs.forEach((leg, i) => {
          const alone = logisticsTruecost(request(leg)).truecost.total_truecost;
          expect(result.truecost.legs[i]).toBe(alone);
        });
      }),
    );
  });

  it('is linear in distance on every method but flight, whose band may change', () => {
    fc.assert(
      fc.property(logisticsRequest, fc.integer({ min: 2, max: 9 }), (parsed, k) => {
        const legs = parsed.queries.legs.filter((leg) => leg.shipping_method !== 'FLIGHT');
        if (legs.length === 0) return;
        const one = unrounded(request(...legs));
        const many = unrounded(request(...legs.map((leg) => ({ ...leg, shipping_distance: (leg.shipping_distance ?? 0) * k }))));
        one.forEach((t, i) => expect(near(many[i], t * k)).toBe(true));
      }),
    );
  });

  it('never gives less CO2 for more weight', () => {
    fc.assert(
      fc.property(logisticsRequest, positive(100), (parsed, extra) => {
        const lighter = unrounded(parsed);
        const heavier = unrounded(request(...parsed.queries.legs.map((leg) => ({ ...leg, shipping_weight: leg.shipping_weight + extra }))));
        lighter.forEach((t, i) => expect(heavier[i]).toBeGreaterThanOrEqual(t));
      }),
    );
  });

  it('never makes a full truck worse per tonne than a part-loaded one', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('TRUCK_LIGHT' as const, 'TRUCK_MEDIUM' as const, 'TRUCK_HEAVY' as const),
        positive(40),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        (method, capacity, share) => {
          const leg = { shipping_method: method, shipping_distance: 100, truck_capacity: capacity };
          const [full] = unrounded(request({ ...leg, shipping_weight: capacity }));
          const [light] = unrounded(request({ ...leg, shipping_weight: capacity * share }));
          expect(full! / capacity).toBeLessThanOrEqual((light! / (capacity * share)) * (1 + 1e-12));
        },
      ),
    );
  });
});
