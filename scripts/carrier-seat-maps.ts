// Reads and checks data/flight/carrier_seat_maps.yaml, the seat maps by operating carrier, against
// its own rules and the US DOT T-100 files, and works out what the runtime table holds: each
// carrier and type's configurations, the one flown by default, and the routes on which T-100 shows
// another (docs/methodology.md, "Seat maps by operating carrier"). Pure functions of the file
// texts: scripts/generate-carrier-seat-maps.ts writes the module, test/data/carrier-seat-maps.test.ts
// checks the table in CI.
import { parse as parseYaml } from 'yaml';
import { csvRecords, type Cabins } from './t100.js';
import { AIRCRAFT_FAMILY_MEMBERS } from './aircraft-families.js';

/** One cited source of the table. */
export interface CarrierSource {
  readonly kind: string;
  readonly url: string;
  readonly publisher: string;
  readonly published?: string;
  readonly retrieved: string;
  readonly locator?: string;
  /** Short label the runtime shows in an explanation. */
  readonly label: string;
  /** Wikipedia revision id: required for kind wikipedia. */
  readonly oldid?: number;
}

/** One configuration row of the table as written. */
export interface CarrierRow {
  readonly carrier: string;
  readonly type: string;
  readonly id: string;
  /** F, J, W, Y. */
  readonly seats?: readonly number[];
  /** F, J, W of a narrow-body whose Y is the carrier's T-100 seats per departure less these. */
  readonly premium?: readonly number[];
  readonly y_from?: 't100';
  readonly sources: readonly string[];
}

/** A configuration whose T-100 total differs from the row, kept with the reason. */
export interface T100Exception {
  readonly carrier: string;
  readonly type: string;
  readonly id: string;
  readonly reason: string;
}

/** A passenger load factor a carrier publishes for its whole network over a period. */
export interface CarrierLoadFactor {
  readonly carrier: string;
  readonly value: number;
  readonly period: string;
  readonly sources: readonly string[];
}

/** A type a carrier states it flies as another variant (IndiGo's "A321" is the A321neo). */
export interface CarrierFleetType {
  readonly carrier: string;
  readonly type: string;
  readonly flies_as: string;
  readonly sources: readonly string[];
}

/**
 * How many aircraft of each member of a family (a TIM family code, scripts/aircraft-families.ts) a
 * carrier lists in its fleet: a flight of the carrier that names the family flies the member it
 * lists most, where T-100 does not tell.
 */
export interface CarrierFleetFamily {
  readonly carrier: string;
  readonly family: string;
  /** ICAO designator -> aircraft listed. */
  readonly counts: Readonly<Record<string, number>>;
  readonly sources: readonly string[];
}

export interface CarrierTable {
  readonly sources: Readonly<Record<string, CarrierSource>>;
  readonly rows: readonly CarrierRow[];
  readonly load_factors: readonly CarrierLoadFactor[];
  readonly t100_exceptions: readonly T100Exception[];
  readonly fleet: readonly CarrierFleetType[];
  readonly fleet_families: readonly CarrierFleetFamily[];
}

export function readCarrierTable(text: string): CarrierTable {
  const table = parseYaml(text) as Partial<CarrierTable> | null;
  return {
    sources: table?.sources ?? {},
    rows: table?.rows ?? [],
    load_factors: table?.load_factors ?? [],
    t100_exceptions: table?.t100_exceptions ?? [],
    fleet: table?.fleet ?? [],
    fleet_families: table?.fleet_families ?? [],
  };
}

/** The member a carrier lists most aircraft of; undefined on a tie (the list does not decide). */
export function fleetFamilyMember(row: CarrierFleetFamily): string | undefined {
  const ranked = Object.entries(row.counts).sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  return first === undefined || (second !== undefined && second[1] === first[1]) ? undefined : first[0];
}

/** Load factors outside these bounds are refused as misread: no scheduled network flies emptier or fuller. */
export const LOAD_FACTOR_BOUNDS = [0.5, 1] as const;

/** Seats per departure of one carrier, type and airport pair in one month of T-100. */
export interface CarrierRoute {
  readonly carrier: string;
  readonly icao: string;
  /** The two airports in alphabetical order, concatenated (`EWRMUC`). */
  readonly pair: string;
  readonly month: string;
  readonly departures: number;
  readonly seatsPerDeparture: number;
}

