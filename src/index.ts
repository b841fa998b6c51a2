/**
 * truecost: the pure core. Calculators, the order state machine, request and response schemas,
 * and the error model. Nothing here touches a clock, the network, the file system or `process`.
 *
 * @packageDocumentation
 */
export { apiErrors, successMessages, type ApiErrorName } from './errors.js';
export { isStoreUnavailable, StoreUnavailableError, type StoreUnavailableReason } from './orders/unavailable.js';
export {
  validate,
  type ValidateOptions,
  type ValidationProblem,
  type ValidationReport,
  type ValidationResult,
} from './validation/validate.js';
export { TruecostValidationError } from './validation/checked-request.js';
export {
  MAX_CLIMES,
  CLIMES_DECIMALS,
  MAX_IDENTIFIER_LENGTH,
  climesSchema,
  identifierSchema,
  isStorableText,
  storableString,
  UNSTORABLE_TEXT_REASON,
} from './schemas/common.js';
export { METHODOLOGY_VERSION } from './data/version.js';
export type { EmissionBasis, FactorUse, SourceTag } from './data/factor.js';
export type { Explained, ItemExplanation } from './calculators/explanation.js';
export type { WithMethodologyVersion } from './calculators/methodology.js';
export { roundKilograms, roundTonnes, tonnesString } from './calculators/rounding.js';

// Orders: schemas, the pure state machine, order events and the store interface (src/orders/index.ts).
export * from './orders/index.js';

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
  type BulkFlightInput,
  type BulkFlightRequest,
  type BulkFlightRequestInput,
  type BulkFlightResults,
  type Flight,
  type FlightClass,
  type FlightInput,
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

// Road, rail, sea and equivalents calculators (E8 to E13): schemas, calculators and factor data.
export { MAX_LEGS_PER_REQUEST, type DefaultedFields } from './schemas/road-common.js';
export {
  CAR_FUEL_TYPES,
  MAX_CARS_PER_REQUEST,
  REGISTRATION_YEAR_RANGE,
  carRequestSchema,
  carResponseSchema,
  carSchema,
  type Car,
  type CarRequest,
  type CarRequestInput,
  type CarResponse,
} from './schemas/car.js';
export {
  DEFAULT_TRANSPORTATION_DISTANCE_KM,
  SEAT_DEFAULTS,
  SEAT_TYPES,
  SUV_DEFAULTS,
  busRequestSchema,
  busResponseSchema,
  seatSchema,
  suvRequestSchema,
  suvResponseSchema,
  transportationRequestSchema,
  type BusRequest,
  type BusRequestInput,
  type BusResponse,
  type SeatType,
  type SuvRequest,
  type SuvRequestInput,
  type SuvResponse,
  type TransportationRequest,
  type TransportationResponse,
} from './schemas/transportation.js';
export {
  DEFAULT_TRUCK_CAPACITY,
  LOGISTICS_LEG_DEFAULTS,
  SHIPPING_METHODS,
  equivalentsSchema,
  logisticsChainElementSchema,
  logisticsLegSchema,
  logisticsRequestSchema,
  logisticsResponseSchema,
  type Equivalents,
  type LogisticsLeg,
  type LogisticsRequest,
  type LogisticsRequestInput,
  type LogisticsResponse,
  type SentLogisticsLeg,
  type ShippingMethod,
  type TruckMethod,
} from './schemas/logistics.js';
export { hubElementSchema, isHub, type HubElement } from './schemas/hub.js';
export { HUB_TYPES, type HubType } from './data/logistics-hubs.js';
export {
  COMMUTE_METHODS,
  commuteLegSchema,
  commuteRequestSchema,
  commuteResponseSchema,
  type CommuteLeg,
  type CommuteMethod,
  type CommuteRequest,
  type CommuteRequestInput,
  type CommuteResponse,
} from './schemas/commute.js';
export {
  FREIGHT_REGIONS,
  FREIGHT_SHIPPING_METHODS,
  FREIGHT_TRANSPORTATION_TYPES,
  MAX_CONTAINER_TARE_TONNES,
  freightLegSchema,
  freightRequestSchema,
  type FreightContainerLeg,
  type FreightLeg,
  type FreightLooseLeg,
  type FreightRequest,
  type FreightRequestInput,
  type FreightTransportationType,
  type FreightTruckFields,
  type SentFreightLeg,
} from './schemas/freight.js';
// Legs given by places instead of a distance (docs/methodology.md, "Distances from places"); the
// resolver and its tables are in `truecost/places`.
export { SEA_PASSAGES, placeSchema, type LegRoute, type Place, type SeaPassage } from './schemas/places.js';
export type { DistanceMethod, DistanceMode, LegDistance, PlaceResolver, PlacesOption, ResolvedPlace } from './calculators/leg-distance.js';
export { ROAD_REGIONS, roadFactorSet, type RoadFactorSet, type RoadRegion } from './data/road-regions.js';
export {
  ENERGY_BASES,
  type CalculatorOptions,
  type EmissionParts,
  type EnergyBasis,
} from './calculators/basis.js';
export { energyChains, type EnergyChain } from './data/energy-chains.js';
export { carTruecost, explainCarTruecost } from './calculators/car.js';
export { busTruecost, explainBusTruecost } from './calculators/bus.js';
export { suvTruecost, explainSuvTruecost } from './calculators/suv.js';
export { transportationTruecost, explainTransportationTruecost } from './calculators/transportation.js';
export { logisticsTruecost, explainLogisticsTruecost, type FreightCalculatorOptions } from './calculators/logistics.js';
export { commuteFactors, commuteTruecost, explainCommuteTruecost } from './calculators/commute.js';
export { freightTruecost, explainFreightTruecost } from './calculators/freight.js';
// Shared loads, the carrier's own fuel and the ISO 14083 report of E11 and E13 (docs/api.md).
export { freightReport, logisticsReport } from './calculators/iso14083.js';
export type { DataType, TransportMode } from './calculators/transport-chain.js';
export {
  FUEL_UNITS,
  LEG_FUEL_TYPES,
  LEG_GRIDS,
  LOADS,
  type LegData,
  type LegFuelType,
  type Load,
} from './schemas/leg-data.js';
export {
  hubChainElementSchema,
  iso14083ReportSchema,
  transportChainElementSchema,
  type HubReportElement,
  type Iso14083Report,
  type TransportChainElement,
} from './schemas/iso14083-report.js';
export { EQUIVALENT_DECIMALS, equivalentFactors, equivalentsOf, treesPlanted } from './calculators/equivalents.js';
export { CONTAINER_TYPES, containerSpecs, type ContainerSpec, type ContainerType } from './data/containers.js';
export { CAR_BODY_TYPES, carPerKm, type CarBodyType, type CarPowertrain } from './data/car-segments.js';

// A whole booking in one call (POST /v3/trip): docs/api.md, "Trip", and docs/methodology.md, "Trips".
export {
  FERRY_TYPES,
  MAX_LEGS_PER_TRIP,
  RAIL_SERVICES,
  TRIP_MODES,
  tripLegSchema,
  tripRequestSchema,
  tripResponseSchema,
  type SentTripLeg,
  type TripLeg,
  type TripLegInput,
  type TripLegResult,
  type TripMode,
  type TripRequest,
  type TripRequestInput,
  type TripResponse,
} from './schemas/trip.js';
export { INDIAN_RAIL_CLASSES, type IndianRailClass } from './data/indian-railways-coaches.js';
export { explainTrip, explainTripTruecost, tripTruecost, type TripOptions } from './calculators/trip/index.js';
