// Summarises the US DOT BTS T-100 International Segment files in data/flight/t100/ into what the
// fuel method takes from them (see docs/methodology.md, "Cargo" and "Seats"):
//   - the cargo mass fraction by 1 000 km great-circle distance band and body class, as Google TIM
//     3.0.0 defines it: cargo mass / (cargo mass + passengers x 100 kg);
//   - the seats per departure of each carrier and aircraft type, and their median per ICAO type.
// Read by scripts/generate-flight-data.ts; pure functions of the file texts, so tests can call them.

/** Pounds to kilograms (international avoirdupois pound). */
export const KG_PER_POUND = 0.45359237;
/** Statute miles to kilometres (BTS distances are statute miles). */
export const KM_PER_STATUTE_MILE = 1.609344;
/** Mass of one passenger with baggage in TIM's cargo mass fraction (ISO 14083 A.4.2). */
export const PASSENGER_KG = 100;
/** Width of a distance band. */
export const BAND_KM = 1000;
/** BTS AIRCRAFT_CONFIG of a passenger aircraft. */
const PASSENGER_CONFIGURATION = '1';
/** BTS CLASS of scheduled passenger/cargo service. */
const SCHEDULED_SERVICE = 'F';

export type Body = 'narrow' | 'wide';

/** One CSV line split into cells; double quotes group a cell (BTS quotes names with commas). */
export function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

/** The rows of a CSV text as objects keyed by the header; lines starting with '#' are comments. */
export function csvRecords(text: string): Record<string, string>[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '' && !line.startsWith('#'));
  const header = csvCells(lines[0] ?? '');
  return lines.slice(1).map((line) => {
    const cells = csvCells(line);
    const record: Record<string, string> = {};
    header.forEach((name, index) => {
      record[name] = cells[index] ?? '';
    });
    return record;
  });
}

/** BTS aircraft type code (without leading zeros) -> the ICAO designators it stands for. */
export function readTypeMap(text: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const record of csvRecords(text)) {
    map.set(String(Number(record.bts_code)), (record.icao ?? '').split(' ').filter((icao) => icao !== ''));
  }
  return map;
}

/** The T-100 rows used: scheduled service in a passenger configuration, with departures flown. */
export interface SegmentRow {
  readonly carrier: string;
  readonly btsType: string;
  readonly departures: number;
  readonly seats: number;
  readonly passengers: number;
  /** Freight plus mail, kg. */
  readonly cargoKg: number;
  /** Great-circle distance, km. */
  readonly km: number;
}

/** The scheduled passenger-configuration rows of one T-100 International Segment file. */
export function readSegments(text: string): SegmentRow[] {
  const rows: SegmentRow[] = [];
  for (const record of csvRecords(text)) {
    if (record.AIRCRAFT_CONFIG !== PASSENGER_CONFIGURATION || record.CLASS !== SCHEDULED_SERVICE) continue;
    const departures = Number(record.DEPARTURES_PERFORMED);
    if (!(departures > 0)) continue;
    rows.push({
      carrier: record.UNIQUE_CARRIER ?? '',
      btsType: String(Number(record.AIRCRAFT_TYPE)),
      departures,
      seats: Number(record.SEATS),
      passengers: Number(record.PASSENGERS),
      cargoKg: (Number(record.FREIGHT) + Number(record.MAIL)) * KG_PER_POUND,
      km: Number(record.DISTANCE) * KM_PER_STATUTE_MILE,
    });
  }
  return rows;
}

/** The cargo mass fraction of one distance band and body class. */
export interface CargoBand {
  readonly fromKm: number;
  /** Sum of cargo over sum of cargo plus passengers x 100 kg, 0 when the band has no traffic. */
  readonly fraction: number;
  readonly departures: number;
  readonly passengers: number;
  readonly cargoKg: number;
  /** The band whose traffic gives the fraction: this one, or the nearest lower band with traffic. */
  readonly fromBandKm: number;
}

/**
 * Cargo mass fraction per 1 000 km band and body class, weighted by traffic: the band's total cargo
 * mass over its total cargo plus passenger mass. Bands up to the longest with traffic in either
 * body; a band without traffic of a body takes the nearest lower band's (or, below the first, the
 * first band's) fraction.
 */
