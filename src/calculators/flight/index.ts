import { METHODOLOGY_VERSION } from '../../data/version.js';
import { successMessages } from '../../errors.js';
import { checkedRequest } from '../../validation/checked-request.js';
import {
  bulkFlightRequestSchema,
  flightRequestSchema,
  type BulkFlightInput,
  type BulkFlightResults,
  type Flight,
  type FlightRequestInput,
  type FlightResponse,
} from '../../schemas/flight.js';
import type { Explained, ItemExplanation } from '../explanation.js';
import { withMethodologyVersion, type WithMethodologyVersion } from '../methodology.js';
import { KG_PER_TONNE, tonnesString } from '../rounding.js';
import { emissionsOf, flightKilograms } from './emissions.js';
import { checkFlightOptions, type FlightOptions } from './options.js';

export { flightEmissions, type FlightEmissions } from './emissions.js';
export type { FlightMethod, FlightOptions } from './options.js';
export { airportByIata, type Airport, type Coordinates } from '../../data/flight/airport-index.js';
export { greatCircleKm } from './geo.js';

/**
 * The flight_id of each flight: the partner's where sent, else `flight-<position>` (1-based),
 * suffixed `-2`, `-3`, ... while it would collide with an id of the same request. Deterministic.
 */
export function assignFlightIds(flights: readonly { readonly flight_id?: string | undefined }[]): string[] {
  const taken = new Set<string>();
  for (const flight of flights) if (flight.flight_id !== undefined) taken.add(flight.flight_id);
  return flights.map((flight, index) => {
    if (flight.flight_id !== undefined) return flight.flight_id;
    const base = `flight-${index + 1}`;
    let id = base;
    for (let suffix = 2; taken.has(id); suffix += 1) id = `${base}-${suffix}`;
    taken.add(id);
    return id;
  });
}

/**
 * The E6 answer for a request as a partner sends it: checked with `flightRequestSchema` as the API
 * checks it (a value `validate` returned is not checked again), defaults filled in.
 *
 * @returns Exactly the E6 success body: the message and, in request order, each flight's id and
 *   truecost in tonnes CO2e as a string with 6 decimals. Flights sent without an id get one
 *   (see {@link assignFlightIds}).
 * @throws `TruecostValidationError` when the schema refuses the request (its `path` and
 *   `reason` are those of the API's 400); RangeError when an option is out of range.
 * @example
 * ```ts
 * flightTruecost({ queries: { flights: [{ departure: 'DEL', arrival: 'BOM', no_of_tickets: 1 }] } });
 * // { message: 'Truecost calculated successfully', truecost: [{ flight_id: 'flight-1', truecost: '0.115961' }] }
 * ```
 * @remarks Since 0.1.0
 */
export function flightTruecost(request: FlightRequestInput, options: FlightOptions = {}): WithMethodologyVersion<FlightResponse> {
  const basis = checkFlightOptions(options);
  const flights = checkedRequest(flightRequestSchema, request).queries.flights;
  const ids = assignFlightIds(flights);
  const truecost = flights.map((flight, index) => ({
    flight_id: ids[index] ?? '',
    truecost: tonnesString(flightKilograms(flight, options, basis) / KG_PER_TONNE),
  }));
  return withMethodologyVersion({ message: successMessages.truecostCalculated, truecost });
}

/**
 * The E6 answer with the explanation of every flight; the request is checked as by {@link flightTruecost}.
 *
 * @returns The body of {@link flightTruecost}, the methodology version, and per flight the
 *   distances, aircraft asked and used, fuel, seats, factors and assumptions.
 * @example
 * ```ts
 * const { result, items } = explainFlightTruecost({ queries: { flights: [{ departure: 'DEL', arrival: 'BOM', no_of_tickets: 1 }] } });
 * items[0].quantities.aircraft_used; // 'A320'
 * ```
 * @remarks Since 0.1.0
 */
export function explainFlightTruecost(request: FlightRequestInput, options: FlightOptions = {}): Explained<FlightResponse> {
  const flights = checkedRequest(flightRequestSchema, request).queries.flights;
  const ids = assignFlightIds(flights);
  const items: ItemExplanation[] = [];
  const truecost = flights.map((flight: Flight, index) => {
    const flightId = ids[index] ?? '';
    const emissions = emissionsOf(flight, options, flightId);
    items.push(emissions.explanation);
    return { flight_id: flightId, truecost: tonnesString(emissions.tonnes) };
  });
  return {
    result: withMethodologyVersion({ message: successMessages.truecostCalculated, truecost }),
    methodologyVersion: METHODOLOGY_VERSION,
    items,
  };
}

/**
 * The body delivered for an E7 job.
 *
 * @param request - An E7 request: an array of flights, checked with `bulkFlightRequestSchema`
 *   (a value `validate` returned is not checked again).
 * @returns An object from each flight_id to its truecost in tonnes CO2e, a string with 6 decimals,
 *   and the non-enumerable `methodologyVersion` of every result (where no flight took that id).
 * @throws `TruecostValidationError` when the schema refuses the request.
 * @example
 * ```ts
 * bulkFlightResults([{ flight_id: 'a', departure: 'DEL', arrival: 'BOM', no_of_tickets: 1,
 *   aircraft_model: '320', flight_class: 'ECONOMY', flight_type: 'ONE_WAY' }]);
 * // { a: '0.115961' }
 * ```
 * @remarks Since 0.1.0
 */
export function bulkFlightResults(request: readonly BulkFlightInput[], options: FlightOptions = {}): WithMethodologyVersion<BulkFlightResults> {
  const basis = checkFlightOptions(options);
  const results: BulkFlightResults = {};
  for (const flight of checkedRequest(bulkFlightRequestSchema, request)) {
    const value = tonnesString(flightKilograms(flight, options, basis) / KG_PER_TONNE);
    // Assigning "__proto__" would set the prototype instead of adding the key.
    if (flight.flight_id === '__proto__') {
      Object.defineProperty(results, flight.flight_id, { value, enumerable: true, writable: true, configurable: true });
    } else results[flight.flight_id] = value;
  }
  // The flight ids are the partner's: one named methodologyVersion keeps its figure under that key.
  return (Object.hasOwn(results, 'methodologyVersion') ? results : withMethodologyVersion(results)) as WithMethodologyVersion<BulkFlightResults>;
}
