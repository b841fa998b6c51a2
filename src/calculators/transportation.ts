import { checkedRequest } from '../validation/checked-request.js';
import {
  transportationRequestSchema,
  type BusRequest,
  type BusRequestInput,
  type BusResponse,
  type SuvRequestInput,
  type SuvResponse,
  type TransportationRequest,
  type TransportationResponse,
} from '../schemas/transportation.js';
import type { CalculatorOptions } from './basis.js';
import { busResult, explainBusResult } from './bus.js';
import type { Explained } from './explanation.js';
import type { WithMethodologyVersion } from './methodology.js';
import { explainSuvResult, suvResult } from './suv.js';

function isBusRequest(request: TransportationRequest): request is BusRequest {
  return request.configs.vehicle_type === 'BUS';
}

/**
 * The shared E9/E10 path: `busTruecost` when `configs.vehicle_type` is BUS, otherwise
 * `suvTruecost`. Values in kg CO2e, well-to-wheel unless `options.basis` is `ttw`.
 *
 * @example
 * ```ts
 * transportationTruecost({ configs: { vehicle_type: 'SUV', distance: 100, total_capacity: 8, seats_occupied: 7 } });
 * ```
 * @throws TruecostValidationError when the schema refuses the request (the `path` and `reason` of the API's 400).
 * @remarks Since 0.1.0
 */
export function transportationTruecost(
  input: BusRequestInput | SuvRequestInput,
  options?: CalculatorOptions,
): WithMethodologyVersion<TransportationResponse> {
  const request = checkedRequest(transportationRequestSchema, input);
  return isBusRequest(request) ? busResult(request, options) : suvResult(request, options);
}

/**
 * {@link transportationTruecost} with its explanation.
 *
 * @example
 * ```ts
 * explainTransportationTruecost(request).items;
 * ```
 * @throws TruecostValidationError when the schema refuses the request (the `path` and `reason` of the API's 400).
 * @remarks Since 0.1.0
 */
export function explainTransportationTruecost(
  input: BusRequestInput | SuvRequestInput,
  options?: CalculatorOptions,
): Explained<BusResponse> | Explained<SuvResponse> {
  const request = checkedRequest(transportationRequestSchema, input);
  return isBusRequest(request) ? explainBusResult(request, options) : explainSuvResult(request, options);
}
