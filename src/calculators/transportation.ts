import type {
  BusRequest,
  BusResponse,
  SuvResponse,
  TransportationRequest,
  TransportationResponse,
} from '../schemas/transportation.js';
import { busTruecost, explainBusTruecost } from './bus.js';
import type { Explained } from './explanation.js';
import { explainSuvTruecost, suvTruecost } from './suv.js';

function isBusRequest(request: TransportationRequest): request is BusRequest {
  return request.configs.vehicle_type === 'BUS';
}

/**
 * The shared E9/E10 path: {@link busTruecost} when `configs.vehicle_type` is BUS, otherwise
 * {@link suvTruecost}. Values in kg CO2.
 *
 * @example
 * ```ts
 * transportationTruecost({ configs: { vehicle_type: 'SUV', distance: 100, total_capacity: 8, seats_occupied: 7 } });
 * ```
 * @remarks Since 0.1.0
 */
export function transportationTruecost(request: TransportationRequest): TransportationResponse {
  return isBusRequest(request) ? busTruecost(request) : suvTruecost(request);
}

/**
 * {@link transportationTruecost} with its explanation.
 *
 * @example
 * ```ts
 * explainTransportationTruecost(request).items;
 * ```
 * @remarks Since 0.1.0
 */
export function explainTransportationTruecost(
  request: TransportationRequest,
): Explained<BusResponse> | Explained<SuvResponse> {
  return isBusRequest(request) ? explainBusTruecost(request) : explainSuvTruecost(request);
}
