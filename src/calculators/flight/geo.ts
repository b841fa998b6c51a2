import type { Coordinates } from '../../data/flight/airport-index.js';
import { latitudeCosine, RADIANS_PER_DEGREE, type PreparedPoint } from '../../data/flight/airport-locations.js';
import { EARTH_RADIUS } from '../../data/flight/factors.js';

/**
 * The great-circle distance between two points: haversine on a sphere of the IUGG mean radius
 * (6371.0088 km).
 *
 * @returns Kilometres, 0 for the same point.
 * @example
 * ```ts
 * const lhr = airportByIata('LHR')!;
 * const jfk = airportByIata('JFK')!;
 * greatCircleKm(lhr, jfk); // about 5539.8
 * ```
 * @remarks Since 0.1.0
 */
export function greatCircleKm(from: Coordinates, to: Coordinates): number {
  return haversineKm(from, to, latitudeCosine(from.latitude), latitudeCosine(to.latitude));
}

/**
 * {@link greatCircleKm} of two prepared points: the same number, by the same operations, without
 * the two cosines, which are the costliest part of a flight's figure after the fuel table.
 *
 * @internal
 */
export function preparedGreatCircleKm(from: PreparedPoint, to: PreparedPoint): number {
  return haversineKm(from, to, from.latitudeCosine, to.latitudeCosine);
}

function haversineKm(from: Coordinates, to: Coordinates, fromCosine: number, toCosine: number): number {
  const lat1 = from.latitude * RADIANS_PER_DEGREE;
  const lat2 = to.latitude * RADIANS_PER_DEGREE;
  const halfDLat = (lat2 - lat1) / 2;
  const halfDLon = ((to.longitude - from.longitude) * RADIANS_PER_DEGREE) / 2;
  const sinLat = Math.sin(halfDLat);
  const sinLon = Math.sin(halfDLon);
  const h = sinLat * sinLat + fromCosine * toCosine * sinLon * sinLon;
  // min() keeps rounding error from pushing asin past its domain for antipodal points.
  return 2 * EARTH_RADIUS.value * Math.asin(Math.min(1, Math.sqrt(h)));
}
