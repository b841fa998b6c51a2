import * as z from 'zod/mini';
import { CAR_BODY_TYPES } from '../data/car-segments.js';
import { INDIAN_RAIL_CLASSES } from '../data/indian-railways-coaches.js';
import { isAssignedCountryCode } from '../data/iso-3166-1.js';
import { CAR_FUEL_TYPES } from './car.js';
import { identifierSchema, positiveIntegerSchema, positiveNumberSchema, rule, storableString, type ReportIssue } from './common.js';
import { flightSchema } from './flight.js';
import { legRoute, legRouteShape } from './places.js';
import { SEAT_TYPES } from './transportation.js';

/** Most legs one trip may carry. */
export const MAX_LEGS_PER_TRIP = 50;

/** The modes of a trip leg. */
export const TRIP_MODES = ['flight', 'rail', 'bus', 'coach', 'taxi', 'car', 'ferry', 'hotel'] as const;
/** One of {@link TRIP_MODES}. */
export type TripMode = (typeof TRIP_MODES)[number];
/** The services of a rail leg. */
export const RAIL_SERVICES = ['intercity', 'suburban', 'metro', 'international'] as const;
/** The ferry rows of DESNZ. */
export const FERRY_TYPES = ['foot_passenger', 'car_passenger', 'average'] as const;

/** An assigned ISO 3166-1 alpha-2 country code (src/data/iso-3166-1.ts); lower case is accepted and upper-cased. */
export const countryCodeSchema = /* @__PURE__ */ storableString().check((payload) => {
  // One check that normalises and tests the code, as the airport codes of flights do.
  const code = payload.value.toUpperCase();
  payload.value = code;
  if (!/^[A-Z]{2}$/.test(code)) {
    payload.issues.push({ code: 'custom', message: 'Must be an ISO 3166-1 alpha-2 country code, such as IN.', input: code, continue: false });
  } else if (!isAssignedCountryCode(code)) {
    payload.issues.push({ code: 'custom', message: `${code} is not an assigned ISO 3166-1 alpha-2 country code; send one such as IN.`, input: code, continue: false });
  }
}, z.describe('One of the 249 officially assigned ISO 3166-1 alpha-2 codes, any case (IN, gb); XX, UK or EU is a 400.'));

const common = {
  leg_id: /* @__PURE__ */ z.optional(identifierSchema),
  passengers: /* @__PURE__ */ z._default(positiveIntegerSchema, 1),
};

// A ground or sea leg's distance, or its places instead (docs/api.md, "Legs given by places"):
// `distance_km` is then required by `legRules`, not by the field.
const distance = {
  distance_km: /* @__PURE__ */ z.optional(positiveNumberSchema),
  ...legRouteShape,
};

// The flight fields of E6 as its own schema defines them (airports, cabin, aircraft and any field
// added there later), less those a leg states its own way: tickets are `passengers`, the trip type
// is `round_trip`.
const { flight_id: _id, no_of_tickets: _tickets, flight_type: _type, ...flightFields } = /* @__PURE__ */ flightSchema.shape;

/**
 * What a trip leg takes in place of the E6 fields it states its own way, by the E6 field's name:
 * the hint of the 400 that refuses the E6 field on `POST /v3/trip` (docs/api.md, "Strict endpoints").
 */
export const TRIP_LEG_HINTS: Readonly<Record<string, string>> = {
  no_of_tickets: '`no_of_tickets` is `passengers` on a trip leg.',
  flight_type: '`flight_type` is `round_trip: true` on a trip leg (one way when absent).',
  flight_id: '`flight_id` is `leg_id` on a trip leg.',
};

const flightLegSchema = /* @__PURE__ */ z.object({
  mode: z.literal('flight'),
  ...common,
  ...flightFields,
  round_trip: z._default(z.boolean(), false),
});

const railLegSchema = /* @__PURE__ */ z.object({
  mode: z.literal('rail'),
  ...common,
  ...distance,
  country: countryCodeSchema,
  service: z._default(z.enum(RAIL_SERVICES), 'intercity'),
  rail_class: z.optional(z.enum(INDIAN_RAIL_CLASSES)),
});

const busLegSchema = /* @__PURE__ */ z.object({
  mode: z.literal('bus'),
  ...common,
  ...distance,
  seat_type: z._default(z.enum(SEAT_TYPES), 'SEATER'),
});

const distanceLeg = <M extends 'coach' | 'taxi'>(mode: M) =>
  z.object({ mode: z.literal(mode), ...common, ...distance });

const carLegSchema = /* @__PURE__ */ z.object({
  mode: z.literal('car'),
  ...common,
  ...distance,
  body_type: z.optional(z.enum(CAR_BODY_TYPES)),
  fuel_type: z.optional(z.enum(CAR_FUEL_TYPES)),
});

const ferryLegSchema = /* @__PURE__ */ z.object({
  mode: z.literal('ferry'),
  ...common,
  ...distance,
  ferry_type: z._default(z.enum(FERRY_TYPES), 'average'),
});

