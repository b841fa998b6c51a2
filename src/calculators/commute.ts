import { roadAssumptions } from '../data/assumptions.js';
import { carPerKm } from '../data/car-segments.js';
import {
  cngChain as cngCar,
  dieselBusChain as dieselBus,
  dieselCarChain as dieselCar,
  gridChain as grid,
  motorbikeChain as motorbike,
  petrolCarChain as petrolCar,
} from '../data/road-energy-chains.js';
import type { EnergyChain } from '../data/energy-chain.js';
import {
  indiaGhgCars,
  indiaGhgIntracityBus,
  indiaGhgSuburbanRail,
  indiaGhgTwoAndThreeWheelers,
} from '../data/india-ghg-2015.js';
import { METHODOLOGY_VERSION } from '../data/version.js';
import { successMessages } from '../errors.js';
import { checkedRequest } from '../validation/checked-request.js';
import {
  commuteRequestSchema,
  type CommuteLeg,
  type CommuteMethod,
  type CommuteRequest,
  type CommuteRequestInput,
  type CommuteResponse,
} from '../schemas/commute.js';
import {
  basisOption,
  countedTotal,
  emissionBasis,
  partsAlong,
  type CalculatorOptions,
  type EmissionParts,
} from './basis.js';
import type { Explained, FactorUse, ItemExplanation } from './explanation.js';
import { withMethodologyVersion, type WithMethodologyVersion } from './methodology.js';
import { KG_PER_TONNE, roundTonnes } from './rounding.js';

/**
 * CO2 per km of each commute method: per passenger-km for TRAIN and INTRACITY_BUS, per vehicle-km
 * (the whole vehicle to the commuter) for the others.
 */
export const commuteFactors: Readonly<Record<CommuteMethod, FactorUse>> = {
  TRAIN: indiaGhgSuburbanRail,
  AUTO: indiaGhgTwoAndThreeWheelers.threeWheelerCng,
  INTRACITY_BUS: indiaGhgIntracityBus,
  CAB: indiaGhgCars.sedanDiesel,
  BIKE_COMMUTER: indiaGhgTwoAndThreeWheelers.motorcycleUpTo125,
  BIKE_SPORTS: indiaGhgTwoAndThreeWheelers.motorcycleUpTo200,
  BIKE_CRUISER: indiaGhgTwoAndThreeWheelers.motorcycleUpTo500,
  CAR_HATCHBACK_ELECTRIC: carPerKm.hatchback.electric,
  CAR_HATCHBACK_CNG: carPerKm.hatchback.cng,
  CAR_HATCHBACK_DIESEL: carPerKm.hatchback.diesel,
  CAR_HATCHBACK_PETROL: carPerKm.hatchback.petrol,
  CAR_SEDAN_ELECTRIC: carPerKm.sedan.electric,
  CAR_SEDAN_CNG: carPerKm.sedan.cng,
  CAR_SEDAN_PETROL: carPerKm.sedan.petrol,
  CAR_SEDAN_DIESEL: carPerKm.sedan.diesel,
  CAR_SUV_ELECTRIC: carPerKm.suv.electric,
  CAR_SUV_CNG: carPerKm.suv.cng,
  CAR_SUV_PETROL: carPerKm.suv.petrol,
  CAR_SUV_DIESEL: carPerKm.suv.diesel,
};

/** The energy chain of each commute method's factor: its fuel, or the grid. */
const commuteChains: Readonly<Record<CommuteMethod, EnergyChain>> = {
  TRAIN: grid,
  AUTO: cngCar,
  INTRACITY_BUS: dieselBus,
  CAB: dieselCar,
  BIKE_COMMUTER: motorbike,
  BIKE_SPORTS: motorbike,
  BIKE_CRUISER: motorbike,
  CAR_HATCHBACK_ELECTRIC: grid,
  CAR_HATCHBACK_CNG: cngCar,
  CAR_HATCHBACK_DIESEL: dieselCar,
  CAR_HATCHBACK_PETROL: petrolCar,
  CAR_SEDAN_ELECTRIC: grid,
  CAR_SEDAN_CNG: cngCar,
  CAR_SEDAN_PETROL: petrolCar,
  CAR_SEDAN_DIESEL: dieselCar,
  CAR_SUV_ELECTRIC: grid,
  CAR_SUV_CNG: cngCar,
  CAR_SUV_PETROL: petrolCar,
  CAR_SUV_DIESEL: dieselCar,
};

