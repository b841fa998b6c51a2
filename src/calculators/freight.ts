import { roadAssumptions } from '../data/assumptions.js';
import { containerSpecs } from '../data/containers.js';
import { desnzFreightPerTonneKm } from '../data/desnz-2025-freight.js';
import { containerShipChain, generalCargoShipChain, railChain } from '../data/freight-energy-chains.js';
import type { RoadRegion } from '../data/road-regions.js';
import { METHODOLOGY_VERSION } from '../data/version.js';
import { checkedRequest } from '../validation/checked-request.js';
import {
  freightRegionProblem,
  freightRequestSchema,
  legTruck,
  type FreightLeg,
  type FreightRequest,
  type FreightRequestInput,
  type FreightTransportationType,
} from '../schemas/freight.js';
import type { LogisticsResponse } from '../schemas/logistics.js';
import {
  basisOption,
  countedTotal,
  emissionBasis,
  partsAlong,
  scaleParts,
  sumParts,
  type EmissionParts,
} from './basis.js';
import { equivalentsExplanation } from './equivalents.js';
import { placedLegs, withDistance, type DistanceMode, type LegDistance, type PlacesOption } from './leg-distance.js';
import type { LegRoute } from '../schemas/places.js';
import { legsResponse, type FreightCalculatorOptions } from './logistics.js';
import type { Explained, FactorUse, ItemExplanation } from './explanation.js';
import type { WithMethodologyVersion } from './methodology.js';
import { truckClass } from './freight-trucks.js';
import { chilledAssumption, chilledUplift, originRegion, regionalAssumption, regionalRoadCategory } from './road-region.js';
import { emptyRunningAssumption, emptyRunningKilograms, tripsNeeded, truckKilograms } from './road-shared.js';
import { KG_PER_TONNE } from './rounding.js';
import { carrierFuel, elementQuantities, perTonneKmParts, type ChainElement } from './transport-chain.js';

/** Why a container leg on an intensity per tonne-km counts the goods only (docs/methodology.md, "Freight legs (E13)"). */
const PER_TONNE_OF_GOODS = "The containers' tare is not added to the goods: the intensity is per tonne-km of goods.";

/** The cited difference between a loose leg by ship and E11's SHIP or an E13 container leg. */
const LOOSE_CARGO_SHIP = `Loose goods: general cargo ship ${desnzFreightPerTonneKm.generalCargoShip.value}, not container ship ${desnzFreightPerTonneKm.containerShip.value} (E11 SHIP, containers).`;

/** Everything a freight leg's result depends on, resolved from the leg and its defaults. */
interface LegPlan extends ChainElement {
  readonly massTonnes: number;
  readonly containers: number;
  readonly returnMassTonnes: number;
  readonly factors: FactorUse[];
  readonly quantities: Record<string, number | string>;
  readonly assumptions: string[];
  /** Tonnes CO2e in two parts. */
  readonly parts: EmissionParts;
}

const FREIGHT_DISTANCE_MODES: Readonly<Record<FreightTransportationType, DistanceMode>> = { truck: 'road', rail: 'rail', ship: 'sea' };

/** An E13 leg with its distance and the road region it is priced in. */
interface RegionalLeg {
  readonly leg: FreightLeg;
  readonly route: LegRoute | undefined;
  readonly distance: LegDistance | undefined;
  readonly region: RoadRegion;
}

/**
 * E13's legs with their distances (those given by places resolved) and their regions: the leg's
 * own `region`; else, for a truck leg given by places, its origin's country (docs/methodology.md,
 * "Each road leg's region"), checked as a sent region is; else `configs.region`.
 */
function freightLegs(request: FreightRequest, options?: PlacesOption): RegionalLeg[] {
  const { region, transportation_type: type } = request.configs;
  const mode = FREIGHT_DISTANCE_MODES[type];
  // One object literal per leg: spreading the placed leg costs more than the leg's own figure.
  return placedLegs<FreightRequest['queries']['legs'][number], FreightLeg>(request.queries.legs, 'distance', () => mode, options?.places, 'queries.legs').map(
    ({ leg, route, distance }, index): RegionalLeg => {
      const found =
        leg.region === undefined && type === 'truck' && distance !== undefined
          ? originRegion(distance, `queries.legs.${index}`, (own) => freightRegionProblem(leg, own))
          : undefined;
      return { leg, route, distance: found?.distance ?? distance, region: found?.region ?? leg.region ?? region };
    },
  );
}

