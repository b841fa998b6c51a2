import { EARTH_RADIUS } from '../../data/flight/factors.js';
import { FLIGHT_DATA_VERSION } from '../../data/flight/version.js';
import type { Flight } from '../../schemas/flight.js';
import type { ItemExplanation } from '../explanation.js';
import { defaultNote, type MethodExplanation } from './explain-common.js';
import { explainDesnzMethod } from './explain-desnz.js';
import { explainFuelMethod } from './explain-fuel.js';
import type { FlightOptions } from './options.js';
import type { PassengerResult } from './passenger.js';

const NOTHING_MORE: MethodExplanation = { quantities: {}, factors: [], assumptions: [] };

/** The explanation of one flight: what every method shares, then its own method's part. */
export function explainFlight(
  flight: Flight,
  options: FlightOptions,
  item: string,
  passenger: PassengerResult,
  trips: number,
  tonnes: number,
): ItemExplanation {
  const { fuel, desnz } = passenger;
  const method =
    fuel !== undefined
      ? explainFuelMethod(flight, options, fuel, passenger.greatCircleKm)
      : desnz !== undefined
        ? explainDesnzMethod(flight, options, desnz)
        : NOTHING_MORE;
  const wellToTankCounted = desnz === undefined || desnz.wellToTankFactor > 0;
  return {
    item,
    basis: { gases: 'CO2e', scope: wellToTankCounted ? 'well-to-wake' : 'tank-to-wake' },
    quantities: {
      method: options.method ?? 'fuel',
      flight_data_version: FLIGHT_DATA_VERSION,
      departure: passenger.from.iata,
      arrival: passenger.to.iata,
      great_circle_km: passenger.greatCircleKm,
      tickets: flight.no_of_tickets,
      trips,
      per_passenger_kg_co2e: passenger.perPassengerKg,
      ...method.quantities,
    },
    factors: [EARTH_RADIUS, ...method.factors],
    assumptions: [
      `Cabin ${flight.flight_class}${defaultNote(flight.flight_class, 'ECONOMY')}.`,
      `${trips === 2 ? 'Round trip: twice the one-way result' : 'One way'}${defaultNote(flight.flight_type, 'ONE_WAY')}.`,
      ...method.assumptions,
    ],
    unrounded: tonnes,
  };
}
