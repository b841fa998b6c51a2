import fc from 'fast-check';
import { airportCodes } from '../data/flight/airport-index.js';
import { CONTAINER_TYPES } from '../data/containers.js';
import { CAR_BODY_TYPES } from '../data/car-segments.js';
import { requestSchemas } from '../schemas/catalog.js';
import { CAR_FUEL_TYPES } from '../schemas/car.js';
import { COMMUTE_METHODS } from '../schemas/commute.js';
import { FREIGHT_TRANSPORTATION_TYPES } from '../schemas/freight.js';
import { LOADS } from '../schemas/leg-data.js';
import { SHIPPING_METHODS } from '../schemas/logistics.js';
import type { z } from 'zod/mini';
import type { BulkFlightInput, FlightInput, FlightRequestInput } from '../schemas/flight.js';
import type { CarRequestInput } from '../schemas/car.js';
import type { BusRequestInput, SuvRequestInput } from '../schemas/transportation.js';
import type { LogisticsRequestInput } from '../schemas/logistics.js';
import type { CommuteRequestInput } from '../schemas/commute.js';
import type { FreightRequestInput, FreightTransportationType } from '../schemas/freight.js';
import type { TripLegInput, TripRequestInput } from '../schemas/trip.js';
import { nonEmptyArray, nonEmptyUniqueArray, type NonEmpty } from './non-empty.js';
import { tripArbitraryOf, tripLegArbitrariesOf, type TripLegArbitraries } from './trip-arbitraries.js';

export type { NonEmpty } from './non-empty.js';
export type { TripLegArbitraries, TripLegOf } from './trip-arbitraries.js';

/** Every kind of request body the partner API takes, named as in `requestSchemas`. */
export type RequestKind = keyof typeof requestSchemas;

/** A request body of `kind` as a partner may send it (defaults may be left out): its schema's input. */
export type RequestBody<K extends RequestKind> = z.input<(typeof requestSchemas)[K]>;

/** One car of an E8 request, as a partner sends it. */
export type CarQueryBody = CarRequestInput['queries']['cars'][number];
/** One seat type of an E9 request, as a partner sends it. */
export type SeatQueryBody = BusRequestInput['queries']['seats'][number];
/** One leg of an E11 request, as a partner sends it. */
export type LogisticsLegBody = LogisticsRequestInput['queries']['legs'][number];
/** One leg of an E12 request, as a partner sends it. */
export type CommuteLegBody = CommuteRequestInput['queries']['legs'][number];
/** One leg of an E13 request, as a partner sends it. */
export type FreightLegBody = FreightRequestInput['queries']['legs'][number];

/** The cabins, from the least to the most emitting per seat. */
export const FLIGHT_CLASSES = ['ECONOMY', 'PREMIUM_ECONOMY', 'BUSINESS', 'FIRST'] as const;

/** One flight of an E6 request, as a partner sends it (no `flight_id`; the service numbers it). */
export interface FlightQueryBody {
  departure: string;
  arrival: string;
  no_of_tickets: number;
  flight_class: (typeof FLIGHT_CLASSES)[number];
  flight_type: 'ONE_WAY' | 'ROUND_TRIP';
  aircraft_model?: string;
}

const positive = (max = 1e5) => fc.double({ min: 1e-3, max, noNaN: true, noDefaultInfinity: true });
const identifier = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_-]{0,19}$/);
const name = fc.stringMatching(/^[A-Z][a-z]{1,12}( [A-Z][a-z]{1,12})?$/);
const email = fc.tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,15}$/), fc.constantFrom('example.com', 'example.org')).map(([local, host]) => `${local}@${host}`);
/** Climes above 0 and at most 1e9, with at most 2 decimals (always exact in six). */
const climes = fc.integer({ min: 1, max: 100_000_000_000 }).map((cents) => cents / 100);

const codes = airportCodes();

/**
 * One valid flight of an E6 request, between two different airports truecost knows (a
 * `FlightInput` whose cabin and trip type are always given).
 *
 * @remarks Since 0.1.0
 */
export const flightQuery: fc.Arbitrary<FlightQueryBody> = fc
  .record(
    {
      departure: fc.constantFrom(...codes),
      arrival: fc.constantFrom(...codes),
      no_of_tickets: fc.integer({ min: 1, max: 10_000 }),
      flight_class: fc.constantFrom(...FLIGHT_CLASSES),
      flight_type: fc.constantFrom('ONE_WAY' as const, 'ROUND_TRIP' as const),
      aircraft_model: fc.constantFrom('320', '321', '738', '77W', '789', '359', '388'),
    },
    { requiredKeys: ['departure', 'arrival', 'no_of_tickets', 'flight_class', 'flight_type'] },
  )
  .filter((flight) => flight.departure !== flight.arrival);

const order = fc.record(
  {
    climes,
    partner_order_id: identifier,
    customer_email: email,
    customer_name: name,
    customer_phone: fc.stringMatching(/^\+[1-9][0-9]{7,12}$/),
    unlock_date: fc.integer({ min: 1_700_000_000_000, max: 2_000_000_000_000 }),
    cart_id: identifier,
    project_id: identifier,
  },
  { requiredKeys: ['climes', 'partner_order_id', 'customer_email', 'customer_name'] },
);