/** Tonnes CO2e of one leg, in its two parts. */
function legParts(leg: CommuteLeg): EmissionParts {
  const kilograms = leg.commute_distance * commuteFactors[leg.commute_method].value;
  return partsAlong(kilograms / KG_PER_TONNE, commuteChains[leg.commute_method]);
}

/**
 * E12: the truecost of commute legs. Each leg is `commute_distance` km times its method's factor;
 * legs of the same method are summed under that method. Returns tonnes CO2e (well-to-wheel unless
 * `options.basis` is `ttw`) rounded to 6 decimals, the total from the unrounded legs.
 *
 * @example
 * ```ts
 * commuteTruecost({ queries: { legs: [{ commute_method: 'AUTO', commute_distance: 10 }] } });
 * // { message: 'Truecost calculated successfully', truecost: { total_truecost: 0.001329, legs_truecost: { AUTO: 0.001329 } } }
 * ```
 * @throws TruecostValidationError when the schema refuses the request (the `path` and `reason` of the API's 400).
 * @throws RangeError when `options.basis` is neither `wtw` nor `ttw`.
 * @remarks Since 0.1.0
 */
export function commuteTruecost(input: CommuteRequestInput, options?: CalculatorOptions): WithMethodologyVersion<CommuteResponse> {
  const basis = basisOption(options);
  const request: CommuteRequest = checkedRequest(commuteRequestSchema, input);
  const byMethod: Partial<Record<CommuteMethod, number>> = {};
  let total = 0;
  for (const leg of request.queries.legs) {
    const tonnes = countedTotal(legParts(leg), basis);
    byMethod[leg.commute_method] = (byMethod[leg.commute_method] ?? 0) + tonnes;
    total += tonnes;
  }
  const legs_truecost: Partial<Record<CommuteMethod, number>> = {};
  for (const [method, tonnes] of Object.entries(byMethod) as [CommuteMethod, number][]) {
    legs_truecost[method] = roundTonnes(tonnes);
  }
  return withMethodologyVersion({
    message: successMessages.truecostCalculated,
    truecost: { total_truecost: roundTonnes(total), legs_truecost },
  });
}

/**
 * E12 with its explanation: per leg, the distance and the factor used, and the default distance
 * when one was filled in.
 *
 * @example
 * ```ts
 * explainCommuteTruecost(request).items[0].factors[0].source;
 * ```
 * @throws TruecostValidationError when the schema refuses the request (the `path` and `reason` of the API's 400).
 * @remarks Since 0.1.0
 */
export function explainCommuteTruecost(input: CommuteRequestInput, options?: CalculatorOptions): Explained<CommuteResponse> {
  const basis = basisOption(options);
  const request: CommuteRequest = checkedRequest(commuteRequestSchema, input);
  const items = request.queries.legs.map((leg, index): ItemExplanation => {
    const factor = commuteFactors[leg.commute_method];
    const chain = commuteChains[leg.commute_method];
    const parts = legParts(leg);
    const assumptions: string[] = [];
    const factors: FactorUse[] = [factor];
    if (leg.defaulted !== undefined) {
      const fallback = roadAssumptions.defaultCommuteDistance;
      assumptions.push(`commute_distance was not sent; truecost assumes a ${fallback.value} ${fallback.unit} commute.`);
      factors.push(fallback);
    }
    if (factor.unit.endsWith('/km')) assumptions.push('The whole vehicle is attributed to the commuter.');
    factors.push(...chain.factors);
    assumptions.push(chain.note);
    return {
      item: `${index}:${leg.commute_method}`,
      basis: emissionBasis(parts, basis),
      quantities: { distance_km: leg.commute_distance },
      factors,
      assumptions,
      unrounded: countedTotal(parts, basis),
      methodology_version: METHODOLOGY_VERSION,
    };
  });
  return { result: commuteTruecost(request, options), methodologyVersion: METHODOLOGY_VERSION, items };
}
