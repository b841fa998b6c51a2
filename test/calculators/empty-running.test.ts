import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  explainFreightTruecost,
  explainLogisticsTruecost,
  freightRequestSchema,
  logisticsRequestSchema,
  logisticsTruecost,
  validate,
  type FreightRequestInput,
  type SentLogisticsLeg,
} from '../../src/index.js';
import { emptyTruckRatio } from '../../src/data/desnz-2025-freight.js';
import { logisticsRequest, near } from './road-arbitraries.js';

// A dedicated truck's empty running (`empty_distance_factor`): docs/methodology.md, "Logistics legs (E11)" and "Freight legs (E13)".

const unrounded = (legs: readonly SentLogisticsLeg[]) =>
  explainLogisticsTruecost({ queries: { legs: [...legs] } }).items.filter((item) => item.item !== 'equivalents').map((item) => item.unrounded);

const dedicatedIndia = (leg: SentLogisticsLeg) =>
  (leg.shipping_method === 'TRUCK_LIGHT' || leg.shipping_method === 'TRUCK_MEDIUM' || leg.shipping_method === 'TRUCK_HEAVY') &&
  leg.load !== 'shared' &&
  leg.fuel_type === undefined &&
  (leg.region === undefined || leg.region === 'IN');

describe('the empty running of a dedicated truck', () => {
  it('adds a full truck\'s empty return at the empty truck\'s fuel: 1 + 0.651908 times the loaded trip', () => {
    const full = { shipping_method: 'TRUCK_HEAVY', shipping_distance: 100, shipping_weight: 15 } as const;
    const [loaded] = unrounded([full]);
    const [withReturn] = unrounded([{ ...full, empty_distance_factor: 1 }]);
    expect(emptyTruckRatio.value).toBeCloseTo(0.651908, 6);
    expect(near(withReturn, loaded! * (1 + emptyTruckRatio.value))).toBe(true);
  });

  it('grows linearly with the factor, per truck, and is nothing at 0 or when not sent', () => {
    fc.assert(
      fc.property(logisticsRequest, fc.double({ min: 0, max: 1, noNaN: true }), (request, factor) => {
        const legs = request.queries.legs.filter(dedicatedIndia);
        if (legs.length === 0) return;
        const none = unrounded(legs);
        expect(unrounded(legs.map((leg) => ({ ...leg, empty_distance_factor: 0 })))).toEqual(none);
        const some = unrounded(legs.map((leg) => ({ ...leg, empty_distance_factor: factor })));
        const whole = unrounded(legs.map((leg) => ({ ...leg, empty_distance_factor: 1 })));
        some.forEach((t, i) => {
          expect(t).toBeGreaterThanOrEqual(none[i]!);
          expect(near(t, none[i]! + factor * (whole[i]! - none[i]!))).toBe(true);
        });
      }),
    );
  });

  it('is stated in every dedicated truck\'s explanation, sent or not', () => {
    const leg = { shipping_method: 'TRUCK_MEDIUM', shipping_distance: 300 } as const;
    const [unsent] = explainLogisticsTruecost({ queries: { legs: [leg] } }).items;
    expect(unsent!.quantities['empty_distance_factor']).toBe(0);
    expect(unsent!.assumptions.some((line) => line.startsWith('Empty running: none counted.'))).toBe(true);
    const [sent] = explainLogisticsTruecost({ queries: { legs: [{ ...leg, empty_distance_factor: 0.3 }] } }).items;
    expect(sent!.quantities['empty_distance_factor']).toBe(0.3);
    expect(sent!.assumptions).toContain("Empty running: empty_distance_factor 0.3, each truck driving 0.3 km empty per km of the leg at the empty truck's fuel.");
    expect(logisticsTruecost({ queries: { legs: [{ ...leg, empty_distance_factor: 0.3 }] } }).truecost.total_truecost).toBeGreaterThan(
      logisticsTruecost({ queries: { legs: [leg] } }).truecost.total_truecost,
    );
  });

  it.each([
    [{ shipping_method: 'SHIP', empty_distance_factor: 0.5 }, 'Allowed only on truck legs.'],
    [{ shipping_method: 'TRUCK_HEAVY', load: 'shared', empty_distance_factor: 0.5 }, 'already holds'],
    [{ shipping_method: 'TRUCK_HEAVY', region: 'GB', empty_distance_factor: 0.5 }, 'already holds'],
    [{ shipping_method: 'TRUCK_HEAVY', fuel_type: 'diesel', fuel_amount: 10, empty_distance_factor: 0.5 }, "carrier's fuel"],
    [{ shipping_method: 'TRUCK_HEAVY', empty_distance_factor: 1.5 }, 'at most 1'],
    [{ shipping_method: 'TRUCK_HEAVY', empty_distance_factor: -0.1 }, 'at least 0'],
  ])('refuses %j, naming empty_distance_factor', (leg, reason) => {
    const parsed = validate(logisticsRequestSchema, { queries: { legs: [leg] } });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error.path).toBe('queries.legs.0.empty_distance_factor');
    expect(parsed.error.reason).toContain(reason);
  });
});

