import { roadAssumptions } from '../data/assumptions.js';
import {
  desnzFreightPerTonneKm,
  desnzShortHaulMaxKm,
  emptyTruckRatio,
} from '../data/desnz-2025-freight.js';
import type { EnergyChain } from '../data/energy-chain.js';
import { airFreightChain, containerShipChain, railChain } from '../data/freight-energy-chains.js';
import { dieselTruckChain, motorbikeChain } from '../data/road-energy-chains.js';
import { indiaGhgTrucks, indiaGhgTwoAndThreeWheelers } from '../data/india-ghg-2015.js';
import { METHODOLOGY_VERSION } from '../data/version.js';
import { successMessages } from '../errors.js';
import { checkedRequest } from '../checked-request.js';
import {
  logisticsRequestSchema,
  type LogisticsLeg,
  type LogisticsRequest,
  type LogisticsRequestInput,
  type LogisticsResponse,
  type TruckMethod,
} from '../schemas/logistics.js';
import {
  basisOption,
  countedTotal,
  emissionBasis,
  partsAlong,
  sumParts,
  type CalculatorOptions,
  type EmissionParts,
} from './basis.js';
import { equivalentsExplanation, equivalentsOf } from './equivalents.js';
import type { Explained, FactorUse, ItemExplanation } from './explanation.js';
import { tripsNeeded, truckKilograms } from './road-shared.js';
import { KG_PER_TONNE, roundTonnes } from './rounding.js';

const TRUCK_FACTORS: Readonly<Record<TruckMethod, FactorUse>> = {
  TRUCK_LIGHT: indiaGhgTrucks.ldv,
  TRUCK_MEDIUM: indiaGhgTrucks.mdv,
  TRUCK_HEAVY: indiaGhgTrucks.hdv,
};

function flightFactor(distance: number): FactorUse {
  return distance <= desnzShortHaulMaxKm.value ? desnzFreightPerTonneKm.airShortHaul : desnzFreightPerTonneKm.airLongHaul;
}

/** Kilograms of one leg as its source factor gives them: combustion CO2 (India) or CO2e (DESNZ). */
function legSourceKilograms(leg: LogisticsLeg): number {
  const { shipping_distance: distance, shipping_weight: weight } = leg;
  switch (leg.shipping_method) {
    case 'TRUCK_LIGHT':
    case 'TRUCK_MEDIUM':
    case 'TRUCK_HEAVY': {
      // The schema fills truck_capacity on every truck leg.
      const capacity = leg.truck_capacity ?? Number.NaN;
      const full = TRUCK_FACTORS[leg.shipping_method].value;
      return truckKilograms(full, emptyTruckRatio.value, tripsNeeded(weight, capacity), weight, capacity, distance);
    }
    case 'MOTORCYCLE':
      return (distance * indiaGhgTwoAndThreeWheelers.motorcycleUpTo125.value * weight) / roadAssumptions.motorcyclePayload.value;
    case 'TRAIN':
      return weight * distance * desnzFreightPerTonneKm.rail.value;
    case 'SHIP':
      return weight * distance * desnzFreightPerTonneKm.containerShip.value;
    case 'FLIGHT':
      return weight * distance * flightFactor(distance).value;
  }
}

/** The energy chain of each shipping method's source factor. */
const LEG_CHAINS: Readonly<Record<LogisticsLeg['shipping_method'], EnergyChain>> = {
  TRUCK_LIGHT: dieselTruckChain,
  TRUCK_MEDIUM: dieselTruckChain,
  TRUCK_HEAVY: dieselTruckChain,
  MOTORCYCLE: motorbikeChain,
  TRAIN: railChain,
  SHIP: containerShipChain,
  FLIGHT: airFreightChain,
};

/** Tonnes CO2e of one leg, in its two parts. */
function legParts(leg: LogisticsLeg): EmissionParts {
  return partsAlong(legSourceKilograms(leg) / KG_PER_TONNE, LEG_CHAINS[leg.shipping_method]);
}

