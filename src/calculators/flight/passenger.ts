import { airportLocation, type AirportLocation } from '../../data/flight/airport-locations.js';
import { DISTANCE_FACTOR, LTO_DISTANCE, TANK_TO_WAKE, WELL_TO_TANK } from '../../data/flight/factors.js';
import { DEFAULT_AIRCRAFT_MODEL, type Flight } from '../../schemas/flight.js';
import { genericAircraftFor, resolveAircraft, type AircraftResolution, type AircraftType } from './aircraft.js';
import { carrierLoadFactor, carrierSeatChoice, partnerSeatChoice, type CarrierLoadFactor, type SeatChoice } from './carrier.js';
import { desnzPerPassenger, type DesnzResult } from './desnz.js';
import { carrierAircraftFor, type CarrierAircraft } from './carrier-aircraft.js';
import { defaultFuelPerPassengerKg, flownNmOf, fuelMethodPerPassenger, type FuelMethodResult } from './fuel.js';
import { preparedGreatCircleKm } from './geo.js';
import { countedTotal, type EmissionParts, type EnergyBasis } from '../basis.js';
import type { FlightOptions } from './options.js';

/** A flight's numbers before multiplying by tickets and trips; the explanation is made from these. */
export interface PassengerResult {
  readonly from: AirportLocation;
  readonly to: AirportLocation;
  readonly greatCircleKm: number;
  /** kg CO2e of one passenger one way: tank-to-wake and well-to-tank. */
  readonly perPassenger: EmissionParts;
  /** Estimate of non-CO2 effects per passenger, kg, reported beside the CO2e; 0 unless asked for. */
  readonly nonCo2Kg: number;
  readonly fuel?: FuelDetail;
  readonly desnz?: DesnzResult;
}

/** The fuel method's aircraft: the one asked for, the one used, and why they differ. */
export interface AircraftChoice {
  readonly asked: AircraftResolution | undefined;
  readonly used: AircraftType;
  readonly fuelFactor: number;
  /**
   * Why the generic aircraft stands in: `unknown` when truecost has no data for the aircraft asked
   * for, `default-out-of-range` when the default aircraft (no aircraft named) is beyond its table.
   */
  readonly generic: 'unknown' | 'default-out-of-range' | undefined;
  /** Where the operating carrier's variant or member of a family flies instead of the aircraft asked for, how it was chosen. */
  readonly carrierAircraft?: CarrierAircraft;
}

/** The fuel method's aircraft and its numbers for one passenger. */
export interface FuelDetail extends AircraftChoice {
  readonly result: FuelMethodResult;
  /** The seat map flown where it is not the type's typical one (the flight's `seat_map`, or its carrier's). */
  readonly seatChoice: SeatChoice | undefined;
  /** The load factor the flight's carrier publishes, where it publishes one (else the default). */
  readonly carrierLoadFactor: CarrierLoadFactor | undefined;
}

function airportOf(code: string): AirportLocation {
  const airport = airportLocation(code);
  // The schema admits only known codes; reaching this is a caller that skipped validation.
  if (airport === undefined) throw new RangeError(`Unknown IATA airport code ${code}; validate the request first.`);
  return airport;
}

/** kg CO2e of one passenger one way in its two parts, by the method of `options`. */
export function perPassenger(flight: Flight, options: FlightOptions): PassengerResult {
  const from = airportOf(flight.departure);
  const to = airportOf(flight.arrival);
  const distanceKm = preparedGreatCircleKm(from, to);
  if (options.method === 'desnz-2025') {
    const desnz = desnzPerPassenger(from, to, distanceKm, flight.flight_class, options.desnzRadiativeForcing ?? false);
    return {
      from,
      to,
      greatCircleKm: distanceKm,
      perPassenger: { tankToWheel: desnz.tankToWakeKg, wellToTank: desnz.wellToTankKg },
      nonCo2Kg: desnz.nonCo2Kg,
      desnz,
    };
  }
  const aircraft = aircraftChoice(flight, distanceKm);
  const { used, fuelFactor, generic } = aircraft;
  const choice = seatChoiceOf(flight, used, generic);
  const loadFactor = flight.carrier === undefined ? undefined : carrierLoadFactor(flight.carrier);
  const result = fuelMethodPerPassenger({
    greatCircleKm: distanceKm,
    type: used,
    cabin: flight.flight_class,
    fuelFactor,
    nonCo2Multiplier: options.nonCo2Multiplier ?? 1,
    ...(choice === undefined ? {} : { seats: choice.seats }),
    ...(loadFactor === undefined ? {} : { loadFactor: loadFactor.value }),
  });
  return {
    from,
    to,
    greatCircleKm: distanceKm,
    perPassenger: { tankToWheel: result.tankToWakeKg, wellToTank: result.wellToTankKg },
    nonCo2Kg: result.nonCo2Kg,
    fuel: { ...aircraft, result, seatChoice: choice, carrierLoadFactor: loadFactor },
  };
}

