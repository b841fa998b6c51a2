import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONTAINER_TYPES,
  containerSpecs,
  explainFreightTruecost,
  freightRequestSchema,
  freightTruecost,
  logisticsResponseSchema,
  roundTonnes,
  validate,
  type FreightLeg,
  type FreightRequest,
  type FreightTransportationType,
} from '../../src/index.js';
import { freightRequest, positive, near } from './road-arbitraries.js';

function request(mode: FreightTransportationType, ...legs: FreightLeg[]): FreightRequest {
  return { configs: { region: 'IN', transportation_type: mode }, queries: { legs } };
}

const unrounded = (r: FreightRequest) =>
  explainFreightTruecost(r).items.filter((item) => item.item !== 'equivalents').map((item) => item.unrounded);

describe('freightTruecost', () => {
  it('matches the worked example of the methodology: a 42GP container by truck with its empty return', () => {
    const parsed = validate(freightRequestSchema, {
      configs: { region: 'IN', transportation_type: 'truck' },
      queries: {
        legs: [{ shipping_method: 'container', container_type: '42GP', weight: 18, distance: 400, dry_run: true }],
      },
    });
    if (!parsed.ok) throw new Error('invalid');
    // mass 18 + 3.74 = 21.74 t on one truck of 30.48 t, GVW 48.77 t: articulated >33 t, full 1.06921 kg/km,
    // empty ratio 0.64734 / 1.06921. Out 379.296 kg, back with the empty box 279.642 kg: 658.938 kg CO2e
    // tank-to-wheel (DESNZ), x (1 + 0.62409 / 2.66155) diesel well-to-tank = 813.448 kg.
    expect(freightTruecost(parsed.value).truecost.legs).toEqual([0.813448]);
    expect(freightTruecost(parsed.value, { basis: 'ttw' }).truecost.legs).toEqual([0.658938]);
  });

  it('matches the worked example of the methodology: loose goods by rail', () => {
    const result = freightTruecost(request('rail', { shipping_method: 'loose', weight: 100, distance: 500, dry_run: false }));
    // 100 t x 500 km x (0.02779 + 0.00691 well-to-tank) kg/t-km = 1,389.5 + 345.5 = 1,735 kg
    expect(result.truecost.legs).toEqual([1.735]);
    expect(result.truecost.equivalents.trees_planted).toBe('28.917');
  });

  it('gives legs in request order whose sum is the total, all finite and not negative', () => {
    fc.assert(
      fc.property(freightRequest, (parsed) => {
        const result = freightTruecost(parsed);
        expect(logisticsResponseSchema.safeParse(result).success).toBe(true);
        const parts = unrounded(parsed);
        expect(result.truecost.legs).toEqual(parts.map(roundTonnes));
        expect(result.truecost.total_truecost).toBe(roundTonnes(parts.reduce((a, b) => a + b, 0)));
        for (const leg of result.truecost.legs) expect(Number.isFinite(leg) && leg >= 0).toBe(true);
      }),
    );
  });

  it('is linear in distance', () => {
    fc.assert(
      fc.property(freightRequest, fc.integer({ min: 2, max: 9 }), (parsed, k) => {
        const scaled = { ...parsed, queries: { legs: parsed.queries.legs.map((leg) => ({ ...leg, distance: (leg.distance ?? 0) * k })) } };
        const one = unrounded(parsed);
        unrounded(scaled).forEach((t, i) => expect(near(t, one[i]! * k)).toBe(true));
      }),
    );
  });

  it('never gives less CO2 for more weight, and the empty return only adds', () => {
    fc.assert(
      fc.property(freightRequest, positive(100), (parsed, extra) => {
        const base = unrounded(parsed);
        const heavier = unrounded({ ...parsed, queries: { legs: parsed.queries.legs.map((leg) => ({ ...leg, weight: leg.weight + extra })) } });
        base.forEach((t, i) => expect(heavier[i]).toBeGreaterThanOrEqual(t * (1 - 1e-12)));
        if (parsed.configs.transportation_type === 'truck') {
          // The empty return is a dedicated truck's: a shared load's intensity already holds empty running.
          const dedicated = parsed.queries.legs.map(({ load: _load, ...leg }) => leg);
          const withReturn = unrounded({ ...parsed, queries: { legs: dedicated.map((leg) => ({ ...leg, dry_run: true })) } });
          const without = unrounded({ ...parsed, queries: { legs: dedicated.map((leg) => ({ ...leg, dry_run: false })) } });
          without.forEach((t, i) => expect(withReturn[i]).toBeGreaterThan(t));
        }
      }),
    );
  });

  it('never makes a full truck worse per tonne than a part-loaded one', () => {
    fc.assert(
      fc.property(positive(45), fc.double({ min: 0.01, max: 1, noNaN: true }), (capacity, share) => {
        const leg = { shipping_method: 'loose' as const, distance: 100, truck_max_capacity: capacity, dry_run: false };
        const [full] = unrounded(request('truck', { ...leg, weight: capacity }));
        const [light] = unrounded(request('truck', { ...leg, weight: capacity * share }));
        expect(full! / capacity).toBeLessThanOrEqual((light! / (capacity * share)) * (1 + 1e-12));
      }),
    );
  });

  it("adds each container's tare to the mass a dedicated truck moves, a custom tare replacing the default", () => {
    for (const container_type of CONTAINER_TYPES) {
      const leg = { shipping_method: 'container' as const, container_type, weight: 10, distance: 1000, dry_run: false };
      const [truck] = explainFreightTruecost(request('truck', leg)).items;
      expect(truck!.quantities['mass_moved_t']).toBeCloseTo(10 + containerSpecs[container_type].tare.value, 12);
      expect(truck!.quantities['tonne_km']).toBeCloseTo((10 + containerSpecs[container_type].tare.value) * 1000, 9);
      const [custom] = explainFreightTruecost(request('truck', { ...leg, container_tare_weight: 2 })).items;
      expect(custom!.quantities['tonne_km']).toBeCloseTo(12 * 1000, 9);
    }
  });

  // Changed in methodology 2026.6: DESNZ's intensities per tonne-km are per tonne of goods, so the
  // containers' tare is no longer added on them (a 10 t leg by rail was 10 + tare tonnes before).
  it("counts only the goods by rail and ship, the containers' tare inside the per-tonne intensity, and says so", () => {
    for (const container_type of CONTAINER_TYPES) {
      const leg = { shipping_method: 'container' as const, container_type, weight: 10, distance: 1000, dry_run: false };
      const explained = explainFreightTruecost(request('rail', leg));
      const railWellToWheel = 0.02779 + 0.00691;
      expect(explained.items[0]?.unrounded).toBeCloseTo((10 * 1000 * railWellToWheel) / 1000, 12);
      expect(explained.items[0]?.assumptions.join(' ')).toMatch(/tare is not added/);
      const [custom] = unrounded(request('rail', { ...leg, container_tare_weight: 2 }));
      expect(custom).toBe(explained.items[0]?.unrounded);
    }
  });

  it('chooses a lighter truck class for a small truck and explains the class', () => {
    const small = { shipping_method: 'loose' as const, weight: 1, distance: 100, truck_max_capacity: 1.5, truck_unladen_weight: 1.5, dry_run: false };
    const explained = explainFreightTruecost(request('truck', small));
    expect(explained.items[0]?.factors[0]?.name).toBe('LDV (<3.5 t GVW) diesel');
    expect(explained.items[0]?.basis).toMatchObject({ gases: 'CO2e', scope: 'well-to-wheel', gwp: 'IPCC AR5 GWP100' });
    expect(explained.items[0]?.factors.map((factor) => factor.name)).toContain('HGV all diesel, average laden, CO2e');
  });
});
