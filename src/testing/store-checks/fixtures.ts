import type { Store } from '../../orders/store.js';
import type { Scope } from '../../orders/types.js';
import type { Order } from '../../schemas/order.js';

// The data the checks use: scopes, a clock and order bodies.
export const now = 1_800_000_000_000;
export const day = 24 * 60 * 60 * 1000;
export const staging: Scope = { partnerId: 'p1', environment: 'staging' };
export const production: Scope = { partnerId: 'p1', environment: 'production' };
export const otherPartner: Scope = { partnerId: 'p2', environment: 'staging' };
export const order = (overrides: Partial<Order> = {}): Order => ({
  climes: 10,
  partner_order_id: 'o-1',
  customer_email: 'ada@example.com',
  customer_name: 'Ada Lovelace',
  ...overrides,
});

/** Registers one check of the store contract. */
export type DefineCheck = (name: string, run: (store: Store) => Promise<void>) => void;
