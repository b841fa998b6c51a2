import {
  DISTANCE_FACTOR,
  KM_PER_NAUTICAL_MILE,
  LOAD_FACTOR,
  LTO_DISTANCE,
  SEAT_AREA_FACTORS,
  TANK_TO_WAKE,
  WELL_TO_TANK,
  type SeatCabin,
} from '../../data/flight/factors.js';
import { seatAreaTotal, type AircraftType, type SeatMap } from './aircraft.js';
import { cargoMassFraction } from './cargo.js';

/**
 * CCD fuel of a type at a CCD distance: linear between the EEA table's points, and linear beyond
 * them with the slope of the nearest segment; never below 0.
 *
 * @returns Kilograms of fuel.
 */
export function ccdFuelKg(type: AircraftType, ccdNm: number): number {
  const nm = type.ccdNm;
  const kg = type.ccdKg;
  const last = nm.length - 1;
  let upper = 1;
  while (upper < last && (nm[upper] as number) < ccdNm) upper += 1;
  const x0 = nm[upper - 1] as number;
  const x1 = nm[upper] as number;
  const y0 = kg[upper - 1] as number;
  const y1 = kg[upper] as number;
  const fuel = y0 + ((y1 - y0) * (ccdNm - x0)) / (x1 - x0);
  return fuel > 0 ? fuel : 0;
}

/** The inputs of the fuel method for one flight; the optional ones override truecost's defaults. */
export interface FuelMethodInputs {
  readonly greatCircleKm: number;
  readonly type: AircraftType;
  readonly cabin: SeatCabin;
  /** Multiplier on LTO and CCD fuel (0.97 for winglet variants). Default 1. */
  readonly fuelFactor?: number;
  /** Flown over great-circle distance. Default 1.052 (TIM). */
  readonly distanceFactor?: number;
  /** Seat map. Default: the type's typical seat map. */
  readonly seats?: SeatMap;
  /** Share of fuel carried for cargo. Default: the T-100 cargo mass fraction of the type's body class and the distance band. */
  readonly cargoShare?: number;
  /** Default 0.845 (TIM). */
  readonly loadFactor?: number;
  /** Multiplier on the tank-to-wake part that estimates non-CO2 effects, reported apart. Default 1 (none). */
  readonly nonCo2Multiplier?: number;
}

/** The fuel method's numbers for one passenger of one flight. */
export interface FuelMethodResult {
  /** Great-circle distance times the distance factor, NM. */
  readonly flownNm: number;
  /** Flown distance less the LTO distance: where the CCD table is read, NM. */
  readonly ccdNm: number;
  /** LTO plus CCD fuel of the whole flight, kg. */
  readonly fuelKg: number;
  /** The cabin asked for: its own seat-area factor is used whether or not the seat map has it. */
  readonly cabin: SeatCabin;
  /** False when the seat map has no seats of the cabin asked for (the factor is still the cabin's own). */
  readonly cabinOnSeatMap: boolean;
  /** Sum of seats times seat-area factor, economy-seat equivalents. */
  readonly seatArea: number;
  readonly areaFactor: number;
  readonly cargoShare: number;
  readonly loadFactor: number;
  /** Fuel per passenger, kg. */
  readonly fuelPerPassengerKg: number;
  /** Tank-to-wake CO2e per passenger, kg. */
  readonly tankToWakeKg: number;
  /** Well-to-tank CO2e per passenger, kg. */
  readonly wellToTankKg: number;
  /** truecost per passenger, well-to-wake: tank-to-wake plus well-to-tank, kg CO2e. */
  readonly perPassengerKg: number;
  /** Estimate of non-CO2 effects per passenger: tank-to-wake times (multiplier - 1), kg; 0 without a multiplier. */
  readonly nonCo2Kg: number;
}

/**
 * The seat-area factor of `cabin` on a body class. The common cabins are read by name: a read by a
 * key that varies (`factors[cabin]`) looks the key up in a global cache on every flight.
 */
