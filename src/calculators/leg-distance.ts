import type { FactorUse } from '../data/factor.js';
import type { ItemExplanation } from './explanation.js';
import { legRoute, type LegRoute } from '../schemas/places.js';
import { TruecostValidationError } from '../validation/checked-request.js';

// The step before a calculator: the distance of each leg given by places, from the resolver of
// truecost/places that the caller passes (docs/methodology.md, "Distances from places"). The
// calculators stay synchronous and load no table of places themselves.

/**
 * How a leg travels, for its distance rule: great circle plus 95 km by air, a sea route by sea, the
 * great circle times a circuity factor by road and rail.
 *
 * @remarks Since 0.6.0
 */
export type DistanceMode = 'air' | 'sea' | 'road' | 'rail';

/**
 * How a leg's distance was found: sent with the leg (`given`), or from its places by the rule of
 * its mode.
 *
 * @remarks Since 0.6.0
 */
export type DistanceMethod = 'given' | 'great_circle_plus_95' | 'sea_route' | 'road_circuity' | 'rail_circuity';

/**
 * A place as truecost resolved it.
 *
 * @remarks Since 0.6.0
 */
export interface ResolvedPlace {
  /** What the code is: an airport (`iata`), a port (`locode`), an India PIN code (`pin`), or a point sent as `lat`, `lon`. */
  readonly kind: 'iata' | 'locode' | 'pin' | 'point';
  /** The code as resolved (upper case), or `lat,lon` for a point. */
  readonly code: string;
  /** The place's name where the table gives one, else its code. */
  readonly name: string;
  /** Degrees north of the equator (WGS-84), to 0.01° for ports and PIN codes. */
  readonly latitude: number;
  /** Degrees east of Greenwich (WGS-84), to 0.01° for ports and PIN codes. */
  readonly longitude: number;
  /**
   * The place's country, ISO 3166-1 alpha-2 (a code): an airport's from the airport table, a port's
   * from its UN/LOCODE's first two letters, `IN` for a PIN code; undefined for a point.
   */
  readonly country?: string;
}

/**
 * The distance of a leg given by its places, and how it was found.
 *
 * @remarks Since 0.6.0
 */
export interface LegDistance {
  readonly origin: ResolvedPlace;
  readonly destination: ResolvedPlace;
  /** The great-circle distance between the two places, in km. */
  readonly greatCircleKm: number;
  /** The distance the leg is computed on, in km. */
  readonly distanceKm: number;
  readonly method: Exclude<DistanceMethod, 'given'>;
  /** The constants of the rule (the 95 km, the circuity factor), with their sources. */
  readonly factors: readonly FactorUse[];
  /** Sentences on the rule applied (the passages avoided, the nodes a port was snapped to). */
  readonly notes: readonly string[];
}

/**
 * What turns a leg's places into its distance: `places` of `truecost/places`, passed to a
 * calculator in its options.
 *
 * @remarks Since 0.6.0
 */
export interface PlaceResolver {
  /**
   * The distance of `route` by `mode`'s rule.
   *
   * @param path - The leg's dotted path in the request (`queries.legs.0`), for the error.
   * @throws TruecostValidationError naming the place's path when a code is unknown or no route is found.
   */
  legDistance(route: LegRoute, mode: DistanceMode, path: string): LegDistance;
}

/**
 * The option of a calculator whose legs may be given by places.
 *
 * @remarks Since 0.6.0
 */
export interface PlacesOption {
  /** The resolver of `truecost/places`; needed only when a leg sends `origin` and `destination`. */
  readonly places?: PlaceResolver;
}

/** What a parsed leg carries of its places. */
type SentPlaces = Parameters<typeof legRoute>[0];

/** A leg ready to compute, its places when it sent them, and how its distance was found from them. */
export interface PlacedLeg<Leg> {
  readonly leg: Leg;
  readonly route?: LegRoute | undefined;
  readonly distance?: LegDistance;
}

/**
 * Each leg with its distance in `field`: the one sent, else the one of its places by `modeOf`'s rule.
 *
 * @throws TruecostValidationError when a leg has places but `places` is missing, or a place is unknown.
 */
export function placedLegs<Sent extends object, Leg>(
  legs: readonly Sent[],
  field: string,
  modeOf: (leg: Sent) => DistanceMode,
  places: PlaceResolver | undefined,
  legsPath: string,
): PlacedLeg<Leg>[] {
  return legs.map((sent, index) => {
    const given = (sent as Record<string, unknown>)[field];
    // The schema refused a place without the other.
    const sentPlaces = sent as SentPlaces;
    const route = sentPlaces.origin === undefined ? undefined : (legRoute(sentPlaces, () => undefined) as LegRoute);
    if (route === undefined || typeof given === 'number') return { leg: sent as unknown as Leg, route };
    const path = `${legsPath}.${index}`;
    if (places === undefined) {
      throw new TruecostValidationError({
        path: `${path}.origin`,
        reason: `Needs places from 'truecost/places', or ${field}.`,
      });
    }
    const distance = places.legDistance(route, modeOf(sent), path);
    return { leg: { ...sent, [field]: distance.distanceKm } as unknown as Leg, route, distance };
  });
}

/**
 * A leg's explanation with how its distance was found: `given` when it sent places and a
 * distance; else its places, great circle and method, the rule's constant among the factors and its
 * notes among the assumptions.
 */
export function withDistance(item: ItemExplanation, route: LegRoute | undefined, distance: LegDistance | undefined): ItemExplanation {
  if (distance === undefined) return route === undefined ? item : { ...item, quantities: { ...item.quantities, distance_method: 'given' } };
  const quantities: Record<string, number | string> = { ...item.quantities };
  for (const [end, place] of [['origin', distance.origin], ['destination', distance.destination]] as const) {
    quantities[`${end}_code`] = place.code;
    quantities[`${end}_name`] = place.name;
    quantities[`${end}_latitude`] = place.latitude;
    quantities[`${end}_longitude`] = place.longitude;
  }
  quantities['great_circle_km'] = distance.greatCircleKm;
  quantities['distance_method'] = distance.method;
  return { ...item, quantities, factors: [...distance.factors, ...item.factors], assumptions: [...distance.notes, ...item.assumptions] };
}
