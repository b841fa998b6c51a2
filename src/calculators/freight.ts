import { roadAssumptions } from '../data/assumptions.js';
import { containerSpecs } from '../data/containers.js';
import {
  articulatedMinGrossTonnes,
  desnzFreightPerTonneKm,
  desnzHgvPerKm,
  emptyArticulatedRatio,
  emptyTruckRatio,
} from '../data/desnz-2025-freight.js';
import { indiaGhgTruckClassBounds, indiaGhgTrucks } from '../data/india-ghg-2015.js';
import { METHODOLOGY_VERSION } from '../data/version.js';
import { successMessages } from '../errors.js';
import { checkedRequest } from '../checked-request.js';
import {
  freightRequestSchema,
  type FreightLeg,
  type FreightRequest,
  type FreightRequestInput,
  type FreightTransportationType,
} from '../schemas/freight.js';
import type { LogisticsResponse } from '../schemas/logistics.js';
import { equivalentsExplanation, equivalentsOf } from './equivalents.js';
import type { EmissionBasis, Explained, FactorUse, ItemExplanation } from './explanation.js';
import {
  DESNZ_DIRECT_CO2E,
  INDIA_TAILPIPE_CO2,
  tripsNeeded,
  truckKilograms,
} from './road-shared.js';
import { KG_PER_TONNE, roundTonnes } from './rounding.js';

/** Everything a freight leg's result depends on, resolved from the leg and its defaults. */
interface LegPlan {
  readonly massTonnes: number;
  readonly containers: number;
  readonly returnMassTonnes: number;
  readonly factors: FactorUse[];
  readonly basis: EmissionBasis;
  readonly quantities: Record<string, number | string>;
  readonly assumptions: string[];
  readonly kilograms: number;
}

interface TruckClass {
  readonly full: FactorUse;
  readonly emptyRatio: FactorUse;
  readonly basis: EmissionBasis;
}

function truckClass(grossTonnes: number): TruckClass {
  if (grossTonnes <= indiaGhgTruckClassBounds.ldvMaxGrossTonnes.value) {
    return { full: indiaGhgTrucks.ldv, emptyRatio: emptyTruckRatio, basis: INDIA_TAILPIPE_CO2 };
  }
  if (grossTonnes <= indiaGhgTruckClassBounds.mdvMaxGrossTonnes.value) {
    return { full: indiaGhgTrucks.mdv, emptyRatio: emptyTruckRatio, basis: INDIA_TAILPIPE_CO2 };
  }
  if (grossTonnes <= articulatedMinGrossTonnes.value) {
    return { full: indiaGhgTrucks.hdv, emptyRatio: emptyTruckRatio, basis: INDIA_TAILPIPE_CO2 };
  }
  return { full: desnzHgvPerKm.articOver33Full, emptyRatio: emptyArticulatedRatio, basis: DESNZ_DIRECT_CO2E };
}

