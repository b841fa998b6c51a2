import * as z from 'zod/mini';
import { addIssue, positiveIntegerSchema, positiveNumberSchema } from './common.js';
import { MAX_LEGS_PER_REQUEST, type DefaultedFields } from './road-common.js';

/** Seat types of E9. */
export const SEAT_TYPES = ['SEATER', 'SLEEPER'] as const;
/** One of {@link SEAT_TYPES}. */
export type SeatType = (typeof SEAT_TYPES)[number];

/** The contract's defaults per seat type: seats booked and the bus's seats of that type. */
export const SEAT_DEFAULTS: Readonly<Record<SeatType, { no_of_seats: number; total_seats: number }>> = {
  SEATER: { no_of_seats: 12, total_seats: 14 },
  SLEEPER: { no_of_seats: 35, total_seats: 40 },
};

/** The contract's default journey distance of E9 and E10, in km. */
export const DEFAULT_TRANSPORTATION_DISTANCE_KM = 100;
/** The contract's defaults of E10: seats in the SUV and seats the user occupies. */
export const SUV_DEFAULTS = { total_capacity: 8, seats_occupied: 7 } as const;

const seatInputSchema = /* @__PURE__ */ z.object({
  seat_type: z.enum(SEAT_TYPES),
  no_of_seats: z.optional(positiveIntegerSchema),
  total_seats: z.optional(positiveIntegerSchema),
});

/** One seat element of E9; defaults filled by seat type, `no_of_seats <= total_seats`. */
export const seatSchema = /* @__PURE__ */ z.pipe(
  seatInputSchema,
  z.transform((seat, ctx) => {
    const defaults = SEAT_DEFAULTS[seat.seat_type];
    const defaulted: string[] = [];
    if (seat.no_of_seats === undefined) defaulted.push('no_of_seats');
    if (seat.total_seats === undefined) defaulted.push('total_seats');
    const no_of_seats = seat.no_of_seats ?? defaults.no_of_seats;
    const total_seats = seat.total_seats ?? defaults.total_seats;
    if (no_of_seats > total_seats) {
      addIssue(ctx, ['no_of_seats'], `Must be at most total_seats (${total_seats}).`);
      return z.NEVER;
    }
    const parsed: { seat_type: SeatType; no_of_seats: number; total_seats: number; defaulted?: DefaultedFields } = {
      seat_type: seat.seat_type,
      no_of_seats,
      total_seats,
    };
    if (defaulted.length > 0) parsed.defaulted = defaulted;
    return parsed;
  }),
);

const busConfigsSchema = /* @__PURE__ */ z.pipe(
  z.object({ vehicle_type: z.literal('BUS'), distance: z.optional(positiveNumberSchema) }),
  z.transform((configs) => {
    const parsed: { vehicle_type: 'BUS'; distance: number; defaulted?: DefaultedFields } = {
      vehicle_type: 'BUS',
      distance: configs.distance ?? DEFAULT_TRANSPORTATION_DISTANCE_KM,
    };
    if (configs.distance === undefined) parsed.defaulted = ['distance'];
    return parsed;
  }),
);

/**
 * The body of E9 `POST /v3/transportation` with `configs.vehicle_type` BUS: 1 to 100 seat elements.
 *
 * @example
 * ```ts
 * validate(busRequestSchema, { configs: { vehicle_type: 'BUS' }, queries: { seats: [{ seat_type: 'SEATER' }] } });
 * // value.queries.seats[0] is { seat_type: 'SEATER', no_of_seats: 12, total_seats: 14, ... }
 * ```
 * @remarks Since 0.1.0
 */
export const busRequestSchema = /* @__PURE__ */ z.object({
  configs: busConfigsSchema,
  queries: z.object({ seats: z.array(seatSchema).check(z.minLength(1), z.maxLength(MAX_LEGS_PER_REQUEST)) }),
});

