import {
  DISTANCE_FACTOR,
  GENERIC_AIRCRAFT,
  KM_PER_NAUTICAL_MILE,
  LOAD_FACTOR,
  LTO_DISTANCE,
  SEAT_AREA_FACTORS,
  TANK_TO_WAKE,
  WELL_TO_TANK,
  WINGLET_FUEL_FACTOR,
  ltoFuelFactor,
  nonCo2MultiplierFactor,
} from '../../data/flight/factors.js';
import type { FactorUse } from '../../data/factor.js';
import type { Flight } from '../../schemas/flight.js';
import type { AircraftResolution, AircraftType } from './aircraft.js';
import { cargoMassFractionFactor } from './cargo.js';
import { defaultNote, percent, type MethodExplanation } from './explain-common.js';
import type { FlightOptions } from './options.js';
import type { FuelDetail } from './passenger.js';
import { carrierHasRows, type SeatChoice } from './carrier.js';
import type { CarrierAircraft, FamilyMember, FamilyMemberStep } from './carrier-aircraft.js';

/** The fuel method's part of a flight's explanation: distances, aircraft, fuel, seats and factors. */
export function explainFuelMethod(
  flight: Flight,
  options: FlightOptions,
  fuel: FuelDetail,
  greatCircleKm: number,
): MethodExplanation {
  const { result, used } = fuel;
  const cargo = cargoMassFractionFactor(used.body, greatCircleKm);
  const multiplier = options.nonCo2Multiplier ?? 1;
  const seats = fuel.seatChoice?.seats ?? used.seats;
  const quantities: Record<string, number | string> = {
    flown_distance_km: result.flownNm * KM_PER_NAUTICAL_MILE.value,
    flown_distance_nm: result.flownNm,
    ccd_distance_nm: result.ccdNm,
    aircraft_asked: flight.aircraft_model,
    aircraft_used: used.icao,
    aircraft_body: used.body,
    fuel_kg: result.fuelKg,
    seat_map: `F${seats.FIRST} J${seats.BUSINESS} W${seats.PREMIUM_ECONOMY} Y${seats.ECONOMY}`,
    seat_map_source: fuel.seatChoice !== undefined ? seatChoiceSource(fuel.seatChoice) : (used.seatsFrom === 't100' ? 'T-100 median seats, manufacturer split scaled' : 'manufacturer typical layout'),
    seat_area_economy_seats: result.seatArea,
    cabin_in_typical_configuration: result.cabinOnSeatMap ? 'yes' : 'no',
    area_factor: result.areaFactor,
    cargo_share: result.cargoShare,
    load_factor: result.loadFactor,
    non_co2_multiplier: multiplier,
    fuel_per_passenger_kg: result.fuelPerPassengerKg,
    tank_to_wake_kg_per_passenger: result.tankToWakeKg,
    well_to_tank_kg_per_passenger: result.wellToTankKg,
  };
  // Flights that name a carrier or send a seat map also say which step of the chain gave the map.
  if (flight.carrier !== undefined || flight.seat_map !== undefined) {
    quantities['carrier'] = flight.carrier ?? 'none';
    quantities['seat_map_step'] = fuel.seatChoice?.step ?? 'typical';
    quantities['seat_map_row'] = fuel.seatChoice?.row ?? `typical ${used.icao}`;
  }
  // A family code flown with a carrier, or a type the carrier flies as another, says how the aircraft was chosen.
  if (fuel.carrierAircraft !== undefined || (flight.carrier !== undefined && fuel.asked?.support === 'least-in-family')) {
    quantities['aircraft_carrier_step'] = fuel.carrierAircraft?.step ?? 'least-in-family';
    // A family member the carrier states it flies as another variant: the member and how it was chosen.
    const chosen = fuel.carrierAircraft;
    const member = chosen?.step === 'carrier-fleet' ? chosen.member : undefined;
    if (member !== undefined) {
      quantities['aircraft_family_member'] = member.type.icao;
      quantities['aircraft_family_step'] = member.step;
    }
  }
  const factors: FactorUse[] = [KM_PER_NAUTICAL_MILE, DISTANCE_FACTOR, LTO_DISTANCE, ltoFuelFactor(used.icao, used.ltoKg)];
  if (fuel.fuelFactor !== 1) factors.push(WINGLET_FUEL_FACTOR);
  factors.push(
    SEAT_AREA_FACTORS[used.body][result.cabin],
    cargo,
    loadFactorUse(fuel),
    TANK_TO_WAKE,
    WELL_TO_TANK,
    nonCo2MultiplierFactor(multiplier),
  );
  return { quantities, factors, assumptions: fuelAssumptions(flight, fuel, multiplier, cargo) };
}