export function cargoBands(rows: readonly SegmentRow[], bodyOf: (btsType: string) => Body | undefined): Record<Body, CargoBand[]> {
  const totals: Record<Body, Map<number, { departures: number; passengers: number; cargoKg: number }>> = {
    narrow: new Map(),
    wide: new Map(),
  };
  let lastBand = 0;
  for (const row of rows) {
    const body = bodyOf(row.btsType);
    if (body === undefined) continue;
    const band = Math.floor(row.km / BAND_KM);
    lastBand = Math.max(lastBand, band);
    const total = totals[body].get(band) ?? { departures: 0, passengers: 0, cargoKg: 0 };
    total.departures += row.departures;
    total.passengers += row.passengers;
    total.cargoKg += row.cargoKg;
    totals[body].set(band, total);
  }
  const result: Record<Body, CargoBand[]> = { narrow: [], wide: [] };
  for (const body of ['narrow', 'wide'] as const) {
    const own = totals[body];
    const firstWithTraffic = Math.min(...[...own.keys()].filter((band) => (own.get(band)?.departures ?? 0) > 0));
    for (let band = 0; band <= lastBand; band += 1) {
      let from = band;
      while (from > firstWithTraffic && own.get(from) === undefined) from -= 1;
      if (own.get(from) === undefined) from = firstWithTraffic;
      const total = own.get(from) ?? { departures: 0, passengers: 0, cargoKg: 0 };
      const payload = total.cargoKg + total.passengers * PASSENGER_KG;
      result[body].push({
        fromKm: band * BAND_KM,
        fraction: payload > 0 ? total.cargoKg / payload : 0,
        departures: band === from ? total.departures : 0,
        passengers: band === from ? total.passengers : 0,
        cargoKg: band === from ? total.cargoKg : 0,
        fromBandKm: from * BAND_KM,
      });
    }
  }
  return result;
}

/** Seats per departure of one carrier on one ICAO type, over the months read. */
export interface CarrierSeats {
  readonly carrier: string;
  readonly departures: number;
  readonly seatsPerDeparture: number;
}

/** The median seats per departure of one ICAO type. */
export interface SeatMedian {
  readonly icao: string;
  /** Seats of the configuration flown on the median departure, rounded to a whole seat. */
  readonly seats: number;
  readonly carriers: number;
  readonly departures: number;
}

/**
 * Median seats per ICAO type: each carrier's seats per departure on the type (total seats over
 * departures, both months together), then the median of those weighted by the carrier's
 * departures, i.e. the configuration of the median departure. An even split takes the lower one.
 */
export function seatMedians(rows: readonly SegmentRow[], typeMap: ReadonlyMap<string, readonly string[]>): SeatMedian[] {
  const byType = new Map<string, Map<string, { departures: number; seats: number }>>();
  for (const row of rows) {
    if (!(row.seats > 0)) continue;
    for (const icao of typeMap.get(row.btsType) ?? []) {
      const carriers = byType.get(icao) ?? new Map<string, { departures: number; seats: number }>();
      const total = carriers.get(row.carrier) ?? { departures: 0, seats: 0 };
      total.departures += row.departures;
      total.seats += row.seats;
      carriers.set(row.carrier, total);
      byType.set(icao, carriers);
    }
  }
  return [...byType.keys()].sort().map((icao) => {
    const carriers: CarrierSeats[] = [...(byType.get(icao) ?? new Map()).entries()].map(([carrier, total]) => ({
      carrier,
      departures: total.departures,
      seatsPerDeparture: total.seats / total.departures,
    }));
    carriers.sort((a, b) => a.seatsPerDeparture - b.seatsPerDeparture || (a.carrier < b.carrier ? -1 : 1));
    const departures = carriers.reduce((sum, c) => sum + c.departures, 0);
    let cumulative = 0;
    let median = carriers[0]?.seatsPerDeparture ?? 0;
    for (const carrier of carriers) {
      cumulative += carrier.departures;
      median = carrier.seatsPerDeparture;
      if (cumulative >= departures / 2) break;
    }
    return { icao, seats: Math.round(median), carriers: carriers.length, departures };
  });
}

/** A seat map as first, business, premium economy, economy. */
export type Cabins = readonly [first: number, business: number, premiumEconomy: number, economy: number];

/**
 * Scales a typical cabin split to another total: first, business and premium economy in proportion,
 * rounded to whole seats, economy the rest.
 */
export function scaleSplit(typical: Cabins, total: number): Cabins {
  const typicalTotal = typical[0] + typical[1] + typical[2] + typical[3];
  const k = total / typicalTotal;
  const first = Math.round(typical[0] * k);
  const business = Math.round(typical[1] * k);
  const premium = Math.round(typical[2] * k);
  return [first, business, premium, total - first - business - premium];
}
