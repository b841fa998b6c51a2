import { airportByIata } from '../data/flight/airport-index.js';
import { AIR_DISTANCE_ADDITION, RAIL_CIRCUITY, ROAD_CIRCUITY } from '../data/places/distance-rules.js';
import { greatCircleKm } from '../calculators/flight/geo.js';
import type { DistanceMode, LegDistance, PlaceResolver, ResolvedPlace } from '../calculators/leg-distance.js';
import { SEA_PASSAGES, type LegRoute, type Place, type SeaPassage } from '../schemas/places.js';
import { TruecostValidationError } from '../validation/checked-request.js';
import { ALWAYS_AVOIDED, seaRoute } from './sea-route.js';
import { pinCentroid, portByLocode } from './tables.js';

// truecost/places: the tables of places (airports, ports, India PIN codes) and the distance rules
// of legs given by places (docs/methodology.md, "Distances from places"). Imported apart from the
// calculators, so that a bundle that never meets a place leaves the tables out.

export { portByLocode, pinCentroid, type Port } from './tables.js';
export { AIR_DISTANCE_ADDITION, RAIL_CIRCUITY, ROAD_CIRCUITY } from '../data/places/distance-rules.js';
export { SEA_PASSAGES, type SeaPassage } from '../schemas/places.js';
export type { DistanceMethod, DistanceMode, LegDistance, PlaceResolver, ResolvedPlace } from '../calculators/leg-distance.js';

function unknown(path: string, reason: string): never {
  throw new TruecostValidationError({ path, reason });
}

/** The passages a leg avoids, each one of SEA_PASSAGES, or a 400 naming the first that is not. */
function seaPassages(names: readonly string[], path: string): SeaPassage[] {
  names.forEach((name, index) => {
    if (!(SEA_PASSAGES as readonly string[]).includes(name)) unknown(`${path}.${index}`, `Must be one of ${SEA_PASSAGES.join(', ')}.`);
  });
  return names as SeaPassage[];
}

/** A sent place as resolved, or a 400 naming its field. */
function resolvePlace(place: Place, path: string): ResolvedPlace {
  if (place.iata !== undefined) {
    const airport = airportByIata(place.iata);
    if (airport === undefined) unknown(`${path}.iata`, "Not an airport of truecost's airport table (OurAirports, with an IATA code).");
    const { iata, latitude, longitude, country } = airport;
    return { kind: 'iata', code: iata, name: iata, latitude, longitude, country };
  }
  if (place.locode !== undefined) {
    const port = portByLocode(place.locode.trim().toUpperCase());
    if (port === undefined) unknown(`${path}.locode`, "Not a port of truecost's port table (the UN/LOCODE of a seaport, such as INNSA).");
    return { kind: 'locode', code: port.locode, name: port.name, latitude: port.latitude, longitude: port.longitude, country: port.locode.slice(0, 2) };
  }
  if (place.pin !== undefined) {
    const pin = place.pin.trim();
    const centroid = pinCentroid(pin);
    if (centroid === undefined) unknown(`${path}.pin`, "Not an India PIN code of truecost's PIN table (six digits, such as 411001).");
    return { kind: 'pin', code: pin, name: `PIN ${pin}`, ...centroid, country: 'IN' };
  }
  const latitude = place.lat ?? 0;
  const longitude = place.lon ?? 0;
  if (Math.abs(latitude) > 90) unknown(`${path}.lat`, 'Must be from -90 to 90 (degrees north).');
  if (Math.abs(longitude) > 180) unknown(`${path}.lon`, 'Must be from -180 to 180 (degrees east).');
  return { kind: 'point', code: `${latitude},${longitude}`, name: `${latitude}, ${longitude}`, latitude, longitude };
}

/**
 * The distance of a leg from its two places (docs/methodology.md, "Distances from places"): by air
 * the great circle plus 95 km, by sea the shortest route over the sea network, by road and rail the
 * great circle times the circuity factor.
 *
 * @throws TruecostValidationError naming the place's path (`queries.legs.0.origin.locode`) when a
 *   code is unknown, or the leg's `avoid` when no sea route is left.
 * @example
 * ```ts
 * legDistance({ origin: { iata: 'BOM' }, destination: { iata: 'FRA' } }, 'air', 'queries.legs.0').distanceKm;
 * // the great circle plus 95
 * ```
 * @remarks Since 0.6.0
 */
export function legDistance(route: LegRoute, mode: DistanceMode, path: string): LegDistance {
  const origin = resolvePlace(route.origin, `${path}.origin`);
  const destination = resolvePlace(route.destination, `${path}.destination`);
  const greatCircle = greatCircleKm(origin, destination);
  const common = { origin, destination, greatCircleKm: greatCircle };
  switch (mode) {
    case 'air':
      return { ...common, distanceKm: greatCircle + AIR_DISTANCE_ADDITION.value, method: 'great_circle_plus_95', factors: [AIR_DISTANCE_ADDITION], notes: [] };
    case 'road':
      return { ...common, distanceKm: greatCircle * ROAD_CIRCUITY.value, method: 'road_circuity', factors: [ROAD_CIRCUITY], notes: [] };
    case 'rail':
      return { ...common, distanceKm: greatCircle * RAIL_CIRCUITY.value, method: 'rail_circuity', factors: [RAIL_CIRCUITY], notes: [] };
    case 'sea': {
      const avoid = seaPassages(route.avoid ?? [], `${path}.avoid`);
      const sea = seaRoute(origin, destination, avoid);
      if (sea === undefined) unknown(`${path}.avoid`, 'No sea route is left between the two places with these passages avoided.');
      const avoided = [...ALWAYS_AVOIDED, ...avoid.filter((passage) => !ALWAYS_AVOIDED.includes(passage))];
      return {
        ...common,
        distanceKm: sea.km,
        method: 'sea_route',
        factors: [],
        notes: [`The shortest route over Eurostat's SeaRoute maritime network, avoiding ${avoided.join(', ')}; southernmost point ${Math.min(...sea.points.map((point) => point.latitude)).toFixed(2)}°.`],
      };
    }
  }
}

/**
 * The resolver a calculator takes in its options (`{ places }`) for legs given by `origin` and
 * `destination` instead of a distance.
 *
 * @example
 * ```ts
 * import { logisticsTruecost } from 'truecost';
 * import { places } from 'truecost/places';
 * logisticsTruecost({ queries: { legs: [{ shipping_method: 'SHIP', origin: { locode: 'INNSA' }, destination: { locode: 'NLRTM' } }] } }, { places });
 * ```
 * @remarks Since 0.6.0
 */
export const places: PlaceResolver = { legDistance };