function fuelAssumptions(flight: Flight, fuel: FuelDetail, multiplier: number, cargo: FactorUse): string[] {
  const { result, used, asked } = fuel;
  const assumptions = [`Aircraft ${flight.aircraft_model}${defaultNote(flight.aircraft_model, '320')}.`];
  if (fuel.generic === 'unknown') {
    assumptions.push(
      `truecost has no fuel or seat data for aircraft ${JSON.stringify(flight.aircraft_model)}; the generic aircraft for the distance is used: ${genericDescription(used)}.`,
    );
  } else if (fuel.generic === 'default-out-of-range' && asked !== undefined) {
    assumptions.push(
      `The default aircraft ${flight.aircraft_model} stands for an aircraft not named; beyond the end of its fuel table (${asked.type.rangeNm} NM, this flight ${result.ccdNm.toFixed(0)} NM) the generic aircraft for the distance is used: ${genericDescription(used)}. A named aircraft other than the default keeps its own table, extrapolated linearly.`,
    );
  } else if (asked !== undefined) {
    assumptions.push(fuel.carrierAircraft === undefined ? supportSentence(asked) : carrierAircraftSentence(asked, flight.carrier ?? '', fuel.carrierAircraft));
  }
  if (result.ccdNm > used.rangeNm) {
    assumptions.push(
      `The distance (${result.ccdNm.toFixed(0)} NM of climb, cruise and descent) exceeds the longest in the fuel table of ${used.icao} (${used.rangeNm} NM); as in TIM, the aircraft keeps its own table, extrapolated linearly from its last two points.`,
    );
  }
  if (result.ccdNm < (used.ccdNm[0] ?? 0)) {
    assumptions.push(`The distance is shorter than the first point of the fuel table of ${used.icao}; its fuel is extrapolated linearly.`);
  }
  if (!result.cabinOnSeatMap) {
    assumptions.push(
      `The ${fuel.seatChoice === undefined ? 'typical configuration' : 'seat map'} of ${used.icao} has no ${flight.flight_class} seats; as in TIM, the cabin still takes its own seat-area factor (${result.areaFactor}) over the seat area of that configuration.`,
    );
  }
  const carrierNote = carrierSentence(flight, fuel);
  if (carrierNote !== undefined) assumptions.push(carrierNote);
  assumptions.push(
    fuel.seatChoice !== undefined
      ? `Seat map of ${used.icao}: ${seatChoiceSentence(fuel.seatChoice)}`
      : used.seatsFrom === 't100'
        ? `Seat map of ${used.icao}: the median total seats per departure flown on the type in US DOT T-100 data, with the manufacturer's typical cabin split scaled to it (docs/flight-seat-maps.md).`
        : `Seat map of ${used.icao}: the manufacturer's typical layout; the type is not in the US DOT T-100 data (docs/flight-seat-maps.md).`,
    `Distance flown is the great-circle distance times ${DISTANCE_FACTOR.value}; ${LTO_DISTANCE.value} NM of it count as the LTO cycle.`,
    `Cargo carries ${percent(cargo.value)} % of the fuel: the cargo mass fraction of ${used.body}-body flights in the flight's 1 000 km great-circle band (${cargo.name}), from two months of US DOT T-100 data, used on every route as TIM uses its band averages outside the United States.`,
    fuel.carrierLoadFactor === undefined
      ? `Load factor ${LOAD_FACTOR.value} (TIM's global default) on every route: no load factor by route or carrier is published in a form truecost can cite (docs/methodology.md, "Load factor and cargo").`
      : `Load factor ${fuel.carrierLoadFactor.value}: the passenger load factor ${fuel.carrierLoadFactor.carrier} publishes for its network, ${fuel.carrierLoadFactor.period} (${fuel.carrierLoadFactor.source}; ${CITED}), instead of TIM's global default ${LOAD_FACTOR.value}.`,
    multiplier === 1
      ? 'Non-CO2 effects (contrails, NOx) are not included.'
      : `Non-CO2 effects are estimated apart, never inside the CO2e figure: the tank-to-wake part times ${multiplier} - 1 (non_co2_estimate_t).`,
  );
  return assumptions;
}

