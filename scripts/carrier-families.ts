// Which member of an aircraft family each carrier flies, from the US DOT T-100 files: where a
// flight names a family ("Boeing 737", TIM's code `737`) and its operating carrier, the runtime flies
// the member of most departures of that carrier on the route, else on all its T-100 routes
// (docs/methodology.md, "Aircraft families by operating carrier"). Pure functions of the routes that
// scripts/carrier-seat-maps.ts reads: scripts/generate-carrier-seat-maps.ts writes the result into
// src/data/flight/carrier-seat-maps.ts.
import { type CarrierRoute } from './carrier-seat-maps.js';

/** The member of one family a carrier flies most, and the routes on which another is flown most. */
export interface CarrierFamilyEntry {
  readonly carrier: string;
  readonly family: string;
  /** The member of most departures over the carrier's T-100 routes (its latest month), or undefined when T-100 cannot tell. */
  readonly member: string | undefined;
  /** Pair -> the member of most departures on that pair (its latest month), where it is not `member`. */
  readonly routes: ReadonlyMap<string, string>;
}

/**
 * The member of most departures; a tie (a BTS code that names several types, such as the 777-300
 * and -300ER, counts its departures for each) is TIM's member where it is among the tied, else
 * undecided.
 */
export function mostFlown(departures: ReadonlyMap<string, number>, timMember: string): string | undefined {
  const most = Math.max(0, ...departures.values());
  if (most === 0) return undefined;
  const tied = [...departures].filter(([, count]) => count === most).map(([icao]) => icao);
  if (tied.length === 1) return tied[0];
  return tied.includes(timMember) ? timMember : undefined;
}

/** `items` grouped by `key`, the groups in the order of their first item. */
function groupBy<T>(items: Iterable<T>, key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item)) ?? [];
    group.push(item);
    groups.set(key(item), group);
  }
  return groups;
}

/** Departures by member in the latest month of `routes`. */
function latestDepartures(routes: readonly CarrierRoute[]): Map<string, number> {
  const latest = routes.reduce((month, route) => (route.month > month ? route.month : month), '');
  const departures = new Map<string, number>();
  for (const route of routes) if (route.month === latest) departures.set(route.icao, (departures.get(route.icao) ?? 0) + route.departures);
  return departures;
}

/**
 * Every carrier (two-character IATA code) and family T-100 shows it flying: its member overall and
 * by route. `timMember` is the member TIM's mapping flies for the family code.
 */
export function carrierFamilies(
  routes: readonly CarrierRoute[],
  families: Readonly<Record<string, readonly string[]>>,
  timMember: (family: string) => string,
): CarrierFamilyEntry[] {
  const entries: CarrierFamilyEntry[] = [];
  for (const family of Object.keys(families).sort()) {
    const members = new Set(families[family]);
    const flown = routes.filter((route) => members.has(route.icao) && /^[A-Z0-9]{2}$/.test(route.carrier));
    const byCarrier = groupBy(flown, (route) => route.carrier);
    for (const carrier of [...byCarrier.keys()].sort()) {
      const own = byCarrier.get(carrier) ?? [];
      const member = mostFlown(latestDepartures(own), timMember(family));
      const byPair = groupBy(own, (route) => route.pair);
      const onRoutes = new Map<string, string>();
      for (const pair of [...byPair.keys()].sort()) {
        const flown = mostFlown(latestDepartures(byPair.get(pair) ?? []), timMember(family));
        if (flown !== undefined && flown !== member) onRoutes.set(pair, flown);
      }
      if (member !== undefined || onRoutes.size > 0) entries.push({ carrier, family, member, routes: onRoutes });
    }
  }
  return entries;
}

/**
 * The runtime form: `|`-separated `<carrier>:<family>:<member>[@<member>=<routes>;...]` (member empty
 * when undecided), with the routes on which another member is flown most grouped by that member. Its
 * routes are grouped again by their busier airport: `<hub><other><other>...,<hub>...`, three letters
 * each (American's A321 routes from Charlotte are `CLTCUNKINMBJ...`), which keeps the hubs' codes from
 * repeating.
 */
export function packCarrierFamilies(entries: readonly CarrierFamilyEntry[]): string {
  return entries
    .map((entry) => {
      const byMember = groupBy(entry.routes, ([, icao]) => icao);
      const routes = [...byMember].map(([icao, flown]) => `${icao}=${packPairs(flown.map(([pair]) => pair))}`).join(';');
      return `${entry.carrier}:${entry.family}:${entry.member ?? ''}${routes === '' ? '' : `@${routes}`}`;
    })
    .join('|');
}

/** Airport pairs (`AUACLT`, as `routeKey` writes them) grouped by the airport of more of them (the first in a tie). */
function packPairs(pairs: readonly string[]): string {
  const ends = pairs.map((pair) => [pair.slice(0, 3), pair.slice(3)] as const);
  const count = new Map<string, number>();
  for (const end of ends.flat()) count.set(end, (count.get(end) ?? 0) + 1);
  // Each pair as [hub, other]: the end of more pairs first.
  const hubFirst = ends.map(([a, b]) => ((count.get(a) ?? 0) >= (count.get(b) ?? 0) ? [a, b] : [b, a]));
  const byHub = groupBy(hubFirst, ([hub]) => hub ?? '');
  return [...byHub].map(([hub, pairs]) => hub + pairs.map(([, other]) => other).sort().join('')).join(',');
}