const suvConfigsSchema = /* @__PURE__ */ z.pipe(
  z.object({
    vehicle_type: z.literal('SUV'),
    distance: z.optional(positiveNumberSchema),
    total_capacity: z.optional(positiveIntegerSchema),
    seats_occupied: z.optional(positiveIntegerSchema),
  }),
  z.transform((configs, ctx) => {
    const defaulted: string[] = [];
    if (configs.distance === undefined) defaulted.push('distance');
    if (configs.total_capacity === undefined) defaulted.push('total_capacity');
    if (configs.seats_occupied === undefined) defaulted.push('seats_occupied');
    const total_capacity = configs.total_capacity ?? SUV_DEFAULTS.total_capacity;
    const seats_occupied = configs.seats_occupied ?? SUV_DEFAULTS.seats_occupied;
    if (seats_occupied > total_capacity) {
      addIssue(ctx, ['seats_occupied'], `Must be at most total_capacity (${total_capacity}).`);
      return z.NEVER;
    }
    const parsed: {
      vehicle_type: 'SUV';
      distance: number;
      total_capacity: number;
      seats_occupied: number;
      defaulted?: DefaultedFields;
    } = {
      vehicle_type: 'SUV',
      distance: configs.distance ?? DEFAULT_TRANSPORTATION_DISTANCE_KM,
      total_capacity,
      seats_occupied,
    };
    if (defaulted.length > 0) parsed.defaulted = defaulted;
    return parsed;
  }),
);

/**
 * The body of E10 `POST /v3/transportation` with `configs.vehicle_type` SUV.
 *
 * @example
 * ```ts
 * validate(suvRequestSchema, { configs: { vehicle_type: 'SUV', distance: 42 } });
 * ```
 * @remarks Since 0.1.0
 */
export const suvRequestSchema = /* @__PURE__ */ z.object({ configs: suvConfigsSchema });

const vehicleTypeSchema = /* @__PURE__ */ z.object({ configs: z.object({ vehicle_type: z.enum(['BUS', 'SUV']) }) });

/** A parsed E9 request. */
export type BusRequest = z.output<typeof busRequestSchema>;
/** A parsed E10 request. */
export type SuvRequest = z.output<typeof suvRequestSchema>;
/** A parsed request of the shared E9/E10 path. */
export type TransportationRequest = BusRequest | SuvRequest;

/**
 * The body of `POST /v3/transportation`: `configs.vehicle_type` selects E9 (BUS) or E10 (SUV), and
 * problems are reported against that variant only.
 *
 * @example
 * ```ts
 * const parsed = validate(transportationRequestSchema, body);
 * if (parsed.ok) transportationTruecost(parsed.value);
 * ```
 * @remarks Since 0.1.0
 */
export const transportationRequestSchema: z.ZodMiniType<TransportationRequest, unknown> = /* @__PURE__ */ z.pipe(
  z.unknown(),
  z.transform((input, ctx): TransportationRequest => {
    // reportInput: a refused value travels with its issue, so that a wrong vehicle_type or seat_type
    // is told apart from a missing one (`Must be one of "BUS", "SUV".`, not `Required.`).
    const withInput = { reportInput: true };
    const probe = vehicleTypeSchema.safeParse(input, withInput);
    const parsed = !probe.success
      ? probe
      : probe.data.configs.vehicle_type === 'BUS'
        ? busRequestSchema.safeParse(input, withInput)
        : suvRequestSchema.safeParse(input, withInput);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.issues.push(issue as unknown as (typeof ctx.issues)[number]);
    return z.NEVER;
  }),
);

/** The success body of E9, in kg CO2e. */
export const busResponseSchema = /* @__PURE__ */ z.object({
  message: z.string(),
  truecost: z.object({ total: z.number(), seats: z.object({ SEATER: z.number(), SLEEPER: z.number() }) }),
});

/** The success body of E10, in kg CO2e. */
export const suvResponseSchema = /* @__PURE__ */ z.object({
  message: z.string(),
  truecost: z.object({ entire_suv_truecost: z.number(), individual_seat_truecost: z.number() }),
});

/** The E9 success body. */
export type BusResponse = z.output<typeof busResponseSchema>;
/** The E10 success body. */
export type SuvResponse = z.output<typeof suvResponseSchema>;
/** The success body of the shared E9/E10 path. */
export type TransportationResponse = BusResponse | SuvResponse;
/** An E9 request as sent. */
export type BusRequestInput = z.input<typeof busRequestSchema>;
/** An E10 request as sent. */
export type SuvRequestInput = z.input<typeof suvRequestSchema>;
