// Mass over capacity such as 1.1 / 0.1 is 11.000000000000002 in binary: a load that fills its
// trucks exactly must not count one more truck.
const TRIP_TOLERANCE = 1e-9;

/** Trucks (or containers) needed for `mass` at `capacity` each, at least one. */
export function tripsNeeded(mass: number, capacity: number): number {
  return Math.max(1, Math.ceil(mass / capacity - TRIP_TOLERANCE));
}

/**
 * Kilograms of CO2 of `trucks` trucks driving `distance` km with `mass` tonnes in total, under the
 * load model of DESNZ's HGV factors: each truck burns `emptyRatio x fullPerKm` empty and its fuel
 * grows linearly with load to `fullPerKm` at `capacity` tonnes.
 */
export function truckKilograms(
  fullPerKm: number,
  emptyRatio: number,
  trucks: number,
  mass: number,
  capacity: number,
  distance: number,
): number {
  const emptyPerKm = fullPerKm * emptyRatio;
  return distance * (trucks * emptyPerKm + ((fullPerKm - emptyPerKm) * mass) / capacity);
}

/**
 * Kilograms of CO2 of a dedicated leg's empty running: each of `trucks` trucks drives
 * `emptyDistanceFactor x distance` km empty, at the empty truck's fuel (`emptyRatio x fullPerKm`).
 */
export function emptyRunningKilograms(fullPerKm: number, emptyRatio: number, trucks: number, distance: number, emptyDistanceFactor: number): number {
  return truckKilograms(fullPerKm, emptyRatio, trucks, 0, 1, distance) * emptyDistanceFactor;
}

/**
 * What a dedicated truck's explanation says of its empty running: the sent factor, or none counted
 * (`unsent` names what was not sent, `section` the methodology's section that says why).
 */
export function emptyRunningAssumption(factor: number | undefined, unsent: string, section: string): string {
  if (factor === undefined) {
    return `Empty running: none counted. ${unsent} was not sent, and truecost holds no cited average empty running for India's trucks (docs/methodology.md, "${section}").`;
  }
  return `Empty running: empty_distance_factor ${factor}, each truck driving ${factor} km empty per km of the leg at the empty truck's fuel.`;
}
