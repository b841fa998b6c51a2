import type { ApiErrorName } from '../errors.js';
import { successMessages } from '../errors.js';
import { climesProblem, MAX_CLIMES } from '../schemas/limits.js';
import type {
  AddClimesResponse,
  CancelOrderResponse,
  OptInRequest,
  OptInView,
  Order,
  OrderState,
  OrderView,
  RemoveClimesResponse,
  Variant,
} from '../schemas/order.js';
import { fromMicroClimes, toMicroClimes } from './climes.js';
import type { OptInRecord, OrderRecord, Scope } from './types.js';

/** An order placed without unlock_date unlocks 10 days later (the contract's default). */
export const DEFAULT_UNLOCK_DELAY_MS = 10 * 24 * 60 * 60 * 1000;

const MAX_MICRO_CLIMES = toMicroClimes(MAX_CLIMES);

/** Why the order machine refused a command. Each kind maps to one entry of `apiErrors`. */
export type OrderRefusal =
  | { readonly kind: 'conflict'; readonly partnerOrderId: string }
  | { readonly kind: 'cart_conflict'; readonly cartId: string }
  | { readonly kind: 'not_found' }
  | { readonly kind: 'unlocked' }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'insufficient_climes' }
  | { readonly kind: 'climes_limit' }
  /** The order's `calculation_ids[calculationIndex]` is no recorded calculation of the scope. */
  | { readonly kind: 'unknown_calculation'; readonly calculationIndex: number }
  /**
   * An amount of climes the API's schema refuses (not above 0, over the limit, more than 6
   * decimals), with the path and reason of the API's 400: `orders.N.climes` (E1 and E2, by the
   * order's index in the batch) or `climes` (E3, E4). The API validates first, so only a caller of
   * the machine that skipped validation meets it.
   */
  | { readonly kind: 'invalid_climes'; readonly path: string; readonly reason: string };

/** The `apiErrors` entry that answers each refusal. @remarks Since 0.1.0 */
export const refusalErrors: Readonly<Record<OrderRefusal['kind'], ApiErrorName>> = {
  conflict: 'orderConflict',
  cart_conflict: 'cartConflict',
  not_found: 'orderNotFound',
  unlocked: 'orderUnlocked',
  cancelled: 'orderCancelled',
  insufficient_climes: 'insufficientClimes',
  climes_limit: 'climesLimitExceeded',
  unknown_calculation: 'badRequest',
  invalid_climes: 'badRequest',
};

/** The stored orders a create must see: those with the batch's ids, and those holding its carts. */
export interface CreateSnapshot {
  /** Stored orders of the scope, of either variant, keyed by partner_order_id. */
  readonly byId: ReadonlyMap<string, OrderRecord>;
  /** Stored vote orders of the scope, keyed by the cart they hold. */
  readonly byCart: ReadonlyMap<string, OrderRecord>;
  /**
   * The well-to-wheel grams of the scope's recorded calculations the batch names, by id; absent
   * when the batch names none.
   */
  readonly calculationGrams?: ReadonlyMap<string, number>;
}

/** The outcome of planning E1 or E2: the records to insert, or the refusal of the whole batch. */
export type CreatePlan =
  | {
      readonly ok: true;
      /** New records to insert; safe retries of stored orders are not among them. */
      readonly inserts: readonly OrderRecord[];
      readonly partnerOrderIds: readonly string[];
    }
  | { readonly ok: false; readonly refusal: OrderRefusal; readonly index: number };

/** The partner_order_ids, vote cart ids and recorded calculation ids a create must look up before planning. */
export function createLookups(
  variant: Variant,
  orders: readonly Order[],
): { partnerOrderIds: string[]; cartIds: string[]; calculationIds: string[] } {
  return {
    partnerOrderIds: orders.map((order) => order.partner_order_id),
    cartIds: variant === 'vote' ? orders.map(cartOf) : [],
    calculationIds: [...new Set(orders.flatMap((order) => order.calculation_ids ?? []))],
  };
}