/** Resolves a leg: the mass moved (cargo plus container tares), the factors, and its kilograms. */
function planLeg(leg: FreightLeg, mode: FreightTransportationType, explain: boolean): LegPlan {
  const assumptions: string[] = [];
  const factors: FactorUse[] = [];
  const quantities: Record<string, number | string> = {
    shipping_method: leg.shipping_method,
    distance_km: leg.distance,
    weight_t: leg.weight,
  };
  let massTonnes = leg.weight;
  let containers = 0;
  let tare = 0;
  let maxGross = roadAssumptions.looseFreightTruckCapacity.value;
  if (leg.shipping_method === 'container') {
    const spec = containerSpecs[leg.container_type];
    tare = leg.container_tare_weight ?? spec.tare.value;
    maxGross = spec.maxGross.value;
    containers = tripsNeeded(leg.weight, maxGross - tare);
    massTonnes = leg.weight + containers * tare;
    if (explain) {
      if (leg.container_tare_weight === undefined) factors.push(spec.tare);
      else assumptions.push(`The custom tare of ${tare} t per container was used.`);
      factors.push(spec.maxGross);
      quantities['container_type'] = leg.container_type;
      quantities['container_tare_t'] = tare;
      quantities['containers'] = containers;
      quantities['mass_moved_t'] = massTonnes;
    }
  }
  const returnMassTonnes = containers * tare;

  if (mode !== 'truck') {
    const perTonneKm =
      mode === 'rail'
        ? desnzFreightPerTonneKm.rail
        : leg.shipping_method === 'container'
          ? desnzFreightPerTonneKm.containerShip
          : desnzFreightPerTonneKm.generalCargoShip;
    if (explain) {
      factors.unshift(perTonneKm);
      assumptions.push('Average intensity per tonne-km: average load and empty running are inside it.');
    }
    return {
      massTonnes,
      containers,
      returnMassTonnes,
      factors,
      basis: DESNZ_DIRECT_CO2E,
      quantities,
      assumptions,
      kilograms: massTonnes * leg.distance * perTonneKm.value,
    };
  }

  // A container truck by default carries one full container; a loose load a heavy truck.
  const capacity = leg.truck_max_capacity ?? maxGross;
  const unladen = leg.truck_unladen_weight ?? capacity * roadAssumptions.truckUnladenShare.value;
  const vehicle = truckClass(unladen + capacity);
  const trucks = tripsNeeded(massTonnes, capacity);
  const outbound = truckKilograms(vehicle.full.value, vehicle.emptyRatio.value, trucks, massTonnes, capacity, leg.distance);
  const inbound = leg.dry_run
    ? truckKilograms(vehicle.full.value, vehicle.emptyRatio.value, trucks, returnMassTonnes, capacity, leg.distance)
    : 0;
  if (explain) {
    factors.unshift(vehicle.full, vehicle.emptyRatio);
    quantities['truck_max_capacity_t'] = capacity;
    quantities['truck_gross_weight_t'] = unladen + capacity;
    quantities['trucks'] = trucks;
    quantities['load_factor'] = massTonnes / (trucks * capacity);
    if (leg.truck_max_capacity === undefined) {
      assumptions.push(
        leg.shipping_method === 'container'
          ? `truck_max_capacity was not sent; one truck carries up to the container's maximum gross mass (${capacity} t).`
          : `truck_max_capacity was not sent; a heavy truck of ${capacity} t is used.`,
      );
    }
    if (leg.truck_unladen_weight === undefined) {
      factors.push(roadAssumptions.truckUnladenShare);
      assumptions.push('truck_unladen_weight was not sent; it is estimated only to choose the truck class.');
    }
    assumptions.push('Fuel grows linearly with load from the empty truck to the full one (DESNZ load model).');
    if (leg.dry_run) {
      quantities['return_mass_t'] = returnMassTonnes;
      assumptions.push('dry_run: the trucks drive the distance back empty, carrying only the empty containers.');
    }
  }
  return {
    massTonnes,
    containers,
    returnMassTonnes,
    factors,
    basis: vehicle.basis,
    quantities,
    assumptions,
    kilograms: outbound + inbound,
  };
}

/**
 * E13: the truecost of freight legs in India by truck, rail or ship. The mass moved is the cargo
 * (`weight`, tonnes) plus the tare of each container it fills; trucks follow a load model (empty
 * to full) by weight class, `dry_run` adds the empty return trip; rail and ship use DESNZ 2025
 * intensities per tonne-km. Returns tonnes CO2e per leg (request order) and in total, rounded to 6
 * decimals, with the equivalents of the total.
 *
 * @example
 * ```ts
 * freightTruecost({ configs: { region: 'IN', transportation_type: 'rail' },
 *   queries: { legs: [{ shipping_method: 'loose', weight: 100, distance: 500, dry_run: false }] } });
 * // truecost.legs: [1.3895]
 * ```
 * @throws TruecostValidationError when the schema refuses the request (the `path` and `reason` of the API's 400).
 * @remarks Since 0.1.0
 */
export function freightTruecost(input: FreightRequestInput): LogisticsResponse {
  const request: FreightRequest = checkedRequest(freightRequestSchema, input);
  const mode = request.configs.transportation_type;
  let total = 0;
  const legs = request.queries.legs.map((leg) => {
    const tonnes = planLeg(leg, mode, false).kilograms / KG_PER_TONNE;
    total += tonnes;
    return roundTonnes(tonnes);
  });
  return {
    message: successMessages.truecostCalculated,
    truecost: { total_truecost: roundTonnes(total), legs, equivalents: equivalentsOf(total) },
  };
}

/**
 * E13 with its explanation: per leg, the mass moved, containers, trucks and load factor, every
 * factor with its source, the basis, and each default or assumption applied.
 *
 * @example
 * ```ts
 * explainFreightTruecost(request).items[0].quantities.mass_moved_t;
 * ```
 * @throws TruecostValidationError when the schema refuses the request (the `path` and `reason` of the API's 400).
 * @remarks Since 0.1.0
 */
export function explainFreightTruecost(input: FreightRequestInput): Explained<LogisticsResponse> {
  const request: FreightRequest = checkedRequest(freightRequestSchema, input);
  const mode = request.configs.transportation_type;
  let total = 0;
  const items = request.queries.legs.map((leg, index): ItemExplanation => {
    const plan = planLeg(leg, mode, true);
    const tonnes = plan.kilograms / KG_PER_TONNE;
    total += tonnes;
    return {
      item: String(index),
      basis: plan.basis,
      quantities: plan.quantities,
      factors: plan.factors,
      assumptions: plan.assumptions,
      unrounded: tonnes,
    };
  });
  items.push(equivalentsExplanation(total, DESNZ_DIRECT_CO2E));
  return { result: freightTruecost(request), methodologyVersion: METHODOLOGY_VERSION, items };
}