/**
 * E11: the truecost of one shipment over its legs. Returns tonnes CO2e per leg (request order) and
 * in total, well-to-wheel unless `options.basis` is `ttw`, rounded to 6 decimals (the total from
 * the unrounded legs), with its equivalents.
 *
 * Trucks: India GHG Program per-km factors as the full-load value, fuel linear in load with an
 * empty truck at 65 % of full (DESNZ), in as many trucks of `truck_capacity` as the weight needs.
 * Train, ship and flight: DESNZ 2025 per tonne-km. Motorcycle: per-km factor over a 0.1 t payload.
 *
 * @example
 * ```ts
 * logisticsTruecost({ queries: { legs: [{ shipping_method: 'TRAIN', shipping_distance: 1000, shipping_weight: 20 }] } });
 * // truecost.total_truecost === 0.6940
 * ```
 * @throws TruecostValidationError when the schema refuses the request (the `path` and `reason` of the API's 400).
 * @throws RangeError when `options.basis` is neither `wtw` nor `ttw`.
 * @remarks Since 0.1.0
 */
export function logisticsTruecost(input: LogisticsRequestInput, options?: CalculatorOptions): LogisticsResponse {
  const basis = basisOption(options);
  const request: LogisticsRequest = checkedRequest(logisticsRequestSchema, input);
  let total = 0;
  const legs = request.queries.legs.map((leg) => {
    const tonnes = countedTotal(legParts(leg), basis);
    total += tonnes;
    return roundTonnes(tonnes);
  });
  return {
    message: successMessages.truecostCalculated,
    truecost: { total_truecost: roundTonnes(total), legs, equivalents: equivalentsOf(total) },
  };
}

function legFactors(leg: LogisticsLeg): { factors: FactorUse[]; assumptions: string[] } {
  switch (leg.shipping_method) {
    case 'TRUCK_LIGHT':
    case 'TRUCK_MEDIUM':
    case 'TRUCK_HEAVY':
      return {
        factors: [TRUCK_FACTORS[leg.shipping_method], emptyTruckRatio],
        assumptions: [
          'The India GHG Program per-km factor is taken as the truck at full load.',
          'The shipment travels in its own trucks of truck_capacity; a part-loaded truck burns fuel linearly between empty and full.',
        ],
      };
    case 'MOTORCYCLE':
      return {
        factors: [indiaGhgTwoAndThreeWheelers.motorcycleUpTo125, roadAssumptions.motorcyclePayload],
        assumptions: ['A courier motorcycle under 125 cc, its CO2 shared over its payload.'],
      };
    case 'TRAIN':
      return { factors: [desnzFreightPerTonneKm.rail], assumptions: [] };
    case 'SHIP':
      return { factors: [desnzFreightPerTonneKm.containerShip], assumptions: [] };
    case 'FLIGHT':
      return {
        factors: [flightFactor(leg.shipping_distance), desnzShortHaulMaxKm],
        assumptions: ['Without the radiative-forcing uplift; the distance band picks short- or long-haul.'],
      };
  }
}

/**
 * E11 with its explanation: per leg, the distance, weight, trucks and factors used, the basis with
 * its tank-to-wheel and well-to-tank parts, and each default filled in; then the equivalents.
 *
 * @example
 * ```ts
 * explainLogisticsTruecost(request).items.map((item) => item.unrounded); // tonnes per leg
 * ```
 * @throws TruecostValidationError when the schema refuses the request (the `path` and `reason` of the API's 400).
 * @remarks Since 0.1.0
 */
export function explainLogisticsTruecost(
  input: LogisticsRequestInput,
  options?: CalculatorOptions,
): Explained<LogisticsResponse> {
  const basis = basisOption(options);
  const request: LogisticsRequest = checkedRequest(logisticsRequestSchema, input);
  const result = logisticsTruecost(request, options);
  const allParts: EmissionParts[] = [];
  const items = request.queries.legs.map((leg, index): ItemExplanation => {
    const { factors, assumptions } = legFactors(leg);
    const chain = LEG_CHAINS[leg.shipping_method];
    const parts = legParts(leg);
    allParts.push(parts);
    const quantities: Record<string, number | string> = {
      shipping_method: leg.shipping_method,
      distance_km: leg.shipping_distance,
      weight_t: leg.shipping_weight,
    };
    if (leg.truck_capacity !== undefined) {
      quantities['truck_capacity_t'] = leg.truck_capacity;
      quantities['trucks'] = tripsNeeded(leg.shipping_weight, leg.truck_capacity);
    }
    return {
      item: String(index),
      basis: emissionBasis(parts, basis),
      quantities,
      factors: [...factors, ...chain.factors],
      assumptions: [
        ...(leg.defaulted ?? []).map((field) => `${field} was not sent; the contract default was used.`),
        ...assumptions,
        chain.note,
      ],
      unrounded: countedTotal(parts, basis),
    };
  });
  items.push(equivalentsExplanation(sumParts(allParts), basis));
  return { result, methodologyVersion: METHODOLOGY_VERSION, items };
}
