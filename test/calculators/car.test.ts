import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  carRequestSchema,
  carResponseSchema,
  carTruecost,
  energyChains,
  explainCarTruecost,
  validate,
  type Car,
  type EnergyChain,
  type CarRequest,
} from '../../src/index.js';
import { carRequest, positive, near } from './road-arbitraries.js';

function request(...cars: Car[]): CarRequest {
  return { queries: { cars } };
}

const sedan: Car = {
  car_id: 'c1',
  body_type: 'sedan',
  fuel_type: 'petrol',
  registration_year: 2020,
  mileage: 15,
  distance_travelled: 10_000,
};

describe('carTruecost', () => {
  it('matches the worked example of the methodology: sedan, petrol, 15 km/l, 10,000 km', () => {
    // 10,000 / 15 x 1.08 = 720 l; x 2.27193 kg/l = 1,635.7896 kg CO2; tank-to-wheel x 0.16272 / 0.16204
    // = 1,642.654 kg CO2e; well-to-tank x 0.60664 / 2.33984 = 425.884 kg; 2,068.538 kg / 60 per seedling = 34.476
    expect(carTruecost(request(sedan))).toEqual({
      message: 'Truecost calculated successfully',
      truecost: [{ car_id: 'c1', truecost: 2.068538, trees_planted: 34.476 }],
    });
    expect(carTruecost(request(sedan), { basis: 'ttw' }).truecost).toEqual([
      { car_id: 'c1', truecost: 1.642654, trees_planted: 27.378 },
    ]);
  });

  it('falls back to the body type factor per km when the mileage is 0 or implausible', () => {
    const result = carTruecost(request({ ...sedan, fuel_type: 'diesel', body_type: 'suv', mileage: 0 }));
    // 10,000 km x 0.201 kg/km (SUV <2000 cc diesel, with uplift) = 2,010 kg CO2; x 0.17304 / 0.17136
    // tank-to-wheel, then x (1 + 0.62409 / 2.66155) well-to-wheel = 2,505.639 kg
    expect(result.truecost[0]?.truecost).toBe(2.505639);
    const explained = explainCarTruecost(request({ ...sedan, mileage: 90 }));
    expect(explained.items[0]?.assumptions.join(' ')).toContain('outside 5 to 40 km/l');
  });

  it('gives finite, non-negative results in request order that fit the response schema', () => {
    fc.assert(
      fc.property(carRequest, (parsed) => {
        const result = carTruecost(parsed);
        expect(carResponseSchema.safeParse(result).success).toBe(true);
        expect(result.truecost.map((car) => car.car_id)).toEqual(parsed.queries.cars.map((car) => car.car_id));
        for (const car of result.truecost) {
          expect(Number.isFinite(car.truecost) && car.truecost >= 0).toBe(true);
          expect(Number.isFinite(car.trees_planted) && car.trees_planted >= 0).toBe(true);
        }
      }),
    );
  });

  it('is linear in distance', () => {
    fc.assert(
      fc.property(carRequest, fc.integer({ min: 2, max: 9 }), (parsed, k) => {
        const scaled = request(...parsed.queries.cars.map((car) => ({ ...car, distance_travelled: car.distance_travelled * k })));
        const one = explainCarTruecost(parsed).items;
        const many = explainCarTruecost(scaled).items;
        one.forEach((item, i) => expect(near(many[i]?.unrounded, item.unrounded * k)).toBe(true));
      }),
    );
  });

  it('gives less CO2 for a better mileage within the plausible range', () => {
    fc.assert(
      fc.property(fc.double({ min: 5, max: 39, noNaN: true }), positive(), (mileage, distance) => {
        const worse = carTruecost(request({ ...sedan, mileage, distance_travelled: distance }));
        const better = carTruecost(request({ ...sedan, mileage: mileage + 1, distance_travelled: distance }));
        expect(better.truecost[0]!.truecost).toBeLessThanOrEqual(worse.truecost[0]!.truecost);
      }),
    );
  });

  it('puts an electric car on the Indian grid below a petrol car exactly when its km/kWh beats the break-even', () => {
    // Per km, petrol emits 2.27193 x 1.08 / (km/l) and electric 0.727 x 1.08 / (km/kWh), each along its
    // energy chain: electric is lower when km/kWh > km/l x (0.727 x grid chain) / (2.27193 x petrol chain),
    // i.e. above 0.30 km/kWh per km/l.
    const wellToWheel = (chain: EnergyChain) => chain.tankToWheel + chain.wellToTank;
    const breakEven = (0.727 * wellToWheel(energyChains.grid)) / (2.27193 * wellToWheel(energyChains.petrolCar));
    fc.assert(
      fc.property(fc.double({ min: 5, max: 40, noNaN: true }), fc.double({ min: 3, max: 15, noNaN: true }), (kmPerLitre, kmPerKwh) => {
        const petrol = explainCarTruecost(request({ ...sedan, mileage: kmPerLitre })).items[0]!.unrounded;
        const electric = explainCarTruecost(request({ ...sedan, fuel_type: 'electric', mileage: kmPerKwh })).items[0]!.unrounded;
        if (kmPerKwh > kmPerLitre * breakEven * 1.000001) expect(electric).toBeLessThan(petrol);
        if (kmPerKwh < kmPerLitre * breakEven * 0.999999) expect(electric).toBeGreaterThan(petrol);
      }),
    );
  });

  it('puts the typical electric car of every body type below its petrol twin', () => {
    for (const body_type of ['hatchback', 'sedan', 'suv', 'luxury_sedan', 'luxury_suv'] as const) {
      const petrol = carTruecost(request({ ...sedan, body_type, mileage: 0 })).truecost[0]!.truecost;
      const electric = carTruecost(request({ ...sedan, body_type, fuel_type: 'electric', mileage: 0 })).truecost[0]!.truecost;
      expect(electric).toBeLessThan(petrol);
    }
  });

  it('explains every car with factors that carry a source and a tag', () => {
    fc.assert(
      fc.property(carRequest, (parsed) => {
        const explained = explainCarTruecost(parsed);
        expect(explained.result).toEqual(carTruecost(parsed));
        expect(explained.items).toHaveLength(parsed.queries.cars.length);
        for (const item of explained.items) {
          for (const factor of item.factors) expect(factor.source.length).toBeGreaterThan(10);
          expect(item.assumptions.length).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('computes a validated body end to end', () => {
    const parsed = validate(carRequestSchema, { queries: { cars: [{ ...sedan, extra: 'ignored' }] } });
    expect(parsed.ok && carTruecost(parsed.value).truecost[0]?.truecost).toBe(2.068538);
  });
});
