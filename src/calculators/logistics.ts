import { roadAssumptions } from '../data/assumptions.js';
import {
  desnzFreightPerTonneKm,
  desnzShortHaulMaxKm,
  emptyTruckRatio,
} from '../data/desnz-2025-freight.js';
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
import { equivalentsExplanation, equivalentsOf } from './equivalents.js';
import type { EmissionBasis, Explained, FactorUse, ItemExplanation } from './explanation.js';
import {
  DESNZ_DIRECT_CO2E,
  INDIA_TAILPIPE_CO2,
  tripsNeeded,
  truckKilograms,
} from './road-shared.js';
import { KG_PER_TONNE, roundTonnes } from './rounding.js';

const TRUCK_FACTORS: Readonly<Record<TruckMethod, FactorUse>> = {
  TRUCK_LIGHT: indiaGhgTrucks.ldv,
  TRUCK_MEDIUM: indiaGhgTrucks.mdv,
  TRUCK_HEAVY: indiaGhgTrucks.hdv,
};

function flightFactor(distance: number): FactorUse {
  return distance <= desnzShortHaulMaxKm.value ? desnzFreightPerTonneKm.airShortHaul : desnzFreightPerTonneKm.airLongHaul;
}

/** Kilograms of CO2e of one leg. */
function legKilograms(leg: LogisticsLeg): number {
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

/**
 * E11: the truecost of one shipment over its legs. Returns tonnes CO2e per leg (request order) and
 * in total, rounded to 6 decimals (the total from the unrounded legs), with its equivalents.
 *
 * Trucks: India GHG Program per-km factors as the full-load value, fuel linear in load with an
 * empty truck at 65 % of full (DESNZ), in as many trucks of `truck_capacity` as the weight needs.
 * Train, ship and flight: DESNZ 2025 per tonne-km. Motorcycle: per-km factor over a 0.1 t payload.
 *
 * @example
 * ```ts
 * logisticsTruecost({ queries: { legs: [{ shipping_method: 'TRAIN', shipping_distance: 1000, shipping_weight: 20 }] } });
 * // truecost.total_truecost === 0.5558
 * ```
 * @throws TruecostValidationError when the schema refuses the request (the `path` and `reason` of the API's 400).
 * @remarks Since 0.1.0
 */
export function logisticsTruecost(input: LogisticsRequestInput): LogisticsResponse {
  const request: LogisticsRequest = checkedRequest(logisticsRequestSchema, input);
  let total = 0;
  const legs = request.queries.legs.map((leg) => {
    const tonnes = legKilograms(leg) / KG_PER_TONNE;
    total += tonnes;
    return roundTonnes(tonnes);
  });
  return {
    message: successMessages.truecostCalculated,
    truecost: { total_truecost: roundTonnes(total), legs, equivalents: equivalentsOf(total) },
  };
}

function legFactors(leg: LogisticsLeg): { factors: FactorUse[]; basis: EmissionBasis; assumptions: string[] } {
  switch (leg.shipping_method) {
    case 'TRUCK_LIGHT':
    case 'TRUCK_MEDIUM':
    case 'TRUCK_HEAVY':
      return {
        factors: [TRUCK_FACTORS[leg.shipping_method], emptyTruckRatio],
        basis: INDIA_TAILPIPE_CO2,
        assumptions: [
          'The India GHG Program per-km factor is taken as the truck at full load.',
          'The shipment travels in its own trucks of truck_capacity; a part-loaded truck burns fuel linearly between empty and full.',
        ],
      };
    case 'MOTORCYCLE':
      return {
        factors: [indiaGhgTwoAndThreeWheelers.motorcycleUpTo125, roadAssumptions.motorcyclePayload],
        basis: INDIA_TAILPIPE_CO2,
        assumptions: ['A courier motorcycle under 125 cc, its CO2 shared over its payload.'],
      };
    case 'TRAIN':
      return { factors: [desnzFreightPerTonneKm.rail], basis: DESNZ_DIRECT_CO2E, assumptions: [] };
    case 'SHIP':
      return { factors: [desnzFreightPerTonneKm.containerShip], basis: DESNZ_DIRECT_CO2E, assumptions: [] };
    case 'FLIGHT':
      return {
        factors: [flightFactor(leg.shipping_distance), desnzShortHaulMaxKm],
        basis: DESNZ_DIRECT_CO2E,
        assumptions: ['Without the radiative-forcing uplift; the distance band picks short- or long-haul.'],
      };
  }
}

/**
 * E11 with its explanation: per leg, the distance, weight, trucks and factors used, the basis
 * (India factors CO2 tank-to-wheel, DESNZ factors CO2e tank-to-wheel) and each default filled in.
 *
 * @example
 * ```ts
 * explainLogisticsTruecost(request).items.map((item) => item.unrounded); // tonnes per leg
 * ```
 * @throws TruecostValidationError when the schema refuses the request (the `path` and `reason` of the API's 400).
 * @remarks Since 0.1.0
 */
export function explainLogisticsTruecost(input: LogisticsRequestInput): Explained<LogisticsResponse> {
  const request: LogisticsRequest = checkedRequest(logisticsRequestSchema, input);
  const result = logisticsTruecost(request);
  let total = 0;
  const items = request.queries.legs.map((leg, index): ItemExplanation => {
    const { factors, basis, assumptions } = legFactors(leg);
    const tonnes = legKilograms(leg) / KG_PER_TONNE;
    total += tonnes;
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
      basis,
      quantities,
      factors,
      assumptions: [
        ...(leg.defaulted ?? []).map((field) => `${field} was not sent; the contract default was used.`),
        ...assumptions,
      ],
      unrounded: tonnes,
    };
  });
  items.push(equivalentsExplanation(total, DESNZ_DIRECT_CO2E));
  return { result, methodologyVersion: METHODOLOGY_VERSION, items };
}
