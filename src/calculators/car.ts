import { plausibleMileage } from '../data/assumptions.js';
import { carPerKm, type CarPowertrain } from '../data/car-segments.js';
import { cngChain, dieselCarChain, gridChain, petrolCarChain } from '../data/road-energy-chains.js';
import type { EnergyChain } from '../data/energy-chain.js';
import { fuelCombustion } from '../data/fuels.js';
import { indiaGridElectricity } from '../data/grid.js';
import { indiaGhgUplift } from '../data/india-ghg-2015.js';
import { METHODOLOGY_VERSION } from '../data/version.js';
import { successMessages } from '../errors.js';
import { checkedRequest } from '../validation/checked-request.js';
import { carRequestSchema, type Car, type CarRequest, type CarRequestInput, type CarResponse } from '../schemas/car.js';
import { epaTreeSeedling } from '../data/epa-equivalents.js';
import { treesPlanted } from './equivalents.js';
import {
  basisOption,
  countedTotal,
  emissionBasis,
  partsAlong,
  type CalculatorOptions,
  type EmissionParts,
  type EnergyBasis,
} from './basis.js';
import type { Explained, FactorUse, ItemExplanation } from './explanation.js';
import { withMethodologyVersion, type WithMethodologyVersion } from './methodology.js';
import { KG_PER_TONNE, roundTonnes } from './rounding.js';

interface Energy {
  readonly powertrain: CarPowertrain;
  readonly perUnit: FactorUse;
  readonly range: { readonly min: number; readonly max: number; readonly unit: string };
  readonly quantity: string;
  readonly chain: EnergyChain;
}

// What one unit of mileage's denominator (a litre, a kg, a kWh) emits, per fuel type.
const ENERGY: Readonly<Record<Car['fuel_type'], Energy>> = {
  petrol: {
    powertrain: 'petrol',
    perUnit: fuelCombustion.petrol,
    range: plausibleMileage.liquid,
    quantity: 'fuel_l',
    chain: petrolCarChain,
  },
  diesel: {
    powertrain: 'diesel',
    perUnit: fuelCombustion.diesel,
    range: plausibleMileage.liquid,
    quantity: 'fuel_l',
    chain: dieselCarChain,
  },
  cng: { powertrain: 'cng', perUnit: fuelCombustion.cng, range: plausibleMileage.gas, quantity: 'fuel_kg', chain: cngChain },
  petrol_cng: {
    powertrain: 'cng',
    perUnit: fuelCombustion.cng,
    range: plausibleMileage.gas,
    quantity: 'fuel_kg',
    chain: cngChain,
  },
  electric: {
    powertrain: 'electric',
    perUnit: indiaGridElectricity,
    range: plausibleMileage.electric,
    quantity: 'electricity_kwh',
    chain: gridChain,
  },
};

/**
 * E8's per-km model of a car of `bodyType` and `fuelType`: its CO2 per vehicle-km (the factor E8
 * uses when the mileage is not plausible) and the energy chain of its fuel. A trip's car leg uses it.
 *
 * @internal
 */
export function carPerKmModel(bodyType: Car['body_type'], fuelType: Car['fuel_type']): { readonly perKm: FactorUse; readonly chain: EnergyChain } {
  const energy = ENERGY[fuelType];
  return { perKm: carPerKm[bodyType][energy.powertrain], chain: energy.chain };
}

function mileageIsPlausible(car: Car): boolean {
  const { range } = ENERGY[car.fuel_type];
  return car.mileage >= range.min && car.mileage <= range.max;
}

/** Kilograms of combustion CO2 (grid CO2 at generation for electric cars) of one car over its distance. */
function carSourceKilograms(car: Car): number {
  const energy = ENERGY[car.fuel_type];
  if (!mileageIsPlausible(car)) return car.distance_travelled * carPerKm[car.body_type][energy.powertrain].value;
  return (car.distance_travelled / car.mileage) * indiaGhgUplift.value * energy.perUnit.value;
}

/** Tonnes CO2e of one car, in its two parts. */
function carParts(car: Car): EmissionParts {
  return partsAlong(carSourceKilograms(car) / KG_PER_TONNE, ENERGY[car.fuel_type].chain);
}

/**
 * E8: the truecost of each car over the distance it travelled.
 *
 * `distance_travelled` in km; `mileage` in km/l (petrol, diesel), km/kg (cng, petrol_cng) or km/kWh
 * (electric). Returns tonnes CO2e per car, well-to-wheel unless `options.basis` is `ttw`, rounded
 * to 6 decimals, and the tree seedlings (grown 10 years) that take it up, in request order.
 *
 * @example
 * ```ts
 * carTruecost({ queries: { cars: [{ car_id: 'c1', body_type: 'sedan', fuel_type: 'petrol',
 *   registration_year: 2020, mileage: 15, distance_travelled: 10000 }] } });
 * // { message: 'Truecost calculated successfully', truecost: [{ car_id: 'c1', truecost: 2.074383, trees_planted: 34.573 }] }
 * ```
 * @throws TruecostValidationError when the schema refuses the request (the `path` and `reason` of the API's 400).
 * @throws RangeError when `options.basis` is neither `wtw` nor `ttw`.
 * @remarks Since 0.1.0
 */
export function carTruecost(input: CarRequestInput, options?: CalculatorOptions): WithMethodologyVersion<CarResponse> {
  const basis = basisOption(options);
  const request: CarRequest = checkedRequest(carRequestSchema, input);
  return withMethodologyVersion({
    message: successMessages.truecostCalculated,
    truecost: request.queries.cars.map((car) => {
      const tonnes = countedTotal(carParts(car), basis);
      return { car_id: car.car_id, truecost: roundTonnes(tonnes), trees_planted: treesPlanted(tonnes) };
    }),
  });
}

function explainCar(car: Car, basis: EnergyBasis): ItemExplanation {
  const energy = ENERGY[car.fuel_type];
  const parts = carParts(car);
  const assumptions = [
    `registration_year ${car.registration_year} is recorded; no published age factor exists, so it does not scale the result.`,
  ];
  if (car.fuel_type === 'petrol_cng') assumptions.push('petrol_cng is computed as CNG, with mileage in km/kg.');
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
  factors.push(...energy.chain.factors, epaTreeSeedling);
  assumptions.push(energy.chain.note);
  return {
    item: car.car_id,
    basis: emissionBasis(parts, basis),
    quantities,
    factors,
    assumptions,
    unrounded: countedTotal(parts, basis),
    methodology_version: METHODOLOGY_VERSION,
  };
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
export function explainCarTruecost(input: CarRequestInput, options?: CalculatorOptions): Explained<CarResponse> {
  const basis = basisOption(options);
  const request: CarRequest = checkedRequest(carRequestSchema, input);
  return {
    result: carTruecost(request, options),
    methodologyVersion: METHODOLOGY_VERSION,
    items: request.queries.cars.map((car) => explainCar(car, basis)),
  };
}
