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
  isTruckMethod,
  logisticsLegSchema,
  logisticsRequestSchema,
  logisticsResponseSchema,
  type Equivalents,
  type LogisticsLeg,
  type LogisticsRequest,
  type LogisticsRequestInput,
  type LogisticsResponse,
  type ShippingMethod,
  type TruckMethod,
} from './schemas/logistics.js';
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
} from './schemas/freight.js';
export { carTruecost, explainCarTruecost } from './calculators/car.js';
export { busTruecost, explainBusTruecost } from './calculators/bus.js';
export { suvTruecost, explainSuvTruecost } from './calculators/suv.js';
export { transportationTruecost, explainTransportationTruecost } from './calculators/transportation.js';
export { logisticsTruecost, explainLogisticsTruecost } from './calculators/logistics.js';
export { commuteFactors, commuteTruecost, explainCommuteTruecost } from './calculators/commute.js';
export { freightTruecost, explainFreightTruecost } from './calculators/freight.js';
export { EQUIVALENT_DECIMALS, equivalentFactors, equivalentsOf, treesPlanted } from './calculators/equivalents.js';
export { CONTAINER_TYPES, containerSpecs, type ContainerSpec, type ContainerType } from './data/containers.js';
export { CAR_BODY_TYPES, carPerKm, cngToPetrolRatio, type CarBodyType, type CarPowertrain } from './data/car-segments.js';
