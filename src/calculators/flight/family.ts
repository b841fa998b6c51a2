import { AIRCRAFT_FAMILY_MEMBERS } from '../../data/flight/aircraft-families.js';
import { CARRIER_FAMILIES_PACKED, CARRIER_FLEET_TYPES_PACKED, CARRIER_SOURCE_LABELS } from '../../data/flight/carrier-seat-maps.js';
import { aircraftType, type AircraftType } from './aircraft.js';
import { carrierHasType } from './carrier.js';
import { ccdFuelKg } from './fuel.js';

/**
 * How the aircraft asked for became another for a flight's operating carrier (docs/methodology.md,
 * "Aircraft families by operating carrier"): `carrier-fleet` the carrier states it flies the type
 * as another variant; for a family code ("Boeing 737", `737`), the member of most of the carrier's
 * US DOT T-100 departures on the route (`carrier-route`) or on all its T-100 routes
 * (`carrier-t100`), else the carrier's only member in the seat-map table or the least efficient of
 * its members there for the distance (`carrier-table`).
 */
export type FamilyStep = 'carrier-fleet' | 'carrier-route' | 'carrier-t100' | 'carrier-table';

/** The aircraft a flight flies for its carrier, and why. */
export interface FamilyChoice {
  readonly type: AircraftType;
  readonly step: FamilyStep;
  /** The carrier's members in the seat-map table that were weighed (`carrier-table` only). */
  readonly among: readonly string[];
  /** The carrier's statement (`carrier-fleet` only): its key in data/flight/carrier_seat_maps.yaml. */
  readonly source?: string;
}

let fleet: Map<string, { readonly icao: string; readonly source: string }> | undefined;

/** The type `carrier` states it flies `icao` as, or undefined. */
export function carrierFleetType(carrier: string, icao: string): FamilyChoice | undefined {
  fleet ??= new Map(
    CARRIER_FLEET_TYPES_PACKED.split('|').map((entry) => {
      const [key = '', rest = ''] = entry.split('>');
      const [flown = '', label] = rest.split(':');
      return [key, { icao: flown, source: CARRIER_SOURCE_LABELS[Number(label)] ?? '' }];
    }),
  );
  const stated = fleet.get(carrier + icao);
  const type = stated === undefined ? undefined : aircraftType(stated.icao);
  return type === undefined ? undefined : { type, step: 'carrier-fleet', among: [], source: stated?.source ?? '' };
}

interface CarrierFamily {
  readonly member: string;
  readonly routes: ReadonlyMap<string, string>;
}

let decoded: Map<string, CarrierFamily> | undefined;

/** The T-100 table, `<carrier>:<family>` -> member and routes, decoded at the first family flight that names a carrier. */
function t100Families(): Map<string, CarrierFamily> {
  if (decoded !== undefined) return decoded;
  decoded = new Map();
  for (const entry of CARRIER_FAMILIES_PACKED.split('|')) {
    const [carrier = '', family = '', rest = ''] = entry.split(':');
    const [member = '', routePart] = rest.split('@');
    const routes = new Map((routePart === undefined ? [] : routePart.split(',')).map((route) => route.split('=') as [string, string]));
    decoded.set(`${carrier}:${family}`, { member, routes });
  }
  return decoded;
}

/** Fuel per seat of the type's typical map over `ccdNm`: the measure by which TIM calls a member least efficient. */
const fuelPerSeat = (type: AircraftType, ccdNm: number): number => (type.ltoKg + ccdFuelKg(type, ccdNm)) / type.seatArea;

/**
 * The member of `family` (a TIM family code) that `carrier` flies between `departure` and
 * `arrival`, or undefined when neither T-100 nor the seat-map table knows the carrier's (then TIM's
 * member flies, as without a carrier).
 */
export function carrierFamilyMember(carrier: string, family: string, departure: string, arrival: string, ccdNm: number): FamilyChoice | undefined {
  const flown = t100Families().get(`${carrier}:${family}`);
  if (flown !== undefined) {
    const onRoute = flown.routes.get(departure < arrival ? departure + arrival : arrival + departure);
    const icao = onRoute ?? flown.member;
    const type = icao === '' ? undefined : aircraftType(icao);
    if (type !== undefined) return { type, step: onRoute === undefined ? 'carrier-t100' : 'carrier-route', among: [] };
  }
  const members = (AIRCRAFT_FAMILY_MEMBERS[family] ?? []).filter((icao) => carrierHasType(carrier, icao));
  const types = members.flatMap((icao) => aircraftType(icao) ?? []);
  if (types.length === 0) return undefined;
  const least = types.reduce((worst, type) => (fuelPerSeat(type, ccdNm) > fuelPerSeat(worst, ccdNm) ? type : worst));
  return { type: least, step: 'carrier-table', among: members };
}