/** The pair key of two airports, as the runtime forms it. */
export function pairKey(a: string, b: string): string {
  return a < b ? a + b : b + a;
}

/** Scheduled passenger rows of T-100 files by carrier, ICAO type (of the BTS code), pair and month. */
export function carrierRoutes(files: readonly { month: string; text: string }[], typeMap: ReadonlyMap<string, readonly string[]>): CarrierRoute[] {
  const totals = new Map<string, { carrier: string; icao: string; pair: string; month: string; departures: number; seats: number }>();
  for (const { month, text } of files) {
    for (const record of csvRecords(text)) {
      if (record.AIRCRAFT_CONFIG !== '1' || record.CLASS !== 'F') continue;
      const departures = Number(record.DEPARTURES_PERFORMED);
      const seats = Number(record.SEATS);
      if (!(departures > 0) || !(seats > 0)) continue;
      for (const icao of typeMap.get(String(Number(record.AIRCRAFT_TYPE))) ?? []) {
        const pair = pairKey(record.ORIGIN ?? '', record.DEST ?? '');
        const carrier = record.UNIQUE_CARRIER ?? '';
        const key = `${carrier} ${icao} ${pair} ${month}`;
        const total = totals.get(key) ?? { carrier, icao, pair, month, departures: 0, seats: 0 };
        total.departures += departures;
        total.seats += seats;
        totals.set(key, total);
      }
    }
  }
  return [...totals.values()]
    .map(({ seats, ...rest }) => ({ ...rest, seatsPerDeparture: seats / rest.departures }))
    .sort((a, b) => (a.carrier + a.icao + a.pair + a.month < b.carrier + b.icao + b.pair + b.month ? -1 : 1));
}

/** Seats within this many of a configuration's total tell that it flies a route. */
export const ROUTE_MATCH_SEATS = 2;
/** A configuration's total agrees with T-100 when some route and month is within this many seats. */
export const T100_AGREEMENT_SEATS = 3;
/** Seat area of a table configuration over the typical map's: outside these bounds it is refused. */
export const SEAT_AREA_BOUNDS = [0.7, 1.4] as const;

/** How a configuration was obtained: `c` the carrier's cited configuration, `t` its T-100 total less its cited premium seats. */
export type ConfigStep = 'c' | 't';

export interface ResolvedConfig {
  readonly id: string;
  readonly seats: Cabins;
  readonly step: ConfigStep;
  readonly sources: readonly string[];
}

/** What the runtime holds for one carrier and type. */
export interface CarrierTypeEntry {
  readonly carrier: string;
  readonly type: string;
  readonly configs: readonly ResolvedConfig[];
  /** Index of the default configuration, or `mean` for the mean of the configurations. */
  readonly fallback: number | 'mean';
  /** How the default was chosen, for docs. */
  readonly fallbackReason: string;
  /** Pair -> index of the configuration T-100 shows on that route, where it is not the default. */
  readonly routes: ReadonlyMap<string, number>;
  /** T-100 departures matched to each configuration. */
  readonly departures: readonly number[];
}

const total = (seats: Cabins): number => seats[0] + seats[1] + seats[2] + seats[3];

function routesOf(routes: readonly CarrierRoute[], carrier: string, icao: string): CarrierRoute[] {
  return routes.filter((route) => route.carrier === carrier && route.icao === icao);
}

/** The seats of a row: as written, or the T-100 total of its latest month less its premium seats. */
export function resolveRow(row: CarrierRow, routes: readonly CarrierRoute[]): ResolvedConfig | undefined {
  if (row.y_from !== 't100') {
    const [f = 0, j = 0, w = 0, y = 0] = row.seats ?? [];
    return { id: row.id, seats: [f, j, w, y], step: 'c', sources: row.sources };
  }
  const own = routesOf(routes, row.carrier, row.type);
  const latest = own.map((route) => route.month).sort().at(-1);
  if (latest === undefined) return undefined;
  let departures = 0;
  let seats = 0;
  for (const route of own) {
    if (route.month !== latest) continue;
    departures += route.departures;
    seats += route.seatsPerDeparture * route.departures;
  }
  const [f = 0, j = 0, w = 0] = row.premium ?? [];
  return { id: row.id, seats: [f, j, w, Math.round(seats / departures) - f - j - w], step: 't', sources: row.sources };
}