function areaFactorOf(body: 'narrow' | 'wide', cabin: SeatCabin): number {
  const factors = body === 'wide' ? SEAT_AREA_FACTORS.wide : SEAT_AREA_FACTORS.narrow;
  return (cabin === 'ECONOMY' ? factors.ECONOMY : cabin === 'BUSINESS' ? factors.BUSINESS : factors[cabin]).value;
}

/** Great-circle distance times the distance factor: the distance flown, NM. */
export function flownNmOf(greatCircleKm: number, distanceFactor: number): number {
  return (greatCircleKm / KM_PER_NAUTICAL_MILE.value) * distanceFactor;
}

/** LTO plus CCD fuel of a whole flight of `flownNm`, kg. */
function flightFuelKg(type: AircraftType, flownNm: number, fuelFactor: number): number {
  return (type.ltoKg + ccdFuelKg(type, flownNm - LTO_DISTANCE.value)) * fuelFactor;
}

/**
 * One passenger's share of a flight's fuel, kg. TIM's rule: every cabin takes its own seat-area
 * factor; the seat map only sets the total area.
 */
function passengerFuelKg(fuelKg: number, cargoShare: number, seatArea: number, areaFactor: number, loadFactor: number): number {
  return (((fuelKg * (1 - cargoShare)) / seatArea) * areaFactor) / loadFactor;
}

/**
 * Fuel per passenger of one flight with every default of {@link fuelMethodPerPassenger} but the
 * seat map, given by its seat area (`type.seatArea` for the typical map), and the load factor
 * (the default unless the carrier publishes one): its `fuelPerPassengerKg`,
 * the same number by the same operations, without the other figures of the explanation (E6 and E7
 * answer this alone).
 */
export function defaultFuelPerPassengerKg(
  greatCircleKm: number,
  type: AircraftType,
  cabin: SeatCabin,
  fuelFactor: number,
  seatArea: number = type.seatArea,
  loadFactor: number = LOAD_FACTOR.value,
): number {
  return passengerFuelKg(
    flightFuelKg(type, flownNmOf(greatCircleKm, DISTANCE_FACTOR.value), fuelFactor),
    cargoMassFraction(type.body, greatCircleKm),
    seatArea,
    areaFactorOf(type.body, cabin),
    loadFactor,
  );
}

/** Applies the fuel method (TIM 3.0 on the EEA 2023 table) to one passenger of one flight. */
export function fuelMethodPerPassenger(inputs: FuelMethodInputs): FuelMethodResult {
  const { type, cabin } = inputs;
  const seats = inputs.seats ?? type.seats;
  const distanceFactor = inputs.distanceFactor ?? DISTANCE_FACTOR.value;
  const cargoShare = inputs.cargoShare ?? cargoMassFraction(type.body, inputs.greatCircleKm);
  const loadFactor = inputs.loadFactor ?? LOAD_FACTOR.value;
  const fuelFactor = inputs.fuelFactor ?? 1;
  const nonCo2Multiplier = inputs.nonCo2Multiplier ?? 1;

  const flownNm = flownNmOf(inputs.greatCircleKm, distanceFactor);
  const ccdNm = flownNm - LTO_DISTANCE.value;
  const fuelKg = flightFuelKg(type, flownNm, fuelFactor);
  const seatArea = inputs.seats === undefined ? type.seatArea : seatAreaTotal(seats, type.body);
  const areaFactor = areaFactorOf(type.body, cabin);
  const fuelPerPassengerKg = passengerFuelKg(fuelKg, cargoShare, seatArea, areaFactor, loadFactor);
  const tankToWakeKg = fuelPerPassengerKg * TANK_TO_WAKE.value;
  const wellToTankKg = fuelPerPassengerKg * WELL_TO_TANK.value;
  return {
    flownNm,
    ccdNm,
    fuelKg,
    cabin,
    cabinOnSeatMap: seats[cabin] > 0,
    seatArea,
    areaFactor,
    cargoShare,
    loadFactor,
    fuelPerPassengerKg,
    tankToWakeKg,
    wellToTankKg,
    perPassengerKg: tankToWakeKg + wellToTankKg,
    nonCo2Kg: tankToWakeKg * (nonCo2Multiplier - 1),
  };
}
