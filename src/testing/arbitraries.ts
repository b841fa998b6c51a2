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
import { tripArbitrary } from './trip-arbitraries.js';

/** Every kind of request body the partner API takes, named as in `requestSchemas`. */
export type RequestKind = keyof typeof requestSchemas;

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

/** One valid flight of an E6 request, between two different airports truecost knows. */
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

const carQuery = fc.record({
  car_id: fc.uuid(),
  body_type: fc.constantFrom(...CAR_BODY_TYPES),
  fuel_type: fc.constantFrom(...CAR_FUEL_TYPES),
  registration_year: fc.integer({ min: 1990, max: 2030 }),
  mileage: fc.double({ min: 0, max: 60, noNaN: true }),
  distance_travelled: positive(),
});

const seat = fc
  .record({ seat_type: fc.constantFrom('SEATER' as const, 'SLEEPER' as const), total_seats: fc.integer({ min: 1, max: 60 }) })
  .chain((chosen) => fc.integer({ min: 1, max: chosen.total_seats }).map((no_of_seats) => ({ ...chosen, no_of_seats })));

const load = fc.constantFrom(...LOADS);

const logisticsLeg = fc.record(
  { shipping_method: fc.constantFrom(...SHIPPING_METHODS), shipping_distance: positive(), shipping_weight: positive(1000), truck_capacity: positive(40), load },
  { requiredKeys: ['shipping_method'] },
);

/** A truck leg of E13 that shares its vehicle has no empty return of its own (`dry_run` is refused with it). */
function withoutSharedReturn<Leg extends { load?: unknown; dry_run?: unknown }>(leg: Leg): Leg {
  if (leg.load !== 'shared' || leg.dry_run === undefined) return leg;
  const { dry_run: _return, ...rest } = leg;
  return rest as Leg;
}

const freightLeg = (truck: boolean) => {
  const truckFields = truck ? { truck_unladen_weight: positive(30), truck_max_capacity: positive(45), dry_run: fc.boolean(), load } : {};
  const leg = fc.oneof(
    fc.record(
      {
        shipping_method: fc.constant('container' as const),
        container_type: fc.constantFrom(...CONTAINER_TYPES),
        weight: positive(500),
        distance: positive(),
        container_tare_weight: fc.double({ min: 0.5, max: 10, noNaN: true }),
        ...truckFields,
      },
      { requiredKeys: ['shipping_method', 'container_type', 'weight', 'distance'] },
    ),
    fc.record(
      { shipping_method: fc.constant('loose' as const), weight: positive(500), distance: positive(), ...truckFields },
      { requiredKeys: ['shipping_method', 'weight', 'distance'] },
    ),
  );
  return leg.map(withoutSharedReturn);
};

/**
 * Generators of valid request bodies, one per kind, as a partner sends them (JSON, before
 * validation fills defaults). Every generated body passes its schema in `requestSchemas`.
 *
 * @remarks Since 0.1.0
 */
export const arbitraries: { readonly [K in RequestKind]: fc.Arbitrary<Record<string, unknown> | Record<string, unknown>[]> } & {
  readonly flightQuery: fc.Arbitrary<FlightQueryBody>;
} = {
  flightQuery,
  createOrder: order.map((body) => ({ order: body })),
  createOrders: fc
    .uniqueArray(order, { minLength: 1, maxLength: 20, selector: (body) => body.partner_order_id })
    .map((orders) => ({ orders: orders.map(({ cart_id: _cart, ...body }) => body) })),
  updateClimes: fc.record({ climes, partner_order_id: identifier }),
  optIn: fc.record({ cart_id: identifier, opted_in: fc.boolean(), climes }),
  flight: fc.array(flightQuery, { minLength: 1, maxLength: 10 }).map((flights) => ({ queries: { flights } })),
  bulkFlight: fc
    .array(flightQuery, { minLength: 1, maxLength: 30 })
    .map((flights) => flights.map((flight, index) => ({ flight_id: `F${index + 1}`, ...flight }))),
  car: fc.uniqueArray(carQuery, { minLength: 1, maxLength: 10, selector: (car) => car.car_id }).map((cars) => ({ queries: { cars } })),
  bus: fc
    .record({ distance: positive(5000), seats: fc.array(seat, { minLength: 1, maxLength: 20 }) })
    .map(({ distance, seats }) => ({ configs: { vehicle_type: 'BUS', distance }, queries: { seats } })),
  suv: fc
    .record({ distance: positive(5000), total_capacity: fc.integer({ min: 1, max: 12 }) })
    .chain(({ distance, total_capacity }) =>
      fc.integer({ min: 1, max: total_capacity }).map((seats_occupied) => ({ configs: { vehicle_type: 'SUV', distance, total_capacity, seats_occupied } })),
    ),
  logistics: fc.array(logisticsLeg, { minLength: 1, maxLength: 20 }).map((legs) => ({ queries: { legs } })),
  commute: fc
    .array(fc.record({ commute_method: fc.constantFrom(...COMMUTE_METHODS), commute_distance: positive(500) }, { requiredKeys: ['commute_method'] }), {
      minLength: 1,
      maxLength: 30,
    })
    .map((legs) => ({ queries: { legs } })),
  freight: fc
    .constantFrom(...FREIGHT_TRANSPORTATION_TYPES)
    .chain((mode) =>
      fc.array(freightLeg(mode === 'truck'), { minLength: 1, maxLength: 20 }).map((legs) => ({ configs: { region: 'IN', transportation_type: mode }, queries: { legs } })),
    ),
  trip: tripArbitrary(flightQuery, 12),
};