/** The load factor used: the carrier's published one, else TIM's default. */
function loadFactorUse(fuel: FuelDetail): FactorUse {
  const own = fuel.carrierLoadFactor;
  if (own === undefined) return LOAD_FACTOR;
  return {
    name: `Passenger load factor of ${own.carrier}, ${own.period}`,
    value: own.value,
    unit: LOAD_FACTOR.unit,
    source: `${own.source} (data/flight/carrier_seat_maps.yaml; ${CITED})`,
    tag: 'transcribed',
  };
}

/** Why a flight that names a carrier flies the typical map, or undefined when it does not. */
function carrierSentence(flight: Flight, fuel: FuelDetail): string | undefined {
  const carrier = flight.carrier;
  if (carrier === undefined || flight.seat_map !== undefined || fuel.seatChoice !== undefined) return undefined;
  if (fuel.generic !== undefined) return `Carrier ${carrier}: no seat map of a carrier applies to the generic aircraft; the typical map is used.`;
  return `Carrier ${carrier}: truecost's table has no seat map of ${carrier}${carrierHasRows(carrier) ? ` for ${fuel.used.icao}` : ''}; the typical map of the type is used.`;
}

/** Where a carrier's row and load factor are cited. */
const CITED = 'cited in docs/data-sources.md';

/** The explanation's `seat_map_source` of a seat map that is not the typical one. */
function seatChoiceSource(choice: SeatChoice): string {
  return choice.step === 'partner' ? choice.source : `${choice.source} (data/flight/carrier_seat_maps.yaml; ${CITED})`;
}

/** How each step of the chain found the carrier's seat map, for the sentence. */
const STEP_WORDS: Readonly<Record<Exclude<SeatChoice['step'], 'partner'>, string>> = {
  'carrier-config': "the operating carrier's configuration",
  'carrier-route': 'the configuration US DOT T-100 seats per departure show on this route',
  'carrier-mean': "the mean of the operating carrier's configurations, since nothing tells which flies this route",
  'carrier-t100-total': "the operating carrier's US DOT T-100 seats per departure on the type less its premium seats",
};

function seatChoiceSentence(choice: SeatChoice): string {
  const map = `F${choice.seats.FIRST} J${choice.seats.BUSINESS} W${choice.seats.PREMIUM_ECONOMY} Y${choice.seats.ECONOMY}`;
  if (choice.step === 'partner') return `${map}, the seat_map sent with the flight, used as given.`;
  return `${map}, ${STEP_WORDS[choice.step]}: ${choice.row} (${choice.source}; ${CITED}).`;
}

function genericDescription(type: AircraftType): string {
  return type.icao === GENERIC_AIRCRAFT.narrowBody
    ? `the narrow-body ${type.icao} (up to ${type.rangeNm} NM)`
    : `the wide-body ${type.icao} (beyond ${GENERIC_AIRCRAFT.narrowBody}'s range)`;
}

const FAMILY_WORDS: Readonly<Record<FamilyMemberStep, string>> = {
  'carrier-route': 'the member of most of its departures on this route in US DOT T-100 data',
  'carrier-t100': 'the member of most of its departures in US DOT T-100 data (its routes touching the United States)',
  'carrier-fleet-count': 'the member it lists most aircraft of in its fleet',
};

function familySentence(asked: AircraftResolution, carrier: string, member: FamilyMember): string {
  const source = member.step === 'carrier-fleet-count' ? `, ${member.source}; ${CITED}` : '';
  return `${asked.name} names a family; ${carrier}'s member ${member.type.icao} is used: ${FAMILY_WORDS[member.step]} (docs/methodology.md, "Aircraft families by operating carrier"${source}).`;
}

function carrierAircraftSentence(asked: AircraftResolution, carrier: string, chosen: CarrierAircraft): string {
  if (chosen.step !== 'carrier-fleet') return familySentence(asked, carrier, chosen);
  const stated = `${carrier} states it flies ${chosen.member?.type.icao ?? asked.name} as ${chosen.type.icao} (${chosen.source}; ${CITED}): the fuel and seat maps of ${chosen.type.icao} are used.`;
  return chosen.member === undefined ? stated : `${familySentence(asked, carrier, chosen.member)} ${stated}`;
}

function supportSentence(asked: AircraftResolution): string {
  switch (asked.support) {
    case 'direct':
      return `${asked.name} uses the EEA data of ${asked.type.icao}.`;
    case 'winglet':
      return `${asked.name} is a winglet or sharklet variant: the fuel of ${asked.type.icao} less ${percent(1 - WINGLET_FUEL_FACTOR.value)} %.`;
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
