import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  explainFreightTruecost,
  explainLogisticsTruecost,
  freightReport,
  iso14083ReportSchema,
  logisticsReport,
  type LogisticsRequestInput,
} from '../../src/index.js';
import { freightRequest, legElements, logisticsRequest } from './road-arbitraries.js';

// The ISO 14083 report of E11 and E13: the same figures as the calculators, in kg, both parts.

const shipment: LogisticsRequestInput = {
  queries: {
    legs: [
      { shipping_method: 'TRUCK_LIGHT', shipping_distance: 30, shipping_weight: 0.002, load: 'shared' },
      { shipping_method: 'TRUCK_HEAVY', shipping_distance: 800, shipping_weight: 0.002, load: 'shared' },
      { shipping_method: 'TRAIN', shipping_distance: 1200, shipping_weight: 0.002 },
      { shipping_method: 'TRUCK_MEDIUM', shipping_distance: 40, shipping_weight: 0.002, fuel_type: 'diesel', fuel_amount: 0.01 },
    ],
  },
};

/** True when `a` is within `abs` of `b`, give or take the binary error of numbers as large as `b`. */
function near(a: number, b: number, abs: number): boolean {
  return Math.abs(a - b) <= abs + 1e-12 * Math.abs(b);
}

/** Holds the laws of a report against the explanation of the same request. */
function expectReportLaws(report: ReturnType<typeof logisticsReport>, items: readonly { unrounded: number; basis: { tank_to_wheel: number; well_to_tank: number } }[]): void {
  expect(iso14083ReportSchema.safeParse(report).success).toBe(true);
  const elements = legElements(report);
  const { totals } = report.report;
  expect(elements.map((element) => element.element)).toEqual(elements.map((_, index) => index));
  let tonneKm = 0;
  elements.forEach((element, index) => {
    expect(near(element.well_to_wheel_kg, element.tank_to_wheel_kg + element.well_to_tank_kg, 1e-9)).toBe(true);
    expect(near(element.tonne_km, element.mass_t * element.distance_km, 1e-6)).toBe(true);
    expect(near(element.well_to_wheel_kg, items[index]!.unrounded * 1000, 0.0005)).toBe(true);
    expect(near(element.tank_to_wheel_kg, items[index]!.basis.tank_to_wheel * 1000, 0.0006)).toBe(true);
    tonneKm += element.mass_t * element.distance_km;
  });
  expect(near(totals.well_to_wheel_kg, totals.tank_to_wheel_kg + totals.well_to_tank_kg, 1e-9)).toBe(true);
  expect(near(totals.tonne_km, tonneKm, 1e-6)).toBe(true);
  const total = items.reduce((sum, item) => sum + item.unrounded, 0) * 1000;
  expect(near(totals.well_to_wheel_kg, total, 0.0005)).toBe(true);
}

describe('logisticsReport', () => {
  it('lists each leg in order with its tonne-km, both parts, its total, intensity, data type and sources', () => {
    const { report } = logisticsReport(shipment);
    expect(report.standard).toBe('ISO 14083:2023');
    expect(legElements({ report }).map((element) => [element.mode, element.data_type])).toEqual([
      ['road', 'default'],
      ['road', 'default'],
      ['rail', 'default'],
      ['road', 'primary'],
    ]);
    const heavy = report.transport_chain_elements[1]!;
    expect(heavy).toMatchObject({
      transport_operation_category: 'Road: rigid HGV >17 t, diesel, average laden',
      distance_km: 800,
      mass_t: 0.002,
      tonne_km: 1.6,
      tank_to_wheel_kg: 0.274,
      well_to_tank_kg: 0.06,
      well_to_wheel_kg: 0.334,
      intensity_tank_to_wheel_kg_per_tonne_km: 0.17146,
      intensity_well_to_wheel_kg_per_tonne_km: 0.20882,
    });
    expect(heavy.sources.map((source) => source.source).join(' ')).toMatch(/27_304_3120_14_1.*28_907_3120_14_1/);
    // 0.01 l of diesel x 3.28564 kg/l = 0.033 kg, all of it primary.
    expect(report.transport_chain_elements[3]!.well_to_wheel_kg).toBe(0.033);
    expect(report.totals.primary_data_share).toBeCloseTo(0.0328564 / (report.totals.well_to_wheel_kg), 2);
    expectReportLaws({ report }, explainLogisticsTruecost(shipment).items.slice(0, 4));
  });

  it('agrees with explainLogisticsTruecost on any shipment: parts sum to totals, figures match', () => {
    fc.assert(
      fc.property(logisticsRequest, (request) => {
        expectReportLaws(logisticsReport(request), explainLogisticsTruecost(request).items.slice(0, -1));
      }),
      { numRuns: 40 },
    );
  });
});

describe('freightReport', () => {
  it('agrees with explainFreightTruecost on any E13 request', () => {
    fc.assert(
      fc.property(freightRequest, (request) => {
        const report = freightReport(request);
        expectReportLaws(report, explainFreightTruecost(request).items.slice(0, -1));
        const mode = request.configs.transportation_type;
        legElements(report).forEach((element, index) => {
          expect(element.mode).toBe(mode === 'truck' ? 'road' : mode === 'rail' ? 'rail' : 'sea');
          const dedicated = mode === 'truck' && request.queries.legs[index]!.load !== 'shared';
          expect(element.data_type).toBe(dedicated ? 'modelled' : 'default');
        });
      }),
      { numRuns: 25 },
    );
  });
});
