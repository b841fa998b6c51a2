import { CARRIER_FAMILIES_PACKED, CARRIER_FLEET_FAMILIES_PACKED, CARRIER_FLEET_TYPES_PACKED, CARRIER_SOURCE_LABELS } from '../../data/flight/carrier-seat-maps.js';
import { aircraftType, type AircraftType } from './aircraft.js';
import { routeKey } from './carrier.js';

/** How a carrier's member of a family was chosen. */
export type FamilyMemberStep = 'carrier-route' | 'carrier-t100' | 'carrier-fleet-count';

/** A carrier's member of a family, and how it was chosen. */
export interface FamilyMember {
  readonly type: AircraftType;
  readonly step: FamilyMemberStep;
  /** The carrier's fleet list (`carrier-fleet-count`): its key in data/flight/carrier_seat_maps.yaml. */
  readonly source?: string;
}

/** A variant the carrier states it flies the type asked for, or its member of the family, as. */
export interface StatedVariant {
  readonly type: AircraftType;
  readonly step: 'carrier-fleet';
  /** The carrier's statement: its key in data/flight/carrier_seat_maps.yaml. */
  readonly source: string;
  /** The family member restated, when the flight named a family. */
  readonly member?: FamilyMember;
}

/**
 * How the aircraft asked for became another for a flight's operating carrier (docs/methodology.md,
 * "Aircraft families by operating carrier"): `carrier-fleet` the carrier states it flies the type
 * as another variant; for a family code ("Boeing 737", `737`), the member of most of the carrier's
 * US DOT T-100 departures on the route (`carrier-route`) or on all its T-100 routes (`carrier-t100`),
 * else the member it lists most aircraft of in its fleet (`carrier-fleet-count`). The seat-map table
 * is not asked: a type's rows there say what its cabins are, not how much of the fleet it is.
 */
export type CarrierAircraft = FamilyMember | StatedVariant;

type Statements = Map<string, { readonly icao: string; readonly source: string }>;

/** A carrier's statements of the type it flies (`<key>><ICAO type>:<source index>`, `|`-separated), by key. */
function decodeStatements(packed: string): Statements {
  return new Map(
    packed.split('|').map((entry) => {
      const [key = '', rest = ''] = entry.split('>');
      const [icao = '', label] = rest.split(':');
      return [key, { icao, source: CARRIER_SOURCE_LABELS[Number(label)] ?? '' }];
    }),
  );
}

let fleetTypes: Statements | undefined;
let fleetFamilies: Statements | undefined;

/** The type `carrier` states it flies `icao` as, or undefined. */
export function carrierFleetType(carrier: string, icao: string): StatedVariant | undefined {
  fleetTypes ??= decodeStatements(CARRIER_FLEET_TYPES_PACKED);
  const stated = fleetTypes.get(carrier + icao);
  const type = stated === undefined ? undefined : aircraftType(stated.icao);
  return type === undefined ? undefined : { type, step: 'carrier-fleet', source: stated?.source ?? '' };
}

/** The member of `family` `carrier` lists most aircraft of in its fleet, or undefined. */
export function carrierFleetFamily(carrier: string, family: string): FamilyMember | undefined {
  fleetFamilies ??= decodeStatements(CARRIER_FLEET_FAMILIES_PACKED);
  const listed = fleetFamilies.get(carrier + family);
  const type = listed === undefined ? undefined : aircraftType(listed.icao);
  return type === undefined ? undefined : { type, step: 'carrier-fleet-count', source: listed?.source ?? '' };
}

/**
 * The aircraft `carrier` flies for a flight that asks for `asked` (a family code gives `family`):
 * the carrier's member of the family (T-100, else its fleet list), then the variant it states it
 * flies that member or the type as. Undefined when the carrier changes nothing.
 */
export function carrierAircraftFor(carrier: string, asked: AircraftType, family: string | undefined, departure: string, arrival: string): CarrierAircraft | undefined {
  const member = family === undefined ? undefined : (carrierFamilyMember(carrier, family, departure, arrival) ?? carrierFleetFamily(carrier, family));
  const stated = carrierFleetType(carrier, (member?.type ?? asked).icao);
  if (stated === undefined) return member;
  return member === undefined ? stated : { ...stated, member };
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
    const routes = new Map<string, string>();
    for (const group of routePart === undefined ? [] : routePart.split(';')) {
      // `<member>=<hub><other>...,<hub><other>...`: the routes between each hub and its others.
      const [icao = '', hubs = ''] = group.split('=');
      for (const run of hubs.split(',')) {
        for (let at = 3; at < run.length; at += 3) routes.set(routeKey(run.slice(0, 3), run.slice(at, at + 3)), icao);
      }
    }
    decoded.set(`${carrier}:${family}`, { member, routes });
  }
  return decoded;
}

/**
 * The member of `family` (a TIM family code) that `carrier` flies most between `departure` and
 * `arrival`, or over its routes, in T-100; undefined when T-100 does not tell (then TIM's member
 * flies, as without a carrier).
 */
export function carrierFamilyMember(carrier: string, family: string, departure: string, arrival: string): FamilyMember | undefined {
  const flown = t100Families().get(`${carrier}:${family}`);
  if (flown === undefined) return undefined;
  const onRoute = flown.routes.get(routeKey(departure, arrival));
  const icao = onRoute ?? flown.member;
  const type = icao === '' ? undefined : aircraftType(icao);
  return type === undefined ? undefined : { type, step: onRoute === undefined ? 'carrier-t100' : 'carrier-route' };
}
