// The laws of the well-to-wheel basis, on every calculator: the two parts of each explanation sum to
// its result, well-to-wheel is at least tank-to-wheel, `basis: 'ttw'` answers the tank-to-wheel part,
// and each well-to-tank share is exactly that of its cited factors (docs/methodology.md, "Basis").
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  energyChains,
  explainCarTruecost,
  explainCommuteTruecost,
  explainFlightTruecost,
  explainFreightTruecost,
  explainLogisticsTruecost,
  explainTransportationTruecost,
  type CalculatorOptions,
  type Explained,
} from '../../src/index.js';
import { railWellToTank } from '../../src/data/freight-well-to-tank.js';
import { cngFuel, dieselFuel, indiaGridLosses, petrolCarGases, petrolFuel } from '../../src/data/well-to-tank.js';
import { arbitraries, basisLaws, figureOfExplanation } from '../../src/testing/index.js';

type Body = Record<string, unknown>;
const explainers: Record<string, (body: never, options?: CalculatorOptions) => Explained<unknown>> = {
  flight: explainFlightTruecost,
  car: explainCarTruecost,
  bus: explainTransportationTruecost,
  suv: explainTransportationTruecost,
  logistics: explainLogisticsTruecost,
  commute: explainCommuteTruecost,
  freight: explainFreightTruecost,
};
const runs = { numRuns: 60 };

describe.each(Object.keys(explainers))('the %s calculator', (kind) => {
  const explain = (body: Body, options?: CalculatorOptions) => explainers[kind]!(body as never, options);
  const bodies = arbitraries[kind as keyof typeof arbitraries] as fc.Arbitrary<Body>;
  const everyItem = fc.tuple(bodies, fc.nat()).map(([body, pick]) => {
    const { items } = explain(body);
    return { body, index: pick % items.length };
  });

  it('gives parts that sum to each explained result, on both bases', async () => {
    for (const basis of ['wtw', 'ttw'] as const) {
      await fc.assert(
        basisLaws.partsSumToTotal(everyItem, ({ body, index }) => figureOfExplanation(explain(body, { basis }).items[index]!)),
        runs,
      );
    }
  });

  it('gives a well-to-wheel result at least its tank-to-wheel result, at least 0', async () => {
    await fc.assert(
      basisLaws.wellToWheelAtLeastTankToWheel(everyItem, ({ body, index }, basis) => explain(body, { basis }).items[index]!.unrounded),
      runs,
    );
  });

  it('answers on basis ttw the tank-to-wheel part of the well-to-wheel explanation, and says so', () => {
    fc.assert(
      fc.property(bodies, (body) => {
        const wtw = explain(body).items;
        const ttw = explain(body, { basis: 'ttw' }).items;
        ttw.forEach((item, index) => {
          const tankToWheel = wtw[index]!.basis.tank_to_wheel;
          expect(Math.abs(item.unrounded - tankToWheel)).toBeLessThanOrEqual(1e-12 * tankToWheel);
          expect(item.basis).toMatchObject({ gases: 'CO2e', scope: kind === 'flight' ? 'tank-to-wake' : 'tank-to-wheel', well_to_tank: 0 });
          expect(wtw[index]!.basis).toMatchObject({ gases: 'CO2e', scope: kind === 'flight' ? 'well-to-wake' : 'well-to-wheel', gwp: 'IPCC AR5 GWP100' });
        });
      }),
      runs,
    );
  });

  it('refuses a basis other than wtw and ttw as a programming error', () => {
    const body = fc.sample(bodies, 1)[0]!;
    expect(() => explain(body, { basis: 'wtt' as never })).toThrow(RangeError);
  });
});

describe('the energy chains', () => {
  const fossil = Object.entries(energyChains).filter(([name]) => name !== 'grid');

  it('take each fuel\'s well-to-tank share exactly from its DESNZ factors', () => {
    const fuelOf = {
      petrolCar: petrolFuel,
      motorbike: petrolFuel,
      dieselCar: dieselFuel,
      dieselBus: dieselFuel,
      dieselTruck: dieselFuel,
      desnzDieselTruck: dieselFuel,
      cngCar: cngFuel,
    } as const;
    for (const [name, fuel] of Object.entries(fuelOf)) {
      const chain = energyChains[name as keyof typeof fuelOf];
      expect(chain.wellToTank / chain.tankToWheel).toBeCloseTo(fuel.wellToTank.value / fuel.tankToWheel.value, 14);
    }
    expect(energyChains.petrolCar.tankToWheel).toBe(petrolCarGases.co2e.value / petrolCarGases.co2.value);
    expect(energyChains.rail.wellToTank).toBe(railWellToTank.wellToTank.value / railWellToTank.tankToWheel.value);
    expect(energyChains.grid).toMatchObject({ tankToWheel: 0, wellToTank: 1 / (1 - indiaGridLosses.value) });
  });

  it('raise every fossil figure by 15 % to 35 % and every grid figure by at least 19 % over the source', () => {
    for (const [name, chain] of fossil) {
      const rise = chain.tankToWheel + chain.wellToTank;
      expect([name, rise > 1.15 && rise < 1.35]).toEqual([name, true]);
    }
    expect(energyChains.grid.tankToWheel + energyChains.grid.wellToTank).toBeGreaterThanOrEqual(1.19);
  });

  it('leave flights where they were: well-to-wake DEL-BOM economy on the default aircraft is 0.115961 t', () => {
    const { result, items } = explainFlightTruecost({ queries: { flights: [{ departure: 'DEL', arrival: 'BOM', no_of_tickets: 1 }] } });
    expect(result.truecost[0]?.truecost).toBe('0.115961');
    expect(items[0]!.basis.well_to_tank / items[0]!.basis.tank_to_wheel).toBeCloseTo(0.6465 / 3.1894, 12);
  });
});
