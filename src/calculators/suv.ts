import { dieselCarChain } from '../data/road-energy-chains.js';
import { indiaGhgCars } from '../data/india-ghg-2015.js';
import { METHODOLOGY_VERSION } from '../data/version.js';
import { successMessages } from '../errors.js';
import { checkedRequest } from '../validation/checked-request.js';
import { suvRequestSchema, type SuvRequest, type SuvRequestInput, type SuvResponse } from '../schemas/transportation.js';
import { basisOption, countedTotal, emissionBasis, partsAlong, type CalculatorOptions, type EmissionParts } from './basis.js';
import type { Explained } from './explanation.js';
import { withMethodologyVersion, type WithMethodologyVersion } from './methodology.js';
import { roundKilograms } from './rounding.js';

/** Kilograms CO2e of the whole SUV, in its two parts: a diesel MUV's combustion CO2 along the diesel car chain. */
function suvParts(request: SuvRequest): EmissionParts {
  return partsAlong(request.configs.distance * indiaGhgCars.muvDiesel.value, dieselCarChain);
}

/**
 * E10: the truecost of an SUV commute. The whole SUV (an 8-seat diesel MUV) over `configs.distance`
 * km, and one occupied seat's share (the whole divided by `seats_occupied`), both in kg CO2e
 * (well-to-wheel unless `options.basis` is `ttw`) rounded to 3 decimals.
 *
 * @example
 * ```ts
 * suvTruecost({ configs: { vehicle_type: 'SUV', distance: 100, total_capacity: 8, seats_occupied: 7 } });
 * // { message: 'Truecost calculated successfully', truecost: { entire_suv_truecost: 27.246, individual_seat_truecost: 3.892 } }
 * ```
 * @throws TruecostValidationError when the schema refuses the request (the `path` and `reason` of the API's 400).
 * @throws RangeError when `options.basis` is neither `wtw` nor `ttw`.
 * @remarks Since 0.1.0
 */
export function suvTruecost(input: SuvRequestInput, options?: CalculatorOptions): WithMethodologyVersion<SuvResponse> {
  return suvResult(checkedRequest(suvRequestSchema, input), options);
}

/**
 * E10 for a parsed request (the shared E9/E10 path validates the request as a whole).
 *
 * @internal
 */
export function suvResult(request: SuvRequest, options?: CalculatorOptions): WithMethodologyVersion<SuvResponse> {
  const entire = countedTotal(suvParts(request), basisOption(options));
  return withMethodologyVersion({
    message: successMessages.truecostCalculated,
    truecost: {
      entire_suv_truecost: roundKilograms(entire),
      individual_seat_truecost: roundKilograms(entire / request.configs.seats_occupied),
    },
  });
}

/**
 * E10 with its explanation: the distance, seats and the MUV factor used, and each default filled in.
 *
 * @example
 * ```ts
 * explainSuvTruecost(request).items[0].basis; // { gases: 'CO2e', scope: 'well-to-wheel', ... }
 * ```
 * @throws TruecostValidationError when the schema refuses the request (the `path` and `reason` of the API's 400).
 * @remarks Since 0.1.0
 */
export function explainSuvTruecost(input: SuvRequestInput, options?: CalculatorOptions): Explained<SuvResponse> {
  return explainSuvResult(checkedRequest(suvRequestSchema, input), options);
}

/**
 * {@link explainSuvTruecost} for a parsed request.
 *
 * @internal
 */
export function explainSuvResult(request: SuvRequest, options?: CalculatorOptions): Explained<SuvResponse> {
  const { configs } = request;
  const basis = basisOption(options);
  const parts = suvParts(request);
  return {
    result: suvResult(request, options),
    methodologyVersion: METHODOLOGY_VERSION,
    items: [
      {
        item: 'SUV',
        basis: emissionBasis(parts, basis),
        quantities: {
          distance_km: configs.distance,
          total_capacity: configs.total_capacity,
          seats_occupied: configs.seats_occupied,
        },
        factors: [indiaGhgCars.muvDiesel, ...dieselCarChain.factors],
        assumptions: [
          ...(configs.defaulted ?? []).map((field) => `${field} was not sent; the contract default was used.`),
          'The SUV is an 8-seat diesel MUV under 2500 cc; total_capacity does not change its CO2 per km.',
          'The whole SUV is attributed to the occupied seats; the seat share is the whole divided by seats_occupied.',
          dieselCarChain.note,
        ],
        unrounded: countedTotal(parts, basis),
        methodology_version: METHODOLOGY_VERSION,
      },
    ],
  };
}
