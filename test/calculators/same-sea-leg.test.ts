import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONTAINER_TYPES,
  explainFreightTruecost,
  freightTruecost,
  logisticsTruecost,
  type FreightRequestInput,
} from '../../src/index.js';
import { desnzFreightPerTonneKm } from '../../src/data/desnz-2025-freight.js';

// One method on every endpoint: the same goods on the same sea leg answer the same figure on E11
// SHIP and on E13, container or loose, unless the explanation names the cited difference
// (docs/methodology.md, "Freight legs (E13)").

const e11Ship = (weight: number, distance: number) =>
  logisticsTruecost({ queries: { legs: [{ shipping_method: 'SHIP', shipping_distance: distance, shipping_weight: weight }] } }).truecost.total_truecost;

const e13Ship = (leg: FreightRequestInput['queries']['legs'][number]): FreightRequestInput => ({
  configs: { region: 'IN', transportation_type: 'ship' },
  queries: { legs: [leg] },
});

describe('the same sea leg on E11 and E13', () => {
  it('answers 4.128 t for 18 t over 11,600 km on E11 SHIP and on an E13 42GP container leg', () => {
    // 18 t x 11,600 km x 0.01612 kg CO2e/t-km x 1.2264 (container ship well-to-tank) = 4,127.976 kg.
    expect(e11Ship(18, 11_600)).toBe(4.127976);
    expect(freightTruecost(e13Ship({ shipping_method: 'container', container_type: '42GP', weight: 18, distance: 11_600 })).truecost.total_truecost).toBe(4.127976);
  });

  it('is the same figure on E11 SHIP and an E13 container leg of any type, for any goods and distance', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 500, noNaN: true }),
        fc.double({ min: 1, max: 25_000, noNaN: true }),
        fc.constantFrom(...CONTAINER_TYPES),
        (weight, distance, container_type) => {
          const container = freightTruecost(e13Ship({ shipping_method: 'container', container_type, weight, distance })).truecost.total_truecost;
          expect(container).toBe(e11Ship(weight, distance));
        },
      ),
    );
  });

  it('differs on an E13 loose leg only by the cited ratio of the general cargo ship to the container ship, named in its explanation', () => {
    const ratio = desnzFreightPerTonneKm.generalCargoShip.value / desnzFreightPerTonneKm.containerShip.value;
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 500, noNaN: true }), fc.double({ min: 1, max: 25_000, noNaN: true }), (weight, distance) => {
        const explained = explainFreightTruecost(e13Ship({ shipping_method: 'loose', weight, distance }));
        const [loose] = explained.items;
        const e11 = logisticsTruecost({ queries: { legs: [{ shipping_method: 'SHIP', shipping_distance: distance, shipping_weight: weight }] } });
        expect(loose!.unrounded).toBeCloseTo(e11.truecost.total_truecost * ratio, 5);
        const said = loose!.assumptions.join(' ');
        expect(said).toContain('general cargo ship');
        expect(said).toContain(String(desnzFreightPerTonneKm.generalCargoShip.value));
        expect(said).toContain(String(desnzFreightPerTonneKm.containerShip.value));
      }),
    );
  });
});
