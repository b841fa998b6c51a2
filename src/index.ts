/**
 * truecost: the pure core. Calculators, the order state machine, request and response schemas,
 * and the error model. Nothing here touches a clock, the network, the file system or `process`.
 *
 * @packageDocumentation
 */
export { apiErrors, successMessages, type ApiErrorName } from './errors.js';
export { validate, type ValidationProblem, type ValidationResult } from './validation.js';
export {
  MAX_CLIMES,
  CLIMES_DECIMALS,
  MAX_IDENTIFIER_LENGTH,
  climesSchema,
  identifierSchema,
  hasAtMostSixDecimals,
} from './schemas/common.js';
export { METHODOLOGY_VERSION } from './data/version.js';
export type {
  EmissionBasis,
  Explained,
  FactorUse,
  ItemExplanation,
  SourceTag,
} from './calculators/explanation.js';
export { roundKilograms, roundTonnes, tonnesString } from './calculators/rounding.js';

// Flights (E6, E7)
export {
  DEFAULT_AIRCRAFT_MODEL,
  MAX_FLIGHTS_PER_BULK_REQUEST,
  MAX_FLIGHTS_PER_REQUEST,
  airportCodeSchema,
  bulkFlightAcceptedSchema,
  bulkFlightRequestSchema,
  bulkFlightResultsSchema,
  bulkFlightSchema,
  flightClassSchema,
  flightRequestSchema,
  flightResponseSchema,
  flightSchema,
  flightTypeSchema,
  type BulkFlight,
  type BulkFlightAccepted,
  type BulkFlightRequest,
  type BulkFlightResults,
  type Flight,
  type FlightClass,
  type FlightRequest,
  type FlightRequestInput,
  type FlightResponse,
  type FlightType,
} from './schemas/flight.js';
export {
  airportByIata,
  assignFlightIds,
  bulkFlightResults,
  explainFlightTruecost,
  flightEmissions,
  flightTruecost,
  greatCircleKm,
  type Airport,
  type Coordinates,
  type FlightEmissions,
  type FlightMethod,
  type FlightOptions,
} from './calculators/flight/index.js';
export { FLIGHT_DATA_VERSION } from './data/flight/version.js';