/** Resolves a leg: the mass moved (cargo plus container tares), the factors, and its tonnes CO2e. */
function planLeg(leg: FreightLeg, mode: FreightTransportationType, region: RoadRegion, explain: boolean): LegPlan {
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

  const base = { massTonnes, containers, returnMassTonnes, factors, quantities, assumptions, distanceKm: leg.distance };
  const fuel = carrierFuel(leg);
  if (mode !== 'truck') {
    const [perTonneKm, chain, vehicle] =
      mode === 'rail'
        ? [desnzFreightPerTonneKm.rail, railChain, 'Rail: freight train']
        : leg.shipping_method === 'container'
          ? [desnzFreightPerTonneKm.containerShip, containerShipChain, 'Sea: container ship']
          : [desnzFreightPerTonneKm.generalCargoShip, generalCargoShipChain, 'Sea: general cargo ship'];
    // DESNZ's rail and ship intensities are per tonne of goods: the containers' tare is inside them.
    const element = { ...base, massTonnes: leg.weight, mode: mode === 'rail' ? 'rail' : 'sea' } as const;
    if (explain && containers > 0) assumptions.push(PER_TONNE_OF_GOODS);
    if (explain && mode === 'ship' && leg.shipping_method === 'loose') assumptions.push(LOOSE_CARGO_SHIP);
    if (fuel !== undefined) {
      if (explain) {
        factors.push(...fuel.factors);
        assumptions.push(fuel.note);
      }
      return { ...element, operationCategory: `${vehicle}, carrier's fuel`, dataType: 'primary', parts: fuel.parts };
    }
    if (explain) {
      factors.unshift(perTonneKm);
      factors.push(...chain.factors);
      assumptions.push('Average intensity per tonne-km: average load and empty running are inside it.', chain.note);
    }
    return {
      ...element,
      operationCategory: `${vehicle}, average`,
      dataType: 'default',
      parts: perTonneKmParts(perTonneKm, chain, leg.weight, leg.distance),
    };
  }

  // A container truck by default carries one full container; a loose load a heavy truck.
  const { capacity, grossTonnes } = legTruck(leg);
  const vehicle = truckClass(grossTonnes);
  const road = { ...base, mode: 'road' } as const;
  if (explain) {
    quantities['truck_max_capacity_t'] = capacity;
    quantities['truck_gross_weight_t'] = grossTonnes;
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
  }
  if (fuel !== undefined) {
    if (explain) {
      factors.push(...fuel.factors);
      assumptions.push(fuel.note);
    }
    return { ...road, operationCategory: `Road: ${vehicle.name}, carrier's fuel`, dataType: 'primary', parts: fuel.parts };
  }
  // On an intensity per tonne-km the goods count, as by rail and ship; the truck's model below carries the tare.
  const goods = { ...road, massTonnes: leg.weight };
  if (explain && containers > 0 && (leg.load === 'shared' || region !== 'IN')) assumptions.push(PER_TONNE_OF_GOODS);
  const regional = regionalRoadCategory(region, vehicle.shared);
  // A chilled truck: the refrigerated uplift of its category (the schema refuses a chilled van).
  const uplift = leg.temperature === 'chilled' ? chilledUplift(regional ?? vehicle.shared) : undefined;
  const chill = uplift?.value ?? 1;
  const chilled = uplift === undefined ? '' : ', chilled';
  if (explain && uplift !== undefined) {
    factors.push(uplift);
    assumptions.push(chilledAssumption(uplift));
  }
  if (regional !== undefined && region !== 'IN') {
    if (explain) {
      factors.push(...regional.chain.factors);
      assumptions.push(regionalAssumption(region, regional), regional.chain.note);
    }
    const parts = scaleParts(perTonneKmParts(regional.tankToWheel, regional.chain, leg.weight, leg.distance), chill);
    return { ...goods, operationCategory: `${regional.name}${chilled}`, dataType: 'default', parts };
  }
  if (leg.load === 'shared') {
    const shared = vehicle.shared;
    if (explain) {
      factors.push(...shared.chain.factors);
      assumptions.push(
        `load shared: the goods times the distance times the average-laden intensity of the ${vehicle.name}'s DESNZ class (ISO 14083 allocation by tonne-km within a transport operation category); average load and empty running are inside it.`,
        shared.chain.note,
      );
    }
    const parts = scaleParts(perTonneKmParts(shared.tankToWheel, shared.chain, leg.weight, leg.distance), chill);
    return { ...goods, operationCategory: `${shared.name}${chilled}`, dataType: 'default', parts };
  }
  const trucks = tripsNeeded(massTonnes, capacity);
  const outbound = truckKilograms(vehicle.full.value, vehicle.emptyRatio.value, trucks, massTonnes, capacity, leg.distance);
  // The return: dry_run's, with the empty containers; else the sent empty running, each truck empty.
  const factor = leg.empty_distance_factor ?? 0;
  const inbound = leg.dry_run
    ? truckKilograms(vehicle.full.value, vehicle.emptyRatio.value, trucks, returnMassTonnes, capacity, leg.distance)
    : emptyRunningKilograms(vehicle.full.value, vehicle.emptyRatio.value, trucks, leg.distance, factor);
  if (explain) {
    factors.unshift(vehicle.full, vehicle.emptyRatio);
    quantities['trucks'] = trucks;
    quantities['load_factor'] = massTonnes / (trucks * capacity);
    assumptions.push('Fuel grows linearly with load from the empty truck to the full one (DESNZ load model).');
    if (leg.dry_run) {
      quantities['return_mass_t'] = returnMassTonnes;
      assumptions.push('dry_run: the trucks drive the distance back empty, carrying only the empty containers.');
    } else {
      quantities['empty_distance_factor'] = factor;
      assumptions.push(emptyRunningAssumption(leg.empty_distance_factor, 'Neither dry_run nor empty_distance_factor', 'Freight legs (E13)'));
    }
    factors.push(...vehicle.chain.factors);
    assumptions.push(vehicle.chain.note);
  }
  return {
    ...road,
    operationCategory: `Road: ${vehicle.name}, dedicated${chilled}`,
    dataType: 'modelled',
    parts: scaleParts(partsAlong((outbound + inbound) / KG_PER_TONNE, vehicle.chain), chill),
  };
}

