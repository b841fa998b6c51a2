import { FUEL_TABLE_VERSION } from '../../data/flight/aircraft-performance.js';
import {
  DESNZ_LONG_HAUL_FROM,
  DISTANCE_FACTOR,
  EARTH_RADIUS,
  GENERIC_AIRCRAFT,
  KM_PER_NAUTICAL_MILE,
  LOAD_FACTOR,
  LTO_DISTANCE,
  SEAT_AREA_FACTORS,
  TANK_TO_WAKE,
  WELL_TO_TANK,
  WINGLET_FUEL_FACTOR,
} from '../../data/flight/factors.js';
import { FLIGHT_DATA_VERSION } from '../../data/flight/version.js';
import type { Flight } from '../../schemas/flight.js';
import type { FactorUse, ItemExplanation } from '../explanation.js';
import { genericAircraftFor, resolveAircraft, type AircraftResolution, type AircraftType } from './aircraft.js';
import { desnzPerPassenger, type DesnzResult } from './desnz.js';
import { fuelMethodPerPassenger, type FuelMethodResult } from './fuel.js';
import { airportByIata, greatCircleKm, type Airport } from './geo.js';

/** `fuel`: TIM 3.0 on the EEA 2023 fuel table (the default). `desnz-2025`: UK DESNZ 2025 factors. */
export type FlightMethod = 'fuel' | 'desnz-2025';

/** How flights are calculated. Every field is optional; the defaults are truecost's method. */
export interface FlightOptions {
  /** Default `fuel`. */
  readonly method?: FlightMethod;
  /**
   * Fuel method: multiplier on the tank-to-wake (CO2) part for non-CO2 effects, such as DESNZ's 1.7.
   * Default 1 (non-CO2 effects left out). Not used by `desnz-2025`, which has its own RF switch.
   */
  readonly nonCo2Multiplier?: number;
  /** DESNZ method: use the "with RF" factors. Default false. */
  readonly desnzRadiativeForcing?: boolean;
  /** DESNZ method: add the well-to-tank factor, as truecost is well-to-wake. Default true. */
  readonly desnzWellToTank?: boolean;
}

/** One flight's result before rounding, with its explanation. */
export interface FlightEmissions {
  /** kg CO2e for all tickets, both ways for a round trip. */
  readonly kilograms: number;
  /** The same in tonnes CO2e. */
  readonly tonnes: number;
  readonly explanation: ItemExplanation;
}

/** A flight's numbers before multiplying by tickets and trips; the explanation is made from these. */
interface PassengerResult {
  readonly from: Airport;
  readonly to: Airport;
  readonly greatCircleKm: number;
  readonly perPassengerKg: number;
  readonly fuel?: FuelDetail;
  readonly desnz?: DesnzResult;
}

interface FuelDetail {
  readonly asked: AircraftResolution | undefined;
  readonly used: AircraftType;
  readonly fuelFactor: number;
  readonly generic: 'unknown' | 'out-of-range' | undefined;
  readonly result: FuelMethodResult;
}

/**
 * Refuses options out of range (a programming error, not bad input).
 *
 * @internal
 */
export function checkFlightOptions(options: FlightOptions): void {
  const multiplier = options.nonCo2Multiplier;
  if (multiplier !== undefined && !(Number.isFinite(multiplier) && multiplier >= 0)) {
    throw new RangeError('nonCo2Multiplier must be a finite number of at least 0.');
  }
}

function airportOf(code: string): Airport {
  const airport = airportByIata(code);
  // The schema admits only known codes; reaching this is a caller that skipped validation.
  if (airport === undefined) throw new RangeError(`Unknown IATA airport code ${code}; validate the request first.`);
  return airport;
}

