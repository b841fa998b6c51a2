import { METHODOLOGY_VERSION } from '../../data/version.js';
import { successMessages } from '../../errors.js';
import { checkedRequest } from '../../validation/checked-request.js';
import {
  tripRequestSchema,
  type SentTripLeg,
  type TripLeg,
  type TripLegResult,
  type TripRequest,
  type TripRequestInput,
  type TripResponse,
} from '../../schemas/trip.js';
import type { Explained } from '../explanation.js';
import { placedLegs, withDistance, type DistanceMode, type PlacedLeg, type PlacesOption } from '../leg-distance.js';
import { withMethodologyVersion, type WithMethodologyVersion } from '../methodology.js';
import { checkFlightOptions, type FlightOptions } from '../flight/options.js';
import { roundKilograms } from '../rounding.js';
import { explainLeg } from './explain.js';
import { legFigure, type LegFigure } from './legs.js';

/**
 * Options of a trip: the basis (`wtw`, the default, or `ttw`) of every transport leg, the flight
 * method and its options for the flight legs, as {@link flightTruecost} takes them, and since 0.6.0
 * `places` of `truecost/places` for ground and sea legs given by `origin` and `destination`.
 */
export type TripOptions = FlightOptions & PlacesOption;

/** The distance rule of a ground or sea leg given by places: rail, sea for a ferry, else road. */
const distanceMode = (leg: SentTripLeg): DistanceMode => (leg.mode === 'rail' ? 'rail' : leg.mode === 'ferry' ? 'sea' : 'road');

/** The legs with their distances, those given by places resolved (docs/methodology.md, "Distances from places"). */
function tripLegs(request: TripRequest, options: TripOptions): PlacedLeg<TripLeg>[] {
  return placedLegs(request.trip.legs, 'distance_km', distanceMode, options.places, 'trip.legs');
}

/** The trip_id answered when the request sends none. */
export const DEFAULT_TRIP_ID = 'trip-1';

/**
 * The leg_id of each leg: the partner's where sent, else `leg-<position>` (1-based), suffixed `-2`,
 * `-3`, ... while it would collide with an id of the same trip.
 */
export function assignLegIds(legs: readonly { readonly leg_id?: string | undefined }[]): string[] {
  const taken = new Set<string>();
  for (const leg of legs) if (leg.leg_id !== undefined) taken.add(leg.leg_id);
  return legs.map((leg, index) => {
    if (leg.leg_id !== undefined) return leg.leg_id;
    const base = `leg-${index + 1}`;
    let id = base;
    for (let suffix = 2; taken.has(id); suffix += 1) id = `${base}-${suffix}`;
    taken.add(id);
    return id;
  });
}

/** A leg's answer: kg, and for transport its two parts, each rounded to the gram; the parts sum to kg. */
function legResult(legId: string, leg: TripLeg, figure: LegFigure): TripLegResult {
  const kg = roundKilograms(figure.kg);
  if (figure.kind === 'hotel') return { leg_id: legId, mode: leg.mode, kg };
  const tankToWheel = roundKilograms(figure.parts.tankToWheel);
  return { leg_id: legId, mode: leg.mode, kg, tank_to_wheel_kg: tankToWheel, well_to_tank_kg: roundKilograms(kg - tankToWheel) };
}

function computed(request: TripRequest, options: TripOptions): { response: WithMethodologyVersion<TripResponse>; legs: readonly TripLeg[]; placed: readonly PlacedLeg<TripLeg>[]; ids: readonly string[]; figures: readonly LegFigure[] } {
  const basis = checkFlightOptions(options);
  const placed = tripLegs(request, options);
  const legs = placed.map(({ leg }) => leg);
  const ids = assignLegIds(legs);
  let total = 0;
  const figures = legs.map((leg, index) => {
    const figure = legFigure(leg, options, basis, ids[index] ?? '');
    total += figure.kg;
    return figure;
  });
  const response = withMethodologyVersion<TripResponse>({
    message: successMessages.truecostCalculated,
    trip: {
      trip_id: request.trip.trip_id ?? DEFAULT_TRIP_ID,
      total_kg: roundKilograms(total),
      legs: figures.map((figure, index) => legResult(ids[index] ?? '', legs[index] as TripLeg, figure)),
    },
  });
  return { response, legs, placed, ids, figures };
}

/**
 * The truecost of a whole booking: every leg (flight, rail, bus, coach, taxi, car, ferry, hotel) in
 * kg CO2e, in request order, and their total. A flight leg is E6's figure for the same flight (a
 * round trip both ways), a bus leg E9's for one seat per passenger, a car leg E8's per-km model;
 * rail, coach, taxi and ferry legs take DESNZ 2025 factors, Indian rail Indian Railways' own energy
 * and traffic; a hotel stay DESNZ's factor per room-night, outside the transport basis.
 *
 * @returns kg CO2e per leg (well-to-wheel unless `options.basis` is `ttw`) with its tank-to-wheel
 *   and well-to-tank parts, each rounded to the gram, and the total of the unrounded legs, rounded
 *   once. Legs sent without a leg_id get `leg-<n>`; a trip without a trip_id is `trip-1`.
 * @throws TruecostValidationError when the schema refuses the request (the `path` and `reason` of the API's 400).
 * @throws RangeError when an option is out of range.
 * @example
 * ```ts
 * tripTruecost({ trip: { legs: [
 *   { mode: 'rail', distance_km: 1384, country: 'IN', rail_class: '3A' },
 *   { mode: 'hotel', country: 'IN', nights: 2 }] } });
 * // { message: 'Truecost calculated successfully', trip: { trip_id: 'trip-1', total_kg: ..., legs: [...] } }
 * ```
 * @remarks Since 0.4.0
 */
export function tripTruecost(request: TripRequestInput, options: TripOptions = {}): WithMethodologyVersion<TripResponse> {
  return computed(checkedRequest(tripRequestSchema, request), options).response;
}

/**
 * {@link tripTruecost} with the explanation of every leg: the quantities, factors with their
 * sources, assumptions and basis (a hotel stay's basis is `hotel-stay`, without transport parts).
 *
 * @example
 * ```ts
 * explainTripTruecost(request).items[1].factors[0].source; // the DESNZ hotel row
 * ```
 * @throws TruecostValidationError when the schema refuses the request.
 * @remarks Since 0.5.0 (as `explainTrip` since 0.4.0)
 */
export function explainTripTruecost(request: TripRequestInput, options: TripOptions = {}): Explained<TripResponse> {
  const { response, legs, placed, ids, figures } = computed(checkedRequest(tripRequestSchema, request), options);
  const basis = checkFlightOptions(options);
  return {
    result: response,
    methodologyVersion: METHODOLOGY_VERSION,
    items: legs.map((leg, index) => {
      const { route, distance } = placed[index]!;
      return withDistance(explainLeg(leg, ids[index] ?? '', figures[index] as LegFigure, options, basis), route, distance);
    }),
  };
}

/**
 * The former name of {@link explainTripTruecost}, the same function.
 *
 * @deprecated Use `explainTripTruecost`, named as every other calculator's explanation; `explainTrip`
 * is removed in 1.0.0 (docs/versioning.md).
 * @remarks Since 0.4.0
 */
export const explainTrip: typeof explainTripTruecost = explainTripTruecost;
