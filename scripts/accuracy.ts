// Checks truecost's fuel method against the published Google Flights figures of the development set
// data/flight/published_legs.json (see docs/data-sources.md), and writes docs/accuracy.md and
// docs/accuracy.svg:
//   npm run accuracy            (prints the tables and writes the two files)
// The set is for checking the method, never for fitting a constant: nothing in src/ reads it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { flightEmissions } from '../src/calculators/flight/emissions.js';
import { aircraftMappingRows } from '../src/data/flight/aircraft-mapping.js';
import { METHODOLOGY_VERSION } from '../src/data/version.js';
import type { Flight, FlightClass } from '../src/schemas/flight.js';
import { carrierSection, isGoogleLeg } from './accuracy-carriers.js';

const root = resolve(import.meta.dirname, '..');

/** One record of data/flight/published_legs.json. */
export interface PublishedLeg {
  readonly kind: 'google_flights_leg' | 'tim_readme_example';
  readonly dep: string;
  readonly arr: string;
  readonly airplane?: string | null;
  readonly iata?: string;
  readonly cls: string;
  readonly airline: string | null;
  /** Flight number, its operating carrier's IATA code first (`6E 6028`). */
  readonly flight?: string | null;
  readonly kg: number;
  readonly created: string;
}

/** TIM 2.0.0, which brought cargo apportionment, took effect on this date. */
const TIM_2_FROM = '2025-01-15';

const CABINS: Record<string, FlightClass> = {
  Economy: 'ECONOMY',
  'Premium Economy': 'PREMIUM_ECONOMY',
  Business: 'BUSINESS',
  'Business Class': 'BUSINESS',
  First: 'FIRST',
};

// Google Flights names an aircraft as TIM's Appendix A does, sometimes with " Passenger" after it;
// the regional jets it names "Canadair RJ 700/900" are TIM's "Canadair Regional Jet 700/900".
const NAME_ALIASES: Record<string, string> = {
  'Canadair RJ 700': 'Canadair Regional Jet 700',
  'Canadair RJ 900': 'Canadair Regional Jet 900',
};
const codeByName = new Map<string, string>();
for (const [iata, , , name] of aircraftMappingRows()) if (!codeByName.has(name)) codeByName.set(name, iata);

/** The IATA aircraft code of a Google Flights aircraft name, by TIM's Appendix A names. */
function aircraftCode(name: string): string | undefined {
  const plain = name.replace(/ Passenger$/, '');
  return codeByName.get(NAME_ALIASES[plain] ?? plain);
}

/** The region of the operating carrier (the airline's home). */
const REGIONS: Record<string, string> = {
  'Aer Lingus': 'Europe',
  'Air France': 'Europe',
  Austrian: 'Europe',
  'British Airways': 'Europe',
  Finnair: 'Europe',
  Iberia: 'Europe',
  KLM: 'Europe',
  LOT: 'Europe',
  Lufthansa: 'Europe',
  SWISS: 'Europe',
  'Scandinavian Airlines': 'Europe',
  'Tap Air Portugal': 'Europe',
  Transavia: 'Europe',
  'Turkish Airlines': 'Europe',
  'Virgin Atlantic': 'Europe',
  Vueling: 'Europe',
  easyJet: 'Europe',
  'Air Canada': 'North America',
  Alaska: 'North America',
  American: 'North America',
  Delta: 'North America',
  United: 'North America',
  Aeromexico: 'Latin America',
  Avianca: 'Latin America',
  COPA: 'Latin America',
  Viva: 'Latin America',
  Volaris: 'Latin America',
  'El Al': 'Middle East',
  Emirates: 'Middle East',
  'Qatar Airways': 'Middle East',
  flydubai: 'Middle East',
  ANA: 'Asia',
  'Air India': 'Asia',
  Asiana: 'Asia',
  IndiGo: 'Asia',
  'Korean Air': 'Asia',
  THAI: 'Asia',
  Ethiopian: 'Africa',
};

