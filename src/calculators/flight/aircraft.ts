import { aircraftMappingRows, type AircraftSupport } from '../../data/flight/aircraft-mapping.js';
import { fuelBurnRows, seatMapRows } from '../../data/flight/aircraft-performance.js';
import { GENERIC_AIRCRAFT, SEAT_AREA_FACTORS, WINGLET_FUEL_FACTOR, type SeatCabin } from '../../data/flight/factors.js';

/** Seats per cabin of one aircraft. */
export type SeatMap = Readonly<Record<SeatCabin, number>>;

/** Everything the fuel method needs about one ICAO type, prepared once, at the first lookup. */
export interface AircraftType {
  /** ICAO type designator, e.g. `A320`. */
  readonly icao: string;
  readonly body: 'narrow' | 'wide';
  readonly seats: SeatMap;
  /** {@link seatAreaTotal} of `seats`: the same for every flight of the type, so worked out once. */
  readonly seatArea: number;
  /**
   * Where the seat map comes from: `t100` the median total seats flown on the type in US DOT T-100
   * with the manufacturer's typical split scaled to it, `typical` the manufacturer's typical layout.
   */
  readonly seatsFrom: 't100' | 'typical';
  readonly ltoKg: number;
  /** CCD distances of the EEA table, NM, increasing. */
  readonly ccdNm: Float64Array;
  /** CCD fuel at those distances, kg. */
  readonly ccdKg: Float64Array;
  /** The longest CCD distance of the table: the type's range in this method, NM. */
  readonly rangeNm: number;
}

/** How an aircraft code was read: which ICAO type's data is used, and on what grounds. */
export interface AircraftResolution {
  /** The code as looked up (trimmed, upper case). */
  readonly code: string;
  /** Aircraft name from the TIM mapping, or the ICAO designator when the code was one. */
  readonly name: string;
  /** TIM support level, or `icao-designator` when the code was an ICAO type designator. */
  readonly support: AircraftSupport | 'icao-designator';
  readonly type: AircraftType;
  /** {@link WINGLET_FUEL_FACTOR} for winglet variants, else 1: applied to LTO and CCD fuel. */
  readonly fuelFactor: number;
}

/** The cabins from first to economy, the order of the seat-map rows. */
export const CABINS: readonly SeatCabin[] = ['FIRST', 'BUSINESS', 'PREMIUM_ECONOMY', 'ECONOMY'];

/** Sum of seats times their seat-area factor: the seat map in economy-seat equivalents. */
export function seatAreaTotal(seats: SeatMap, body: 'narrow' | 'wide'): number {
  const factors = SEAT_AREA_FACTORS[body];
  let total = 0;
  for (const cabin of CABINS) total += seats[cabin] * factors[cabin].value;
  return total;
}

function buildType(icao: string): AircraftType | undefined {
  const seatRow = seatMapRows()[icao];
  const fuelRow = fuelBurnRows()[icao];
  if (seatRow === undefined || fuelRow === undefined) return undefined;
  const [body, first, business, premiumEconomy, economy, seatsFrom] = seatRow;
  const [ltoKg, points] = fuelRow;
  const count = points.length / 2;
  const ccdNm = new Float64Array(count);
  const ccdKg = new Float64Array(count);
  for (let i = 0; i < count; i += 1) {
    ccdNm[i] = points[2 * i] ?? 0;
    ccdKg[i] = points[2 * i + 1] ?? 0;
  }
  const seats: SeatMap = { FIRST: first, BUSINESS: business, PREMIUM_ECONOMY: premiumEconomy, ECONOMY: economy };
  return {
    icao,
    body,
    seats,
    seatArea: seatAreaTotal(seats, body),
    seatsFrom,
    ltoKg,
    ccdNm,
    ccdKg,
    rangeNm: ccdNm[count - 1] ?? 0,
  };
}

/** The aircraft types and the codes that resolve to them, built from the data tables. */
interface AircraftCatalog {
  readonly types: ReadonlyMap<string, AircraftType>;
  readonly resolutions: ReadonlyMap<string, AircraftResolution>;
  readonly genericNarrowBody: AircraftType;
  readonly genericWideBody: AircraftType;
}

function buildCatalog(): AircraftCatalog {
  const types = new Map<string, AircraftType>();
  for (const icao of Object.keys(fuelBurnRows())) {
    const type = buildType(icao);
    if (type !== undefined) types.set(icao, type);
  }
  const resolutions = new Map<string, AircraftResolution>();
  // ICAO designators first, so that an IATA code of the TIM mapping wins where the two spellings meet.
  for (const [icao, type] of types) {
    resolutions.set(icao, { code: icao, name: icao, support: 'icao-designator', type, fuelFactor: 1 });
  }
  for (const [iata, icao, support, name] of aircraftMappingRows()) {
    const type = types.get(icao);
    // Types without fuel or seat data are unknown to truecost and fly as the generic aircraft.
    if (type === undefined) continue;
    const fuelFactor = support === 'winglet' ? WINGLET_FUEL_FACTOR.value : 1;
    resolutions.set(iata, { code: iata, name, support, type, fuelFactor });
  }
  const requireType = (icao: string): AircraftType => {
    const type = types.get(icao);
    if (type === undefined) throw new Error(`The generic aircraft ${icao} has no fuel or seat data.`);
    return type;
  };
  return {
    types,
    resolutions,
    genericNarrowBody: requireType(GENERIC_AIRCRAFT.narrowBody),
    genericWideBody: requireType(GENERIC_AIRCRAFT.wideBody),
  };
}

let built: AircraftCatalog | undefined;

/** The catalog, built at the first lookup rather than at import, so that importing truecost stays cheap. */
function catalog(): AircraftCatalog {
  built ??= buildCatalog();
  return built;
}

/**
 * Resolves an aircraft code (IATA, as in `aircraft_model`, or an ICAO type designator) to the type
 * whose data is used. Case-insensitive.
 *
 * @returns The resolution, or `undefined` when truecost has no fuel or seat data for the code.
 */
export function resolveAircraft(code: string): AircraftResolution | undefined {
  const { resolutions } = catalog();
  return resolutions.get(code) ?? resolutions.get(code.trim().toUpperCase());
}

/** The ICAO type with fuel and seat data, or `undefined`. */
export function aircraftType(icao: string): AircraftType | undefined {
  return catalog().types.get(icao);
}

/** Every aircraft code truecost resolves (IATA codes and ICAO designators). */
export function knownAircraftCodes(): string[] {
  return [...catalog().resolutions.keys()];
}

/** The generic aircraft for a CCD distance: the narrow-body within its range, else the wide-body. */
export function genericAircraftFor(ccdNm: number): AircraftType {
  const { genericNarrowBody, genericWideBody } = catalog();
  return ccdNm <= genericNarrowBody.rangeNm ? genericNarrowBody : genericWideBody;
}
