import { explainTripTruecost, tripTruecost } from '../calculators/trip/index.js';
import { TRIP_LEG_HINTS, tripRequestSchema, tripResponseSchema } from '../schemas/trip.js';
import type { AnyRoute } from './route.js';
import { calculatorRoute } from './routes-calculators.js';

/** `POST /v3/trip`: a whole booking in one call (docs/api.md). */
export const tripRoutes: readonly AnyRoute[] = [
  calculatorRoute({
    path: '/v3/trip',
    operationId: 'tripTruecost',
    summary: 'Trip truecost: a whole booking in one call',
    description:
      '1 to 50 legs (flight, rail, bus, coach, taxi, car, ferry, hotel); kg CO2e per leg in request order, with its tank-to-wheel and well-to-tank parts (none for a hotel stay), and the total of the unrounded legs.',
    body: tripRequestSchema,
    response: tripResponseSchema,
    serverError: 'tripServerError',
    calculate: tripTruecost,
    explain: explainTripTruecost,
    flightOptions: true,
    records: 'trip',
    // Not an endpoint of the contract: a field it does not read is refused, not ignored.
    strictBody: { hints: TRIP_LEG_HINTS },
  }),
];
