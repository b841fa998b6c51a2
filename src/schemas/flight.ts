import * as z from 'zod/mini';
import { isAirportCode, normaliseAirportCode } from '../data/flight/airport-locations.js';
import { identifierSchema, positiveIntegerSchema, rule, storableString, type ReportIssue } from './common.js';

/** Most flights in one E6 request (contract, Limits). */
export const MAX_FLIGHTS_PER_REQUEST = 10;
/** Most flights in one E7 request: fewer than 500 (docs/api.md). */
export const MAX_FLIGHTS_PER_BULK_REQUEST = 499;
/** The aircraft assumed when `aircraft_model` is left out (contract, E6). */
export const DEFAULT_AIRCRAFT_MODEL = '320';

/** The cabins of `flight_class`. */
export const flightClassSchema = /* @__PURE__ */ z.enum(['ECONOMY', 'PREMIUM_ECONOMY', 'FIRST', 'BUSINESS']);
/** `ONE_WAY` or `ROUND_TRIP`. */
export const flightTypeSchema = /* @__PURE__ */ z.enum(['ONE_WAY', 'ROUND_TRIP']);

/** An IATA airport code of truecost's airport table; lower case is accepted and upper-cased. */
export const airportCodeSchema = /* @__PURE__ */ storableString().check((payload) => {
  // One check that normalises and looks up (what `.overwrite` then `.refine` would do in two):
  // it runs for both airports of every flight.
  const code = normaliseAirportCode(payload.value);
  payload.value = code;
  if (!isAirportCode(code)) payload.issues.push({ code: 'custom', message: 'Unknown IATA airport code.', input: code, continue: false });
});

/** The pattern of `carrier`: an IATA airline designator, two letters or digits, upper case. */
export const CARRIER_CODE_PATTERN = /^[A-Z0-9]{2}$/;
/** Most seats a cabin of `seat_map` may declare: more than any airliner carries in one cabin. */
export const MAX_CABIN_SEATS = 1000;

/** The operating carrier's two-character IATA designator (`6E`, `U2`), upper case as IATA publishes it. */
export const carrierCodeSchema = /* @__PURE__ */ z
  .string()
  .check(z.regex(CARRIER_CODE_PATTERN, "Must be the operating carrier's two-character IATA code in upper case, such as 6E or UA."));

const cabinSeatsSchema = /* @__PURE__ */ z.number().check(z.int(), z.gte(0), z.lte(MAX_CABIN_SEATS));

/** A cabin layout a partner knows (an airline, a charter): seats per cabin, at least one seat in all. */
export const seatMapSchema = /* @__PURE__ */ z
  .object({
    first: cabinSeatsSchema,
    business: cabinSeatsSchema,
    premium_economy: cabinSeatsSchema,
    economy: cabinSeatsSchema,
  })
  .check(
    rule((seats, report) => {
      if (seats.first + seats.business + seats.premium_economy + seats.economy === 0) report([], 'Must have at least one seat.');
    }),
  );

const flightFields = {
  departure: airportCodeSchema,
  arrival: airportCodeSchema,
  no_of_tickets: positiveIntegerSchema,
  aircraft_model: /* @__PURE__ */ z._default(storableString(), DEFAULT_AIRCRAFT_MODEL),
  carrier: /* @__PURE__ */ z.optional(carrierCodeSchema),
  seat_map: /* @__PURE__ */ z.optional(seatMapSchema),
};

interface FlightFields {
  readonly flight_id?: string | undefined;
  readonly departure: string;
  readonly arrival: string;
}

function differentAirports(flight: FlightFields, path: (string | number)[], report: ReportIssue): void {
  if (flight.departure === flight.arrival) report([...path, 'arrival'], 'Must differ from departure.');
}

// The rules across fields and flights of a list, checked in one pass over it: a refinement on each
// flight object would make zod's parsing of a 499-flight body markedly slower.
function flightListRules(flights: readonly FlightFields[], report: ReportIssue): void {
  const seen = new Set<string>();
  flights.forEach((flight, index) => {
    differentAirports(flight, [index], report);
    if (flight.flight_id === undefined) return;
    if (seen.has(flight.flight_id)) report([index, 'flight_id'], 'Must be unique within the request.');
    seen.add(flight.flight_id);
  });
}

