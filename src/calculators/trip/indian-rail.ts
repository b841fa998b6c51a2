import { fuelCombustion } from '../../data/fuels.js';
import { indiaGridElectricity } from '../../data/grid.js';
import {
  icfCoachPlaces,
  lhbThirdAcPlaces,
  type IndianRailClass,
} from '../../data/indian-railways-coaches.js';
import {
  indianRailwaysNetTonneKm,
  indianRailwaysPassengerKm,
  indianRailwaysTractionDiesel,
  indianRailwaysTractionElectricity,
} from '../../data/indian-railways-2019-20.js';
import { dieselLocomotiveChain } from '../../data/rail-energy-chains.js';
import { gridChain } from '../../data/road-energy-chains.js';
import type { FactorUse } from '../../data/factor.js';
import { partsAlong, scaleParts, sumParts, type EmissionParts } from '../basis.js';

// Indian rail per passenger-km from Indian Railways' own 2019-20 traction energy and traffic
// (docs/methodology.md, "Indian rail"). The energy is shared equally over the traffic units
// (passenger-km plus net tonne-km) and so over every passenger-km; a class then takes its share by
// the space one of its places takes in a coach, relative to a sleeper (SL) berth, which carries the
// network average. Diesel traction is burnt on the train (tank-to-wheel plus diesel's well-to-tank);
// electric traction is all well-to-tank (the grid's CO2 with its losses).

/** Passenger-km plus net tonne-km, 2019-20. */
const TRAFFIC_UNITS = indianRailwaysPassengerKm.value + indianRailwaysNetTonneKm.value;

/** The class whose berth is the unit of space: it carries the network average. */
export const REFERENCE_CLASS = 'SL' satisfies IndianRailClass;

let network: EmissionParts | undefined;

/** kg CO2e per traffic unit (so per passenger-km on average), in its two parts. */
export function indianRailNetworkPerPkm(): EmissionParts {
  network ??= sumParts([
    partsAlong((indianRailwaysTractionDiesel.value * fuelCombustion.diesel.value) / TRAFFIC_UNITS, dieselLocomotiveChain),
    partsAlong((indianRailwaysTractionElectricity.value * indiaGridElectricity.value) / TRAFFIC_UNITS, gridChain),
  ]);
  return network;
}

/**
 * The space one place of `railClass` takes, in SL berths: SL's places per ICF coach over the
 * class's; AC 3-tier economy, built only as an LHB coach, is AC 3-tier's share times the LHB 3A
 * berths over the LHB 3E berths.
 */
export function indianRailSpace(railClass: IndianRailClass): number {
  const sleeper = icfCoachPlaces[REFERENCE_CLASS].value;
  if (railClass === '3E') return (sleeper / icfCoachPlaces['3A'].value) * (lhbThirdAcPlaces['3A'].value / lhbThirdAcPlaces['3E'].value);
  return sleeper / icfCoachPlaces[railClass].value;
}

/** The factors the space of `railClass` is computed from. */
export function indianRailSpaceFactors(railClass: IndianRailClass): FactorUse[] {
  if (railClass === '3E') return [icfCoachPlaces[REFERENCE_CLASS], icfCoachPlaces['3A'], lhbThirdAcPlaces['3A'], lhbThirdAcPlaces['3E']];
  if (railClass === REFERENCE_CLASS) return [icfCoachPlaces[REFERENCE_CLASS]];
  return [icfCoachPlaces[REFERENCE_CLASS], icfCoachPlaces[railClass]];
}

/** kg CO2e per passenger-km of a class (the network average, SL's, when no class is named). */
export function indianRailPerPkm(railClass: IndianRailClass | undefined): EmissionParts {
  return scaleParts(indianRailNetworkPerPkm(), railClass === undefined ? 1 : indianRailSpace(railClass));
}

/** Every factor of the network intensity. */
export const indianRailNetworkFactors: readonly FactorUse[] = [
  indianRailwaysTractionDiesel,
  fuelCombustion.diesel,
  indianRailwaysTractionElectricity,
  indiaGridElectricity,
  indianRailwaysPassengerKm,
  indianRailwaysNetTonneKm,
];