/**
 * One valid car of an E8 request.
 *
 * @remarks Since 0.5.0
 */
export const carArbitrary: fc.Arbitrary<CarQueryBody> = fc.record({
  car_id: fc.uuid(),
  body_type: fc.constantFrom(...CAR_BODY_TYPES),
  fuel_type: fc.constantFrom(...CAR_FUEL_TYPES),
  registration_year: fc.integer({ min: 1990, max: 2030 }),
  mileage: fc.double({ min: 0, max: 60, noNaN: true }),
  distance_travelled: positive(),
});

const seat: fc.Arbitrary<SeatQueryBody> = fc
  .record({ seat_type: fc.constantFrom('SEATER' as const, 'SLEEPER' as const), total_seats: fc.integer({ min: 1, max: 60 }) })
  .chain((chosen) => fc.integer({ min: 1, max: chosen.total_seats }).map((no_of_seats) => ({ ...chosen, no_of_seats })));

const load = fc.constantFrom(...LOADS);

/**
 * One valid leg of an E11 request, by any shipping method.
 *
 * @remarks Since 0.5.0
 */
export const logisticsLegArbitrary: fc.Arbitrary<LogisticsLegBody> = fc.record(
  { shipping_method: fc.constantFrom(...SHIPPING_METHODS), shipping_distance: positive(), shipping_weight: positive(1000), truck_capacity: positive(40), load },
  { requiredKeys: ['shipping_method'] },
);

/**
 * One valid leg of an E12 request, by any commute method.
 *
 * @remarks Since 0.5.0
 */
export const commuteLegArbitrary: fc.Arbitrary<CommuteLegBody> = fc.record(
  { commute_method: fc.constantFrom(...COMMUTE_METHODS), commute_distance: positive(500) },
  { requiredKeys: ['commute_method'] },
);

/** A truck leg of E13 that shares its vehicle has no empty return of its own (`dry_run` is refused with it). */
function withoutSharedReturn<Leg extends { load?: unknown; dry_run?: unknown }>(leg: Leg): Leg {
  if (leg.load !== 'shared' || leg.dry_run === undefined) return leg;
  const { dry_run: _return, ...rest } = leg;
  return rest as Leg;
}

/**
 * One valid leg of an E13 request whose `configs.transportation_type` is `mode`: a container or
 * loose leg, with the truck fields when the mode is truck.
 *
 * @remarks Since 0.5.0
 */
export function freightLegArbitrary(mode: FreightTransportationType): fc.Arbitrary<FreightLegBody> {
  const container = {
    shipping_method: fc.constant('container' as const),
    container_type: fc.constantFrom(...CONTAINER_TYPES),
    weight: positive(500),
    distance: positive(),
    container_tare_weight: fc.double({ min: 0.5, max: 10, noNaN: true }),
  };
  const loose = { shipping_method: fc.constant('loose' as const), weight: positive(500), distance: positive() };
  const containerKeys: ['shipping_method', 'container_type', 'weight', 'distance'] = ['shipping_method', 'container_type', 'weight', 'distance'];
  const looseKeys: ['shipping_method', 'weight', 'distance'] = ['shipping_method', 'weight', 'distance'];
  if (mode !== 'truck') {
    return fc.oneof(fc.record(container, { requiredKeys: containerKeys }), fc.record(loose, { requiredKeys: looseKeys }));
  }
  const truck = { truck_unladen_weight: positive(30), truck_max_capacity: positive(45), dry_run: fc.boolean(), load };
  return fc
    .oneof(fc.record({ ...container, ...truck }, { requiredKeys: containerKeys }), fc.record({ ...loose, ...truck }, { requiredKeys: looseKeys }))
    .map(withoutSharedReturn);
}

/**
 * Valid E6 requests of 1 to 10 flights; `queries.flights[0]` is always there.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(flightRequestArbitrary, (request) => flightTruecost(request).truecost.length === request.queries.flights.length));
 * ```
 * @remarks Since 0.5.0
 */
export const flightRequestArbitrary: fc.Arbitrary<FlightRequestInput & { queries: { flights: NonEmpty<FlightInput> } }> = nonEmptyArray(
  flightQuery,
  10,
).map((flights) => ({ queries: { flights } }));

/**
 * Valid E7 requests: 1 to 30 flights, each with its `flight_id`.
 *
 * @remarks Since 0.5.0
 */
export const bulkFlightRequestArbitrary: fc.Arbitrary<NonEmpty<BulkFlightInput>> = nonEmptyArray(flightQuery, 30).map(([first, ...rest]) => [
  { flight_id: 'F1', ...first },
  ...rest.map((flight, index) => ({ flight_id: `F${index + 2}`, ...flight })),
]);

/**
 * Valid E8 requests of 1 to 10 cars with distinct ids.
 *
 * @remarks Since 0.5.0
 */