describe('the empty running of an E13 dedicated truck', () => {
  const truckLeg = { shipping_method: 'loose', weight: 15, distance: 100, truck_max_capacity: 15 } as const;
  const e13 = (leg: object, region = 'IN') =>
    ({ configs: { region, transportation_type: 'truck' }, queries: { legs: [leg] } }) as FreightRequestInput;
  const unroundedE13 = (leg: object) => explainFreightTruecost(e13(leg)).items[0]!.unrounded;

  it('adds each truck\'s empty km at the empty truck\'s fuel, linearly, and is stated sent or not', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (factor) => {
        const none = unroundedE13(truckLeg);
        const whole = unroundedE13({ ...truckLeg, empty_distance_factor: 1 });
        expect(near(unroundedE13({ ...truckLeg, empty_distance_factor: factor }), none + factor * (whole - none))).toBe(true);
      }),
    );
    const [unsent] = explainFreightTruecost(e13(truckLeg)).items;
    expect(unsent!.quantities['empty_distance_factor']).toBe(0);
    expect(unsent!.assumptions.some((line) => line.startsWith('Empty running: none counted.'))).toBe(true);
    const [sent] = explainFreightTruecost(e13({ ...truckLeg, empty_distance_factor: 0.4 })).items;
    expect(sent!.assumptions.some((line) => line.startsWith('Empty running: empty_distance_factor 0.4,'))).toBe(true);
  });

  it('equals dry_run\'s return for loose goods, which carry no containers back', () => {
    expect(near(unroundedE13({ ...truckLeg, empty_distance_factor: 1 }), unroundedE13({ ...truckLeg, dry_run: true }))).toBe(true);
  });

  it.each([
    [{ ...truckLeg, dry_run: true, empty_distance_factor: 0.5 }, 'IN', 'truck', 'one or the other'],
    [{ ...truckLeg, load: 'shared', empty_distance_factor: 0.5 }, 'IN', 'truck', 'holds its empty running'],
    [{ ...truckLeg, empty_distance_factor: 0.5 }, 'GB', 'truck', 'Not in region GB'],
    [{ ...truckLeg, empty_distance_factor: 0.5, region: 'NL' }, 'IN', 'truck', 'Not in region NL'],
    [{ shipping_method: 'loose', weight: 15, distance: 100, empty_distance_factor: 0.5 }, 'IN', 'rail', 'Allowed only when configs.transportation_type is truck.'],
  ])('refuses %j in %s by %s, naming empty_distance_factor', (leg, region, mode, reason) => {
    const parsed = validate(freightRequestSchema, { configs: { region, transportation_type: mode }, queries: { legs: [leg] } });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error.path).toBe('queries.legs.0.empty_distance_factor');
    expect(parsed.error.reason).toContain(reason);
  });
});
