import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  explainFreightTruecost,
  explainLogisticsTruecost,
  freightTruecost,
  logisticsTruecost,
  TruecostValidationError,
  type FreightRequestInput,
  type LogisticsRequestInput,
} from '../../src/index.js';
import { checkRequestKind } from '../../src/testing/index.js';

// Shared loads, tonne-km and intensities in the explanation, and the carrier's own fuel (E11, E13).

const parcel = { shipping_method: 'TRUCK_HEAVY', shipping_distance: 800, shipping_weight: 0.002 } as const;
const e11 = (...legs: LogisticsRequestInput['queries']['legs']): LogisticsRequestInput => ({ queries: { legs } });
const unrounded = (input: LogisticsRequestInput) => explainLogisticsTruecost(input).items[0]!.unrounded;
const quantities = (input: LogisticsRequestInput) => explainLogisticsTruecost(input).items[0]!.quantities;
const truck = fc.constantFrom('TRUCK_LIGHT' as const, 'TRUCK_MEDIUM' as const, 'TRUCK_HEAVY' as const);
const positive = (max: number) => fc.double({ min: 1e-3, max, noNaN: true, noDefaultInfinity: true });

function refusal(run: () => unknown): { path: string; reason: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof TruecostValidationError) return error.problem;
    throw error;
  }
  throw new Error('accepted');
}

describe('E11 load', () => {
  it('keeps the contract figure of a 2 kg parcel in a dedicated heavy truck, with or without load: dedicated', () => {
    expect(logisticsTruecost(e11(parcel)).truecost.total_truecost).toBe(0.481389);
    expect(logisticsTruecost(e11({ ...parcel, load: 'dedicated' })).truecost.total_truecost).toBe(0.481389);
  });

  it('allocates a shared parcel by tonne-km at the rigid >17 t average-laden intensity, well-to-wheel', () => {
    // 0.002 t x 800 km = 1.6 t-km; (0.17146 + 0.03736) kg/t-km x 1.6 = 0.334112 kg
    const kg = unrounded(e11({ ...parcel, load: 'shared' })) * 1000;
    expect(kg).toBeCloseTo(0.334112, 9);
    expect(kg).toBeGreaterThan(0.05);
    expect(kg).toBeLessThan(0.5);
    expect(explainLogisticsTruecost(e11({ ...parcel, load: 'shared' }), { basis: 'ttw' }).items[0]!.unrounded * 1000).toBeCloseTo(0.274336, 9);
  });

  it('is linear in mass when shared, on every truck class', () => {
    fc.assert(
      fc.property(truck, positive(5000), positive(40), fc.double({ min: 0.01, max: 100, noNaN: true }), (method, distance, weight, k) => {
        const one = unrounded(e11({ shipping_method: method, shipping_distance: distance, shipping_weight: weight, load: 'shared' }));
        const scaled = unrounded(e11({ shipping_method: method, shipping_distance: distance, shipping_weight: weight * k, load: 'shared' }));
        expect(scaled).toBeCloseTo(one * k, 9 - Math.ceil(Math.log10(Math.max(1, one * k))));
      }),
    );
  });

  it('costs more per tonne-km in a shared light truck than in a medium one, and in a medium one than in a heavy one', () => {
    const intensity = (method: 'TRUCK_LIGHT' | 'TRUCK_MEDIUM' | 'TRUCK_HEAVY') =>
      quantities(e11({ ...parcel, shipping_method: method, load: 'shared' }))['intensity_well_to_wheel_kg_per_tonne_km'] as number;
    expect(intensity('TRUCK_LIGHT')).toBeCloseTo(0.6313 + 0.15095, 9);
    expect(intensity('TRUCK_LIGHT')).toBeGreaterThan(intensity('TRUCK_MEDIUM'));
    expect(intensity('TRUCK_MEDIUM')).toBeGreaterThan(intensity('TRUCK_HEAVY'));
  });

  it('leaves train, ship, flight and motorcycle legs as they are: their intensities already share the vehicle', () => {
    for (const method of ['TRAIN', 'SHIP', 'FLIGHT', 'MOTORCYCLE'] as const) {
      const leg = { shipping_method: method, shipping_distance: 900, shipping_weight: 3 };
      expect(logisticsTruecost(e11({ ...leg, load: 'shared' }))).toEqual(logisticsTruecost(e11(leg)));
    }
  });

  it('refuses load: "full" and load with the carrier fuel, naming the field', () => {
    expect(refusal(() => logisticsTruecost(e11(parcel, { ...parcel, load: 'full' as never }))).path).toBe('queries.legs.1.load');
    expect(refusal(() => logisticsTruecost(e11({ ...parcel, load: 'shared', fuel_type: 'diesel', fuel_amount: 5 }))).path).toBe('queries.legs.0.load');
  });
});

