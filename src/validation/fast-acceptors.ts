// Fast acceptors for the hottest request bodies (E6, E1, E2), asked first by the HTTP handler
// (`validateRequest`); `validate` itself is zod alone, so that a bundle of one calculator and its
// schema does not carry the flight and order schemas. Each acceptor either returns exactly the value
// that zod would produce for the input (defaults filled, unknown keys dropped, airport codes
// normalised) or undefined, and then `validate` asks zod, which stays the source of truth and
// the only one to describe a refusal. A property test (test/validation/fast-acceptors.test.ts) holds every
// acceptor to that: whatever it accepts, zod accepts with a deep-equal value, and it accepts every
// valid body zod accepts. Anything unusual (a string with U+0000 or a lone surrogate, an object
// that is not plain, a key present with the value undefined) is left to zod.
//
// An acceptor also tells whether every key of the body was kept in the value (`exact`): then no
// field was ignored, and the walk that lists ignored fields (src/validation/ignored-fields.ts, about 1 µs for
// E6 with 10 flights) is skipped; otherwise it runs as for any schema.
//
// They still pay with the schemas on zod/mini: `npm run bench -- validation` (bench/validation.bench.ts,
// JSON.parse included, on a 2-core machine shared with other work) measured validateRequest at
// 3.1× the rate of zod alone for E6 with 10 flights (210 000 against 67 700 per second), 2.4× for
// E1 (958 000 against 406 000) and 3.4× for E2 with 100 orders (24 700 against 7 200).
import type * as z from 'zod/mini';
import { knownAirportCode } from '../data/flight/airport-locations.js';
import { hasAtMostSixDecimals, MAX_CLIMES, MAX_IDENTIFIER_LENGTH } from '../schemas/limits.js';
import {
  CARRIER_CODE_PATTERN,
  DEFAULT_AIRCRAFT_MODEL,
  MAX_CABIN_SEATS,
  flightClassSchema,
  flightRequestSchema,
  flightTypeSchema,
  MAX_FLIGHTS_PER_REQUEST,
  type Flight,
  type FlightRequest,
  type FlightSeatMap,
} from '../schemas/flight.js';
import {
  createOrderRequestSchema,
  createOrdersRequestSchema,
  MAX_ORDERS_PER_BATCH,
  orderSchema,
  MAX_PHONE_LENGTH,
  type CreateOrderRequest,
  type CreateOrdersRequest,
  type Order,
} from '../schemas/order.js';
import type { Mutable } from './mutable.js';
import { NO_IGNORED_FIELDS } from './ignored-fields.js';
import { acceptedAs, validate, type ValidationResult } from './validate.js';

/** Longest e-mail address accepted (RFC 5321 path limit, as `orderSchema` says). */
const MAX_EMAIL_LENGTH = 254;
const FLIGHT_CLASSES: ReadonlySet<unknown> = new Set(flightClassSchema.options);
const FLIGHT_TYPES: ReadonlySet<unknown> = new Set(flightTypeSchema.options);
/**
 * The pattern `orderSchema` checks e-mail addresses with (zod's): taken from the schema, so that the
 * two cannot differ, and so that a bundle does not keep every pattern of zod's `regexes`. An e-mail
 * schema always has one (zod sets it when it builds the schema).
 */
const EMAIL = orderSchema.shape.customer_email._zod.def.pattern as RegExp;

type Plain = Record<string, unknown>;

/** A plain object (what JSON.parse makes), or undefined for anything else. */
function plain(value: unknown): Plain | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null ? (value as Plain) : undefined;
}

/** `String.prototype.isWellFormed` (ES2024; in every runtime truecost supports, not yet in its TypeScript lib). */
type WellFormedString = string & { isWellFormed(): boolean };

/** A string zod's checks see as they are: no U+0000, no unpaired surrogate. */
function ordinaryString(value: unknown): value is string {
  return typeof value === 'string' && !value.includes('\u0000') && (value as WellFormedString).isWellFormed();
}

function identifier(value: unknown): value is string {
  return ordinaryString(value) && value.length >= 1 && value.length <= MAX_IDENTIFIER_LENGTH;
}

/** True when the key is absent (a key present with undefined is left to zod). */
function absent(object: Plain, key: string): boolean {
  return !Object.hasOwn(object, key);
}

/**
 * `value`, the value of an optional key of `object`, or `fallback` when the key is absent; undefined
 * when it is present with the value undefined (left to zod). The own-key check runs only when the
 * value is undefined. The caller reads the value by its name: a read by a key passed in would see
 * every optional key at one site, and such a read looks its key up in a global cache every time.
 */
function optional(value: unknown, object: Plain, key: string, fallback: unknown): unknown {
  return value !== undefined || Object.hasOwn(object, key) ? value : fallback;
}

/**
 * What a fast acceptor gives for a body it accepts: the value zod would give, and whether every key
 * of the body is kept in it. When `exact` holds, no field was ignored and the walk that lists
 * ignored fields (`ignoredFields`) is skipped; otherwise it runs, and lists them as for any schema.
 */
