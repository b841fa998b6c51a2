import { desnzCoach, desnzFerry, desnzRail, desnzTaxi, type DesnzPassengerRow } from '../../data/desnz-2025-passenger.js';
import { desnzHotelFactor } from '../../data/desnz-2025-hotel.js';
import { indiaGhgSuburbanRail } from '../../data/india-ghg-2015.js';
import { dieselLocomotiveChain } from '../../data/rail-energy-chains.js';
import { gridChain } from '../../data/road-energy-chains.js';
import { METHODOLOGY_VERSION } from '../../data/version.js';
import { GWP_SET } from '../../data/well-to-tank.js';
import type { BusRequest } from '../../schemas/transportation.js';
import type { TripLeg } from '../../schemas/trip.js';
import { emissionBasis, type EnergyBasis } from '../basis.js';
import { explainBusResult } from '../bus.js';
import type { FactorUse, ItemExplanation } from '../explanation.js';
import { emissionsOf } from '../flight/emissions.js';
import type { FlightOptions } from '../flight/options.js';
import { REFERENCE_CLASS, indianRailNetworkFactors, indianRailNetworkPerPkm, indianRailSpace, indianRailSpaceFactors } from './indian-rail.js';
import { carModel, flightOfLeg, hotelFactor, railSource, type LegFigure, type LegOf, type TransportFigure } from './legs.js';

// The explanation of each leg of a trip, in kg: the calculator's own where the leg shares one (E6's
// flight, E9's seat), else the DESNZ or Indian Railways factors used.

const ELECTRIC_ROW =
  "DESNZ's direct figure of an electric mode is the grid's generation, so the direct and well-to-tank rows together are well-to-tank; tank-to-wheel is 0.";
const COMBUSTION_ROW = "DESNZ's direct row is tank-to-wheel, its well-to-tank row well-to-tank.";

function item(
  legId: string,
  figure: TransportFigure,
  basis: EnergyBasis,
  rest: Omit<ItemExplanation, 'item' | 'basis' | 'unrounded' | 'methodology_version'>,
): ItemExplanation {
  return { item: legId, basis: emissionBasis(figure.parts, basis), ...rest, unrounded: figure.kg, methodology_version: METHODOLOGY_VERSION };
}

function desnzRow(row: DesnzPassengerRow): FactorUse[] {
  return [row.direct, row.wellToTank];
}

function railExplanation(leg: LegOf<'rail'>, legId: string, figure: TransportFigure, basis: EnergyBasis): ItemExplanation {
  const quantities: Record<string, number | string> = { distance_km: leg.distance_km, passengers: leg.passengers, service: leg.service, country: leg.country };
  const assumptions: string[] = [];
  let factors: FactorUse[];
  switch (railSource(leg)) {
    case 'indian-railways': {
      const perPkm = indianRailNetworkPerPkm();
      quantities['network_kg_co2e_per_pkm'] = perPkm.tankToWheel + perPkm.wellToTank;
      quantities['space_in_sl_berths'] = leg.rail_class === undefined ? 1 : indianRailSpace(leg.rail_class);
      if (leg.rail_class !== undefined) quantities['rail_class'] = leg.rail_class;
      factors = [...indianRailNetworkFactors, ...(leg.rail_class === undefined ? [] : indianRailSpaceFactors(leg.rail_class)), ...dieselLocomotiveChain.factors, ...gridChain.factors];
      assumptions.push(
        "Indian Railways' 2019-20 traction diesel and electricity are shared equally over its passenger-km and net tonne-km (traffic units).",
        `A class takes the space one of its places takes in a coach, in ${REFERENCE_CLASS} berths; ${REFERENCE_CLASS} (and a leg with no rail_class) carries the network average. AC hotel load and occupancy by class are not counted.`,
        `Diesel traction: ${dieselLocomotiveChain.note}`,
        `Electric traction: ${gridChain.note}`,
      );
      break;
    }
    case 'india-suburban':
      factors = [indiaGhgSuburbanRail, ...gridChain.factors];
      assumptions.push(`A ${leg.service} train in India takes the India GHG Program suburban electric factor, as E12's TRAIN does.`, gridChain.note);
      break;
    case 'desnz-light-rail':
      factors = desnzRow(desnzRail.lightRail);
      assumptions.push(ELECTRIC_ROW);
      break;
    case 'desnz-international':
      factors = desnzRow(desnzRail.international);
      assumptions.push('International rail is electric (DESNZ row of Eurostar).', ELECTRIC_ROW);
      break;
    case 'desnz-national':
      factors = desnzRow(desnzRail.national);
      assumptions.push(
        `Outside India, an ${leg.service} train takes DESNZ's UK national rail row. ${COMBUSTION_ROW} The row mixes diesel and electric traction, which DESNZ does not split, so its electric part is counted as tank-to-wheel.`,
      );
      break;
  }
  return item(legId, figure, basis, { quantities, factors, assumptions });
}

