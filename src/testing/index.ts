/**
 * `truecost/testing`: property-based testing of truecost and of what is built on it, with
 * fast-check (an optional peer dependency, needed only by this entry).
 *
 * - `arbitraries`: valid request bodies of every kind, each typed as the request the calculators
 *   take (`flightRequestArbitrary` and its siblings by name, one leg at a time with
 *   `carArbitrary`, `logisticsLegArbitrary`, `tripLegArbitraries` and the like);
 *   `invalidArbitraries`: invalid ones, each tagged with the path the service must report.
 * - `laws`: the laws the calculators obey, as properties to run against your own wrapper;
 *   `basisLaws`: the laws of any emission figure reported in tank-to-wheel and well-to-tank parts.
 * - `checkStore` and `storeChecks`: the store contract, to prove any `Store` implementation.
 *
 * @packageDocumentation
 */
export {
  arbitraries,
  bulkFlightRequestArbitrary,
  busRequestArbitrary,
  carArbitrary,
  carRequestArbitrary,
  commuteLegArbitrary,
  commuteRequestArbitrary,
  FLIGHT_CLASSES,
  flightQuery,
  flightRequestArbitrary,
  freightLegArbitrary,
  freightRequestArbitrary,
  logisticsLegArbitrary,
  logisticsRequestArbitrary,
  suvRequestArbitrary,
  tripLegArbitraries,
  tripLegArbitrary,
  tripRequestArbitrary,
  type CarQueryBody,
  type CommuteLegBody,
  type FlightQueryBody,
  type FreightLegBody,
  type LogisticsLegBody,
  type NonEmpty,
  type RequestBody,
  type RequestKind,
  type SeatQueryBody,
  type TripLegArbitraries,
  type TripLegOf,
} from './arbitraries.js';
export { CheckFailure, deepEqual, expectThat, matchesSubset, type Expectation } from './expect.js';
export {
  checkFieldRules,
  checkRequestKind,
  fieldRules,
  invalidArbitraries,
  withValue,
  wrongType,
  type FieldKind,
  type FieldRule,
  type InvalidRequest,
} from './field-rules.js';
export { basisLaws, figureOfExplanation, type EmissionFigure } from './basis-laws.js';
export { laws, scaleDistances, totalOf, type Awaitable, type Body, type CalculatorKind, type DistanceKind, type LawOptions } from './laws.js';
export { orderSample, requestSamples } from './samples.js';
export { checkStore, runStoreCheck, storeChecks, type StoreCheck, type StoreCheckReport } from './store-contract.js';
