import { CARRIER_LOAD_FACTORS_PACKED, CARRIER_SEAT_MAPS_PACKED, CARRIER_SOURCE_LABELS } from '../../data/flight/carrier-seat-maps.js';
import type { FlightSeatMap } from '../../schemas/flight.js';
import { seatAreaTotal, type AircraftType, type SeatMap } from './aircraft.js';

/**
 * Which step of the chain gave a flight's seat map (docs/methodology.md, "Seat maps by operating
 * carrier"): the partner's `seat_map`; the carrier's cited configuration (the only one, the one
 * T-100 shows on the route, or the one of most T-100 departures); the mean of the carrier's
 * configurations where nothing tells them apart; the carrier's T-100 total less its cited premium
 * seats (narrow-bodies only); or the type's typical map.
 */
export type SeatMapStep = 'partner' | 'carrier-config' | 'carrier-route' | 'carrier-mean' | 'carrier-t100-total' | 'typical';

/** The seat map a flight flies, where it is not the type's typical one, and where it comes from. */
export interface SeatChoice {
  readonly seats: SeatMap;
  /** Seat area of `seats` on the type's body, as the fuel method counts it. */
  readonly seatArea: number;
  readonly step: Exclude<SeatMapStep, 'typical'>;
  /** The row used: `<carrier> <type> <configuration>`, or `seat_map` for the partner's. */
  readonly row: string;
  /** The row's source: its key in data/flight/carrier_seat_maps.yaml, where it is cited in full (and in docs/data-sources.md). */
  readonly source: string;
}

interface CarrierConfig {
  readonly id: string;
  readonly seats: SeatMap;
  readonly source: string;
  readonly step: 'carrier-config' | 'carrier-t100-total';
}

interface CarrierTypeSeats {
  readonly configs: readonly CarrierConfig[];
  /** The default: one configuration, or the mean of them (id `mean`). */
  readonly fallback: CarrierConfig;
  readonly routes: ReadonlyMap<string, CarrierConfig>;
}

const seatMapOf = (f: number, j: number, w: number, y: number): SeatMap => ({ FIRST: f, BUSINESS: j, PREMIUM_ECONOMY: w, ECONOMY: y });

function meanOf(configs: readonly CarrierConfig[]): CarrierConfig {
  const mean = (pick: (seats: SeatMap) => number) => configs.reduce((sum, config) => sum + pick(config.seats), 0) / configs.length;
  const sources = [...new Set(configs.map((config) => config.source))];
  return {
    id: `mean of ${configs.map((config) => config.id).join(' and ')}`,
    seats: seatMapOf(mean((s) => s.FIRST), mean((s) => s.BUSINESS), mean((s) => s.PREMIUM_ECONOMY), mean((s) => s.ECONOMY)),
    source: sources.join('; '),
    step: 'carrier-config',
  };
}

function decode(packed: string): Map<string, CarrierTypeSeats> {
  const table = new Map<string, CarrierTypeSeats>();
  for (const entry of packed.split('|')) {
    const [head = '', rest = ''] = entry.split(':');
    const [key = '', fallback = '0'] = head.split('>');
    const [configPart = '', routePart] = rest.split('@');
    const configs = configPart.split(';').map((text): CarrierConfig => {
      // `id,F,J,W,Y,label[,t]`: an empty id is the total.
      const [id = '', f, j, w, y, label, step] = text.split(',');
      return {
        id: id === '' ? String(Number(f) + Number(j) + Number(w) + Number(y)) : id,
        seats: seatMapOf(Number(f), Number(j), Number(w), Number(y)),
        source: CARRIER_SOURCE_LABELS[Number(label)] ?? '',
        step: step === 't' ? 'carrier-t100-total' : 'carrier-config',
      };
    });
    const routes = new Map<string, CarrierConfig>();
    for (const route of routePart === undefined ? [] : routePart.split(',')) {
      const [pair = '', index] = route.split('=');
      routes.set(pair, configs[Number(index)]!);
    }
    table.set(key, { configs, fallback: fallback === 'm' ? meanOf(configs) : configs[Number(fallback)]!, routes });
  }
  return table;
}

let decoded: Map<string, CarrierTypeSeats> | undefined;

/** The table, decoded at the first flight that names a carrier. */
function carrierTable(): Map<string, CarrierTypeSeats> {
  decoded ??= decode(CARRIER_SEAT_MAPS_PACKED);
  return decoded;
}

/** True when the table has at least one seat map of `carrier`. */
export function carrierHasRows(carrier: string): boolean {
  for (const key of carrierTable().keys()) if (key.startsWith(carrier)) return true;
  return false;
}

/** Every carrier and ICAO type of the table, as `<carrier> <type>`. */
export function carrierSeatMapKeys(): string[] {
  return [...carrierTable().keys()].map((key) => `${key.slice(0, 2)} ${key.slice(2)}`);
}

/** The key of an airport pair in the tables by route: the two codes in alphabetical order, concatenated. */
export function routeKey(departure: string, arrival: string): string {
  return departure < arrival ? departure + arrival : arrival + departure;
}

/**
 * The carrier's seat map of `type` on the route, or undefined when the table has none: the
 * configuration T-100 shows on the route where it shows one, else the carrier's default.
 */
export function carrierSeatChoice(carrier: string, type: AircraftType, departure: string, arrival: string): SeatChoice | undefined {
  const seats = carrierTable().get(carrier + type.icao);
  if (seats === undefined) return undefined;
  const onRoute = seats.routes.size === 0 ? undefined : seats.routes.get(routeKey(departure, arrival));
  const config = onRoute ?? seats.fallback;
  const step = onRoute !== undefined ? 'carrier-route' : config.id.startsWith('mean of') ? 'carrier-mean' : config.step;
  return {
    seats: config.seats,
    seatArea: seatAreaTotal(config.seats, type.body),
    step,
    row: `${carrier} ${type.icao} ${config.id}`,
    source: config.source,
  };
}

/** The partner's own seat map of a flight. */
export function partnerSeatChoice(seatMap: FlightSeatMap, type: AircraftType): SeatChoice {
  const seats = seatMapOf(seatMap.first, seatMap.business, seatMap.premium_economy, seatMap.economy);
  return { seats, seatArea: seatAreaTotal(seats, type.body), step: 'partner', row: 'seat_map', source: 'the seat_map sent with the flight' };
}

/** A passenger load factor the operating carrier publishes for its network, with its period and source. */
export interface CarrierLoadFactor {
  readonly carrier: string;
  readonly value: number;
  readonly period: string;
  /** Its key in data/flight/carrier_seat_maps.yaml, where it is cited in full. */
  readonly source: string;
}

let loadFactors: Map<string, CarrierLoadFactor> | undefined;

/** The load factor `carrier` publishes, or undefined (the default stays). */
export function carrierLoadFactor(carrier: string): CarrierLoadFactor | undefined {
  loadFactors ??= new Map(
    CARRIER_LOAD_FACTORS_PACKED.split('|').map((entry) => {
      const [code = '', value, label, ...period] = entry.split(':');
      return [code, { carrier: code, value: Number(value), period: period.join(':'), source: CARRIER_SOURCE_LABELS[Number(label)] ?? '' }];
    }),
  );
  return loadFactors.get(carrier);
}