function perPassenger(flight: Flight, options: FlightOptions): PassengerResult {
  const from = airportOf(flight.departure);
  const to = airportOf(flight.arrival);
  const distanceKm = greatCircleKm(from, to);
  if (options.method === 'desnz-2025') {
    const desnz = desnzPerPassenger(
      from,
      to,
      distanceKm,
      flight.flight_class,
      options.desnzRadiativeForcing ?? false,
      options.desnzWellToTank ?? true,
    );
    return { from, to, greatCircleKm: distanceKm, perPassengerKg: desnz.perPassengerKg, desnz };
  }
  const asked = resolveAircraft(flight.aircraft_model);
  const ccdNm = (distanceKm / KM_PER_NAUTICAL_MILE.value) * DISTANCE_FACTOR.value - LTO_DISTANCE.value;
  let used: AircraftType;
  let fuelFactor = 1;
  let generic: FuelDetail['generic'];
  if (asked === undefined) {
    used = genericAircraftFor(ccdNm);
    generic = 'unknown';
  } else if (ccdNm > asked.type.rangeNm) {
    used = genericAircraftFor(ccdNm);
    generic = 'out-of-range';
  } else {
    used = asked.type;
    fuelFactor = asked.fuelFactor;
  }
  const result = fuelMethodPerPassenger({
    greatCircleKm: distanceKm,
    type: used,
    cabin: flight.flight_class,
    fuelFactor,
    nonCo2Multiplier: options.nonCo2Multiplier ?? 1,
  });
  return {
    from,
    to,
    greatCircleKm: distanceKm,
    perPassengerKg: result.perPassengerKg,
    fuel: { asked, used, fuelFactor, generic, result },
  };
}

function tripsOf(flight: Flight): number {
  return flight.flight_type === 'ROUND_TRIP' ? 2 : 1;
}

/**
 * kg CO2e of one validated flight, without an explanation: the fast path of E6 and E7.
 *
 * @internal
 */
export function flightKilograms(flight: Flight, options: FlightOptions = {}): number {
  return perPassenger(flight, options).perPassengerKg * flight.no_of_tickets * tripsOf(flight);
}

/**
 * The truecost of one validated flight (E6 or E7 element), unrounded, with its explanation.
 *
 * @param flight - A flight as the flight schemas return it (defaults filled in).
 * @param item - How the explanation names the flight, usually its flight_id.
 * @returns kg and tonnes CO2e for all tickets (both ways for a round trip), and the explanation.
 * @throws RangeError when an airport code is unknown (validate first) or an option is out of range.
 * @example
 * ```ts
 * const { tonnes } = flightEmissions({
 *   departure: 'DEL', arrival: 'BOM', no_of_tickets: 1,
 *   aircraft_model: '320', flight_class: 'ECONOMY', flight_type: 'ONE_WAY',
 * });
 * // tonnes is about 0.108396 (A320, 180 seats, 1 137 km)
 * ```
 * @remarks Since 0.1.0
 */
export function flightEmissions(flight: Flight, options: FlightOptions = {}, item = ''): FlightEmissions {
  checkFlightOptions(options);
  const passenger = perPassenger(flight, options);
  const trips = tripsOf(flight);
  const kilograms = passenger.perPassengerKg * flight.no_of_tickets * trips;
  const tonnes = kilograms / 1000;
  return { kilograms, tonnes, explanation: explain(flight, options, item, passenger, trips, tonnes) };
}

function defaultNote(value: string, fallback: string): string {
  return value === fallback ? ' (also the default when the field is left out)' : '';
}

function commonAssumptions(flight: Flight, trips: number): string[] {
  return [
    `Cabin ${flight.flight_class}${defaultNote(flight.flight_class, 'ECONOMY')}.`,
    `${trips === 2 ? 'Round trip: twice the one-way result' : 'One way'}${defaultNote(flight.flight_type, 'ONE_WAY')}.`,
  ];
}

function explain(
  flight: Flight,
  options: FlightOptions,
  item: string,
  passenger: PassengerResult,
  trips: number,
  tonnes: number,
): ItemExplanation {
  const quantities: Record<string, number | string> = {
    method: options.method ?? 'fuel',
    flight_data_version: FLIGHT_DATA_VERSION,
    departure: passenger.from.iata,
    arrival: passenger.to.iata,
    great_circle_km: passenger.greatCircleKm,
    tickets: flight.no_of_tickets,
    trips,
    per_passenger_kg_co2e: passenger.perPassengerKg,
  };
  const factors: FactorUse[] = [EARTH_RADIUS];
  const assumptions = commonAssumptions(flight, trips);
  const { fuel, desnz } = passenger;
  if (fuel !== undefined) {
    explainFuel(flight, options, fuel, quantities, factors, assumptions);
  } else if (desnz !== undefined) {
    explainDesnz(flight, options, desnz, quantities, factors, assumptions);
  }
  const wellToTankCounted = desnz === undefined || desnz.wellToTankFactor > 0;
  return {
    item,
    basis: { gases: 'CO2e', scope: wellToTankCounted ? 'well-to-wake' : 'tank-to-wake' },
    quantities,
    factors,
    assumptions,
    unrounded: tonnes,
  };
}

