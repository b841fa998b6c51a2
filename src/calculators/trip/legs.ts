import { desnzCoach, desnzFerry, desnzRail, desnzTaxi, type DesnzPassengerRow } from '../../data/desnz-2025-passenger.js';
import { desnzHotelFactor, hotelFallbackFactor } from '../../data/desnz-2025-hotel.js';
import type { EnergyChain } from '../../data/energy-chain.js';
import type { FactorUse } from '../../data/factor.js';
import { indiaGhgSuburbanRail } from '../../data/india-ghg-2015.js';
import { gridChain, petrolCarChain } from '../../data/road-energy-chains.js';
import { petrolCarGases } from '../../data/well-to-tank.js';
import type { Flight } from '../../schemas/flight.js';
import type { TripLeg } from '../../schemas/trip.js';
import { countedTotal, partsAlong, scaleParts, type EmissionParts, type EnergyBasis } from '../basis.js';
import { seatParts } from '../bus.js';
import { carPerKmModel } from '../car.js';
import { flightKilograms } from '../flight/emissions.js';
import type { FlightOptions } from '../flight/options.js';
import { perPassenger, tripsOf } from '../flight/passenger.js';
import { indianRailPerPkm } from './indian-rail.js';

// What one leg of a trip emits, by mode: a transport leg in its two parts (kg CO2e), a hotel stay
// as one figure. Each mode computes as the calculator or the DESNZ row it shares
// (docs/methodology.md, "Trips").

/** A leg of a given mode. */
export type LegOf<M extends TripLeg['mode']> = Extract<TripLeg, { mode: M }>;

/** A transport leg's figure: its parts and the kg it answers on the basis asked. */
export interface TransportFigure {
  readonly kind: 'transport';
  readonly parts: EmissionParts;
  readonly kg: number;
}

/** A hotel stay's figure: kg CO2e at the hotel factor's own boundary. */
export interface HotelFigure {
  readonly kind: 'hotel';
  readonly kg: number;
}

/** What a leg emits. */
export type LegFigure = TransportFigure | HotelFigure;

/** The E6 flight of a flight leg: its own fields, tickets for passengers, ROUND_TRIP for round_trip. */
export function flightOfLeg(leg: LegOf<'flight'>, flightId: string): Flight {
  const { mode: _mode, leg_id: _legId, passengers, round_trip: roundTrip, ...fields } = leg;
  return { ...fields, flight_id: flightId, no_of_tickets: passengers, flight_type: roundTrip ? 'ROUND_TRIP' : 'ONE_WAY' };
}

/** A DESNZ row whose direct figure is burnt on board: the direct row is tank-to-wheel. */
function combustionRow(row: DesnzPassengerRow, units: number): EmissionParts {
  return { tankToWheel: row.direct.value * units, wellToTank: row.wellToTank.value * units };
}

/** A DESNZ row of an all-electric mode: its direct figure is the grid's, so all of it is well-to-tank. */
function electricRow(row: DesnzPassengerRow, units: number): EmissionParts {
  return { tankToWheel: 0, wellToTank: (row.direct.value + row.wellToTank.value) * units };
}

/** How a rail leg is computed: Indian Railways, India's suburban electric factor, or a DESNZ row. */
export type RailSource = 'indian-railways' | 'india-suburban' | 'desnz-national' | 'desnz-international' | 'desnz-light-rail';

/** The source of a rail leg's factor. */
export function railSource(leg: LegOf<'rail'>): RailSource {
  const urban = leg.service === 'suburban' || leg.service === 'metro';
  if (leg.country === 'IN') return urban ? 'india-suburban' : 'indian-railways';
  if (leg.service === 'metro') return 'desnz-light-rail';
  return leg.service === 'international' ? 'desnz-international' : 'desnz-national';
}

function railParts(leg: LegOf<'rail'>): EmissionParts {
  const pkm = leg.distance_km * leg.passengers;
  switch (railSource(leg)) {
    case 'indian-railways':
      return scaleParts(indianRailPerPkm(leg.rail_class), pkm);
    case 'india-suburban':
      return partsAlong(indiaGhgSuburbanRail.value * pkm, gridChain);
    case 'desnz-light-rail':
      return electricRow(desnzRail.lightRail, pkm);
    case 'desnz-international':
      return electricRow(desnzRail.international, pkm);
    case 'desnz-national':
      return combustionRow(desnzRail.national, pkm);
  }
}

/** The per-km model of a car leg: E8's when it names its body and fuel, else DESNZ's average petrol car. */
export function carModel(leg: LegOf<'car'>): { readonly perKm: FactorUse; readonly chain: EnergyChain } {
  if (leg.body_type !== undefined && leg.fuel_type !== undefined) return carPerKmModel(leg.body_type, leg.fuel_type);
  return { perKm: petrolCarGases.co2, chain: petrolCarChain };
}

/** The hotel factor of a country: DESNZ's, or the median fallback. */
export function hotelFactor(country: string): FactorUse {
  return desnzHotelFactor(country) ?? hotelFallbackFactor();
}

function transport(parts: EmissionParts, basis: EnergyBasis, kg = countedTotal(parts, basis)): TransportFigure {
  return { kind: 'transport', parts: basis === 'ttw' ? { tankToWheel: parts.tankToWheel, wellToTank: 0 } : parts, kg };
}

/** What `leg` emits on `basis`, unrounded. `flightId` names a flight leg's flight as E6 would. */
export function legFigure(leg: TripLeg, options: FlightOptions, basis: EnergyBasis, flightId: string): LegFigure {
  switch (leg.mode) {
    case 'flight': {
      const flight = flightOfLeg(leg, flightId);
      const parts = scaleParts(perPassenger(flight, options).perPassenger, flight.no_of_tickets * tripsOf(flight));
      // The kg are E6's own computation, so that the leg is exactly E6's figure for the flight.
      return transport(parts, basis, flightKilograms(flight, options, basis));
    }
    case 'rail':
      return transport(railParts(leg), basis);
    case 'bus':
      return transport(
        seatParts(leg.distance_km, { seat_type: leg.seat_type, no_of_seats: leg.passengers, total_seats: leg.passengers }),
        basis,
      );
    case 'coach':
      return transport(combustionRow(desnzCoach, leg.distance_km * leg.passengers), basis);
    case 'taxi':
      return transport(combustionRow(desnzTaxi, leg.distance_km), basis);
    case 'car': {
      const { perKm, chain } = carModel(leg);
      return transport(partsAlong(perKm.value * leg.distance_km, chain), basis);
    }
    case 'ferry':
      return transport(combustionRow(desnzFerry[leg.ferry_type], leg.distance_km * leg.passengers), basis);
    case 'hotel':
      return { kind: 'hotel', kg: hotelFactor(leg.country).value * leg.nights * leg.rooms };
  }
}
