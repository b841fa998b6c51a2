import type { OptInRequest, Order, Variant } from '../schemas/order.js';
import type { ChangeOutcome, CreatePlan, OrderChange } from './machine.js';
import type { ApiKeyRecord, OptInRecord, OrderRecord, Scope } from './types.js';
import type { IdempotencyGuard, IdempotencyStore } from './idempotency.js';
import type { RateLimitStore } from './rate-limit-store.js';
import type { EventStore } from './events.js';
import type { CertificateStore } from './certificates.js';
import type { ProfileStore } from './profiles.js';

/**
 * Where orders and opt-ins live. Every method is atomic: a store runs the pure order machine
 * (`planCreate`, `applyChange`, `planOptIn`) on what it holds, inside one transaction or lock,
 * and writes the result durably before its promise resolves. Concurrent calls on one order never
 * lose an update. A write given an Idempotency-Key `guard` stores the guard's answer with the key in
 * the same transaction, or throws `IdempotencyClaimLost` and writes nothing (./idempotency.ts).
 */
export interface OrderStore {
  /**
   * E1 and E2: looks up the stored orders with the batch's partner_order_ids (either variant) and
   * the vote orders holding its carts, plans with `planCreate`, and inserts every new record, or
   * nothing when the plan refuses.
   */
  createOrders(
    scope: Scope,
    variant: Variant,
    orders: readonly Order[],
    now: number,
    guard?: IdempotencyGuard<CreatePlan>,
  ): Promise<CreatePlan>;
  /** E3, E4 and the full cancellation: `applyChange` on the stored order, then its write. */
  changeOrder(
    scope: Scope,
    variant: Variant,
    partnerOrderId: string,
    change: OrderChange,
    now: number,
    guard?: IdempotencyGuard<ChangeOutcome>,
  ): Promise<ChangeOutcome>;
  /** The stored order with this partner_order_id in the scope, of either variant. */
  getOrder(scope: Scope, partnerOrderId: string): Promise<OrderRecord | undefined>;
  /**
   * Erases the customer's personal data from the stored order (docs/operations.md, "Erasing a
   * customer's data"): every customer field of the order as sent is emptied (`withoutCustomer`),
   * and its climes, cart, dates, events and history stay as they were; neither they nor the
   * stored answers of Idempotency-Keys hold customer data. False for an unknown order; erasing an
   * erased order changes nothing.
   */
  eraseCustomer(scope: Scope, partnerOrderId: string): Promise<boolean>;
  /** E5: creates or replaces the opt-in record of the cart (`planOptIn`). */
  saveOptIn(scope: Scope, request: OptInRequest, now: number, guard?: IdempotencyGuard<OptInRecord>): Promise<OptInRecord>;
  getOptIn(scope: Scope, cartId: string): Promise<OptInRecord | undefined>;
}

/** Where a partner's bulk results are delivered, and the secret that signs each delivery. */
export interface ResultEndpoint {
  readonly url: string;
  readonly secret: string;
}

/** Partners, their API keys and their bulk result endpoints. */
export interface PartnerStore {
  /**
   * Stores a new key, creating its partner when needed. `prefix`, when given, is the start of the
   * key kept for the partner's key list (the environment prefix and a few characters, see docs/dashboard.md).
   */
  addApiKey(record: Omit<ApiKeyRecord, 'revokedAt'> & { readonly prefix?: string }): Promise<void>;
  /** The key with this hash, revoked or not. */
  findApiKey(keyHash: string): Promise<ApiKeyRecord | undefined>;
  /** Revokes the key; false when no such key exists. Takes effect on the next request. */
  revokeApiKey(keyHash: string, now: number): Promise<boolean>;
  /**
   * A number that changes whenever a key may have been added or revoked, in this process or, for a
   * shared database, in any other; undefined when the store cannot tell right now. It is cheap to
   * read, at once or as a promise. The handler asks it once per turn of the event loop, after every
   * request of the turn arrived, and trusts the keys it has verified only while this number stays
   * the same; a store without it gets a store read on every request.
   */
  apiKeysVersion?(): number | undefined | Promise<number | undefined>;
  /** Sets (or replaces) the partner's result endpoint, creating the partner when needed. */
  setResultEndpoint(partnerId: string, endpoint: ResultEndpoint, now: number): Promise<void>;
  getResultEndpoint(partnerId: string): Promise<ResultEndpoint | undefined>;
}

export * from './job-store.js';
export type { ApiKeyRecord } from './types.js';
export * from './dashboard-store.js';
export * from './calculations.js';
export * from './profiles.js';
import type { JobStore } from './job-store.js';
import type { CalculationStore } from './calculations.js';
import type { DashboardStore } from './dashboard-store.js';


/** Everything the service keeps. Each store entry point (memory, SQLite, PostgreSQL) provides one. */
export interface Store
  extends OrderStore, PartnerStore, JobStore, DashboardStore, IdempotencyStore, RateLimitStore, EventStore, CertificateStore, CalculationStore, ProfileStore {
  /** Releases connections and file handles. */
  close(): Promise<void>;
  /**
   * Resolves when the database answers a trivial query, and rejects with the reason when it does
   * not (within a short timeout); `GET /readyz` asks it. Optional, so that stores written
   * elsewhere keep compiling: a store without it counts as ready.
   */
  ping?(): Promise<void>;
}
