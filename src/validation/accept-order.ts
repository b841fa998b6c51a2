// The fast acceptors of E1 and E2 bodies (src/validation/fast-acceptors.ts says what an acceptor promises).
import { EARLIEST_UNLOCK_DATE_MS, hasAtMostSixDecimals, MAX_CLIMES } from '../schemas/limits.js';
import {
  MAX_CALCULATIONS_PER_ORDER,
  MAX_ORDERS_PER_BATCH,
  orderSchema,
  MAX_PHONE_LENGTH,
  type CreateOrderRequest,
  type CreateOrdersRequest,
  type Order,
} from '../schemas/order.js';
import { absent, identifier, keyCount, ordinaryString, plain, sent, type Accepted, type Plain } from './acceptor-parts.js';

/** Longest e-mail address accepted (RFC 5321 path limit, as `orderSchema` says). */
const MAX_EMAIL_LENGTH = 254;
/**
 * The pattern `orderSchema` checks e-mail addresses with (zod's): taken from the schema, so that the
 * two cannot differ, and so that a bundle does not keep every pattern of zod's `regexes`. An e-mail
 * schema always has one (zod sets it when it builds the schema).
 */
const EMAIL = orderSchema.shape.customer_email._zod.def.pattern as RegExp;

const OPTIONAL_IDENTIFIERS = ['cart_id', 'project_id'] as const;
/** The keys an accepted order was sent with: the four required and the optional ones present, read by name. */
function orderKeys(fields: Plain): number {
  return 4 + sent(fields['customer_phone']) + sent(fields['unlock_date']) + sent(fields['cart_id']) + sent(fields['project_id']) + sent(fields['calculation_ids']);
}

/** 1 to 50 identifiers, none repeated, as `calculationIdsSchema` takes them; else undefined. */
function calculationIds(value: unknown): string[] | undefined {
  if (!Array.isArray(value) || value.length < 1 || value.length > MAX_CALCULATIONS_PER_ORDER) return undefined;
  const ids = new Set<string>();
  for (const id of value) {
    if (!identifier(id) || ids.has(id)) return undefined;
    ids.add(id);
  }
  return [...ids];
}

/** True when every key of an accepted order (a plain object) is one the order kept. */
function exactOrder(input: unknown): boolean {
  return keyCount(input as Plain) === orderKeys(input as Plain);
}

function order(input: unknown): Order | undefined {
  const fields = plain(input);
  if (fields === undefined) return undefined;
  const { climes, partner_order_id: id, customer_email: email, customer_name: name } = fields;
  if (typeof climes !== 'number' || !Number.isFinite(climes) || climes <= 0 || climes > MAX_CLIMES) return undefined;
  if (!hasAtMostSixDecimals(climes) || !identifier(id) || !identifier(name)) return undefined;
  if (!ordinaryString(email) || email.length > MAX_EMAIL_LENGTH || !EMAIL.test(email)) return undefined;
  const parsed: Record<string, unknown> = { climes, partner_order_id: id, customer_email: email, customer_name: name };
  if (!absent(fields, 'customer_phone')) {
    const phone = fields['customer_phone'];
    if (!ordinaryString(phone) || phone.length > MAX_PHONE_LENGTH) return undefined;
    parsed['customer_phone'] = phone;
  }
  if (!absent(fields, 'unlock_date')) {
    const unlock = fields['unlock_date'];
    if (typeof unlock !== 'number' || !Number.isSafeInteger(unlock) || unlock < EARLIEST_UNLOCK_DATE_MS) return undefined;
    parsed['unlock_date'] = unlock;
  }
  for (const key of OPTIONAL_IDENTIFIERS) {
    if (absent(fields, key)) continue;
    const value = fields[key];
    if (!identifier(value)) return undefined;
    parsed[key] = value;
  }
  if (!absent(fields, 'calculation_ids')) {
    const ids = calculationIds(fields['calculation_ids']);
    if (ids === undefined) return undefined;
    parsed['calculation_ids'] = ids;
  }
  return parsed as Order;
}

/** The E1 body as zod would parse it, or undefined. */
export function acceptCreateOrderRequest(input: unknown): Accepted<CreateOrderRequest> | undefined {
  const body = plain(input);
  const fields = body?.['order'];
  const parsed = order(fields);
  if (parsed === undefined) return undefined;
  return { value: { order: parsed }, exact: keyCount(body!) === 1 && exactOrder(fields) };
}

/** The E2 body as zod would parse it, or undefined. */
export function acceptCreateOrdersRequest(input: unknown): Accepted<CreateOrdersRequest> | undefined {
  const body = plain(input);
  const list = body?.['orders'];
  if (!Array.isArray(list) || list.length < 1 || list.length > MAX_ORDERS_PER_BATCH) return undefined;
  const orders: Order[] = [];
  const ids = new Set<string>();
  let exact = keyCount(body!) === 1;
  for (const item of list) {
    const parsed = order(item);
    if (parsed === undefined || ids.has(parsed.partner_order_id)) return undefined;
    ids.add(parsed.partner_order_id);
    exact &&= exactOrder(item);
    orders.push(parsed);
  }
  return { value: { orders }, exact };
}
