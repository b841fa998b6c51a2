import * as z from 'zod/mini';
import { successMessages } from '../errors.js';
import { climesSchema, identifierSchema, rule, storable, storableString } from './common.js';
import { EARLIEST_UNLOCK_DATE_MS, UNLOCK_DATE_IN_SECONDS } from './limits.js';

/** Longest customer phone number accepted (docs/api.md, Orders). */
export const MAX_PHONE_LENGTH = 32;
/** Most orders one E2 request may carry (docs/api.md, Orders). */
export const MAX_ORDERS_PER_BATCH = 500;
/** Most recorded calculations one order may name in `calculation_ids` (docs/api.md, Orders). */
export const MAX_CALCULATIONS_PER_ORDER = 50;

/**
 * The recorded calculations an order neutralises (docs/api.md, "Recorded calculations"): our
 * extension of the contract, ids of the partner's own calculations in the key's environment, each once.
 */
export const calculationIdsSchema = /* @__PURE__ */ z.array(identifierSchema).check(
  z.minLength(1),
  z.maxLength(MAX_CALCULATIONS_PER_ORDER),
  rule((ids, report) => {
    ids.forEach((id, index) => {
      if (ids.indexOf(id) !== index) report([index], 'Repeats an earlier calculation id of this order.');
    });
  }),
);

/** The two payment variants: the merchant pays (`vote`) or the customer pays (`calculated`). */
export const variantSchema = /* @__PURE__ */ z.enum(['vote', 'calculated']);
/** One of the two payment variants (see {@link variantSchema}). */
export type Variant = z.infer<typeof variantSchema>;

/** One order as a partner sends it (E1 `order`, an element of E2 `orders`). */
export const orderSchema = /* @__PURE__ */ z.object({
  climes: climesSchema,
  partner_order_id: identifierSchema,
  customer_email: storable(z.email({ message: 'Must be a valid e-mail address.' }).check(z.maxLength(254))),
  customer_name: identifierSchema,
  customer_phone: z.optional(storableString().check(z.maxLength(MAX_PHONE_LENGTH))),
  // A date before 2000 is refused as what it most likely is, seconds; the bound stays for the JSON Schema.
  unlock_date: z.optional(
    z.number().check(
      z.int(),
      z.refine((date) => date < 0 || date >= EARLIEST_UNLOCK_DATE_MS, { message: UNLOCK_DATE_IN_SECONDS }),
      z.gte(EARLIEST_UNLOCK_DATE_MS),
      z.lte(Number.MAX_SAFE_INTEGER),
      z.describe('Milliseconds since the epoch, from 946684800000 (2000-01-01): an earlier value, most likely seconds, is a 400.'),
    ),
  ),
  cart_id: z.optional(identifierSchema),
  project_id: z.optional(identifierSchema),
  calculation_ids: z.optional(calculationIdsSchema),
});
/** One order as a partner sends it, after validation (see {@link orderSchema}). */
export type Order = z.infer<typeof orderSchema>;

/** E1 request: create a single order. */
export const createOrderRequestSchema = /* @__PURE__ */ z.object({ order: orderSchema });
/** A validated E1 request (see {@link createOrderRequestSchema}). */
export type CreateOrderRequest = z.infer<typeof createOrderRequestSchema>;

/** E2 request: 1 to 500 orders, all-or-nothing; a repeated partner_order_id is refused at its second occurrence. */
export const createOrdersRequestSchema = /* @__PURE__ */ z
  .object({ orders: z.array(orderSchema).check(z.minLength(1), z.maxLength(MAX_ORDERS_PER_BATCH)) })
  .check(
    rule((request, report) => {
      const seen = new Set<string>();
      request.orders.forEach((order, index) => {
        if (seen.has(order.partner_order_id)) {
          report(['orders', index, 'partner_order_id'], 'Repeats the partner_order_id of an earlier order in this batch.');
        }
        seen.add(order.partner_order_id);
      });
    }),
  );
/** A validated E2 request (see {@link createOrdersRequestSchema}). */
export type CreateOrdersRequest = z.infer<typeof createOrdersRequestSchema>;

/** E3 and E4 request: the climes to add to, or remove from, a locked order. */
export const updateClimesRequestSchema = /* @__PURE__ */ z.object({
  climes: climesSchema,
  partner_order_id: identifierSchema,
});
/** A validated E3 or E4 request (see {@link updateClimesRequestSchema}). */
export type UpdateClimesRequest = z.infer<typeof updateClimesRequestSchema>;

/** E5 request: record whether the user opted in for a cart. */
export const optInRequestSchema = /* @__PURE__ */ z.object({
  cart_id: identifierSchema,
  opted_in: z.boolean(),
  climes: climesSchema,
});
/** A validated E5 request (see {@link optInRequestSchema}). */
export type OptInRequest = z.infer<typeof optInRequestSchema>;