const flightFieldsSchema = /* @__PURE__ */ z.object({
  flight_id: z.optional(identifierSchema),
  ...flightFields,
  flight_class: z._default(flightClassSchema, 'ECONOMY'),
  flight_type: z._default(flightTypeSchema, 'ONE_WAY'),
});

const bulkFlightFieldsSchema = /* @__PURE__ */ z.object({
  flight_id: identifierSchema,
  ...flightFields,
  flight_class: flightClassSchema,
  flight_type: flightTypeSchema,
});

/** One flight of an E6 request, with the contract's defaults filled in. */
export const flightSchema = /* @__PURE__ */ flightFieldsSchema.check(rule((flight, report) => differentAirports(flight, [], report)));

/** One flight of an E7 request: flight_id, flight_class and flight_type are required. */
export const bulkFlightSchema = /* @__PURE__ */ bulkFlightFieldsSchema.check(rule((flight, report) => differentAirports(flight, [], report)));

/** The E6 request body: `{queries: {flights: [Flight]}}`, 1 to 10 flights. */
export const flightRequestSchema = /* @__PURE__ */ z.object({
  queries: z.object({
    flights: z.array(flightFieldsSchema).check(z.minLength(1), z.maxLength(MAX_FLIGHTS_PER_REQUEST), rule(flightListRules)),
  }),
});

/** The E7 request body: a bare JSON array of 1 to 499 flights. */
export const bulkFlightRequestSchema = /* @__PURE__ */ z
  .array(bulkFlightFieldsSchema)
  .check(z.minLength(1), z.maxLength(MAX_FLIGHTS_PER_BULK_REQUEST), rule(flightListRules));

/** The E6 success body. */
export const flightResponseSchema = /* @__PURE__ */ z.object({
  message: z.string(),
  truecost: z.array(z.object({ flight_id: z.string(), truecost: z.string() })),
});

/** The E7 acknowledgement: the message plus the job id (docs/api.md). */
export const bulkFlightAcceptedSchema = /* @__PURE__ */ z.object({ message: z.string(), job_id: z.string() });

/** The body delivered for an E7 job: flight_id to truecost in tonnes CO2e, as a string. */
export const bulkFlightResultsSchema = /* @__PURE__ */ z.record(z.string(), z.string());

/** A flight of E6 after validation (defaults filled, airport codes upper case). */
export type Flight = z.output<typeof flightSchema>;
/** A partner's seat map of a flight. */
export type FlightSeatMap = z.output<typeof seatMapSchema>;
/** A flight of E7 after validation. */
export type BulkFlight = z.output<typeof bulkFlightSchema>;
/** The cabin of a flight. */
export type FlightClass = z.output<typeof flightClassSchema>;
/** One way or round trip. */
export type FlightType = z.output<typeof flightTypeSchema>;
/** The E6 request after validation. */
export type FlightRequest = z.output<typeof flightRequestSchema>;
/** The E6 request as a partner may send it (defaults may be left out). */
export type FlightRequestInput = z.input<typeof flightRequestSchema>;
/** One flight of E6 as a partner may send it (defaults may be left out). */
export type FlightInput = z.input<typeof flightSchema>;
/** One flight of E7 as a partner sends it. */
export type BulkFlightInput = z.input<typeof bulkFlightSchema>;
/** The E7 request as a partner sends it. */
export type BulkFlightRequestInput = z.input<typeof bulkFlightRequestSchema>;
/** The E7 request after validation. */
export type BulkFlightRequest = z.output<typeof bulkFlightRequestSchema>;
/** The E6 success body. */
export type FlightResponse = z.output<typeof flightResponseSchema>;
/** The E7 acknowledgement body. */
export type BulkFlightAccepted = z.output<typeof bulkFlightAcceptedSchema>;
/** The E7 delivered body. */
export type BulkFlightResults = z.output<typeof bulkFlightResultsSchema>;