/** The aircraft the fuel method flies for `flight` over `distanceKm` of great circle. */
function aircraftChoice(flight: Flight, distanceKm: number): AircraftChoice {
  const asked = resolveAircraft(flight.aircraft_model);
  const ccdNm = flownNmOf(distanceKm, DISTANCE_FACTOR.value) - LTO_DISTANCE.value;
  if (asked === undefined) return { asked, used: genericAircraftFor(ccdNm), fuelFactor: 1, generic: 'unknown' };
  // The default stands for "no aircraft named", for which the generic aircraft of the distance flies.
  if (flight.aircraft_model === DEFAULT_AIRCRAFT_MODEL && ccdNm > asked.type.rangeNm) {
    return { asked, used: genericAircraftFor(ccdNm), fuelFactor: 1, generic: 'default-out-of-range' };
  }
  // With an operating carrier: its member of a family code, then the variant it states it flies for the type.
  if (flight.carrier !== undefined) {
    const family = asked.support === 'least-in-family' ? asked.code : undefined;
    const carrierAircraft = carrierAircraftFor(flight.carrier, asked.type, family, flight.departure, flight.arrival);
    if (carrierAircraft !== undefined) return { asked, used: carrierAircraft.type, fuelFactor: 1, generic: undefined, carrierAircraft };
  }
  // Beyond its table's last distance a named aircraft keeps its own table, extrapolated linearly (TIM).
  return { asked, used: asked.type, fuelFactor: asked.fuelFactor, generic: undefined };
}

/**
 * The seat map a flight flies where it is not the typical map of `used`: the flight's own
 * `seat_map`, else its carrier's configuration of the type (not for the generic aircraft, which
 * stands for an aircraft truecost does not know). Undefined: the typical map.
 */
export function seatChoiceOf(flight: Flight, used: AircraftType, generic: AircraftChoice['generic']): SeatChoice | undefined {
  if (flight.seat_map !== undefined) return partnerSeatChoice(flight.seat_map, used);
  if (flight.carrier === undefined || generic !== undefined) return undefined;
  return carrierSeatChoice(flight.carrier, used, flight.departure, flight.arrival);
}

/**
 * The figure of {@link perPassenger} on `basis` (kg CO2e of one passenger one way), by the same
 * operations, without the numbers only an explanation shows: the path of E6 and E7, which answer
 * the figure alone.
 */
export function perPassengerKg(flight: Flight, options: FlightOptions, basis: EnergyBasis): number {
  if (options.method === 'desnz-2025') return countedTotal(perPassenger(flight, options).perPassenger, basis);
  const distanceKm = preparedGreatCircleKm(airportOf(flight.departure), airportOf(flight.arrival));
  const { used, fuelFactor, generic } = aircraftChoice(flight, distanceKm);
  let fuelKg: number;
  // A flight without a carrier or a seat map takes the path it took before either existed.
  if (flight.carrier === undefined && flight.seat_map === undefined) fuelKg = defaultFuelPerPassengerKg(distanceKm, used, flight.flight_class, fuelFactor);
  else {
    const seatArea = seatChoiceOf(flight, used, generic)?.seatArea ?? used.seatArea;
    const loadFactor = flight.carrier === undefined ? undefined : carrierLoadFactor(flight.carrier)?.value;
    fuelKg = defaultFuelPerPassengerKg(distanceKm, used, flight.flight_class, fuelFactor, seatArea, loadFactor);
  }
  return countedTotal({ tankToWheel: fuelKg * TANK_TO_WAKE.value, wellToTank: fuelKg * WELL_TO_TANK.value }, basis);
}

/** 2 for a round trip, else 1. */
export function tripsOf(flight: Flight): number {
  return flight.flight_type === 'ROUND_TRIP' ? 2 : 1;
}