/**
 * Plans the creation of one (E1) or several (E2) orders, all-or-nothing. An amount of climes the
 * API refuses refuses the batch (`invalid_climes`, with the API's path and reason). A stored order created
 * from an identical body is a safe retry (answered as created, not inserted again); a different
 * one with the same partner_order_id, in either variant, refuses the batch, as does a vote cart
 * already held by another order. Pure: `now` is an argument.
 *
 * @example
 * ```ts
 * const plan = planCreate(scope, 'vote', [order], { byId: new Map(), byCart: new Map() }, Date.now());
 * if (plan.ok) await save(plan.inserts);
 * ```
 * @remarks Since 0.1.0
 */
export function planCreate(
  scope: Scope,
  variant: Variant,
  orders: readonly Order[],
  existing: CreateSnapshot,
  now: number,
): CreatePlan {
  const inserts: OrderRecord[] = [];
  const cartsInBatch = new Set<string>();
  for (const [index, order] of orders.entries()) {
    const problem = climesProblem(order.climes);
    if (problem !== undefined) return { ok: false, refusal: { kind: 'invalid_climes', path: `orders.${index}.climes`, reason: problem }, index };
    const stored = existing.byId.get(order.partner_order_id);
    if (stored !== undefined) {
      if (stored.variant === variant && sameOrder(stored.order, order)) continue;
      return { ok: false, refusal: { kind: 'conflict', partnerOrderId: order.partner_order_id }, index };
    }
    const cartId = variant === 'vote' ? cartOf(order) : null;
    if (cartId !== null) {
      if (existing.byCart.has(cartId) || cartsInBatch.has(cartId)) {
        return { ok: false, refusal: { kind: 'cart_conflict', cartId }, index };
      }
      cartsInBatch.add(cartId);
    }
    let calculationGrams: number | null = null;
    for (const [calculationIndex, calculationId] of (order.calculation_ids ?? []).entries()) {
      const grams = existing.calculationGrams?.get(calculationId);
      if (grams === undefined) return { ok: false, refusal: { kind: 'unknown_calculation', calculationIndex }, index };
      calculationGrams = (calculationGrams ?? 0) + grams;
    }
    inserts.push({
      ...scope,
      variant,
      partnerOrderId: order.partner_order_id,
      microClimes: toMicroClimes(order.climes),
      order,
      cartId,
      unlockDate: order.unlock_date ?? now + DEFAULT_UNLOCK_DELAY_MS,
      createdAt: now,
      updatedAt: now,
      cancelledAt: null,
      calculationGrams,
    });
  }
  return { ok: true, inserts, partnerOrderIds: orders.map((order) => order.partner_order_id) };
}

/** A change to a stored order: E3 adds climes, E4 removes them, the full cancellation ends it. */
export type OrderChange =
  | { readonly kind: 'add'; readonly climes: number }
  | { readonly kind: 'remove'; readonly climes: number }
  | { readonly kind: 'cancel' };

/** The answer each change gives. */
export type ChangeResponse = AddClimesResponse | RemoveClimesResponse | CancelOrderResponse;

/** The outcome of a change: the record to write and the answer, or a refusal. */
export type ChangeOutcome =
  | { readonly ok: true; readonly record: OrderRecord; readonly response: ChangeResponse }
  | { readonly ok: false; readonly refusal: OrderRefusal };

/**
 * Applies E3, E4 or the full cancellation to the stored order (or to none). An amount of climes
 * the API refuses is refused first (`invalid_climes`, path `climes`). Only a locked order changes;
 * removing exactly all its climes cancels it in full. Pure: `now` is an argument.
 *
 * @example
 * ```ts
 * const outcome = applyChange(record, 'vote', { kind: 'add', climes: 1.5 }, Date.now());
 * if (outcome.ok) console.log(outcome.response); // { message, updated_climes, partner_order_id }
 * ```
 * @remarks Since 0.1.0
 */
