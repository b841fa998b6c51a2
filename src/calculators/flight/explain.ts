import { EARTH_RADIUS } from '../../data/flight/factors.js';
import { FLIGHT_DATA_VERSION } from '../../data/flight/version.js';
import { METHODOLOGY_VERSION } from '../../data/version.js';
import type { Flight } from '../../schemas/flight.js';
import { countedTotal, emissionBasis, type EmissionParts, type EnergyBasis } from '../basis.js';
import type { ItemExplanation } from '../explanation.js';
import { KG_PER_TONNE } from '../rounding.js';
import { defaultNote, type MethodExplanation } from './explain-common.js';
import { explainDesnzMethod } from './explain-desnz.js';
import { explainFuelMethod } from './explain-fuel.js';
import type { FlightOptions } from './options.js';
import type { PassengerResult } from './passenger.js';

const NOTHING_MORE: MethodExplanation = { quantities: {}, factors: [], assumptions: [] };

/**
 * The explanation of one flight: what every method shares, then its own method's part. `parts` are
 * the flight's tonnes (all tickets and trips) tank-to-wake and well-to-tank.
 */
export function explainFlight(
  flight: Flight,
  options: FlightOptions,
  item: string,
  passenger: PassengerResult,
  trips: number,
  tonnes: number,
  parts: EmissionParts,
  basis: EnergyBasis,
): ItemExplanation {
  const { fuel, desnz } = passenger;
  const method =
    fuel !== undefined
      ? explainFuelMethod(flight, options, fuel, passenger.greatCircleKm)
      : desnz !== undefined
        ? explainDesnzMethod(flight, options, desnz)
        : NOTHING_MORE;
  const nonCo2: Record<string, number> =
    passenger.nonCo2Kg === 0
      ? {}
      : {
          non_co2_estimate_kg_per_passenger: passenger.nonCo2Kg,
          non_co2_estimate_t: (passenger.nonCo2Kg * flight.no_of_tickets * trips) / KG_PER_TONNE,
        };
  return {
    item,
    basis: emissionBasis(parts, basis, true),
    quantities: {
      method: options.method ?? 'fuel',
      flight_data_version: FLIGHT_DATA_VERSION,
      departure: passenger.from.iata,
      arrival: passenger.to.iata,
      great_circle_km: passenger.greatCircleKm,
      tickets: flight.no_of_tickets,
      trips,
      per_passenger_kg_co2e: countedTotal(passenger.perPassenger, basis),
      ...method.quantities,
      ...nonCo2,
    },
    factors: [EARTH_RADIUS, ...method.factors],
    assumptions: [
      `Cabin ${flight.flight_class}${defaultNote(flight.flight_class, 'ECONOMY')}.`,
      `${trips === 2 ? 'Round trip: twice the one-way result' : 'One way'}${defaultNote(flight.flight_type, 'ONE_WAY')}.`,
      ...method.assumptions,
      basis === 'ttw'
        ? 'Tank-to-wake: the combustion of the fuel only; its production (well-to-tank) is not counted.'
        : 'Well-to-wake: the combustion of the fuel (tank-to-wake) and its production and delivery (well-to-tank).',
    ],
    unrounded: tonnes,
    methodology_version: METHODOLOGY_VERSION,
  };
}