/** The runtime entries: configurations per carrier and type, the default and the routes T-100 tells apart. */
export function carrierEntries(table: CarrierTable, routes: readonly CarrierRoute[]): CarrierTypeEntry[] {
  const groups = new Map<string, CarrierRow[]>();
  for (const row of table.rows) groups.set(`${row.carrier}${row.type}`, [...(groups.get(`${row.carrier}${row.type}`) ?? []), row]);
  return [...groups.keys()].sort().map((key) => {
    const rows = groups.get(key) ?? [];
    const { carrier, type } = rows[0]!;
    const configs = rows.flatMap((row) => resolveRow(row, routes) ?? []);
    const departures = configs.map(() => 0);
    const matched = new Map<string, number>();
    if (configs.length > 1) {
      // The latest month in which each pair appears tells its configuration.
      const latest = new Map<string, CarrierRoute>();
      for (const route of routesOf(routes, carrier, type)) {
        const seen = latest.get(route.pair);
        if (seen === undefined || seen.month < route.month) latest.set(route.pair, route);
      }
      for (const route of latest.values()) {
        const index = configs.findIndex((config) => Math.abs(total(config.seats) - route.seatsPerDeparture) <= ROUTE_MATCH_SEATS);
        if (index < 0) continue;
        departures[index] = (departures[index] ?? 0) + route.departures;
        matched.set(route.pair, index);
      }
    }
    const anyDepartures = departures.some((n) => n > 0);
    const fallback: number | 'mean' =
      configs.length === 1 ? 0 : anyDepartures ? departures.indexOf(Math.max(...departures)) : 'mean';
    const fallbackReason =
      configs.length === 1
        ? 'one configuration'
        : anyDepartures
          ? 'the configuration of most T-100 departures'
          : 'the mean of the configurations (no T-100 route tells them apart)';
    const routesMap = new Map([...matched].filter(([, index]) => index !== fallback).sort(([a], [b]) => (a < b ? -1 : 1)));
    return { carrier, type, configs, fallback, fallbackReason, routes: routesMap, departures };
  });
}

/** What the check needs to know of an ICAO type: its body and its typical map's seat area. */
export type TypeInfo = (icao: string) => { readonly body: 'narrow' | 'wide'; readonly seatArea: number } | undefined;

/** Seat area of a map, as the fuel method counts it (SEAT_AREA_FACTORS in src/data/flight/factors.ts). */
export type AreaOf = (seats: Cabins, body: 'narrow' | 'wide') => number;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const FORBIDDEN_SOURCES = /seatguru|aerolopa/i;
const KINDS = new Set(['airline', 'press', 'wikipedia']);

/** What is wrong with the sources a row of the table cites: none, or a key the table does not hold. */
function sourceProblems(table: CarrierTable, name: string, sources: readonly string[]): string[] {
  if (sources.length === 0) return [`${name}: no source`];
  return sources.filter((source) => table.sources[source] === undefined).map((source) => `${name}: unknown source ${source}`);
}

