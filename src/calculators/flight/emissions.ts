import { checkedRequest } from '../../validation/checked-request.js';
import { flightSchema, type Flight, type FlightInput } from '../../schemas/flight.js';
import { countedTotal, scaleParts, type EnergyBasis } from '../basis.js';
import type { ItemExplanation } from '../explanation.js';
import { KG_PER_TONNE } from '../rounding.js';
import { explainFlight } from './explain.js';
import { checkFlightOptions, type FlightOptions } from './options.js';
import { perPassenger, perPassengerKg, tripsOf } from './passenger.js';

/** One flight's result before rounding, with its explanation. */
export interface FlightEmissions {
  /** kg CO2e for all tickets, both ways for a round trip. */
  readonly kilograms: number;
  /** The same in tonnes CO2e. */
  readonly tonnes: number;
  readonly explanation: ItemExplanation;
}

/**
 * kg CO2e of one validated flight on `basis` (what `checkFlightOptions` returned for `options`),
 * without an explanation: the fast path of E6 and E7.
 *
 * @internal
 */
export function flightKilograms(flight: Flight, options: FlightOptions, basis: EnergyBasis): number {
  return perPassengerKg(flight, options, basis) * flight.no_of_tickets * tripsOf(flight);
}

/**
 * The truecost of one flight (E6 or E7 element), unrounded, with its explanation.
 *
 * @param flight - A flight, checked with `flightSchema` (defaults filled in).
 * @param item - How the explanation names the flight, usually its flight_id.
 * @returns kg and tonnes CO2e for all tickets (both ways for a round trip), and the explanation.
 * @throws TruecostValidationError when `flightSchema` refuses the flight; RangeError when an option is out of range.
 * @example
 * ```ts
 * const { tonnes } = flightEmissions({
 *   departure: 'DEL', arrival: 'BOM', no_of_tickets: 1,
 *   aircraft_model: '320', flight_class: 'ECONOMY', flight_type: 'ONE_WAY',
 * });
 * // tonnes is about 0.115961 (A320, 161 seats, 1 137 km)
 * ```
 * @remarks Since 0.1.0
 */
export function flightEmissions(flight: FlightInput, options: FlightOptions = {}, item = ''): FlightEmissions {
  return emissionsOf(checkedRequest(flightSchema, flight), options, item);
}

/**
 * {@link flightEmissions} for a flight of a parsed request.
 *
 * @internal
 */
export function emissionsOf(flight: Flight, options: FlightOptions = {}, item = ''): FlightEmissions {
  const basis = checkFlightOptions(options);
  const passenger = perPassenger(flight, options);
  const trips = tripsOf(flight);
  const kilograms = countedTotal(passenger.perPassenger, basis) * flight.no_of_tickets * trips;
  const tonnes = kilograms / KG_PER_TONNE;
  const tonnesParts = scaleParts(passenger.perPassenger, (flight.no_of_tickets * trips) / KG_PER_TONNE);
  return { kilograms, tonnes, explanation: explainFlight(flight, options, item, passenger, trips, tonnes, tonnesParts, basis) };
}
