// The order events a partner receives (as webhooks and from the events feed), as schemas for the
// OpenAPI document and the typed client (docs/api.md, "Order events").
import * as z from 'zod/mini';
import { ORDER_EVENT_TYPES } from '../orders/events.js';
import { ENVIRONMENTS } from '../orders/types.js';
import { orderViewSchema } from './order.js';

/** How many events one page of `GET /v3/integrations/events` holds when `limit` is not given. */
export const DEFAULT_EVENTS_LIMIT = 100;
/** The most events one page holds (a larger `limit` is a 400). */
export const MAX_EVENTS_LIMIT = 1000;

/** The type of an order event. */
export const orderEventTypeSchema = /* @__PURE__ */ z.enum(ORDER_EVENT_TYPES);

/** An order as an event carries it: as `GET .../order/{partner_order_id}` shows it then, without the customer's fields. */
export const eventOrderSchema = /* @__PURE__ */ z.omit(orderViewSchema, { customer_email: true, customer_name: true, customer_phone: true });

/**
 * An order event: its id (the `webhook-id` of every delivery attempt), type, environment (of the
 * order, and of the endpoint it is delivered to), when it happened (ms since the epoch) and the
 * order as it was then.
 */
export const orderEventSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  type: orderEventTypeSchema,
  environment: z.enum(ENVIRONMENTS),
  created_at: z.number().check(z.int()),
  data: z.object({ order: eventOrderSchema }),
});

/** `GET /v3/integrations/events`: a page of events, oldest first, and whether more follow. */
export const listEventsResponseSchema = /* @__PURE__ */ z.object({ events: z.array(orderEventSchema), has_more: z.boolean() });
/** The body of `GET /v3/integrations/events` (see {@link listEventsResponseSchema}). */
export type ListEventsResponse = z.infer<typeof listEventsResponseSchema>;
