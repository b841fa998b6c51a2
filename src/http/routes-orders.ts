import { successMessages } from '../errors.js';
import { optInView, orderView, refusalErrors, type ChangeOutcome, type CreatePlan, type OrderChange } from '../orders/machine.js';
import type { Scope } from '../orders/types.js';
import { certificateUrl } from '../orders/certificates.js';
import type { Store } from '../orders/store.js';
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
  variantSchema,
  type Variant,
} from '../schemas/order.js';
import { identifierSchema } from '../schemas/common.js';
import { failure, success, type Reply } from './reply.js';
import { defineRoute, type AnyRoute, type IdempotentWrite } from './route.js';

const variantParam = { variant: variantSchema };
// A path id follows the rules of the body's ids: one no store can hold matches no route (404).
const orderParams = { variant: variantSchema, partner_order_id: identifierSchema };
const ORDERS = 'Orders';

function variantOf(params: { readonly variant: string }): Variant {
  return params.variant === 'vote' ? 'vote' : 'calculated';
}

async function change(
  store: Store,
  scope: Scope,
  variant: Variant,
  partnerOrderId: string,
  command: OrderChange,
  now: number,
  idempotency: IdempotentWrite | undefined,
): Promise<Reply> {
  return changed(await store.changeOrder(scope, variant, partnerOrderId, command, now, idempotency?.guard(changed)));
}

function changed(outcome: ChangeOutcome): Reply {
  if (outcome.ok) return success(200, outcome.response);
  const { refusal } = outcome;
  return refusal.kind === 'invalid_climes' ? failure('badRequest', { path: refusal.path, reason: refusal.reason }) : failure(refusalErrors[refusal.kind]);
}

/** Why an order's calculation id is refused (docs/api.md, "Orders"). */
const UNKNOWN_CALCULATION = 'No recorded calculation with this id for this key (its partner and environment).';

/** The E2 answer of a plan: 201 with every id, or the refusal with the path of the order refused. */
function batchCreated(plan: CreatePlan): Reply {
  if (!plan.ok && plan.refusal.kind === 'unknown_calculation') {
    return failure('badRequest', { path: `orders.${plan.index}.calculation_ids.${plan.refusal.calculationIndex}`, reason: UNKNOWN_CALCULATION });
  }
  if (!plan.ok) {
    const { refusal } = plan;
    if (refusal.kind === 'invalid_climes') return failure('badRequest', { path: refusal.path, reason: refusal.reason });
    const field = refusal.kind === 'cart_conflict' ? 'cart_id' : 'partner_order_id';
    const reason = field === 'cart_id' ? 'Already held by another order.' : 'Already used by a stored order.';
    return failure(refusalErrors[refusal.kind], { path: `orders.${plan.index}.${field}`, reason });
  }
  return success(201, { message: successMessages.ordersCreated, partner_order_ids: plan.partnerOrderIds });
}

