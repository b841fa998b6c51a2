import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  explainFreightTruecost,
  explainLogisticsTruecost,
  freightRequestSchema,
  logisticsRequestSchema,
  validate,
  type FreightRequest,
  type LogisticsRequest,
  type SentLogisticsLeg,
} from '../../src/index.js';
import { refrigeratedUplift } from '../../src/data/refrigerated-road.js';
import { freightRequest, logisticsRequest, near } from './road-arbitraries.js';

// Chilled road legs (docs/methodology.md, "Chilled road legs"): a refrigerated truck's intensity
// over the same class's ambient one (DESNZ 2025; GLEC Europe), never less than ambient.

const unrounded = (items: readonly { item: string; unrounded: number }[]) => items.filter((item) => item.item !== 'equivalents').map((item) => item.unrounded);

const chillable = (leg: SentLogisticsLeg) => leg.shipping_method === 'TRUCK_MEDIUM' || leg.shipping_method === 'TRUCK_HEAVY';

describe('a chilled road leg', () => {
  it('is never less than the same leg ambient on E11, and exactly the cited uplift of its class', () => {
    fc.assert(
      fc.property(logisticsRequest, (request) => {
        const chilled: LogisticsRequest = { queries: { legs: request.queries.legs.map((leg) => (chillable(leg) ? { ...leg, temperature: 'chilled' as const } : leg)) } };
        const ambient = unrounded(explainLogisticsTruecost(request).items);
        const cold = explainLogisticsTruecost(chilled).items;
        unrounded(cold).forEach((t, i) => {
          expect(t).toBeGreaterThanOrEqual(ambient[i]!);
          const leg = request.queries.legs[i]!;
          if (chillable(leg) && leg.fuel_type === undefined) {
            const uplift = leg.shipping_method === 'TRUCK_MEDIUM' ? refrigeratedUplift.rigid7to17 : refrigeratedUplift.rigidOver17;
            // Relative: a leg of thousands of trucks runs to millions of tonnes, where an absolute 1e-9 is below the doubles' rounding.
            expect(near(t, ambient[i]! * uplift.value)).toBe(true);
            expect(cold[i]!.assumptions.join(' ')).toContain('temperature chilled');
          } else {
            expect(t).toBe(ambient[i]);
          }
        });
      }),
    );
  });

  it('is never less than the same leg ambient on E13 trucks', () => {
    fc.assert(
      fc.property(
        freightRequest.filter((request) => request.configs.transportation_type === 'truck'),
        (request) => {
          const legs = request.queries.legs.map((leg) => ({ ...leg, truck_max_capacity: Math.max(leg.truck_max_capacity ?? 10, 5) }));
          const ambient: FreightRequest = { ...request, queries: { legs } };
          const chilled: FreightRequest = { ...request, queries: { legs: legs.map((leg) => ({ ...leg, temperature: 'chilled' as const })) } };
          const warm = unrounded(explainFreightTruecost(ambient).items);
          unrounded(explainFreightTruecost(chilled).items).forEach((t, i) => expect(t).toBeGreaterThanOrEqual(warm[i]! * (1 - 1e-12)));
        },
      ),
    );
  });

  it('takes DESNZ 2025 refrigerated over ambient per class, and GLEC Europe in the EU', () => {
    expect(refrigeratedUplift.rigid7to17.value).toBeCloseTo(0.43306 / 0.36362, 12);
    expect(refrigeratedUplift.rigidOver17.value).toBeCloseTo(0.20416 / 0.17146, 12);
    expect(refrigeratedUplift.articOver33.value).toBeCloseTo(0.08908 / 0.07703, 12);
    // 10 t x 400 km x 0.10304 kg CO2e/t-km (GLEC Europe refrigerated HGV) = 412.16 kg.
    const dutch = explainLogisticsTruecost({ queries: { legs: [{ shipping_method: 'TRUCK_HEAVY', shipping_distance: 400, shipping_weight: 10, region: 'NL', temperature: 'chilled' }] } });
    expect(dutch.result.truecost.legs).toEqual([0.41216]);
  });

  it('is refused where no refrigerated factor is cited: a light truck, a ship, rail', () => {
    const light = validate(logisticsRequestSchema, { queries: { legs: [{ shipping_method: 'TRUCK_LIGHT', temperature: 'chilled' }] } });
    expect(light.ok).toBe(false);
    if (!light.ok) expect(light.error.path).toBe('queries.legs.0.temperature');
    const ship = validate(logisticsRequestSchema, { queries: { legs: [{ shipping_method: 'SHIP', temperature: 'chilled' }] } });
    expect(ship.ok).toBe(false);
    const sea = validate(freightRequestSchema, { configs: { region: 'IN', transportation_type: 'ship' }, queries: { legs: [{ shipping_method: 'loose', weight: 1, distance: 1, temperature: 'chilled' }] } });
    expect(sea.ok).toBe(false);
    if (!sea.ok) expect(sea.error.path).toBe('queries.legs.0.temperature');
    const van = validate(freightRequestSchema, { configs: { region: 'IN', transportation_type: 'truck' }, queries: { legs: [{ shipping_method: 'loose', weight: 1, distance: 1, truck_max_capacity: 1.5, truck_unladen_weight: 1.5, temperature: 'chilled' }] } });
    expect(van.ok).toBe(false);
  });
});
