import { roadAssumptions } from '../data/assumptions.js';
import { coachFuelEconomy, coachSeats } from '../data/coach.js';
import { dieselBusChain } from '../data/road-energy-chains.js';
import { fuelCombustion } from '../data/fuels.js';
import { METHODOLOGY_VERSION } from '../data/version.js';
import { successMessages } from '../errors.js';
import { checkedRequest } from '../validation/checked-request.js';
import {
  busRequestSchema,
  type BusRequest,
  type BusRequestInput,
  type BusResponse,
  type SeatType,
} from '../schemas/transportation.js';
import {
  basisOption,
  countedTotal,
  emissionBasis,
  partsAlong,
  type CalculatorOptions,
  type EmissionParts,
} from './basis.js';
import type { Explained, FactorUse, ItemExplanation } from './explanation.js';
import { withMethodologyVersion, type WithMethodologyVersion } from './methodology.js';
import { roundKilograms } from './rounding.js';

type Seat = BusRequest['queries']['seats'][number];

const SEAT_EQUIVALENTS: Readonly<Record<SeatType, FactorUse>> = {
  SEATER: roadAssumptions.seaterSeatEquivalents,
  SLEEPER: roadAssumptions.sleeperSeatEquivalents,
};

/** kg CO2 per seat-km of the reference coach: its diesel per km shared over its seats. */
const PER_SEAT_KM = fuelCombustion.diesel.value / (coachFuelEconomy.value * coachSeats.value);

/**
 * The bus's size in seat equivalents: for each seat type in the request, its largest total_seats
 * times the floor space of one seat of that type. It sizes the bus (its CO2 in the explanation);
 * a seat's own result does not depend on it.
 */
function capacitySeatEquivalents(seats: readonly Seat[]): number {
  const capacity: Record<SeatType, number> = { SEATER: 0, SLEEPER: 0 };
  for (const seat of seats) capacity[seat.seat_type] = Math.max(capacity[seat.seat_type], seat.total_seats);
  return (
    capacity.SEATER * SEAT_EQUIVALENTS.SEATER.value + capacity.SLEEPER * SEAT_EQUIVALENTS.SLEEPER.value
  );
}

/** Kilograms of CO2 of a bus of `seatEquivalents` seats over `distance` km. */
function busKilograms(distance: number, seatEquivalents: number): number {
  return PER_SEAT_KM * distance * seatEquivalents;
}

/**
 * Kilograms CO2e of a seat element in its two parts: its seats' share of the bus (also a trip's bus leg).
 *
 * @internal
 */
export function seatParts(distance: number, seat: Seat): EmissionParts {
  return partsAlong(busKilograms(distance, SEAT_EQUIVALENTS[seat.seat_type].value * seat.no_of_seats), dieselBusChain);
}

/**
 * E9: the truecost of the booked bus seats. The bus emits the CO2 per seat-km of a reference coach
 * (its diesel per km over its 49 seats) times its size in seat equivalents (a sleeper berth counts
 * 1.5 seats), shared over those seats, empty ones included; so each booked seat carries one seat
 * equivalent's share whatever else the request holds. Returns kg CO2e (well-to-wheel unless
 * `options.basis` is `ttw`), rounded to 3 decimals, summed per seat type; a seat type absent from
 * the request is 0; `total` is the sum, rounded once.
 *
 * @example
 * ```ts
 * busTruecost({ configs: { vehicle_type: 'BUS', distance: 100 }, queries: { seats: [
 *   { seat_type: 'SEATER', no_of_seats: 12, total_seats: 14 },
 *   { seat_type: 'SLEEPER', no_of_seats: 35, total_seats: 40 }] } });
 * // { message: 'Truecost data calculated successfully!', truecost: { total: 149.74, seats: { SEATER: 27.859, SLEEPER: 121.881 } } }
 * ```
 * @throws TruecostValidationError when the schema refuses the request (the `path` and `reason` of the API's 400).
 * @throws RangeError when `options.basis` is neither `wtw` nor `ttw`.
 * @remarks Since 0.1.0
 */
export function busTruecost(input: BusRequestInput, options?: CalculatorOptions): WithMethodologyVersion<BusResponse> {
  return busResult(checkedRequest(busRequestSchema, input), options);
}

/**
 * E9 for a parsed request (the shared E9/E10 path validates the request as a whole).
 *
 * @internal
 */
export function busResult(request: BusRequest, options?: CalculatorOptions): WithMethodologyVersion<BusResponse> {
  const basis = basisOption(options);
  const byType: Record<SeatType, number> = { SEATER: 0, SLEEPER: 0 };
  let total = 0;
  request.queries.seats.forEach((seat) => {
    const kg = countedTotal(seatParts(request.configs.distance, seat), basis);
    byType[seat.seat_type] += kg;
    total += kg;
  });
  return withMethodologyVersion({
    message: successMessages.transportationCalculated,
    truecost: {
      total: roundKilograms(total),
      seats: { SEATER: roundKilograms(byType.SEATER), SLEEPER: roundKilograms(byType.SLEEPER) },
    },
  });
}

/**
 * E9 with its explanation: per seat element, the distance, seats and seat equivalents used, the
 * diesel, fuel-economy and floor-space factors, and each default filled in.
 *
 * @example
 * ```ts
 * explainBusTruecost(request).items[0].quantities.bus_kg_co2; // CO2 of the whole bus
 * ```
 * @throws TruecostValidationError when the schema refuses the request (the `path` and `reason` of the API's 400).
 * @remarks Since 0.1.0
 */
export function explainBusTruecost(input: BusRequestInput, options?: CalculatorOptions): Explained<BusResponse> {
  return explainBusResult(checkedRequest(busRequestSchema, input), options);
}

/**
 * {@link explainBusTruecost} for a parsed request.
 *
 * @internal
 */
export function explainBusResult(request: BusRequest, options?: CalculatorOptions): Explained<BusResponse> {
  const { configs } = request;
  const basis = basisOption(options);
  const capacity = capacitySeatEquivalents(request.queries.seats);
  const items = request.queries.seats.map((seat, index): ItemExplanation => {
    const defaulted = [...(configs.defaulted ?? []), ...(seat.defaulted ?? [])];
    const parts = seatParts(configs.distance, seat);
    return {
      item: `${index}:${seat.seat_type}`,
      basis: emissionBasis(parts, basis),
      quantities: {
        distance_km: configs.distance,
        kg_co2_per_seat_km: PER_SEAT_KM,
        bus_capacity_seat_equivalents: capacity,
        bus_kg_co2: busKilograms(configs.distance, capacity),
        no_of_seats: seat.no_of_seats,
        total_seats: seat.total_seats,
      },
      factors: [
        fuelCombustion.diesel,
        coachFuelEconomy,
        coachSeats,
        SEAT_EQUIVALENTS[seat.seat_type],
        ...dieselBusChain.factors,
      ],
      assumptions: [
        ...defaulted.map((field) => `${field} was not sent; the contract default was used.`),
        'The bus emits the CO2 per seat-km of a 49-seat diesel express coach times its size in seat equivalents (its largest total_seats per seat type); that CO2 is shared over its seats, empty ones included, so each booked seat carries its own seat equivalents.',
        dieselBusChain.note,
      ],
      unrounded: countedTotal(parts, basis),
      methodology_version: METHODOLOGY_VERSION,
    };
  });
  return { result: busResult(request, options), methodologyVersion: METHODOLOGY_VERSION, items };
}