function hotelExplanation(leg: LegOf<'hotel'>, legId: string, kg: number): ItemExplanation {
  const factor = hotelFactor(leg.country);
  const assumptions = [
    "A hotel stay is not transport: its figure is DESNZ's per room per night, at the boundary of its source (the hotel's fuel and electricity, outsourced laundry, refrigerants), with no well-to-tank row; it is the same on either basis.",
  ];
  if (desnzHotelFactor(leg.country) === undefined) {
    assumptions.push(`DESNZ gives no factor for ${leg.country}: the median of the countries it lists is used.`);
  }
  if (leg.passengers > 1) assumptions.push('A stay is counted per room-night; passengers do not change it.');
  return {
    item: legId,
    basis: { gases: 'CO2e', scope: 'hotel-stay', gwp: GWP_SET, tank_to_wheel: 0, well_to_tank: 0 },
    quantities: { country: leg.country, nights: leg.nights, rooms: leg.rooms, room_nights: leg.nights * leg.rooms },
    factors: [factor],
    assumptions,
    unrounded: kg,
    methodology_version: METHODOLOGY_VERSION,
  };
}

/** The explanation of one leg, in kg CO2e. */
export function explainLeg(leg: TripLeg, legId: string, legFigure: LegFigure, options: FlightOptions, basis: EnergyBasis): ItemExplanation {
  if (leg.mode === 'hotel' || legFigure.kind === 'hotel') return hotelExplanation(leg as LegOf<'hotel'>, legId, legFigure.kg);
  const figure = legFigure;
  switch (leg.mode) {
    case 'flight': {
      const explanation = emissionsOf(flightOfLeg(leg, legId), options, legId).explanation;
      return { ...explanation, item: legId, basis: emissionBasis(figure.parts, basis, true), unrounded: figure.kg };
    }
    case 'bus': {
      const request: BusRequest = {
        configs: { vehicle_type: 'BUS', distance: leg.distance_km },
        queries: { seats: [{ seat_type: leg.seat_type, no_of_seats: leg.passengers, total_seats: leg.passengers }] },
      };
      const explanation = explainBusResult(request, { basis }).items[0] as ItemExplanation;
      return { ...explanation, item: legId, unrounded: figure.kg };
    }
    case 'rail':
      return railExplanation(leg, legId, figure, basis);
    case 'coach':
      return item(legId, figure, basis, {
        quantities: { distance_km: leg.distance_km, passengers: leg.passengers },
        factors: desnzRow(desnzCoach),
        assumptions: [`A scheduled coach at DESNZ's coach row per passenger-km. ${COMBUSTION_ROW}`],
      });
    case 'taxi':
      return item(legId, figure, basis, {
        quantities: { distance_km: leg.distance_km, passengers: leg.passengers },
        factors: desnzRow(desnzTaxi),
        assumptions: [`A cab is counted whole, per vehicle-km, whatever its riders. ${COMBUSTION_ROW}`],
      });
    case 'car': {
      const { perKm, chain } = carModel(leg);
      const named = leg.body_type !== undefined && leg.fuel_type !== undefined;
      const quantities: Record<string, number | string> = { distance_km: leg.distance_km, passengers: leg.passengers };
      if (named) Object.assign(quantities, { body_type: leg.body_type, fuel_type: leg.fuel_type });
      return item(legId, figure, basis, {
        quantities,
        factors: [perKm, ...chain.factors],
        assumptions: [
          named
            ? `E8's CO2 per km of a ${leg.body_type} (${leg.fuel_type}), for the whole car.`
            : "No body_type and fuel_type: DESNZ's average petrol car, for the whole car.",
          chain.note,
        ],
      });
    }
    case 'ferry':
      return item(legId, figure, basis, {
        quantities: { distance_km: leg.distance_km, passengers: leg.passengers, ferry_type: leg.ferry_type },
        factors: desnzRow(desnzFerry[leg.ferry_type]),
        assumptions: [`DESNZ's ${leg.ferry_type} ferry row per passenger-km. ${COMBUSTION_ROW}`],
      });
  }
}
