import fc from 'fast-check';
import { CAR_BODY_TYPES } from '../data/car-segments.js';
import { INDIAN_RAIL_CLASSES } from '../data/indian-railways-coaches.js';
import { CAR_FUEL_TYPES } from '../schemas/car.js';
import { FERRY_TYPES, MAX_LEGS_PER_TRIP, RAIL_SERVICES, type TripLegInput, type TripMode, type TripRequestInput } from '../schemas/trip.js';
import { SEAT_TYPES } from '../schemas/transportation.js';
import { nonEmptyArray, type NonEmpty } from './non-empty.js';

// Valid legs of a trip (POST /v3/trip), one generator per mode, as a partner sends them. The
// airports of flight legs come from the caller, so that this module does not import the flights'.

/** The leg of `mode`, as a partner sends it. */
export type TripLegOf<M extends TripMode> = Extract<TripLegInput, { mode: M }>;

/** One generator of valid legs per mode. */
export type TripLegArbitraries = { readonly [M in TripMode]: fc.Arbitrary<TripLegOf<M>> };

const distance = fc.double({ min: 1e-3, max: 5000, noNaN: true, noDefaultInfinity: true });
const passengers = fc.integer({ min: 1, max: 20 });
/** Countries with and without a DESNZ hotel factor, in either case. */
const country = fc.constantFrom('IN', 'in', 'GB', 'FR', 'US', 'SG', 'NP', 'LK', 'BD');

/** One valid leg of each mode; `flights` gives the airports of a flight leg. */
export function tripLegArbitrariesOf(flights: fc.Arbitrary<{ departure: string; arrival: string }>): TripLegArbitraries {
  const optional = { requiredKeys: ['mode'] as ['mode'] };
  return {
    flight: fc
      .tuple(
        flights,
        fc.record(
          {
            mode: fc.constant('flight' as const),
            passengers,
            round_trip: fc.boolean(),
            flight_class: fc.constantFrom('ECONOMY' as const, 'BUSINESS' as const),
            aircraft_model: fc.constantFrom('320', '77W'),
          },
          optional,
        ),
      )
      .map(([{ departure, arrival }, leg]) => ({ ...leg, departure, arrival })),
    rail: fc.oneof(
      fc.record(
        {
          mode: fc.constant('rail' as const),
          distance_km: distance,
          country: fc.constant('IN'),
          passengers,
          service: fc.constantFrom('intercity' as const, 'international' as const),
          rail_class: fc.constantFrom(...INDIAN_RAIL_CLASSES),
        },
        { requiredKeys: ['mode', 'distance_km', 'country'] },
      ),
      fc.record(
        { mode: fc.constant('rail' as const), distance_km: distance, country, passengers, service: fc.constantFrom(...RAIL_SERVICES) },
        { requiredKeys: ['mode', 'distance_km', 'country'] },
      ),
    ),
    bus: fc.record(
      { mode: fc.constant('bus' as const), distance_km: distance, passengers, seat_type: fc.constantFrom(...SEAT_TYPES) },
      { requiredKeys: ['mode', 'distance_km'] },
    ),
    coach: fc.record({ mode: fc.constant('coach' as const), distance_km: distance, passengers }, { requiredKeys: ['mode', 'distance_km'] }),
    taxi: fc.record({ mode: fc.constant('taxi' as const), distance_km: distance, passengers }, { requiredKeys: ['mode', 'distance_km'] }),
    car: fc.oneof(
      fc.record({ mode: fc.constant('car' as const), distance_km: distance, passengers }, { requiredKeys: ['mode', 'distance_km'] }),
      fc.record({
        mode: fc.constant('car' as const),
        distance_km: distance,
        body_type: fc.constantFrom(...CAR_BODY_TYPES),
        fuel_type: fc.constantFrom(...CAR_FUEL_TYPES),
      }),
    ),
    ferry: fc.record(
      { mode: fc.constant('ferry' as const), distance_km: distance, passengers, ferry_type: fc.constantFrom(...FERRY_TYPES) },
      { requiredKeys: ['mode', 'distance_km'] },
    ),
    hotel: fc.record(
      { mode: fc.constant('hotel' as const), country, nights: fc.integer({ min: 1, max: 30 }), rooms: fc.integer({ min: 1, max: 5 }) },
      { requiredKeys: ['mode', 'country', 'nights'] },
    ),
  };
}

/** A valid trip body of 1 to `maxLegs` legs (at most 50) of any modes. */
export function tripArbitraryOf(
  flights: fc.Arbitrary<{ departure: string; arrival: string }>,
  maxLegs = MAX_LEGS_PER_TRIP,
): fc.Arbitrary<TripRequestInput & { trip: { legs: NonEmpty<TripLegInput> } }> {
  const legs = fc.oneof(...Object.values(tripLegArbitrariesOf(flights)));
  return fc
    .record({
      trip_id: fc.option(fc.stringMatching(/^[A-Z]{3}-[0-9]{1,6}$/), { nil: undefined }),
      legs: nonEmptyArray<TripLegInput>(legs, maxLegs),
    })
    .map(({ trip_id, legs: list }) => ({ trip: trip_id === undefined ? { legs: list } : { trip_id, legs: list } }));
}
