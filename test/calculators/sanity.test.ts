// The intensities the calculators imply, against independent published ranges. Each range names
// its source and its basis; a figure is compared on the basis its source gives (tank-to-wheel with
// `basis: 'ttw'`, well-to-wheel by default). A calculator that drifts outside one has a wrong factor
// or formula.
import { describe, expect, it } from 'vitest';
import {
  explainFreightTruecost,
  explainLogisticsTruecost,
  explainCommuteTruecost,
  busTruecost,
  suvTruecost,
  type LogisticsLeg,
} from '../../src/index.js';

const TTW = { basis: 'ttw' } as const;

const kgPerTonneKm = (leg: LogisticsLeg, options: { basis?: 'wtw' | 'ttw' } = TTW) =>
  (explainLogisticsTruecost({ queries: { legs: [leg] } }, options).items[0]!.unrounded * 1000) /
  (leg.shipping_weight * leg.shipping_distance);

describe('implied intensities fall inside published ranges', () => {
  it('full heavy truck: between DESNZ 2025 articulated >33 t at 100 % load (0.05988) x 0.5 and all-HGV average laden (0.10163) x 1.5', () => {
    const value = kgPerTonneKm({ shipping_method: 'TRUCK_HEAVY', shipping_distance: 100, shipping_weight: 15, truck_capacity: 15 });
    expect(value).toBeGreaterThan(0.05988 * 0.5);
    expect(value).toBeLessThan(0.10163 * 1.5);
  });

  it('full light truck: between DESNZ 2025 rigid 3.5-7.5 t at 100 % load (0.24776) x 0.5 and average vans (0.6313)', () => {
    const value = kgPerTonneKm({ shipping_method: 'TRUCK_LIGHT', shipping_distance: 100, shipping_weight: 1.75, truck_capacity: 1.75 });
    expect(value).toBeGreaterThan(0.24776 * 0.5);
    expect(value).toBeLessThan(0.6313);
  });

  it('rail freight agrees with SFC India / TERI (28 g CO2e per net tonne-km) within 5 %', () => {
    const value = kgPerTonneKm({ shipping_method: 'TRAIN', shipping_distance: 100, shipping_weight: 10 });
    expect(Math.abs(value - 0.028) / 0.028).toBeLessThan(0.05);
  });

  it('container ship lies within DESNZ 2025 container ships by size: 8000+ TEU 0.01266 to 0-999 TEU 0.03675', () => {
    const value = kgPerTonneKm({ shipping_method: 'SHIP', shipping_distance: 100, shipping_weight: 10 });
    expect(value).toBeGreaterThanOrEqual(0.01266);
    expect(value).toBeLessThanOrEqual(0.03675);
  });

  it('air freight agrees with the GLEC v3.2 belly defaults of its haul within 15 %, on both bases', () => {
    // GLEC v3.2 belly freight, kg CO2e/t-km: short-haul (<1500 km) 0.675 TTW / 0.830 WTW, long-haul
    // (>4000 km) 0.495 TTW / 0.608 WTW.
    const glec = { 1000: { ttw: 0.675, wtw: 0.83 }, 8000: { ttw: 0.495, wtw: 0.608 } } as const;
    for (const distance of [1000, 8000] as const) {
      const leg = { shipping_method: 'FLIGHT', shipping_distance: distance, shipping_weight: 10 } as const;
      expect(Math.abs(kgPerTonneKm(leg) / glec[distance].ttw - 1)).toBeLessThan(0.15);
      expect(Math.abs(kgPerTonneKm(leg, {}) / glec[distance].wtw - 1)).toBeLessThan(0.15);
    }
  });

  it('a loaded container truck per tonne of cargo lies between half DESNZ articulated >33 t at full load and the all-HGV average', () => {
    const explained = explainFreightTruecost(
      {
        configs: { region: 'IN', transportation_type: 'truck' },
        queries: { legs: [{ shipping_method: 'container', container_type: '22UP', weight: 27.85, distance: 100, dry_run: false }] },
      },
      TTW,
    );
    const value = (explained.items[0]!.unrounded * 1000) / (27.85 * 100);
    expect(value).toBeGreaterThan(0.05988 * 0.5);
    expect(value).toBeLessThan(0.10163);
  });

  it('bus seats per passenger-km lie between half the India intracity bus (0.015161) and DESNZ 2025 local bus (0.10385)', () => {
    const { truecost } = busTruecost(
      {
        configs: { vehicle_type: 'BUS', distance: 100 },
        queries: {
          seats: [
            { seat_type: 'SEATER', no_of_seats: 14, total_seats: 14 },
            { seat_type: 'SLEEPER', no_of_seats: 40, total_seats: 40 },
          ],
        },
      },
      TTW,
    );
    for (const perPassengerKm of [truecost.seats.SEATER / 14 / 100, truecost.seats.SLEEPER / 40 / 100]) {
      expect(perPassengerKm).toBeGreaterThan(0.015161 / 2);
      expect(perPassengerKm).toBeLessThan(0.10385);
    }
  });

  it('a shared SUV seat per passenger-km lies between DESNZ 2025 coach (0.02776) and local bus (0.10385)', () => {
    const { truecost } = suvTruecost({ configs: { vehicle_type: 'SUV', distance: 100, total_capacity: 8, seats_occupied: 7 } }, TTW);
    const perPassengerKm = truecost.individual_seat_truecost / 100;
    expect(perPassengerKm).toBeGreaterThan(0.02776);
    expect(perPassengerKm).toBeLessThan(0.10385);
  });

  it('every fuel car per km lies within the India GHG 2015 car table, small petrol <800 cc CNG base (0.063) to premium SUV >3000 cc diesel (0.290), tank-to-wheel', () => {
    for (const method of ['CAR_HATCHBACK_PETROL', 'CAR_SEDAN_CNG', 'CAR_SUV_DIESEL', 'CAB'] as const) {
      const value = explainCommuteTruecost({ queries: { legs: [{ commute_method: method, commute_distance: 1 }] } }, TTW).items[0]!.unrounded * 1000;
      expect(value).toBeGreaterThan(0.063);
      expect(value).toBeLessThan(0.29);
    }
  });

  it('a commuter motorcycle per km lies below DESNZ 2025 small motorbike (0.08319), as Indian bikes run 60-80 km/l', () => {
    const value = explainCommuteTruecost({ queries: { legs: [{ commute_method: 'BIKE_COMMUTER', commute_distance: 1 }] } }, TTW).items[0]!.unrounded * 1000;
    expect(value).toBeLessThan(0.08319);
    expect(value).toBeGreaterThan(0.08319 / 4);
  });

  it('an electric car per km well-to-wheel lies within the same car table, as its energy is the grid', () => {
    const value = explainCommuteTruecost({ queries: { legs: [{ commute_method: 'CAR_SEDAN_ELECTRIC', commute_distance: 1 }] } }).items[0]!.unrounded * 1000;
    expect(value).toBeGreaterThan(0.063);
    expect(value).toBeLessThan(0.29);
  });

  it('well-to-wheel over tank-to-wheel CO2 lies within 5 % of the DESNZ 2025 per-km rows of each vehicle kind', () => {
    // DESNZ 2025 WTW / CO2: petrol car 0.20871 / 0.16204, diesel car 0.21450 / 0.17136, CNG car
    // 0.21005 / 0.17201, motorbike 0.14323 / 0.11138, local bus 0.13034 / 0.10311, HGV 1.10275 / 0.87910.
    // DESNZ's rows burn the UK biofuel blend, whose biogenic CO2 is out of scope; truecost's fuel is mineral.
    const published = {
      CAR_SEDAN_PETROL: 0.20871 / 0.16204,
      CAR_SEDAN_DIESEL: 0.2145 / 0.17136,
      CAR_SEDAN_CNG: 0.21005 / 0.17201,
      BIKE_COMMUTER: 0.14323 / 0.11138,
      INTRACITY_BUS: 0.13034 / 0.10311,
    } as const;
    for (const [method, ratio] of Object.entries(published)) {
      const leg = { commute_method: method as keyof typeof published, commute_distance: 1 };
      const item = explainCommuteTruecost({ queries: { legs: [leg] } }).items[0]!;
      const co2 = item.factors[0]!.value / 1000;
      expect(Math.abs(item.unrounded / co2 / ratio - 1)).toBeLessThan(0.05);
    }
    const truck = { shipping_method: 'TRUCK_HEAVY', shipping_distance: 100, shipping_weight: 15, truck_capacity: 15 } as const;
    expect(Math.abs(kgPerTonneKm(truck, {}) / kgPerTonneKm(truck) / (1.10275 / 0.89121) - 1)).toBeLessThan(0.05);
  });
});