function explainFuel(
  flight: Flight,
  options: FlightOptions,
  fuel: FuelDetail,
  quantities: Record<string, number | string>,
  factors: FactorUse[],
  assumptions: string[],
): void {
  const { result, used, asked } = fuel;
  const multiplier = options.nonCo2Multiplier ?? 1;
  Object.assign(quantities, {
    flown_distance_km: result.flownNm * KM_PER_NAUTICAL_MILE.value,
    flown_distance_nm: result.flownNm,
    ccd_distance_nm: result.ccdNm,
    aircraft_asked: flight.aircraft_model,
    aircraft_used: used.icao,
    aircraft_body: used.body,
    fuel_kg: result.fuelKg,
    seat_map: `F${used.seats.FIRST} J${used.seats.BUSINESS} W${used.seats.PREMIUM_ECONOMY} Y${used.seats.ECONOMY}`,
    seat_area_economy_seats: result.seatArea,
    cabin_in_typical_configuration: result.cabinOnSeatMap ? 'yes' : 'no',
    area_factor: result.areaFactor,
    cargo_share: result.cargoShare,
    load_factor: result.loadFactor,
    non_co2_multiplier: multiplier,
    fuel_per_passenger_kg: result.fuelPerPassengerKg,
    tank_to_wake_kg_per_passenger: result.tankToWakeKg,
    well_to_tank_kg_per_passenger: result.wellToTankKg,
  });
  factors.push(KM_PER_NAUTICAL_MILE, DISTANCE_FACTOR, LTO_DISTANCE, {
    name: `LTO fuel of ${used.icao}`,
    value: used.ltoKg,
    unit: 'kg',
    source: `EMEP/EEA air pollutant emission inventory guidebook 2023, 1.A.3.a Aviation, Annex 1 Master emissions calculator ${FUEL_TABLE_VERSION} (EUROCONTROL data)`,
    tag: 'transcribed',
  });
  if (fuel.fuelFactor !== 1) factors.push(WINGLET_FUEL_FACTOR);
  factors.push(SEAT_AREA_FACTORS[used.body][result.cabin], used.cargoShare, LOAD_FACTOR, TANK_TO_WAKE, WELL_TO_TANK);
  factors.push({
    name: 'Non-CO2 multiplier on the tank-to-wake part',
    value: multiplier,
    unit: 'factor',
    source: multiplier === 1 ? 'truecost default: non-CO2 effects left out (as TIM and ICAO)' : 'caller option nonCo2Multiplier',
    tag: multiplier === 1 ? 'verified' : 'assumed',
  });

  assumptions.push(`Aircraft ${flight.aircraft_model}${defaultNote(flight.aircraft_model, '320')}.`);
  if (fuel.generic === 'unknown') {
    assumptions.push(
      `truecost has no fuel or seat data for aircraft ${JSON.stringify(flight.aircraft_model)}; the generic aircraft for the distance is used: ${genericDescription(used)}.`,
    );
  } else if (fuel.generic === 'out-of-range' && asked !== undefined) {
    assumptions.push(
      `${asked.name} (${asked.type.icao}) cannot fly ${result.ccdNm.toFixed(0)} NM (its table ends at ${asked.type.rangeNm} NM); the generic aircraft for the distance is used: ${genericDescription(used)}.`,
    );
  } else if (asked !== undefined) {
    assumptions.push(supportSentence(asked));
  }
  if (result.ccdNm > used.rangeNm) {
    assumptions.push(`The distance exceeds the longest in the fuel table of ${used.icao} (${used.rangeNm} NM); its fuel is extrapolated linearly.`);
  }
  if (result.ccdNm < (used.ccdNm[0] ?? 0)) {
    assumptions.push(`The distance is shorter than the first point of the fuel table of ${used.icao}; its fuel is extrapolated linearly.`);
  }
  if (!result.cabinOnSeatMap) {
    assumptions.push(
      `The typical configuration of ${used.icao} has no ${flight.flight_class} seats; as in TIM, the cabin still takes its own seat-area factor (${result.areaFactor}) over the seat area of that configuration.`,
    );
  }
  assumptions.push(
    `Distance flown is the great-circle distance times ${DISTANCE_FACTOR.value}; ${LTO_DISTANCE.value} NM of it count as the LTO cycle.`,
    `Load factor ${LOAD_FACTOR.value} (TIM global default) and cargo share ${used.cargoShare.value} (${used.body}-body, truecost default) are defaults, not route data.`,
    multiplier === 1
      ? 'Non-CO2 effects (contrails, NOx) are not included.'
      : `Non-CO2 effects included by multiplying the tank-to-wake part by ${multiplier}.`,
  );
}

