// The packed forms of the seat maps (./aircraft-performance.ts) and of TIM's aircraft mapping
// (./aircraft-mapping.ts), written by scripts/generate-flight-data.ts: one row per `|`, fields
// joined by `,`, the words of a field that takes a few values written as one letter. Written so,
// the rows take about 85 % of the room of the arrays they stand for in a gzipped bundle.

/**
 * Body type (for the seat-area factors and cargo fractions), typical seats (first, business, premium
 * economy, economy), and where the map comes from: `t100` the median total seats flown on the type
 * in US DOT T-100 with the manufacturer's typical split scaled to it, `typical` the manufacturer's
 * typical layout (the type is not in T-100).
 */
export type SeatMapRow = readonly [
  body: 'narrow' | 'wide',
  first: number,
  business: number,
  premiumEconomy: number,
  economy: number,
  from: 't100' | 'typical',
];

/** How TIM supports an IATA aircraft code: the ICAO type is the same aircraft, a winglet variant of it, or a stand-in. */
export type AircraftSupport = 'direct' | 'winglet' | 'previous-gen' | 'least-in-family' | 'similar';

/** IATA aircraft code, ICAO type designator whose fuel is used, support level, aircraft name. */
export type AircraftMappingRow = readonly [iata: string, icao: string, support: AircraftSupport, name: string];

const BODIES = { n: 'narrow', w: 'wide' } as const;
const SEAT_SOURCES = { t: 't100', y: 'typical' } as const;
const SUPPORTS = { d: 'direct', w: 'winglet', p: 'previous-gen', l: 'least-in-family', s: 'similar' } as const;

/** The letter that stands for `value` in `letters`. */
function letterOf<V extends string>(letters: Readonly<Record<string, V>>, value: V): string {
  const letter = Object.keys(letters).find((key) => letters[key] === value);
  if (letter === undefined) throw new Error(`No letter stands for ${value}.`);
  return letter;
}

/** One seat map, packed: `ICAO,<body><source>,first,business,premium economy,economy`. */
export function packSeatRow(icao: string, [body, first, business, premiumEconomy, economy, from]: SeatMapRow): string {
  return [icao, letterOf(BODIES, body) + letterOf(SEAT_SOURCES, from), first, business, premiumEconomy, economy].join(',');
}

/** The seat maps of a packed table, by ICAO type designator. */
/* @__NO_SIDE_EFFECTS__ */
export function unpackSeatRows(packed: string): Readonly<Record<string, SeatMapRow>> {
  const rows: Record<string, SeatMapRow> = {};
  for (const line of packed.split('|')) {
    const [icao = '', kind = '', ...seats] = line.split(',');
    const [first = 0, business = 0, premiumEconomy = 0, economy = 0] = seats.map(Number);
    rows[icao] = [BODIES[kind[0] as 'n'], first, business, premiumEconomy, economy, SEAT_SOURCES[kind[1] as 't']];
  }
  return rows;
}

/** One row of the aircraft mapping, packed: `IATA,ICAO,<support>,name` (names hold no `,` or `|`). */
export function packMappingRow([iata, icao, support, name]: AircraftMappingRow): string {
  if (/[,|]/.test(name)) throw new Error(`Aircraft name ${name} holds a separator.`);
  return [iata, icao, letterOf(SUPPORTS, support), name].join(',');
}

/** The rows of a packed aircraft mapping, in order. */
/* @__NO_SIDE_EFFECTS__ */
export function unpackMappingRows(packed: string): readonly AircraftMappingRow[] {
  return packed.split('|').map((line) => {
    const [iata = '', icao = '', support = '', name = ''] = line.split(',');
    return [iata, icao, SUPPORTS[support as 'd'], name];
  });
}