export interface Accepted<T> {
  readonly value: T;
  readonly exact: boolean;
}

/**
 * How many keys a for-in loop visits on `object`: its own enumerable keys, and inherited enumerable
 * ones, which only make the count larger (the walk of ignored fields then decides). Counted rather
 * than listed: `Object.keys` would allocate an array for every object of every request.
 */
function keyCount(object: Plain): number {
  let count = 0;
  for (const _ in object) count += 1;
  return count;
}

/** 1 when `value` is defined: the key of an optional field was sent (present with undefined is refused before). */
function sent(value: unknown): number {
  return value === undefined ? 0 : 1;
}

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

const OPTIONAL_IDENTIFIERS = ['cart_id', 'project_id'] as const;
/** The keys an accepted order was sent with: the four required and the optional ones present, read by name. */
function orderKeys(fields: Plain): number {
  return 4 + sent(fields['customer_phone']) + sent(fields['unlock_date']) + sent(fields['cart_id']) + sent(fields['project_id']);
}

/** True when every key of an accepted order (a plain object) is one the order kept. */
function exactOrder(input: unknown): boolean {
  return keyCount(input as Plain) === orderKeys(input as Plain);
}

function order(input: unknown): Order | undefined {
  const fields = plain(input);
  if (fields === undefined) return undefined;
  const { climes, partner_order_id: id, customer_email: email, customer_name: name } = fields;
  if (typeof climes !== 'number' || !Number.isFinite(climes) || climes <= 0 || climes > MAX_CLIMES) return undefined;
  if (!hasAtMostSixDecimals(climes) || !identifier(id) || !identifier(name)) return undefined;
  if (!ordinaryString(email) || email.length > MAX_EMAIL_LENGTH || !EMAIL.test(email)) return undefined;
  const parsed: Record<string, unknown> = { climes, partner_order_id: id, customer_email: email, customer_name: name };
  if (!absent(fields, 'customer_phone')) {
    const phone = fields['customer_phone'];
    if (!ordinaryString(phone) || phone.length > MAX_PHONE_LENGTH) return undefined;
    parsed['customer_phone'] = phone;
  }
  if (!absent(fields, 'unlock_date')) {
    const unlock = fields['unlock_date'];
    if (typeof unlock !== 'number' || !Number.isSafeInteger(unlock) || unlock < 0) return undefined;
    parsed['unlock_date'] = unlock;
  }
  for (const key of OPTIONAL_IDENTIFIERS) {
    if (absent(fields, key)) continue;
    const value = fields[key];
    if (!identifier(value)) return undefined;
    parsed[key] = value;
  }
  return parsed as Order;
}

/** The E1 body as zod would parse it, or undefined. */
export function acceptCreateOrderRequest(input: unknown): Accepted<CreateOrderRequest> | undefined {
  const body = plain(input);
  const fields = body?.['order'];
  const parsed = order(fields);
  if (parsed === undefined) return undefined;
  return { value: { order: parsed }, exact: keyCount(body!) === 1 && exactOrder(fields) };
}

/** The E2 body as zod would parse it, or undefined. */
export function acceptCreateOrdersRequest(input: unknown): Accepted<CreateOrdersRequest> | undefined {
  const body = plain(input);
  const list = body?.['orders'];
  if (!Array.isArray(list) || list.length < 1 || list.length > MAX_ORDERS_PER_BATCH) return undefined;
  const orders: Order[] = [];
  const ids = new Set<string>();
  let exact = keyCount(body!) === 1;
  for (const item of list) {
    const parsed = order(item);
    if (parsed === undefined || ids.has(parsed.partner_order_id)) return undefined;
    ids.add(parsed.partner_order_id);
    exact &&= exactOrder(item);
    orders.push(parsed);
  }
  return { value: { orders }, exact };
}

/** The fast acceptor of each schema that has one, by the schema itself. */
export const fastAcceptors: ReadonlyMap<z.core.$ZodType, (input: unknown) => Accepted<unknown> | undefined> = new Map<
  z.core.$ZodType,
  (input: unknown) => Accepted<unknown> | undefined
>([
  [flightRequestSchema, acceptFlightRequest],
  [createOrderRequestSchema, acceptCreateOrderRequest],
  [createOrdersRequestSchema, acceptCreateOrdersRequest],
]);

/**
 * {@link validate}, after the schema's fast acceptor when it has one: the value of an accepted body
 * is the one zod would give, and zod parses (and describes) everything else.
 */
export function validateRequest<S extends z.core.$ZodType>(schema: S, input: unknown): ValidationResult<z.output<S>> {
  const fast = fastAcceptors.get(schema)?.(input);
  if (fast !== undefined) return acceptedAs(schema, input, fast.value as z.output<S>, fast.exact ? NO_IGNORED_FIELDS : undefined);
  return validate(schema, input);
}