function genericDescription(type: AircraftType): string {
  return type.icao === GENERIC_AIRCRAFT.narrowBody
    ? `the narrow-body ${type.icao} (up to ${type.rangeNm} NM)`
    : `the wide-body ${type.icao} (beyond ${GENERIC_AIRCRAFT.narrowBody}'s range)`;
}

function supportSentence(asked: AircraftResolution): string {
  switch (asked.support) {
    case 'direct':
      return `${asked.name} uses the EEA data of ${asked.type.icao}.`;
    case 'winglet':
      return `${asked.name} is a winglet or sharklet variant: the fuel of ${asked.type.icao} less 3 %.`;
    case 'previous-gen':
      return `${asked.name} is not in the EEA data; its previous generation ${asked.type.icao} is used (TIM mapping).`;
    case 'least-in-family':
      return `${asked.name} names a family; its least efficient member ${asked.type.icao} is used (TIM mapping).`;
    case 'similar':
      return `${asked.name} is not in the EEA data; the similar type ${asked.type.icao} is used (TIM mapping).`;
    case 'icao-designator':
      return `${asked.code} was read as an ICAO type designator.`;
  }
}

function explainDesnz(
  flight: Flight,
  options: FlightOptions,
  desnz: DesnzResult,
  quantities: Record<string, number | string>,
  factors: FactorUse[],
  assumptions: string[],
): void {
  const rf = options.desnzRadiativeForcing ?? false;
  const [haul, cabin, , , , factorId] = desnz.choice.row;
  Object.assign(quantities, { desnz_haul: haul, desnz_class: cabin });
  const source = `UK DESNZ GHG conversion factors 2025, Business travel- air, ${haul} ${cabin} (${factorId}), OGL v3`;
  factors.push({
    name: `DESNZ 2025 ${haul} ${cabin} ${rf ? 'with RF' : 'without RF'}`,
    value: desnz.directFactor,
    unit: 'kg CO2e/passenger-km',
    source,
    tag: 'transcribed',
  });
  if (desnz.wellToTankFactor > 0) {
    factors.push({
      name: `DESNZ 2025 well-to-tank ${haul} ${cabin}`,
      value: desnz.wellToTankFactor,
      unit: 'kg CO2e/passenger-km',
      source: source.replace('Business travel- air', 'WTT- business travel- air'),
      tag: 'transcribed',
    });
  }
  if (haul === 'short-haul' || haul === 'long-haul') factors.push(DESNZ_LONG_HAUL_FROM);
  assumptions.push(
    `DESNZ method: the factor applies to the great-circle distance (DESNZ's 8 % uplift is inside the factor); the aircraft ${JSON.stringify(flight.aircraft_model)} is not used.`,
    rf
      ? 'Radiative forcing included as in DESNZ (x1.7 on the CO2 part).'
      : 'Radiative forcing not included (DESNZ "without RF" factors).',
    desnz.wellToTankFactor > 0 ? 'Well-to-tank factor added.' : 'Well-to-tank factor left out.',
  );
  if (desnz.choice.cabinUsed !== flight.flight_class) {
    assumptions.push(
      `DESNZ has no ${flight.flight_class} factor for ${haul} flights; its average-passenger factor is used, as DESNZ advises when the class is unknown.`,
    );
  }
  if ((options.nonCo2Multiplier ?? 1) !== 1) {
    assumptions.push('The nonCo2Multiplier option applies to the fuel method only and was not used.');
  }
}
