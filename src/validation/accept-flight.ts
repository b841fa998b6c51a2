// The fast acceptor of E6 bodies (src/validation/fast-acceptors.ts says what an acceptor promises).
import { knownAirportCode } from '../data/flight/airport-locations.js';
import {
  CARRIER_CODE_PATTERN,
  DEFAULT_AIRCRAFT_MODEL,
  MAX_CABIN_SEATS,
  flightClassSchema,
  flightTypeSchema,
  MAX_FLIGHTS_PER_REQUEST,
  type Flight,
  type FlightRequest,
  type FlightSeatMap,
} from '../schemas/flight.js';
import { identifier, keyCount, optional, ordinaryString, plain, sent, type Accepted, type Plain } from './acceptor-parts.js';
import type { Mutable } from './mutable.js';

const FLIGHT_CLASSES: ReadonlySet<unknown> = new Set(flightClassSchema.options);
const FLIGHT_TYPES: ReadonlySet<unknown> = new Set(flightTypeSchema.options);

/** Stands for an absent `flight_id` (null is a value a body may carry, and zod refuses it). */
const NO_FLIGHT_ID = Symbol('no flight_id');

/** The keys an accepted flight was sent with: the three required and the optional ones present. */
function flightKeys(fields: Plain): number {
  return (
    3 +
    sent(fields['flight_id']) +
    sent(fields['aircraft_model']) +
    sent(fields['flight_class']) +
    sent(fields['flight_type']) +
    sent(fields['carrier']) +
    sent(fields['seat_map'])
  );
}

function cabinSeats(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= MAX_CABIN_SEATS;
}

/** A `seat_map` as zod would parse it (its four counts, in the schema's order), or undefined. */
function seatMap(input: unknown): FlightSeatMap | undefined {
  const fields = plain(input);
  if (fields === undefined) return undefined;
  const { first, business, premium_economy: premium, economy } = fields;
  if (!cabinSeats(first) || !cabinSeats(business) || !cabinSeats(premium) || !cabinSeats(economy)) return undefined;
  if (first + business + premium + economy === 0) return undefined;
  return { first, business, premium_economy: premium, economy };
}

/** True when the keys of an accepted flight's `seat_map` (absent, or a plain object) are its four counts. */
function exactSeatMap(fields: Plain): boolean {
  const seats = fields['seat_map'];
  return seats === undefined || keyCount(seats as Plain) === 4;
}

/** Stands for an absent optional key whose absence leaves nothing in the value. */
const ABSENT = Symbol('absent');

/**
 * Adds the optional `carrier` and `seat_map` of `fields` to `parsed`; false when one is present
 * and not what the schema accepts (a key present with undefined included: the flight is then left
 * to zod).
 */
function carrierFields(fields: Plain, parsed: Mutable<Flight>): boolean {
  const carrier = optional(fields['carrier'], fields, 'carrier', ABSENT);
  if (carrier !== ABSENT) {
    if (typeof carrier !== 'string' || !CARRIER_CODE_PATTERN.test(carrier)) return false;
    parsed.carrier = carrier;
  }
  const seats = optional(fields['seat_map'], fields, 'seat_map', ABSENT);
  if (seats !== ABSENT) {
    const map = seatMap(seats);
    if (map === undefined) return false;
    parsed.seat_map = map;
  }
  return true;
}

function flight(input: unknown): Flight | undefined {
  const fields = plain(input);
  if (fields === undefined) return undefined;
  const { departure, arrival, no_of_tickets: tickets } = fields;
  // No ordinaryString check: a string with U+0000 or a lone surrogate is no airport's code, so it
  // is refused here and left to zod anyway.
  if (typeof departure !== 'string' || typeof arrival !== 'string') return undefined;
  const from = knownAirportCode(departure);
  const to = knownAirportCode(arrival);
  if (from === undefined || to === undefined || from === to) return undefined;
  if (typeof tickets !== 'number' || !Number.isSafeInteger(tickets) || tickets <= 0) return undefined;
  const aircraft = optional(fields['aircraft_model'], fields, 'aircraft_model', DEFAULT_AIRCRAFT_MODEL);
  const flightClass = optional(fields['flight_class'], fields, 'flight_class', 'ECONOMY');
  const flightType = optional(fields['flight_type'], fields, 'flight_type', 'ONE_WAY');
  if ((aircraft !== DEFAULT_AIRCRAFT_MODEL && !ordinaryString(aircraft)) || !FLIGHT_CLASSES.has(flightClass) || !FLIGHT_TYPES.has(flightType)) {
    return undefined;
  }
  const id = optional(fields['flight_id'], fields, 'flight_id', NO_FLIGHT_ID);
  if (id !== NO_FLIGHT_ID && !identifier(id)) return undefined;
  // Filled key by key rather than spread (this runs for every flight), `flight_id` first as in zod's value.
  const parsed: Mutable<Flight> = id === NO_FLIGHT_ID ? ({} as Mutable<Flight>) : { flight_id: id } as Mutable<Flight>;
  parsed.departure = from;
  parsed.arrival = to;
  parsed.no_of_tickets = tickets;
  parsed.aircraft_model = aircraft;
  parsed.flight_class = flightClass as Flight['flight_class'];
  parsed.flight_type = flightType as Flight['flight_type'];
  return carrierFields(fields, parsed) ? parsed : undefined;
}

/**
 * True when `flight` has the flight_id of a flight before it. Compared one by one: a request holds
 * at most {@link MAX_FLIGHTS_PER_REQUEST} flights, for which a Set costs more than the comparisons.
 */
function sharesId(before: readonly Flight[], flight: Flight): boolean {
  const id = flight.flight_id;
  if (id === undefined) return false;
  for (const other of before) if (other.flight_id === id) return true;
  return false;
}

/** The E6 body as zod would parse it, or undefined. */
export function acceptFlightRequest(input: unknown): Accepted<FlightRequest> | undefined {
  const body = plain(input);
  const queries = plain(body?.['queries']);
  const list = queries?.['flights'];
  if (!Array.isArray(list) || list.length < 1 || list.length > MAX_FLIGHTS_PER_REQUEST) return undefined;
  const flights: Flight[] = [];
  let exact = keyCount(body!) === 1 && keyCount(queries!) === 1;
  for (const item of list) {
    const parsed = flight(item);
    if (parsed === undefined || sharesId(flights, parsed)) return undefined;
    // A flight that was accepted is a plain object.
    exact &&= keyCount(item as Plain) === flightKeys(item as Plain) && exactSeatMap(item as Plain);
    flights.push(parsed);
  }
  return { value: { queries: { flights } }, exact };
}