const hotelLegSchema = /* @__PURE__ */ z.object({
  mode: z.literal('hotel'),
  ...common,
  country: countryCodeSchema,
  nights: positiveIntegerSchema,
  rooms: z._default(positiveIntegerSchema, 1),
});

/** The reason for a leg whose mode is missing or unknown (other problems keep zod's own). */
function modeError(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'invalid_union') return undefined;
  const input = issue.input as { readonly mode?: unknown } | undefined;
  if (input?.mode === undefined) return 'Required.';
  return `Must be one of ${TRIP_MODES.map((mode) => JSON.stringify(mode)).join(', ')}.`;
}

/** One leg of a trip: its mode and that mode's fields. */
export const tripLegSchema = /* @__PURE__ */ z.discriminatedUnion('mode', [
  flightLegSchema,
  railLegSchema,
  busLegSchema,
  /* @__PURE__ */ distanceLeg('coach'),
  /* @__PURE__ */ distanceLeg('taxi'),
  carLegSchema,
  ferryLegSchema,
  hotelLegSchema,
], { error: modeError });

type LegInput = z.output<typeof tripLegSchema>;

/** A ground or sea leg: its distance, or both places (`avoid` applies to a ferry's sea route only). */
function placesRules(leg: Extract<LegInput, { distance_km?: number | undefined }>, report: ReportIssue): void {
  if (legRoute(leg, report) === undefined && leg.distance_km === undefined) report(['distance_km'], 'Required, or origin and destination.');
}

// The rules across the fields of a leg and across legs, checked in one pass over the list.
function legRules(legs: readonly LegInput[], report: ReportIssue): void {
  const seen = new Set<string>();
  legs.forEach((leg, index) => {
    if (leg.leg_id !== undefined) {
      if (seen.has(leg.leg_id)) report([index, 'leg_id'], 'Must be unique within the trip.');
      seen.add(leg.leg_id);
    }
    if (leg.mode === 'flight' && leg.departure === leg.arrival) report([index, 'arrival'], 'Must differ from departure.');
    if (leg.mode === 'rail' && leg.rail_class !== undefined) {
      if (leg.country !== 'IN') report([index, 'rail_class'], 'Applies to Indian Railways only (country IN).');
      else if (leg.service === 'suburban' || leg.service === 'metro') {
        report([index, 'rail_class'], 'Applies to intercity and international services only.');
      }
    }
    if (leg.mode !== 'flight' && leg.mode !== 'hotel') placesRules(leg, (path, message) => report([index, ...path], message));
    if (leg.mode === 'car' && (leg.body_type === undefined) !== (leg.fuel_type === undefined)) {
      report([index, leg.body_type === undefined ? 'body_type' : 'fuel_type'], 'body_type and fuel_type go together: send both or neither.');
    }
  });
}

/**
 * The body of `POST /v3/trip`: one booking of 1 to 50 legs (flights, trains, buses, coaches, cabs,
 * cars, ferries, hotel stays), each with its mode's fields.
 *
 * @example
 * ```ts
 * validate(tripRequestSchema, { trip: { legs: [
 *   { mode: 'flight', departure: 'DEL', arrival: 'BOM', round_trip: true },
 *   { mode: 'hotel', country: 'IN', nights: 2 }] } });
 * ```
 * @remarks Since 0.4.0
 */
export const tripRequestSchema = /* @__PURE__ */ z.object({
  trip: z.object({
    trip_id: z.optional(identifierSchema),
    legs: z.array(tripLegSchema).check(z.minLength(1), z.maxLength(MAX_LEGS_PER_TRIP), rule(legRules)),
  }),
});

const legResultSchema = /* @__PURE__ */ z.object({
  leg_id: z.string(),
  mode: z.enum(TRIP_MODES),
  kg: z.number(),
  tank_to_wheel_kg: z.optional(z.number()),
  well_to_tank_kg: z.optional(z.number()),
});

/** The success body of `POST /v3/trip`: kg CO2e per leg in request order, and their total. */
export const tripResponseSchema = /* @__PURE__ */ z.object({
  message: z.string(),
  trip: z.object({ trip_id: z.string(), total_kg: z.number(), legs: z.array(legResultSchema) }),
});

/**
 * One parsed leg as sent: a ground or sea leg given by its places may lack `distance_km` until the
 * calculator resolves it (docs/methodology.md, "Distances from places").
 *
 * @remarks Since 0.6.0
 */
export type SentTripLeg = z.output<typeof tripLegSchema>;
/** One parsed leg with its distance: a ground or sea leg's `distance_km` is known. */
export type TripLeg = SentTripLeg extends infer Leg
  ? Leg extends { readonly distance_km?: number | undefined }
    ? Omit<Leg, 'distance_km'> & { distance_km: number }
    : Leg
  : never;
/** One leg as sent. */
export type TripLegInput = z.input<typeof tripLegSchema>;
/** A parsed trip request. */
export type TripRequest = z.output<typeof tripRequestSchema>;
/** A trip request as sent. */
export type TripRequestInput = z.input<typeof tripRequestSchema>;
/** The trip success body. */
export type TripResponse = z.output<typeof tripResponseSchema>;
/** One leg of the answer. */
export type TripLegResult = TripResponse['trip']['legs'][number];
