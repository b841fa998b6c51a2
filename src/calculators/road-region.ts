import {
  articOver33Average,
  rigid7to17Average,
  rigidOver17Average,
  type RoadOperationCategory,
} from '../data/desnz-2025-road-tonne-km.js';
import type { FactorUse } from '../data/factor.js';
import { glecEuropeHeavyTruck } from '../data/glec-2019-europe-road.js';
import { refrigeratedUplift } from '../data/refrigerated-road.js';
import { roadFactorSet, type RoadRegion } from '../data/road-regions.js';
import { TruecostValidationError } from '../validation/checked-request.js';
import type { LegDistance } from './leg-distance.js';

// A road leg outside India takes its region's default intensity per tonne-km of goods, whatever its
// load: DESNZ 2025's average-laden class in Great Britain, GLEC's European heavy truck in the EU
// (docs/methodology.md, "Each road leg's region"). India keeps its own vehicle model.

/**
 * The default category of a road leg in `region`, or undefined in India (or without a region),
 * where the leg keeps India's model. `desnzClass` is the DESNZ class of the leg's truck; the schema
 * refuses an EU leg whose truck is not heavy, the only class GLEC's European default covers.
 */
export function regionalRoadCategory(region: RoadRegion | undefined, desnzClass: RoadOperationCategory): RoadOperationCategory | undefined {
  switch (region === undefined ? 'india' : roadFactorSet(region)) {
    case 'desnz-2025':
      return desnzClass;
    case 'glec-europe':
      return glecEuropeHeavyTruck;
    default:
      return undefined;
  }
}

/** The explanation of a regional leg: which factor, which region, and that India's were not used. */
export function regionalAssumption(region: RoadRegion, category: RoadOperationCategory): string {
  const family = roadFactorSet(region) === 'glec-europe' ? "GLEC's European default" : "DESNZ 2025's average laden";
  return `region ${region}: ${family} (${category.name}), not India's factors; per tonne-km of goods, average load and empty running inside it.`;
}

/**
 * The refrigerated uplift of a chilled road leg in `category` (the DESNZ class of its truck, or its
 * regional default), or undefined for a van, for which no refrigerated factor is published (the
 * schema refuses a chilled light truck).
 */
export function chilledUplift(category: RoadOperationCategory): FactorUse | undefined {
  if (category === rigid7to17Average) return refrigeratedUplift.rigid7to17;
  if (category === rigidOver17Average) return refrigeratedUplift.rigidOver17;
  if (category === articOver33Average) return refrigeratedUplift.articOver33;
  if (category === glecEuropeHeavyTruck) return refrigeratedUplift.glecEuropeHeavy;
  return undefined;
}

/** The explanation of a chilled road leg's uplift. */
export function chilledAssumption(uplift: FactorUse): string {
  return `temperature chilled: times ${uplift.value} (${uplift.name}).`;
}

/**
 * The region of a truck leg given by places without its own (E11, E13): its origin's country,
 * checked by `problemIn` as a sent region is, with the note its explanation gains; undefined when
 * the origin has no country (a point). `legPath` is the leg's path, `queries.legs.N`.
 *
 * @throws TruecostValidationError naming the leg's `origin` when the country has no road factors,
 *   or `problemIn` refuses the leg there: never India's factors in silence.
 */
export function originRegion(
  distance: LegDistance | undefined,
  legPath: string,
  problemIn: (region: RoadRegion) => readonly [string, string] | undefined,
): { readonly region: RoadRegion; readonly distance: LegDistance } | undefined {
  const country = distance?.origin.country;
  if (distance === undefined || country === undefined) return undefined;
  const path = `${legPath}.origin`;
  if (roadFactorSet(country) === undefined) {
    throw new TruecostValidationError({ path, reason: `In ${country}, which has no road factors: send region (IN, GB or an EU member state).` });
  }
  const region = country as RoadRegion;
  const problem = problemIn(region);
  if (problem !== undefined) throw new TruecostValidationError({ path, reason: `Its country ${region} as the leg's region: ${problem[1]}` });
  const note = `region ${region}: the country of the origin ${distance.origin.code}.`;
  return { region, distance: { ...distance, notes: [...distance.notes, note] } };
}