export const carRequestArbitrary: fc.Arbitrary<CarRequestInput & { queries: { cars: NonEmpty<CarQueryBody> } }> = nonEmptyUniqueArray(
  carArbitrary,
  10,
  (car) => car.car_id,
).map((cars) => ({ queries: { cars } }));

/**
 * Valid E9 requests (`vehicle_type: 'BUS'`) of 1 to 20 seat types.
 *
 * @remarks Since 0.5.0
 */
export const busRequestArbitrary: fc.Arbitrary<BusRequestInput & { queries: { seats: NonEmpty<SeatQueryBody> } }> = fc
  .record({ distance: positive(5000), seats: nonEmptyArray(seat, 20) })
  .map(({ distance, seats }) => ({ configs: { vehicle_type: 'BUS' as const, distance }, queries: { seats } }));

/**
 * Valid E10 requests (`vehicle_type: 'SUV'`): no more seats occupied than the SUV has.
 *
 * @remarks Since 0.5.0
 */
export const suvRequestArbitrary: fc.Arbitrary<SuvRequestInput> = fc
  .record({ distance: positive(5000), total_capacity: fc.integer({ min: 1, max: 12 }) })
  .chain(({ distance, total_capacity }) =>
    fc.integer({ min: 1, max: total_capacity }).map((seats_occupied) => ({ configs: { vehicle_type: 'SUV' as const, distance, total_capacity, seats_occupied } })),
  );

/**
 * Valid E11 requests of 1 to 20 legs.
 *
 * @remarks Since 0.5.0
 */
export const logisticsRequestArbitrary: fc.Arbitrary<LogisticsRequestInput & { queries: { legs: NonEmpty<LogisticsLegBody> } }> = nonEmptyArray(
  logisticsLegArbitrary,
  20,
).map((legs) => ({ queries: { legs } }));

/**
 * Valid E12 requests of 1 to 30 legs.
 *
 * @remarks Since 0.5.0
 */
export const commuteRequestArbitrary: fc.Arbitrary<CommuteRequestInput & { queries: { legs: NonEmpty<CommuteLegBody> } }> = nonEmptyArray(
  commuteLegArbitrary,
  30,
).map((legs) => ({ queries: { legs } }));

/**
 * Valid E13 requests of 1 to 20 legs, by truck, rail or ship.
 *
 * @remarks Since 0.5.0
 */
export const freightRequestArbitrary: fc.Arbitrary<FreightRequestInput & { queries: { legs: NonEmpty<FreightLegBody> } }> = fc
  .constantFrom(...FREIGHT_TRANSPORTATION_TYPES)
  .chain((mode) =>
    nonEmptyArray(freightLegArbitrary(mode), 20).map((legs) => ({ configs: { region: 'IN' as const, transportation_type: mode }, queries: { legs } })),
  );

/**
 * One valid trip leg per mode (POST /v3/trip): `tripLegArbitraries.hotel` makes hotel stays.
 *
 * @remarks Since 0.5.0
 */
export const tripLegArbitraries: TripLegArbitraries = tripLegArbitrariesOf(flightQuery);

/**
 * One valid trip leg of any mode.
 *
 * @remarks Since 0.5.0
 */
export const tripLegArbitrary: fc.Arbitrary<TripLegInput> = fc.oneof(...Object.values(tripLegArbitraries));

/**
 * Valid trips (POST /v3/trip) of 1 to 12 legs of any modes, with or without a `trip_id`.
 *
 * @remarks Since 0.5.0
 */
export const tripRequestArbitrary: fc.Arbitrary<TripRequestInput & { trip: { legs: NonEmpty<TripLegInput> } }> = tripArbitraryOf(flightQuery, 12);

/**
 * Generators of valid request bodies, one per kind, as a partner sends them (JSON, before
 * validation fills defaults), each typed as its schema's input. Every generated body passes its
 * schema in `requestSchemas`.
 *
 * @remarks Since 0.1.0
 */
export const arbitraries: { readonly [K in RequestKind]: fc.Arbitrary<RequestBody<K>> } & {
  readonly flightQuery: fc.Arbitrary<FlightQueryBody>;
} = {
  flightQuery,
  createOrder: order.map((body) => ({ order: body })),
  createOrders: nonEmptyUniqueArray(order, 20, (body) => body.partner_order_id).map((orders) => ({
    orders: orders.map(({ cart_id: _cart, ...body }) => body),
  })),
  updateClimes: fc.record({ climes, partner_order_id: identifier }),
  optIn: fc.record({ cart_id: identifier, opted_in: fc.boolean(), climes }),
  flight: flightRequestArbitrary,
  bulkFlight: bulkFlightRequestArbitrary,
  car: carRequestArbitrary,
  bus: busRequestArbitrary,
  suv: suvRequestArbitrary,
  logistics: logisticsRequestArbitrary,
  commute: commuteRequestArbitrary,
  freight: freightRequestArbitrary,
  trip: tripRequestArbitrary,
};
