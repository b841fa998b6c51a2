import type { Order, Variant } from '../schemas/order.js';

/** Staging and production are separate namespaces: nothing made with one key is seen by the other. */
export const ENVIRONMENTS = ['staging', 'production'] as const;

/** The environment of a key and of the data it reaches: `'staging'` or `'production'`. */
export type Environment = (typeof ENVIRONMENTS)[number];

/** Whose data a request touches: one partner in one environment. */
export interface Scope {
  readonly partnerId: string;
  readonly environment: Environment;
}

/** An order as stored. Times are milliseconds since the epoch. */
export interface OrderRecord extends Scope {
  readonly variant: Variant;
  readonly partnerOrderId: string;
  /** The climes the order holds now, in micro-climes (exact integers). */
  readonly microClimes: number;
  /** The order exactly as the partner sent it (parsed), for views and for recognising a safe retry. */
  readonly order: Order;
  /** The cart the order claims: vote orders only (cart_id, or partner_order_id when omitted); else null. */
  readonly cartId: string | null;
  /** When the order unlocks, in milliseconds since the epoch. */
  readonly unlockDate: number;
  /** When the order was created, in milliseconds since the epoch. */
  readonly createdAt: number;
  /** When the order last changed, in milliseconds since the epoch. */
  readonly updatedAt: number;
  /**
   * When the order was cancelled in full, in milliseconds since the epoch; null when it was not.
   */
  readonly cancelledAt: number | null;
  /**
   * With `calculation_ids`: the well-to-wheel grams of CO2e of those recorded calculations, summed
   * when the order was created (a recorded figure never changes); null without them.
   */
  readonly calculationGrams: number | null;
}

/** A cart opt-in record (E5). */
export interface OptInRecord extends Scope {
  readonly cartId: string;
  readonly optedIn: boolean;
  /** The climes of the cart, in micro-climes (exact integers). */
  readonly microClimes: number;
  /** When the choice was last saved, in milliseconds since the epoch. */
  readonly updatedAt: number;
}

/** An API key as stored: only the SHA-256 hash of the key, never the key. */
export interface ApiKeyRecord {
  readonly keyHash: string;
  readonly partnerId: string;
  readonly environment: Environment;
  /** When the key was made, in milliseconds since the epoch. */
  readonly createdAt: number;
  /** When the key was revoked, in milliseconds since the epoch; null while it is valid. */
  readonly revokedAt: number | null;
}
