import { roadAssumptions } from '../data/assumptions.js';
import {
  desnzFreightPerTonneKm,
  desnzShortHaulMaxKm,
  emptyTruckRatio,
} from '../data/desnz-2025-freight.js';
import {
  rigid7to17Average,
  rigidOver17Average,
  vanAverageDiesel,
  type RoadOperationCategory,
} from '../data/desnz-2025-road-tonne-km.js';
import type { EnergyChain } from '../data/energy-chain.js';
import { airFreightChain, containerShipChain, railChain } from '../data/freight-energy-chains.js';
import { dieselTruckChain, motorbikeChain } from '../data/road-energy-chains.js';
import { indiaGhgTrucks, indiaGhgTwoAndThreeWheelers } from '../data/india-ghg-2015.js';
import { isTruckMethod, type LogisticsLeg, type ShippingMethod, type TruckMethod } from '../schemas/logistics.js';
import { partsAlong, scaleParts, type EmissionParts } from './basis.js';
import type { FactorUse } from './explanation.js';
import { emptyRunningAssumption, emptyRunningKilograms, tripsNeeded, truckKilograms } from './road-shared.js';
import { KG_PER_TONNE } from './rounding.js';
import { chilledAssumption, chilledUplift, regionalAssumption, regionalRoadCategory } from './road-region.js';
import { carrierFuel, perTonneKmParts, type ChainElement, type TransportMode } from './transport-chain.js';

// The legs of E11: how each shipping method turns a leg into tonnes CO2e in two parts, and the
// leg as a transport chain element (docs/methodology.md, "E11" and "Shared loads").

const TRUCK_FACTORS: Readonly<Record<TruckMethod, FactorUse>> = {
  TRUCK_LIGHT: indiaGhgTrucks.ldv,
  TRUCK_MEDIUM: indiaGhgTrucks.mdv,
  TRUCK_HEAVY: indiaGhgTrucks.hdv,
};

/**
 * The road operation category a shared load of each truck class is allocated in: by gross weight,
 * the DESNZ class holding the India class's usual vehicle (the contract's default capacities of
 * 1.75, 7.75 and 15 t put the medium truck above 7.5 t gross and the heavy one above 17 t).
 */
export const SHARED_TRUCK_CATEGORIES: Readonly<Record<TruckMethod, RoadOperationCategory>> = {
  TRUCK_LIGHT: vanAverageDiesel,
  TRUCK_MEDIUM: rigid7to17Average,
  TRUCK_HEAVY: rigidOver17Average,
};