/** E1 to E5 and the order routes docs/api.md describes (read, full cancellation, read an opt-in). */
export const orderRoutes: readonly AnyRoute[] = [
  defineRoute({
    method: 'POST',
    path: '/v3/integrations/{variant}/order',
    operationId: 'createOrder',
    summary: 'Create a single order (E1)',
    description:
      'Records one order, locked until its unlock_date (10 days after placement when absent). Repeating an identical body is a safe retry; a different body with a stored partner_order_id is a 409. `calculation_ids` (our extension) names up to 50 recorded calculations of the key\'s partner and environment: the order\'s CO2e is their summed kg; an id that is none is a 400 naming its path (`order.calculation_ids.0`).',
    tag: ORDERS,
    auth: true,
    body: createOrderRequestSchema,
    params: variantParam,
    responses: [{ status: 201, description: 'The order was created.', schema: createOrderResponseSchema }],
    failures: ['orderConflict', 'cartConflict'],
    serverError: 'serverError',
    idempotent: true,
    async handle({ body, params, scope, now, store, idempotency }) {
      const created = (plan: CreatePlan): Reply => {
        if (plan.ok) return success(201, { message: successMessages.orderCreated, partner_order_id: body.order.partner_order_id });
        // E1's one order is `order`, where the machine names it as the first of a batch.
        const { refusal } = plan;
        if (refusal.kind === 'unknown_calculation') {
          return failure('badRequest', { path: `order.calculation_ids.${refusal.calculationIndex}`, reason: UNKNOWN_CALCULATION });
        }
        if (refusal.kind === 'invalid_climes') return failure('badRequest', { path: 'order.climes', reason: refusal.reason });
        return failure(refusalErrors[refusal.kind]);
      };
      return created(await store.createOrders(scope, variantOf(params), [body.order], now, idempotency?.guard(created)));
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v3/integrations/{variant}/orders',
    operationId: 'createOrders',
    summary: 'Create several orders (E2)',
    description:
      'Records 1 to 500 orders, all or nothing: any invalid order or conflict stores none of them. An order\'s `calculation_ids` are as in E1; an id that is no recorded calculation of the key\'s partner and environment is a 400 naming its path (`orders.1.calculation_ids.0`).',
    tag: ORDERS,
    auth: true,
    body: createOrdersRequestSchema,
    params: variantParam,
    responses: [{ status: 201, description: 'Every order was created.', schema: createOrdersResponseSchema }],
    failures: ['orderConflict', 'cartConflict'],
    serverError: 'serverError',
    idempotent: true,
    async handle({ body, params, scope, now, store, idempotency }) {
      return batchCreated(await store.createOrders(scope, variantOf(params), body.orders, now, idempotency?.guard(batchCreated)));
    },
  }),
  defineRoute({
    method: 'PATCH',
    path: '/v3/integrations/{variant}/order/add',
    operationId: 'addClimes',
    summary: 'Add climes to a locked order (E3)',
    tag: ORDERS,
    auth: true,
    body: updateClimesRequestSchema,
    params: variantParam,
    responses: [{ status: 200, description: 'The climes were added.', schema: addClimesResponseSchema }],
    failures: ['orderNotFound', 'orderUnlocked', 'orderCancelled', 'climesLimitExceeded'],
    serverError: 'serverError',
    idempotent: true,
    handle: ({ body, params, scope, now, store, idempotency }) =>
      change(store, scope, variantOf(params), body.partner_order_id, { kind: 'add', climes: body.climes }, now, idempotency),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/v3/integrations/{variant}/order/cancel',
    operationId: 'removeClimes',
    summary: 'Remove climes from a locked order (E4)',
    description: 'Removing exactly all the climes the order holds cancels it in full.',
    tag: ORDERS,
    auth: true,
    body: updateClimesRequestSchema,
    params: variantParam,
    responses: [{ status: 200, description: 'The climes were removed.', schema: removeClimesResponseSchema }],
    failures: ['orderNotFound', 'orderUnlocked', 'orderCancelled', 'insufficientClimes'],
    serverError: 'serverError',
    idempotent: true,
    handle: ({ body, params, scope, now, store, idempotency }) =>
      change(store, scope, variantOf(params), body.partner_order_id, { kind: 'remove', climes: body.climes }, now, idempotency),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/v3/integrations/{variant}/order/{partner_order_id}/cancel',
    operationId: 'cancelOrder',
    summary: 'Cancel a locked order in full',
    tag: ORDERS,
    auth: true,
    params: orderParams,
    responses: [{ status: 200, description: 'The order was cancelled.', schema: cancelOrderResponseSchema }],
    failures: ['orderNotFound', 'orderUnlocked', 'orderCancelled'],
    serverError: 'serverError',
    idempotent: true,
    handle: ({ params, scope, now, store, idempotency }) =>
      change(store, scope, variantOf(params), params.partner_order_id, { kind: 'cancel' }, now, idempotency),
  }),
  defineRoute({
    method: 'GET',
    path: '/v3/integrations/{variant}/order/{partner_order_id}',
    operationId: 'getOrder',
    summary: 'Read an order',
    description: 'Every field sent, the climes now, and the state at the time of the request.',
    tag: ORDERS,
    auth: true,
    params: orderParams,
    responses: [{ status: 200, description: 'The order.', schema: getOrderResponseSchema }],
    failures: ['orderNotFound'],
    serverError: 'serverError',
    async handle({ params, scope, now, store, services }) {
      const record = await store.getOrder(scope, params.partner_order_id);
      if (record === undefined || record.variant !== variantOf(params)) return failure('orderNotFound');
      // The order's certificate id, written with the order (src/orders/certificates.ts): a read never writes.
      const certificateId = (await store.certificateOf(scope, params.partner_order_id))!;
      return success(200, { order: { ...orderView(record, now), certificate_url: certificateUrl(services.publicUrl, certificateId) } });
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v3/integrations/vote/opt-in',
    operationId: 'setOptIn',
    summary: 'Set cart opt-in (E5)',
    description: 'Creates or replaces the opt-in record of the cart.',
    tag: ORDERS,
    auth: true,
    body: optInRequestSchema,
    responses: [{ status: 200, description: 'The opt-in was stored.', schema: optInResponseSchema }],
    failures: [],
    serverError: 'serverError',
    idempotent: true,
    async handle({ body, scope, now, store, idempotency }) {
      const saved = (): Reply => success(200, { message: successMessages.optInSaved });
      await store.saveOptIn(scope, body, now, idempotency?.guard(saved));
      return saved();
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v3/integrations/vote/opt-in/{cart_id}',
    operationId: 'getOptIn',
    summary: 'Read a cart opt-in',
    tag: ORDERS,
    auth: true,
    params: { cart_id: identifierSchema },
    responses: [{ status: 200, description: 'The opt-in record.', schema: getOptInResponseSchema }],
    failures: ['optInNotFound'],
    serverError: 'serverError',
    async handle({ params, scope, store }) {
      const record = await store.getOptIn(scope, params.cart_id);
      return record === undefined ? failure('optInNotFound') : success(200, { opt_in: optInView(record) });
    },
  }),
];
