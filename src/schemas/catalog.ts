import type * as z from 'zod/mini';
import { toJsonSchema } from './json-schema.js';
import {
  addClimesResponseSchema,
  cancelOrderResponseSchema,
  createOrderRequestSchema,
  createOrderResponseSchema,
  createOrdersRequestSchema,
  createOrdersResponseSchema,
  getOptInResponseSchema,
  getOrderResponseSchema,
  optInRequestSchema,
  optInResponseSchema,
  removeClimesResponseSchema,
  updateClimesRequestSchema,
} from './order.js';
import {
  bulkFlightAcceptedSchema,
  bulkFlightRequestSchema,
  bulkFlightResultsSchema,
  flightRequestSchema,
  flightResponseSchema,
} from './flight.js';
import { carRequestSchema, carResponseSchema } from './car.js';
import { busRequestSchema, busResponseSchema, suvRequestSchema, suvResponseSchema } from './transportation.js';
import { logisticsRequestSchema, logisticsResponseSchema } from './logistics.js';
import { commuteRequestSchema, commuteResponseSchema } from './commute.js';
import { freightRequestSchema } from './freight.js';
import { tripRequestSchema, tripResponseSchema } from './trip.js';

/**
 * Every request body schema of the partner API, by name. A request is parsed with its schema,
 * which fills the contract's defaults.
 *
 * @remarks Since 0.1.0
 */
export const requestSchemas = {
  createOrder: createOrderRequestSchema,
  createOrders: createOrdersRequestSchema,
  updateClimes: updateClimesRequestSchema,
  optIn: optInRequestSchema,
  flight: flightRequestSchema,
  bulkFlight: bulkFlightRequestSchema,
  car: carRequestSchema,
  bus: busRequestSchema,
  suv: suvRequestSchema,
  logistics: logisticsRequestSchema,
  commute: commuteRequestSchema,
  freight: freightRequestSchema,
  trip: tripRequestSchema,
} as const satisfies Record<string, z.ZodMiniType>;

/**
 * Every success response body schema of the partner API, by name.
 *
 * @remarks Since 0.1.0
 */
export const responseSchemas = {
  createOrder: createOrderResponseSchema,
  createOrders: createOrdersResponseSchema,
  addClimes: addClimesResponseSchema,
  removeClimes: removeClimesResponseSchema,
  cancelOrder: cancelOrderResponseSchema,
  optIn: optInResponseSchema,
  getOrder: getOrderResponseSchema,
  getOptIn: getOptInResponseSchema,
  flight: flightResponseSchema,
  bulkFlightAccepted: bulkFlightAcceptedSchema,
  bulkFlightResults: bulkFlightResultsSchema,
  car: carResponseSchema,
  bus: busResponseSchema,
  suv: suvResponseSchema,
  logistics: logisticsResponseSchema,
  commute: commuteResponseSchema,
  /** E13 answers in the same shape as E11. */
  freight: logisticsResponseSchema,
  trip: tripResponseSchema,
} as const satisfies Record<string, z.ZodMiniType>;

/** A JSON Schema (draft 2020-12) document. */
export type JsonSchema = Record<string, unknown>;

/**
 * JSON Schema (draft 2020-12) for every request and response body, generated from the zod
 * schemas. Request schemas describe what a partner may send (fields with defaults are optional);
 * response schemas describe what truecost answers. Rules that JSON Schema cannot say (at most 6
 * decimal places, unique ids within a batch) are enforced by `validate` only.
 *
 * @example
 * ```ts
 * const { requests } = jsonSchemas();
 * console.log(requests.createOrder.required); // ['order']
 * ```
 * @remarks Since 0.1.0
 */
export function jsonSchemas(): {
  requests: Record<keyof typeof requestSchemas, JsonSchema>;
  responses: Record<keyof typeof responseSchemas, JsonSchema>;
} {
  const convert = <K extends string>(schemas: Record<K, z.ZodMiniType>, io: 'input' | 'output') =>
    Object.fromEntries(
      Object.entries<z.ZodMiniType>(schemas).map(([name, schema]) => [name, toJsonSchema(schema, io)]),
    ) as Record<K, JsonSchema>;
  return { requests: convert(requestSchemas, 'input'), responses: convert(responseSchemas, 'output') };
}