/**
 * E13: the truecost of freight legs by truck, rail or ship. A dedicated truck in India moves the
 * cargo (`weight`, tonnes) plus the tare of each container it fills, under a load model (empty to
 * full) by weight class, `dry_run` adding the empty return trip; rail, ship, a shared truck and a
 * truck outside India (`configs.region` GB or an EU member state) take an intensity per tonne-km
 * of the goods alone; a chilled truck its class's refrigerated uplift. Returns tonnes CO2e per leg (request order) and in total, well-to-wheel
 * unless `options.basis` is `ttw`, rounded to 6 decimals, with the equivalents of the total.
 *
 * @example
 * ```ts
 * freightTruecost({ configs: { region: 'IN', transportation_type: 'rail' },
 *   queries: { legs: [{ shipping_method: 'loose', weight: 100, distance: 500, dry_run: false }] } });
 * // truecost.legs: [1.735]
 * ```
 * @throws TruecostValidationError when the schema refuses the request (the `path` and `reason` of the API's 400).
 * @throws RangeError when `options.basis` is neither `wtw` nor `ttw`.
 * @remarks Since 0.1.0
 */
export function freightTruecost(input: FreightRequestInput, options?: FreightCalculatorOptions): WithMethodologyVersion<LogisticsResponse> {
  const basis = basisOption(options);
  const request: FreightRequest = checkedRequest(freightRequestSchema, input);
  const mode = request.configs.transportation_type;
  return legsResponse(freightLegs(request, options).map(({ leg, region }) => planLeg(leg, mode, region, false).parts), basis);
}

/**
 * E13 with its explanation: per leg, the mass moved, containers, trucks and load factor, every
 * factor with its source, the basis with its two parts, and each default or assumption applied.
 *
 * @example
 * ```ts
 * explainFreightTruecost(request).items[0].quantities.mass_moved_t;
 * ```
 * @throws TruecostValidationError when the schema refuses the request (the `path` and `reason` of the API's 400).
 * @remarks Since 0.1.0
 */
export function explainFreightTruecost(
  input: FreightRequestInput,
  options?: FreightCalculatorOptions,
): Explained<LogisticsResponse> {
  const basis = basisOption(options);
  const request: FreightRequest = checkedRequest(freightRequestSchema, input);
  const mode = request.configs.transportation_type;
  const legs = freightLegs(request, options);
  const plans = legs.map(({ leg, region }) => planLeg(leg, mode, region, true));
  const items = plans.map((plan, index): ItemExplanation => {
    const item: ItemExplanation = {
      item: String(index),
      basis: emissionBasis(plan.parts, basis),
      quantities: { ...plan.quantities, ...elementQuantities(plan) },
      factors: plan.factors,
      assumptions: plan.assumptions,
      unrounded: countedTotal(plan.parts, basis),
      methodology_version: METHODOLOGY_VERSION,
    };
    const { route, distance } = legs[index]!;
    return withDistance(item, route, distance);
  });
  items.push(equivalentsExplanation(sumParts(plans.map((plan) => plan.parts)), basis));
  // From the legs resolved above: places are resolved once.
  return { result: legsResponse(plans.map((plan) => plan.parts), basis), methodologyVersion: METHODOLOGY_VERSION, items };
}

/**
 * E13's legs as transport chain elements, with the factors of each (the ISO 14083 report).
 *
 * @internal
 */
export function freightElements(input: FreightRequestInput, options?: PlacesOption): LegPlan[] {
  const request: FreightRequest = checkedRequest(freightRequestSchema, input);
  return freightLegs(request, options).map(({ leg, region }) => planLeg(leg, request.configs.transportation_type, region, true));
}