/** One leg truecost computed, with its ratio to the published figure. */
export interface ComparedLeg {
  readonly leg: PublishedLeg;
  readonly code: string;
  readonly icao: string;
  readonly body: 'narrow' | 'wide';
  readonly km: number;
  readonly truecostKg: number;
  readonly ratio: number;
  readonly region: string;
  readonly era: string;
  /** The operating carrier the leg was computed with, when it was. */
  readonly carrier?: string;
  /** How the seat map was chosen when computed with the carrier (the explanation's `seat_map_step`). */
  readonly seatMapStep?: string;
  /** How the member of a family was chosen when computed with the carrier (the explanation's `aircraft_carrier_step`). */
  readonly familyStep?: string;
}

/** The operating carrier of a leg: the IATA code its flight number starts with. */
export function carrierOf(leg: PublishedLeg): string | undefined {
  const code = leg.flight?.slice(0, 2);
  return code !== undefined && /^[A-Z0-9]{2}$/.test(code) ? code : undefined;
}

function compare(leg: PublishedLeg, withCarrier = false): ComparedLeg | undefined {
  const code = leg.iata ?? (typeof leg.airplane === 'string' ? aircraftCode(leg.airplane) : undefined);
  const cabin = CABINS[leg.cls];
  if (code === undefined || cabin === undefined) return undefined;
  const carrier = withCarrier ? carrierOf(leg) : undefined;
  const flight: Flight = {
    departure: leg.dep,
    arrival: leg.arr,
    no_of_tickets: 1,
    aircraft_model: code,
    flight_class: cabin,
    flight_type: 'ONE_WAY',
    ...(carrier === undefined ? {} : { carrier }),
  };
  const { kilograms, explanation } = flightEmissions(flight);
  const q = explanation.quantities;
  return {
    leg,
    code,
    icao: String(q.aircraft_used),
    body: q.aircraft_body === 'wide' ? 'wide' : 'narrow',
    km: Number(q.great_circle_km),
    truecostKg: kilograms,
    ratio: kilograms / leg.kg,
    region: leg.kind === 'tim_readme_example' ? 'TIM README example' : (REGIONS[leg.airline ?? ''] ?? 'unknown'),
    era: leg.created < TIM_2_FROM ? `before ${TIM_2_FROM} (TIM 1.x)` : `from ${TIM_2_FROM} (TIM 2.0.0 and later)`,
    ...(carrier === undefined ? {} : { carrier, seatMapStep: String(q.seat_map_step) }),
    ...(q.aircraft_carrier_step === undefined ? {} : { familyStep: String(q.aircraft_carrier_step) }),
  };
}

function median(sorted: readonly number[]): number {
  const mid = (sorted.length - 1) / 2;
  return ((sorted[Math.floor(mid)] as number) + (sorted[Math.ceil(mid)] as number)) / 2;
}

/** Median ratio and shares within 10 % and 20 % of a group of legs. */
export interface Summary {
  readonly n: number;
  readonly median: number;
  readonly within10: number;
  readonly within20: number;
}

export function summarise(legs: readonly ComparedLeg[]): Summary {
  const ratios = legs.map((leg) => leg.ratio).sort((a, b) => a - b);
  const share = (band: number) => ratios.filter((r) => Math.abs(r - 1) <= band + 1e-12).length / ratios.length;
  return { n: ratios.length, median: median(ratios), within10: share(0.1), within20: share(0.2) };
}

function band(km: number): string {
  if (km < 1500) return 'a: under 1 500 km';
  if (km < 4000) return 'b: 1 500 to 4 000 km';
  if (km < 8000) return 'c: 4 000 to 8 000 km';
  return 'd: 8 000 km and over';
}

export const pct = (x: number) => `${Math.round(x * 100)} %`;