/** Every way the table breaks its rules; empty when it holds. */
export function tableProblems(table: CarrierTable, routes: readonly CarrierRoute[], typeInfo: TypeInfo, areaOf: AreaOf): string[] {
  const problems: string[] = [];
  for (const [name, source] of Object.entries(table.sources)) {
    if (!KINDS.has(source.kind)) problems.push(`source ${name}: kind ${source.kind} is not airline, press or wikipedia`);
    if (!/^https?:\/\/[^/]+\/./.test(source.url ?? '')) problems.push(`source ${name}: no page address`);
    if (FORBIDDEN_SOURCES.test(source.url ?? '')) problems.push(`source ${name}: SeatGuru and aeroLOPA may not be used`);
    if (!DATE.test(String(source.retrieved ?? ''))) problems.push(`source ${name}: no retrieved date`);
    if (source.kind === 'wikipedia' && !(Number.isInteger(source.oldid) && (source.oldid ?? 0) > 0)) problems.push(`source ${name}: a Wikipedia source needs its revision id`);
    if (!source.label || !source.publisher) problems.push(`source ${name}: no label or publisher`);
  }
  const ids = new Set<string>();
  for (const row of table.rows) {
    const name = `${row.carrier} ${row.type} ${row.id}`;
    if (!/^[A-Z0-9]{2}$/.test(row.carrier)) problems.push(`${name}: carrier is not a two-character IATA code`);
    if (ids.has(name)) problems.push(`${name}: listed twice`);
    ids.add(name);
    problems.push(...sourceProblems(table, name, row.sources));
    const info = typeInfo(row.type);
    if (info === undefined) {
      problems.push(`${name}: truecost has no fuel or seat data for type ${row.type}`);
      continue;
    }
    const counts = row.y_from === 't100' ? row.premium : row.seats;
    const expected = row.y_from === 't100' ? 3 : 4;
    if (counts?.length !== expected || !counts.every((n) => Number.isInteger(n) && n >= 0)) {
      problems.push(`${name}: needs ${expected} non-negative whole seat counts`);
      continue;
    }
    if (row.y_from === 't100' && info.body !== 'narrow') problems.push(`${name}: a total less premium seats is allowed for narrow-bodies only`);
    const config = resolveRow(row, routes);
    if (config === undefined) {
      problems.push(`${name}: T-100 has no seats for ${row.carrier} on ${row.type}`);
      continue;
    }
    if (total(config.seats) <= 0 || config.seats[3] < 0) problems.push(`${name}: the cabins do not make a total`);
    const ratio = areaOf(config.seats, info.body) / info.seatArea;
    if (ratio < SEAT_AREA_BOUNDS[0] || ratio > SEAT_AREA_BOUNDS[1]) {
      problems.push(`${name}: seat area ${ratio.toFixed(2)} times the typical map's, outside ${SEAT_AREA_BOUNDS.join('-')}`);
    }
    const own = routesOf(routes, row.carrier, row.type);
    const excepted = table.t100_exceptions.some((e) => e.carrier === row.carrier && e.type === row.type && e.id === row.id);
    if (config.step === 'c' && own.length > 0 && !excepted) {
      const agrees = own.some((route) => Math.abs(route.seatsPerDeparture - total(config.seats)) <= T100_AGREEMENT_SEATS);
      if (!agrees) {
        const seen = [...new Set(own.map((route) => route.seatsPerDeparture.toFixed(1)))].join(', ');
        problems.push(`${name}: total ${total(config.seats)} is not within ${T100_AGREEMENT_SEATS} seats of any T-100 route (${seen})`);
      }
    }
  }
  const withLoadFactor = new Set<string>();
  for (const row of table.load_factors) {
    const name = `load factor of ${row.carrier}`;
    if (withLoadFactor.has(row.carrier)) problems.push(`${name}: listed twice`);
    withLoadFactor.add(row.carrier);
    if (!(row.value >= LOAD_FACTOR_BOUNDS[0] && row.value <= LOAD_FACTOR_BOUNDS[1])) problems.push(`${name}: ${row.value} is outside ${LOAD_FACTOR_BOUNDS.join('-')}`);
    if (!row.period) problems.push(`${name}: no period`);
    problems.push(...sourceProblems(table, name, row.sources));
  }
  for (const row of table.fleet) {
    const name = `${row.carrier} ${row.type} flown as ${row.flies_as}`;
    const [asked, flown] = [typeInfo(row.type), typeInfo(row.flies_as)];
    if (asked === undefined || flown === undefined) problems.push(`${name}: truecost has no fuel or seat data for one of the types`);
    else if (asked.body !== flown.body) problems.push(`${name}: the two types are of different bodies`);
    problems.push(...sourceProblems(table, name, row.sources));
  }
  const withFamily = new Set<string>();
  for (const row of table.fleet_families) {
    const name = `${row.carrier} family ${row.family}`;
    if (withFamily.has(name)) problems.push(`${name}: listed twice`);
    withFamily.add(name);
    const members = AIRCRAFT_FAMILY_MEMBERS[row.family];
    if (members === undefined) problems.push(`${name}: not a family code`);
    for (const [icao, count] of Object.entries(row.counts ?? {})) {
      if (members !== undefined && !members.includes(icao)) problems.push(`${name}: ${icao} is not a member of the family`);
      if (!(Number.isInteger(count) && count > 0)) problems.push(`${name}: ${icao} count ${count} is not a whole number of aircraft`);
    }
    const member = fleetFamilyMember(row);
    if (member === undefined) problems.push(`${name}: no member is listed most`);
    else if (typeInfo(member) === undefined) problems.push(`${name}: truecost has no fuel or seat data for ${member}`);
    problems.push(...sourceProblems(table, name, row.sources));
  }
  for (const exception of table.t100_exceptions) {
    if (!exception.reason) problems.push(`T-100 exception ${exception.carrier} ${exception.type} ${exception.id}: no reason`);
  }
  return problems;
}