/** The state of an order: `unlocked` and `locked` derive from the clock at the time of asking. */
export const orderStateSchema = /* @__PURE__ */ z.enum(['locked', 'unlocked', 'cancelled']);
/** One of the states of an order (see {@link orderStateSchema}). */
export type OrderState = z.infer<typeof orderStateSchema>;

/** E1 success body. */
export const createOrderResponseSchema = /* @__PURE__ */ z.object({
  message: z.literal(successMessages.orderCreated),
  partner_order_id: z.string(),
});
/** The E1 success body (see {@link createOrderResponseSchema}). */
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;

/** E2 success body. */
export const createOrdersResponseSchema = /* @__PURE__ */ z.object({
  message: z.literal(successMessages.ordersCreated),
  partner_order_ids: z.array(z.string()),
});
/** The E2 success body (see {@link createOrdersResponseSchema}). */
export type CreateOrdersResponse = z.infer<typeof createOrdersResponseSchema>;

/** E3 success body: the order's climes after the addition. */
export const addClimesResponseSchema = /* @__PURE__ */ z.object({
  message: z.literal(successMessages.orderUpdated),
  updated_climes: z.number(),
  partner_order_id: z.string(),
});
/** The E3 success body (see {@link addClimesResponseSchema}). */
export type AddClimesResponse = z.infer<typeof addClimesResponseSchema>;

/** E4 success body: the order's climes after the removal. */
export const removeClimesResponseSchema = /* @__PURE__ */ z.object({
  message: z.literal(successMessages.orderUpdated),
  remaining_climes: z.number(),
  partner_order_id: z.string(),
});
/** The E4 success body (see {@link removeClimesResponseSchema}). */
export type RemoveClimesResponse = z.infer<typeof removeClimesResponseSchema>;

/** Success body of the full cancellation (`DELETE .../order/{partner_order_id}/cancel`). */
export const cancelOrderResponseSchema = /* @__PURE__ */ z.object({
  message: z.literal(successMessages.orderCancelled),
  partner_order_id: z.string(),
  remaining_climes: z.literal(0),
});
/** The success body of the full cancellation (see {@link cancelOrderResponseSchema}). */
export type CancelOrderResponse = z.infer<typeof cancelOrderResponseSchema>;

/** E5 success body. */
export const optInResponseSchema = /* @__PURE__ */ z.object({ message: z.literal(successMessages.optInSaved) });
/** The E5 success body (see {@link optInResponseSchema}). */
export type OptInResponse = z.infer<typeof optInResponseSchema>;

/** `GET .../order/{partner_order_id}`: every field sent, the climes now, the state and dates (ms since the epoch). */
export const orderViewSchema = /* @__PURE__ */ z.object({
  partner_order_id: z.string(),
  climes: z.number(),
  customer_email: z.string(),
  customer_name: z.string(),
  customer_phone: z.optional(z.string()),
  cart_id: z.optional(z.string()),
  project_id: z.optional(z.string()),
  calculation_ids: z.optional(z.array(z.string())),
  co2e_kg: z.optional(
    z.number().check(z.describe("With calculation_ids: the CO2e the order neutralises, in kg, well-to-wheel: the sum of its calculations' recorded figures when the order was created.")),
  ),
  state: orderStateSchema,
  variant: variantSchema,
  created_at: z.number().check(z.int()),
  unlock_date: z.number().check(z.int()),
});
/** An order as `GET .../order/{partner_order_id}` shows it (see {@link orderViewSchema}). */
export type OrderView = z.infer<typeof orderViewSchema>;
/** `GET .../order/{partner_order_id}` success body: the order under `order`. */
export const getOrderResponseSchema = /* @__PURE__ */ z.object({
  order: z.extend(orderViewSchema, {
    certificate_url: z.string().check(
      z.describe("The order's public certificate: under the service's public address (or the path alone when none is set), its last segment 128 random bits. It opens without a key and shows no customer data."),
    ),
  }),
});
/** The body of `GET .../order/{partner_order_id}` (see {@link getOrderResponseSchema}). */
export type GetOrderResponse = z.infer<typeof getOrderResponseSchema>;

/** `GET /v3/integrations/vote/opt-in/{cart_id}`. */
export const optInViewSchema = /* @__PURE__ */ z.object({
  cart_id: z.string(),
  opted_in: z.boolean(),
  climes: z.number(),
  updated_at: z.number().check(z.int()),
});
/** An opt-in as `GET /v3/integrations/vote/opt-in/{cart_id}` shows it (see {@link optInViewSchema}). */
export type OptInView = z.infer<typeof optInViewSchema>;
/** `GET /v3/integrations/vote/opt-in/{cart_id}` success body: the opt-in under `opt_in`. */
export const getOptInResponseSchema = /* @__PURE__ */ z.object({ opt_in: optInViewSchema });
/** The body of `GET /v3/integrations/vote/opt-in/{cart_id}` (see {@link getOptInResponseSchema}). */
export type GetOptInResponse = z.infer<typeof getOptInResponseSchema>;
