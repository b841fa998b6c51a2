import { METHODOLOGY_VERSION } from '../data/version.js';
import { successMessages } from '../errors.js';
import { checkedRequest } from '../validation/checked-request.js';
import {
  isTruckMethod,
  legRegionProblem,
  logisticsRequestSchema,
  type SentLogisticsLeg,
  type LogisticsLeg,
  type LogisticsRequest,
  type LogisticsRequestInput,
  type LogisticsResponse,
} from '../schemas/logistics.js';
import {
  basisOption,
  countedTotal,
  emissionBasis,
  sumParts,
  type CalculatorOptions,
  type EmissionParts,
  type EnergyBasis,
} from './basis.js';
import { equivalentsExplanation, equivalentsOf } from './equivalents.js';
import { placedLegs, withDistance, type PlacedLeg, type PlacesOption } from './leg-distance.js';
import { isHub, type HubElement } from '../schemas/hub.js';
import { hubChainElement, hubParts, type HubChainElement } from './hub.js';
import type { Explained, ItemExplanation } from './explanation.js';
import { withMethodologyVersion, type WithMethodologyVersion } from './methodology.js';
import { LOGISTICS_MODES, logisticsElement, logisticsLegParts } from './logistics-legs.js';
import { originRegion } from './road-region.js';
import { tripsNeeded } from './road-shared.js';
import { roundTonnes } from './rounding.js';
import { elementQuantities, type TransportMode } from './transport-chain.js';

/**
 * Options of E11 and E13: the basis, and the resolver of `truecost/places` for legs given by
 * `origin` and `destination` (docs/methodology.md, "Distances from places").
 *
 * @remarks Since 0.6.0
 */
export interface FreightCalculatorOptions extends CalculatorOptions, PlacesOption {}

/**
 * E11's elements in request order: its legs with their distances (those given by places resolved)
 * and its hubs as sent.
 *
 * @internal
 */
export function logisticsLegs(request: LogisticsRequest, options?: PlacesOption): PlacedLeg<LogisticsLeg | HubElement>[] {
  return placedLegs<SentLogisticsLeg | HubElement, LogisticsLeg | HubElement>(request.queries.legs, 'shipping_distance', distanceModeOf, options?.places, 'queries.legs').map(
    (placed, index) => (isHub(placed.leg) ? placed : withOriginRegion(placed as PlacedLeg<LogisticsLeg>, index)),
  );
}

/** The distance rule of an element given by places: only a leg has places, so a hub never reaches it. */
function distanceModeOf(element: SentLogisticsLeg | HubElement): TransportMode {
  return LOGISTICS_MODES[(element as SentLogisticsLeg).shipping_method];
}

/** The parts of one E11 element: a leg's, or a hub's. */
function elementParts(element: LogisticsLeg | HubElement): EmissionParts {
  return isHub(element) ? hubParts(element) : logisticsLegParts(element);
}

/**
 * A truck leg given by places, without a `region`, takes its origin's country as its region
 * (docs/methodology.md, "Each road leg's region"), checked as a sent region is.
 */
function withOriginRegion(placed: PlacedLeg<LogisticsLeg>, index: number): PlacedLeg<LogisticsLeg> {
  const { leg } = placed;
  if (leg.region !== undefined || !isTruckMethod(leg.shipping_method)) return placed;
  const found = originRegion(placed.distance, `queries.legs.${index}`, (region) => legRegionProblem({ ...leg, region }));
  return found === undefined ? placed : { ...placed, leg: { ...leg, region: found.region }, distance: found.distance };
}

/**
 * E11: the truecost of one shipment over its legs. Returns tonnes CO2e per leg (request order) and
 * in total, well-to-wheel unless `options.basis` is `ttw`, rounded to 6 decimals (the total from
 * the unrounded legs), with its equivalents.
 *
 * Trucks: India GHG Program per-km factors as the full-load value, fuel linear in load with an
 * empty truck at 65 % of full (DESNZ), in as many trucks of `truck_capacity` as the weight needs.
 * Train, ship and flight: DESNZ 2025 per tonne-km. Motorcycle: per-km factor over a 0.1 t payload.
 * A truck leg with `load: 'shared'` is its tonne-km times the DESNZ 2025 average-laden intensity of
 * its class; a leg with the carrier's `fuel_type` and `fuel_amount` is computed from that fuel. A
 * truck leg with a `region` other than IN takes that region's default intensity per tonne-km
 * (DESNZ 2025 for GB, GLEC's European truck for the EU member states); a `chilled` one its class's
 * refrigerated uplift. A leg may send `origin` and `destination` instead of `shipping_distance`
 * (since 0.6.0), with `options.places` from `truecost/places`: docs/methodology.md, "Distances from places".
 *
 * @example
 * ```ts
 * logisticsTruecost({ queries: { legs: [{ shipping_method: 'TRAIN', shipping_distance: 1000, shipping_weight: 20 }] } });
 * // truecost.total_truecost === 0.6940
 * ```
 * @throws TruecostValidationError when the schema refuses the request (the `path` and `reason` of the API's 400).
 * @throws TruecostValidationError when a leg's place is unknown (its path, e.g. `queries.legs.0.origin.locode`), or a leg has places without `options.places`.
 * @throws RangeError when `options.basis` is neither `wtw` nor `ttw`.
 * @remarks Since 0.1.0
 */
