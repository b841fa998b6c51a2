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