describe('tonne-km and intensity in the explanation', () => {
  it('gives every E11 leg its tonne-km, its intensity on both bases, its operation category and data type', () => {
    const input = e11(
      parcel,
      { ...parcel, load: 'shared' },
      { shipping_method: 'TRAIN', shipping_distance: 1000, shipping_weight: 20 },
      { ...parcel, fuel_type: 'diesel', fuel_amount: 10 },
    );
    const items = explainLogisticsTruecost(input).items.slice(0, 4);
    expect(items.map((item) => item.quantities['data_type'])).toEqual(['modelled', 'default', 'default', 'primary']);
    expect(items.map((item) => item.quantities['operation_category'])).toEqual([
      'Road: heavy diesel truck (India HDV, >12 t gross), dedicated',
      'Road: rigid HGV >17 t, diesel, average laden',
      'Rail: freight train, average',
      "Road: heavy diesel truck (India HDV, >12 t gross), carrier's fuel",
    ]);
    for (const item of items) {
      const q = item.quantities as Record<string, number>;
      const tonneKm = q['tonne_km']!;
      expect(tonneKm).toBeCloseTo(q['weight_t']! * q['distance_km']!, 9);
      expect(q['intensity_tank_to_wheel_kg_per_tonne_km']! * tonneKm).toBeCloseTo(item.basis.tank_to_wheel * 1000, 6);
      expect(q['intensity_well_to_wheel_kg_per_tonne_km']).toBeCloseTo(q['intensity_tank_to_wheel_kg_per_tonne_km']! + q['intensity_well_to_tank_kg_per_tonne_km']!, 9);
    }
    // The train: DESNZ 0.02779 + 0.00691 kg/t-km.
    expect(items[2]!.quantities['intensity_well_to_wheel_kg_per_tonne_km']).toBeCloseTo(0.0347, 9);
  });

  // Changed in methodology 2026.6: a shared load is allocated on the goods' tonne-km (the intensity is
  // per tonne of goods, the container's tare inside it); it was the mass moved with the tare before.
  it("gives a shared E13 container leg its tonne-km on the goods, without the container's tare", () => {
    const input: FreightRequestInput = {
      configs: { region: 'IN', transportation_type: 'truck' },
      queries: { legs: [{ shipping_method: 'container', container_type: '42GP', weight: 18, distance: 400, load: 'shared' }] },
    };
    const [item] = explainFreightTruecost(input).items;
    expect(item!.quantities['tonne_km']).toBeCloseTo(18 * 400, 9);
    expect(item!.assumptions.join(' ')).toContain("The containers' tare is not added to the goods");
    expect(item!.quantities['data_type']).toBe('default');
    expect(typeof item!.quantities['operation_category']).toBe('string');
  });
});