const TRUCK_NAMES: Readonly<Record<TruckMethod, string>> = {
  TRUCK_LIGHT: 'light diesel truck (India LDV, <3.5 t gross)',
  TRUCK_MEDIUM: 'medium diesel truck (India MDV, 3.5-12 t gross)',
  TRUCK_HEAVY: 'heavy diesel truck (India HDV, >12 t gross)',
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
      const trucks = tripsNeeded(weight, capacity);
      const empty = emptyRunningKilograms(full, emptyTruckRatio.value, trucks, distance, leg.empty_distance_factor ?? 0);
      return truckKilograms(full, emptyTruckRatio.value, trucks, weight, capacity, distance) + empty;
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
const LEG_CHAINS: Readonly<Record<ShippingMethod, EnergyChain>> = {
  TRUCK_LIGHT: dieselTruckChain,
  TRUCK_MEDIUM: dieselTruckChain,
  TRUCK_HEAVY: dieselTruckChain,
  MOTORCYCLE: motorbikeChain,
  TRAIN: railChain,
  SHIP: containerShipChain,
  FLIGHT: airFreightChain,
};

/**
 * The category a truck leg is allocated in by tonne-km: its region's default outside India, else its
 * DESNZ class when it shares its vehicle; undefined for a dedicated truck in India or another method.
 */
function sharedCategory(leg: LogisticsLeg): RoadOperationCategory | undefined {
  if (!isTruckMethod(leg.shipping_method)) return undefined;
  const desnzClass = SHARED_TRUCK_CATEGORIES[leg.shipping_method];
  return regionalRoadCategory(leg.region, desnzClass) ?? (leg.load === 'shared' ? desnzClass : undefined);
}

/**
 * The refrigerated uplift of a chilled truck leg without the carrier's fuel (whose fuel holds the
 * refrigeration unit's), by its category: its regional default, or its DESNZ class.
 */
function chilledFactor(leg: LogisticsLeg): FactorUse | undefined {
  if (leg.temperature !== 'chilled' || !isTruckMethod(leg.shipping_method) || leg.fuel_type !== undefined) return undefined;
  return chilledUplift(sharedCategory(leg) ?? SHARED_TRUCK_CATEGORIES[leg.shipping_method]);
}

/** Tonnes CO2e of one leg, in its two parts: the carrier's fuel, a shared load, or the method's model; chilled if so. */
export function logisticsLegParts(leg: LogisticsLeg): EmissionParts {
  const fuel = carrierFuel(leg);
  if (fuel !== undefined) return fuel.parts;
  const shared = sharedCategory(leg);
  const parts =
    shared !== undefined
      ? perTonneKmParts(shared.tankToWheel, shared.chain, leg.shipping_weight, leg.shipping_distance)
      : partsAlong(legSourceKilograms(leg) / KG_PER_TONNE, LEG_CHAINS[leg.shipping_method]);
  return scaleParts(parts, chilledFactor(leg)?.value ?? 1);
}

/** A leg as a transport chain element, with the factors and assumptions of its explanation. */
export interface LogisticsElement extends ChainElement {
  readonly factors: readonly FactorUse[];
  readonly assumptions: readonly string[];
}

/** The transport mode of each shipping method (also its distance rule when a leg is given by places). */
export const LOGISTICS_MODES: Readonly<Record<ShippingMethod, TransportMode>> = {
  TRUCK_LIGHT: 'road',
  TRUCK_MEDIUM: 'road',
  TRUCK_HEAVY: 'road',
  MOTORCYCLE: 'road',
  TRAIN: 'rail',
  SHIP: 'sea',
  FLIGHT: 'air',
};

/** The method's own category name, factors and assumptions (without the carrier's fuel or a shared load). */
function methodModel(leg: LogisticsLeg): Pick<LogisticsElement, 'operationCategory' | 'dataType' | 'factors' | 'assumptions'> {
  switch (leg.shipping_method) {
    case 'TRUCK_LIGHT':
    case 'TRUCK_MEDIUM':
    case 'TRUCK_HEAVY':
      return {
        operationCategory: `Road: ${TRUCK_NAMES[leg.shipping_method]}, dedicated`,
        dataType: 'modelled',
        factors: [TRUCK_FACTORS[leg.shipping_method], emptyTruckRatio],
        assumptions: [
          'The India GHG Program per-km factor is taken as the truck at full load.',
          'The shipment travels in its own trucks of truck_capacity; a part-loaded truck burns fuel linearly between empty and full.',
          emptyRunningAssumption(leg.empty_distance_factor, 'empty_distance_factor', 'Logistics legs (E11)'),
        ],
      };
    case 'MOTORCYCLE':
      return {
        operationCategory: 'Road: courier motorcycle <125 cc, petrol',
        dataType: 'modelled',
        factors: [indiaGhgTwoAndThreeWheelers.motorcycleUpTo125, roadAssumptions.motorcyclePayload],
        assumptions: ['A courier motorcycle under 125 cc, its CO2 shared over its payload.'],
      };
    case 'TRAIN':
      return { operationCategory: 'Rail: freight train, average', dataType: 'default', factors: [desnzFreightPerTonneKm.rail], assumptions: [] };
    case 'SHIP':
      return { operationCategory: 'Sea: container ship, average', dataType: 'default', factors: [desnzFreightPerTonneKm.containerShip], assumptions: [] };
    case 'FLIGHT': {
      const factor = flightFactor(leg.shipping_distance);
      return {
        operationCategory: `Air: ${factor.name}`,
        dataType: 'default',
        factors: [factor, desnzShortHaulMaxKm],
        assumptions: ['Without the radiative-forcing uplift; the distance band picks short- or long-haul.'],
      };
    }
  }
}

/** One E11 leg as a transport chain element, with what its explanation lists; a chilled leg says its uplift. */
export function logisticsElement(leg: LogisticsLeg): LogisticsElement {
  const element = ambientElement(leg);
  const uplift = chilledFactor(leg);
  if (uplift === undefined) return element;
  return {
    ...element,
    operationCategory: `${element.operationCategory}, chilled`,
    factors: [...element.factors, uplift],
    assumptions: [...element.assumptions, chilledAssumption(uplift)],
  };
}

/** The element of a leg as if ambient, but with the leg's (possibly chilled) parts. */
function ambientElement(leg: LogisticsLeg): LogisticsElement {
  const common = {
    mode: LOGISTICS_MODES[leg.shipping_method],
    distanceKm: leg.shipping_distance,
    massTonnes: leg.shipping_weight,
    parts: logisticsLegParts(leg),
  };
  const fuel = carrierFuel(leg);
  if (fuel !== undefined) {
    const model = methodModel(leg);
    const vehicle = model.operationCategory.replace(/, dedicated$/, '');
    return { ...common, operationCategory: `${vehicle}, carrier's fuel`, dataType: 'primary', factors: fuel.factors, assumptions: [fuel.note] };
  }
  const shared = sharedCategory(leg);
  if (shared !== undefined && leg.region !== undefined && leg.region !== 'IN') {
    return {
      ...common,
      operationCategory: shared.name,
      dataType: 'default',
      factors: shared.chain.factors,
      assumptions: [regionalAssumption(leg.region, shared), shared.chain.note],
    };
  }
  if (shared !== undefined) {
    return {
      ...common,
      operationCategory: shared.name,
      dataType: 'default',
      factors: shared.chain.factors,
      assumptions: [
        `load shared: the shipment's tonne-km times the average-laden intensity of the ${TRUCK_NAMES[leg.shipping_method as TruckMethod]}'s DESNZ class (ISO 14083 allocation by tonne-km within a transport operation category); average load and empty running are inside it.`,
        shared.chain.note,
      ],
    };
  }
  const model = methodModel(leg);
  const chain = LEG_CHAINS[leg.shipping_method];
  const assumptions = [...model.assumptions];
  if (leg.load === 'shared') assumptions.push('load shared: this intensity is already an average over shared loads.');
  return { ...common, ...model, factors: [...model.factors, ...chain.factors], assumptions: [...assumptions, chain.note] };
}