function table(title: string, groups: Map<string, ComparedLeg[]>): string[] {
  const lines = [`### ${title}`, '', '| group | legs | median truecost / published | within ±10 % | within ±20 % |', '|---|---|---|---|---|'];
  for (const name of [...groups.keys()].sort()) {
    const s = summarise(groups.get(name) ?? []);
    lines.push(`| ${name.replace(/^[a-d]: /, '')} | ${s.n} | ${s.median.toFixed(3)} | ${pct(s.within10)} | ${pct(s.within20)} |`);
  }
  return [...lines, ''];
}

export function groupBy(legs: readonly ComparedLeg[], key: (leg: ComparedLeg) => string): Map<string, ComparedLeg[]> {
  const groups = new Map<string, ComparedLeg[]>();
  for (const leg of legs) groups.set(key(leg), [...(groups.get(key(leg)) ?? []), leg]);
  return groups;
}

/** The SVG chart: ratio against great-circle distance, narrow-bodies and wide-bodies apart. */
function chart(legs: readonly ComparedLeg[]): string {
  const width = 720;
  const height = 400;
  const left = 60;
  const right = 20;
  const top = 30;
  const bottom = 50;
  const maxKm = 16000;
  const [low, high] = [0.5, 1.5];
  const x = (km: number) => left + (Math.min(km, maxKm) / maxKm) * (width - left - right);
  const y = (ratio: number) => top + ((high - Math.min(high, Math.max(low, ratio))) / (high - low)) * (height - top - bottom);
  const f = (n: number) => n.toFixed(1);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-family="sans-serif" font-size="12">`,
    `<title>truecost / published Google Flights figure against great-circle distance, by body class (methodology ${METHODOLOGY_VERSION})</title>`,
    `<rect x="0" y="0" width="${width}" height="${height}" fill="white"/>`,
  ];
  for (const ratio of [0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.1, 1.2, 1.3, 1.4, 1.5]) {
    const stroke = ratio === 1 ? '#333' : Math.abs(ratio - 1) === 0.1 || Math.abs(ratio - 1) === 0.2 ? '#999' : '#ddd';
    parts.push(`<line x1="${left}" x2="${width - right}" y1="${f(y(ratio))}" y2="${f(y(ratio))}" stroke="${stroke}"/>`);
    parts.push(`<text x="${left - 6}" y="${f(y(ratio) + 4)}" text-anchor="end">${ratio.toFixed(1)}</text>`);
  }
  for (let km = 0; km <= maxKm; km += 2000) {
    parts.push(`<line x1="${f(x(km))}" x2="${f(x(km))}" y1="${height - bottom}" y2="${height - bottom + 5}" stroke="#333"/>`);
    parts.push(`<text x="${f(x(km))}" y="${height - bottom + 18}" text-anchor="middle">${km}</text>`);
  }
  parts.push(`<text x="${(left + width - right) / 2}" y="${height - 8}" text-anchor="middle">great-circle distance, km</text>`);
  parts.push(`<text x="14" y="${(top + height - bottom) / 2}" transform="rotate(-90 14 ${(top + height - bottom) / 2})" text-anchor="middle">truecost / published</text>`);
  const colour = { narrow: '#1f77b4', wide: '#d62728' };
  for (const leg of legs) {
    const shape =
      leg.body === 'narrow'
        ? `<circle cx="${f(x(leg.km))}" cy="${f(y(leg.ratio))}" r="3.5" fill="none" stroke="${colour.narrow}"/>`
        : `<rect x="${f(x(leg.km) - 3.5)}" y="${f(y(leg.ratio) - 3.5)}" width="7" height="7" fill="none" stroke="${colour.wide}"/>`;
    parts.push(shape);
  }
  parts.push(`<circle cx="${left + 20}" cy="${top - 12}" r="3.5" fill="none" stroke="${colour.narrow}"/><text x="${left + 28}" y="${top - 8}">narrow-body</text>`);
  parts.push(`<rect x="${left + 126.5}" y="${top - 15.5}" width="7" height="7" fill="none" stroke="${colour.wide}"/><text x="${left + 138}" y="${top - 8}">wide-body</text>`);
  parts.push('</svg>', '');
  return parts.join('\n');
}

/** The report: the markdown of docs/accuracy.md and the SVG of docs/accuracy.svg. */
export function accuracyReport(dataDir = join(root, 'data', 'flight')): {
  markdown: string;
  svg: string;
  legs: ComparedLeg[];
  withCarriers: ComparedLeg[];
  skipped: number;
} {
  const source = JSON.parse(readFileSync(join(dataDir, 'published_legs.json'), 'utf8')) as { records: PublishedLeg[] };
  const legs: ComparedLeg[] = [];
  let skipped = 0;
  for (const record of source.records) {
    const compared = compare(record);
    if (compared === undefined) skipped += 1;
    else legs.push(compared);
  }
  const withCarriers = source.records.flatMap((record) => compare(record, true) ?? []);
  const all = summarise(legs);
  const byType = groupBy(legs, (leg) => `${leg.icao} (${leg.body})`);
  const markdown = [
    '<!-- Generated by `npm run accuracy` (scripts/accuracy.ts). Do not edit by hand. -->',
    '# Flight accuracy against published figures',
    '',
    `truecost's fuel method (methodology ${METHODOLOGY_VERSION}, default options) against the per-passenger figures`,
    "Google Flights showed for the legs of the development set `data/flight/published_legs.json` (Google's Travel",
    'Impact Model, well-to-wake kg CO2e per passenger one way, in the cabin shown; sources in docs/data-sources.md).',
    'The ratio is truecost / published. The set is for checking the method: no constant was fitted to it, and',
    'nothing in the package reads it. Its aircraft names are read as TIM Appendix A names them (a family name such',
    'as "Boeing 737" or "Boeing 787" is TIM\'s family code, flown as the family member TIM picks); legs without an',
    `aircraft are left out (${skipped} of ${source.records.length}).`,
    '',
    'The set leans to European and Latin American carriers, whose dense cabins and high load factors TIM takes from',
    "per-carrier data; truecost has one seat map per type (the median flown in US DOT T-100 data where the type is",
    'there) and one load factor, so carriers denser than that median come out high and sparser ones low. See',
    'docs/methodology.md, "Accuracy", for what differs where a group stays more than 10 % off.',
    '',
    `**All legs: ${all.n}, median ratio ${all.median.toFixed(3)}, ${pct(all.within10)} within ±10 %, ${pct(all.within20)} within ±20 %.**`,
    '',
    '![truecost / published against great-circle distance, narrow-bodies as circles, wide-bodies as squares](accuracy.svg)',
    '',
    ...table('By body class', groupBy(legs, (leg) => `${leg.body}-body`)),
    ...table('By great-circle distance', groupBy(legs, (leg) => band(leg.km))),
    ...table('By body class and distance', groupBy(legs, (leg) => `${leg.body}-body, ${band(leg.km).slice(3)}`)),
    ...table('By aircraft type used', byType),
    ...table('By TIM era (date the figure was retrieved)', groupBy(legs, (leg) => leg.era)),
    ...table('By carrier region', groupBy(legs, (leg) => leg.region)),
    ...table('By carrier region and body class', groupBy(legs, (leg) => `${leg.region}, ${leg.body}-body`)),
    ...carrierSection(legs.filter(isGoogleLeg), withCarriers.filter(isGoogleLeg)),
  ].join('\n');
  return { markdown, svg: chart(legs), legs, withCarriers, skipped };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { markdown, svg } = accuracyReport();
  writeFileSync(join(root, 'docs', 'accuracy.md'), markdown);
  writeFileSync(join(root, 'docs', 'accuracy.svg'), svg);
  console.log(markdown);
}