describe("the carrier's own fuel (primary data)", () => {
  it('gives 100 l of diesel 0.328564 t well-to-wheel, marked primary, whatever the mass and distance', () => {
    // 100 l x (2.66155 + 0.62409) kg CO2e/l (DESNZ 2025 fuels and WTT- fuels)
    for (const leg of [parcel, { shipping_method: 'TRAIN', shipping_distance: 20, shipping_weight: 900 }] as const) {
      const input = e11({ ...leg, fuel_type: 'diesel', fuel_amount: 100 });
      const tonnes = logisticsTruecost(input).truecost.total_truecost;
      expect(tonnes).toBe(0.328564);
      expect(tonnes).toBeGreaterThanOrEqual(0.26);
      expect(tonnes).toBeLessThanOrEqual(0.36);
      expect(quantities(input)['data_type']).toBe('primary');
      expect(quantities(input)['fuel_l']).toBe(100);
    }
  });

  it('is linear in the amount of every fuel, its parts summing to the total', () => {
    const fuel = fc.oneof(
      fc.constantFrom('diesel' as const, 'petrol' as const, 'cng' as const).map((fuel_type) => ({ fuel_type })),
      fc.constant({ fuel_type: 'electricity' as const, grid: 'IN' as const }),
    );
    fc.assert(
      fc.property(fuel, positive(1e5), fc.double({ min: 0.01, max: 100, noNaN: true }), (chosen, amount, k) => {
        const one = explainLogisticsTruecost(e11({ ...parcel, ...chosen, fuel_amount: amount })).items[0]!;
        const scaled = explainLogisticsTruecost(e11({ ...parcel, ...chosen, fuel_amount: amount * k })).items[0]!;
        expect(scaled.unrounded / k).toBeCloseTo(one.unrounded, 12 - Math.ceil(Math.log10(Math.max(1, one.unrounded))));
        expect(one.basis.tank_to_wheel + one.basis.well_to_tank).toBeCloseTo(one.unrounded, 12);
      }),
    );
  });

  it('counts electricity as well-to-tank only, at the CEA grid over its losses', () => {
    const [item] = explainLogisticsTruecost(e11({ ...parcel, fuel_type: 'electricity', fuel_amount: 1000, grid: 'IN' })).items;
    expect(item!.basis.tank_to_wheel).toBe(0);
    expect(item!.unrounded).toBeCloseTo((1000 * 0.727) / (1 - 0.1664) / 1000, 12);
  });

  it('computes an E13 rail leg from its electricity, and refuses load off trucks and dry_run with a shared load', () => {
    const rail: FreightRequestInput = {
      configs: { region: 'IN', transportation_type: 'rail' },
      queries: { legs: [{ shipping_method: 'loose', weight: 10, distance: 500, fuel_type: 'electricity', fuel_amount: 1000, grid: 'IN' }] },
    };
    expect(freightTruecost(rail).truecost.legs).toEqual([0.872121]);
    const shared = { shipping_method: 'loose', weight: 10, distance: 500, load: 'shared' } as const;
    expect(refusal(() => freightTruecost({ ...rail, queries: { legs: [shared] } })).path).toBe('queries.legs.0.load');
    const truck = { configs: { region: 'IN', transportation_type: 'truck' } } as const;
    expect(refusal(() => freightTruecost({ ...truck, queries: { legs: [{ ...shared, dry_run: true }] } })).path).toBe('queries.legs.0.dry_run');
    // 10 t x 500 km in a 24 t gross truck (HDV): rigid >17 t, (0.17146 + 0.03736) kg/t-km.
    expect(freightTruecost({ ...truck, queries: { legs: [shared] } }).truecost.legs).toEqual([1.0441]);
  });

  it.each([
    [{ fuel_type: 'diesel', fuel_amount: -100 }, 'queries.legs.0.fuel_amount'],
    [{ fuel_type: 'diesel', fuel_amount: 0 }, 'queries.legs.0.fuel_amount'],
    [{ fuel_type: 'kerosene', fuel_amount: 1 }, 'queries.legs.0.fuel_type'],
    [{ fuel_type: 'diesel' }, 'queries.legs.0.fuel_amount'],
    [{ fuel_amount: 5 }, 'queries.legs.0.fuel_amount'],
    [{ fuel_type: 'electricity', fuel_amount: 5 }, 'queries.legs.0.grid'],
    [{ fuel_type: 'electricity', fuel_amount: 5, grid: 'UK' }, 'queries.legs.0.grid'],
    [{ fuel_type: 'diesel', fuel_amount: 5, grid: 'IN' }, 'queries.legs.0.grid'],
    [{ fuel_type: 'cng', fuel_amount: 5, fuel_unit: 'l' }, 'queries.legs.0.fuel_unit'],
  ])('refuses %j at %s', (fields, path) => {
    expect(refusal(() => logisticsTruecost(e11({ ...parcel, ...(fields as object) } as never))).path).toBe(path);
  });

  it('holds the field rules of E11 and E13, load and fuel among them', () => {
    expect(checkRequestKind('logistics')).toEqual([]);
    expect(checkRequestKind('freight')).toEqual([]);
  });
});