export function logisticsTruecost(input: LogisticsRequestInput, options?: FreightCalculatorOptions): WithMethodologyVersion<LogisticsResponse> {
  const basis = basisOption(options);
  const request: LogisticsRequest = checkedRequest(logisticsRequestSchema, input);
  return legsResponse(logisticsLegs(request, options).map(({ leg }) => elementParts(leg)), basis);
}

/**
 * The answer of E11 and E13 from each leg's parts: tonnes per leg (request order) and in total,
 * from the unrounded legs, with the equivalents of the total.
 *
 * @internal
 */
export function legsResponse(legParts: readonly EmissionParts[], basis: EnergyBasis): WithMethodologyVersion<LogisticsResponse> {
  let total = 0;
  const legs = legParts.map((parts) => {
    const tonnes = countedTotal(parts, basis);
    total += tonnes;
    return roundTonnes(tonnes);
  });
  return withMethodologyVersion({
    message: successMessages.truecostCalculated,
    truecost: { total_truecost: roundTonnes(total), legs, equivalents: equivalentsOf(total) },
  });
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
  options?: FreightCalculatorOptions,
): Explained<LogisticsResponse> {
  const basis = basisOption(options);
  const request: LogisticsRequest = checkedRequest(logisticsRequestSchema, input);
  const allParts: EmissionParts[] = [];
  const items = logisticsLegs(request, options).map(({ leg, route, distance }, index): ItemExplanation => {
    if (isHub(leg)) {
      const hub = hubChainElement(leg);
      allParts.push(hub.parts);
      return hubExplanation(leg, hub, index, basis);
    }
    const element = logisticsElement(leg);
    allParts.push(element.parts);
    const quantities: Record<string, number | string> = {
      shipping_method: leg.shipping_method,
      distance_km: leg.shipping_distance,
      weight_t: leg.shipping_weight,
    };
    // Trucks and their capacity matter only to the dedicated trucks' load model.
    const trucksUsed = element.dataType === 'modelled' && leg.truck_capacity !== undefined;
    if (trucksUsed) {
      quantities['truck_capacity_t'] = leg.truck_capacity;
      quantities['trucks'] = tripsNeeded(leg.shipping_weight, leg.truck_capacity!);
      quantities['empty_distance_factor'] = leg.empty_distance_factor ?? 0;
    }
    if (leg.region !== undefined) quantities['region'] = leg.region;
    if (leg.load !== undefined) quantities['load'] = leg.load;
    if (leg.fuel_type !== undefined) {
      quantities['fuel_type'] = leg.fuel_type;
      quantities[`fuel_${leg.fuel_unit ?? ''}`] = leg.fuel_amount ?? 0;
    }
    const item: ItemExplanation = {
      item: String(index),
      basis: emissionBasis(element.parts, basis),
      quantities: { ...quantities, ...elementQuantities(element) },
      factors: element.factors,
      assumptions: [
        ...(leg.defaulted ?? [])
          .filter((field) => trucksUsed || field !== 'truck_capacity')
          .map((field) => `${field} was not sent; the contract default was used.`),
        ...element.assumptions,
      ],
      unrounded: countedTotal(element.parts, basis),
      methodology_version: METHODOLOGY_VERSION,
    };
    return withDistance(item, route, distance);
  });
  items.push(equivalentsExplanation(sumParts(allParts), basis));
  // From the legs resolved above: places are resolved once.
  return { result: legsResponse(allParts, basis), methodologyVersion: METHODOLOGY_VERSION, items };
}

/** A hub's explanation: its type, temperature, tonnes handled and intensity, the factor and assumptions. */
function hubExplanation(hub: HubElement, element: HubChainElement, index: number, basis: EnergyBasis): ItemExplanation {
  return {
    item: String(index),
    basis: emissionBasis(element.parts, basis),
    quantities: {
      hub_type: hub.hub_type,
      temperature: hub.temperature,
      weight_t: element.massTonnes,
      intensity_kg_per_tonne: element.intensityKgPerTonne,
      operation_category: element.operationCategory,
      data_type: element.dataType,
    },
    factors: element.factors,
    assumptions: element.assumptions,
    unrounded: countedTotal(element.parts, basis),
    methodology_version: METHODOLOGY_VERSION,
  };
}