export function applyChange(
  record: OrderRecord | undefined,
  variant: Variant,
  change: OrderChange,
  now: number,
): ChangeOutcome {
  // The body's own problem first, as the API answers its 400 before looking the order up.
  const problem = change.kind === 'cancel' ? undefined : climesProblem(change.climes);
  if (problem !== undefined) return { ok: false, refusal: { kind: 'invalid_climes', path: 'climes', reason: problem } };
  if (record === undefined || record.variant !== variant) return refuse('not_found');
  const state = orderState(record, now);
  if (state === 'cancelled') return refuse('cancelled');
  if (state === 'unlocked') return refuse('unlocked');
  const partner_order_id = record.partnerOrderId;
  if (change.kind === 'add') {
    const microClimes = record.microClimes + toMicroClimes(change.climes);
    if (microClimes > MAX_MICRO_CLIMES) return refuse('climes_limit');
    return {
      ok: true,
      record: { ...record, microClimes, updatedAt: now },
      response: {
        message: successMessages.orderUpdated,
        updated_climes: fromMicroClimes(microClimes),
        partner_order_id,
      },
    };
  }
  if (change.kind === 'remove') {
    const microClimes = record.microClimes - toMicroClimes(change.climes);
    if (microClimes < 0) return refuse('insufficient_climes');
    return {
      ok: true,
      record: { ...record, microClimes, updatedAt: now, cancelledAt: microClimes === 0 ? now : null },
      response: {
        message: successMessages.orderUpdated,
        remaining_climes: fromMicroClimes(microClimes),
        partner_order_id,
      },
    };
  }
  return {
    ok: true,
    record: { ...record, microClimes: 0, updatedAt: now, cancelledAt: now },
    response: { message: successMessages.orderCancelled, partner_order_id, remaining_climes: 0 },
  };
}

/** The state of an order at `now`: cancelled is final; otherwise locked until its unlock date. */
export function orderState(record: OrderRecord, now: number): OrderState {
  if (record.cancelledAt !== null) return 'cancelled';
  return now >= record.unlockDate ? 'unlocked' : 'locked';
}

/** The opt-in record E5 stores for a cart, replacing any earlier one. */
export function planOptIn(scope: Scope, request: OptInRequest, now: number): OptInRecord {
  return {
    ...scope,
    cartId: request.cart_id,
    optedIn: request.opted_in,
    microClimes: toMicroClimes(request.climes),
    updatedAt: now,
  };
}

/** The body of `GET .../order/{partner_order_id}`: the fields sent, the climes and state now. */
export function orderView(record: OrderRecord, now: number): OrderView {
  const { climes: _sentClimes, unlock_date: _sentUnlock, ...sent } = record.order;
  return {
    ...sent,
    ...(record.calculationGrams === null ? {} : { co2e_kg: record.calculationGrams / 1000 }),
    climes: fromMicroClimes(record.microClimes),
    state: orderState(record, now),
    variant: record.variant,
    created_at: record.createdAt,
    unlock_date: record.unlockDate,
  };
}

/** The body of `GET /v3/integrations/vote/opt-in/{cart_id}`. */
export function optInView(record: OptInRecord): OptInView {
  return {
    cart_id: record.cartId,
    opted_in: record.optedIn,
    climes: fromMicroClimes(record.microClimes),
    updated_at: record.updatedAt,
  };
}

function refuse(kind: 'not_found' | 'unlocked' | 'cancelled' | 'insufficient_climes' | 'climes_limit'): ChangeOutcome {
  return { ok: false, refusal: { kind } };
}

function cartOf(order: Order): string {
  return order.cart_id ?? order.partner_order_id;
}

/**
 * Two bodies are the same order when every field sent is equal: key order does not matter, and a
 * field set to `undefined` is one not sent, as in JSON. Every field of an order is a string, a
 * number or (`calculation_ids`) a list of strings, compared in order.
 */
function sameOrder(a: Order, b: Order): boolean {
  return fieldsFoundIn(a, b) && fieldsFoundIn(b, a);
}

function fieldsFoundIn(a: Order, b: Order): boolean {
  for (const key in a) if (!sameField(a[key as keyof Order], b[key as keyof Order])) return false;
  return true;
}

function sameField(a: Order[keyof Order], b: Order[keyof Order]): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((value, index) => value === b[index]);
  return a === b;
}
