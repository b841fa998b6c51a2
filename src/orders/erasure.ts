// Erasing a customer's personal data from an order, as India's DPDP Act (section 12) and the GDPR
// (article 17) give the customer the right to ask (docs/operations.md, "Erasing a customer's data").
// The order stays, with its climes, ids and dates: the partner's accounts and the certificate need
// them, and they identify no one. Pure.
import type { Order } from '../schemas/order.js';
import { CUSTOMER_FIELDS } from './events.js';

/** What an erased customer field holds: nothing, in the field's place, so that the order's shape stays the contract's. */
export const ERASED_VALUE = '';

/**
 * The order as sent, with every customer field it carries (`CUSTOMER_FIELDS`: e-mail, name,
 * phone) emptied; every other field as it was.
 *
 * @example
 * ```ts
 * withoutCustomer({ climes: 2, partner_order_id: 'o-1', customer_email: 'ada@example.com', customer_name: 'Ada' });
 * // { climes: 2, partner_order_id: 'o-1', customer_email: '', customer_name: '' }
 * ```
 */
export function withoutCustomer(order: Order): Order {
  const erased: Record<string, unknown> = { ...order };
  for (const field of CUSTOMER_FIELDS) if (erased[field] !== undefined) erased[field] = ERASED_VALUE;
  return erased as Order;
}

/** True when the order's customer was erased: every customer field it carries is empty. */
export function customerErased(order: Order): boolean {
  const fields = order as Readonly<Record<string, unknown>>;
  return CUSTOMER_FIELDS.every((field) => fields[field] === undefined || fields[field] === ERASED_VALUE);
}
