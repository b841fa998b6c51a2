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

// Orders: schemas, the pure state machine and the store interface.
export * from './schemas/order.js';
export { fromMicroClimes, toMicroClimes } from './orders/climes.js';
export {
  DEFAULT_UNLOCK_DELAY_MS,
  applyChange,
  createLookups,
  optInView,
  orderState,
  orderView,
  planCreate,
  planOptIn,
  refusalErrors,
  type ChangeOutcome,
  type ChangeResponse,
  type CreatePlan,
  type CreateSnapshot,
  type OrderChange,
  type OrderRefusal,
} from './orders/machine.js';
export type { Environment, OptInRecord, OrderRecord, Scope } from './orders/types.js';
export type {
  ApiKeyRecord,
  AttemptOutcome,
  JobRecord,
  JobState,
  JobStore,
  OrderStore,
  PartnerStore,
  ResultEndpoint,
  Store,
} from './orders/store.js';

// Every request and response schema, and their JSON Schema.
export { jsonSchemas, requestSchemas, responseSchemas, type JsonSchema } from './schemas/catalog.js';

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
