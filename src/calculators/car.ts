import { plausibleMileage } from '../data/assumptions.js';
import { carPerKm, type CarPowertrain } from '../data/car-segments.js';
import { fuelCombustion } from '../data/fuels.js';
import { indiaGridElectricity } from '../data/grid.js';
import { indiaGhgUplift } from '../data/india-ghg-2015.js';
import { METHODOLOGY_VERSION } from '../data/version.js';
import { successMessages } from '../errors.js';
import { checkedRequest } from '../checked-request.js';
import { carRequestSchema, type Car, type CarRequest, type CarRequestInput, type CarResponse } from '../schemas/car.js';
import { epaTreeSeedling } from '../data/epa-equivalents.js';
import { treesPlanted } from './equivalents.js';
import type { Explained, FactorUse, ItemExplanation } from './explanation.js';
import { GRID_GENERATION_CO2, INDIA_TAILPIPE_CO2 } from './road-shared.js';
import { KG_PER_TONNE, roundTonnes } from './rounding.js';

interface Energy {
  readonly powertrain: CarPowertrain;
  readonly perUnit: FactorUse;
  readonly range: { readonly min: number; readonly max: number; readonly unit: string };
  readonly quantity: string;
}

// What one unit of mileage's denominator (a litre, a kg, a kWh) emits, per fuel type.
const ENERGY: Readonly<Record<Car['fuel_type'], Energy>> = {
  petrol: { powertrain: 'petrol', perUnit: fuelCombustion.petrol, range: plausibleMileage.liquid, quantity: 'fuel_l' },
  diesel: { powertrain: 'diesel', perUnit: fuelCombustion.diesel, range: plausibleMileage.liquid, quantity: 'fuel_l' },
  cng: { powertrain: 'cng', perUnit: fuelCombustion.cng, range: plausibleMileage.gas, quantity: 'fuel_kg' },
  petrol_cng: { powertrain: 'cng', perUnit: fuelCombustion.cng, range: plausibleMileage.gas, quantity: 'fuel_kg' },
  electric: {
    powertrain: 'electric',
    perUnit: indiaGridElectricity,
    range: plausibleMileage.electric,
    quantity: 'electricity_kwh',
  },
};

function mileageIsPlausible(car: Car): boolean {
  const { range } = ENERGY[car.fuel_type];
  return car.mileage >= range.min && car.mileage <= range.max;
}

/** Kilograms of CO2 of one car over its distance. */
function carKilograms(car: Car): number {
  const energy = ENERGY[car.fuel_type];
  if (!mileageIsPlausible(car)) return car.distance_travelled * carPerKm[car.body_type][energy.powertrain].value;
  return (car.distance_travelled / car.mileage) * indiaGhgUplift.value * energy.perUnit.value;
}

/**
 * E8: the truecost of each car over the distance it travelled.
 *
 * `distance_travelled` in km; `mileage` in km/l (petrol, diesel), km/kg (cng, petrol_cng) or km/kWh
 * (electric). Returns tonnes CO2 per car rounded to 6 decimals and the tree seedlings (grown 10 years)
 * that take it up, in request order.
 *
 * @example
 * ```ts
 * carTruecost({ queries: { cars: [{ car_id: 'c1', body_type: 'sedan', fuel_type: 'petrol',
 *   registration_year: 2020, mileage: 15, distance_travelled: 10000 }] } });
 * // { message: 'Truecost calculated successfully', truecost: [{ car_id: 'c1', truecost: 1.635790, trees_planted: 27.263 }] }
 * ```
 * @throws TruecostValidationError when the schema refuses the request (the `path` and `reason` of the API's 400).
 * @remarks Since 0.1.0
 */
export function carTruecost(input: CarRequestInput): CarResponse {
  const request: CarRequest = checkedRequest(carRequestSchema, input);
  return {
    message: successMessages.truecostCalculated,
    truecost: request.queries.cars.map((car) => {
      const tonnes = carKilograms(car) / KG_PER_TONNE;
      return { car_id: car.car_id, truecost: roundTonnes(tonnes), trees_planted: treesPlanted(tonnes) };
    }),
  };
}

function explainCar(car: Car): ItemExplanation {
  const energy = ENERGY[car.fuel_type];
  const kg = carKilograms(car);
  const basis = energy.powertrain === 'electric' ? GRID_GENERATION_CO2 : INDIA_TAILPIPE_CO2;
  const assumptions = [
    `registration_year ${car.registration_year} is recorded; no published age factor exists, so it does not scale the result.`,
  ];
  if (car.fuel_type === 'petrol_cng') assumptions.push('petrol_cng is computed as CNG, with mileage in km/kg.');
  if (energy.powertrain === 'electric') {
    assumptions.push('Electricity at the grid average at generation; transmission and distribution losses are not added.');
  }
  const quantities: Record<string, number | string> = { distance_km: car.distance_travelled, mileage: car.mileage };
  let factors: FactorUse[];
  if (mileageIsPlausible(car)) {
    quantities['mileage_unit'] = energy.range.unit;
    quantities[energy.quantity] = (car.distance_travelled / car.mileage) * indiaGhgUplift.value;
    factors = [energy.perUnit, indiaGhgUplift];
    assumptions.push('The stated mileage is taken as rated and raised by the India GHG Program real-world uplift.');
  } else {
    const perKm = carPerKm[car.body_type][energy.powertrain];
    factors = [perKm];
    assumptions.push(
      `Mileage ${car.mileage} is outside ${energy.range.min} to ${energy.range.max} ${energy.range.unit}; the ${car.body_type} ${energy.powertrain} factor per km is used instead.`,
    );
  }
  factors.push(epaTreeSeedling);
  return { item: car.car_id, basis, quantities, factors, assumptions, unrounded: kg / KG_PER_TONNE };
}

/**
 * E8 with its explanation: the {@link carTruecost} result and, per car, the distance and fuel used,
 * each factor with its source and the assumptions applied.
 *
 * @example
 * ```ts
 * explainCarTruecost(request).items[0].factors; // petrol combustion, uplift, tree seedling
 * ```
 * @throws TruecostValidationError when the schema refuses the request (the `path` and `reason` of the API's 400).
 * @remarks Since 0.1.0
 */
export function explainCarTruecost(input: CarRequestInput): Explained<CarResponse> {
  const request: CarRequest = checkedRequest(carRequestSchema, input);
  return {
    result: carTruecost(request),
    methodologyVersion: METHODOLOGY_VERSION,
    items: request.queries.cars.map(explainCar),
  };
}
