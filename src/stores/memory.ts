/**
 * truecost/stores/memory: a store that keeps everything in the process's memory. For tests and
 * short-lived use; nothing survives the process.
 *
 * @packageDocumentation
 */
import { applyChange, createLookups, orderState, planCreate, planOptIn } from '../orders/machine.js';
import type { ChangeOutcome, CreatePlan, OrderChange } from '../orders/machine.js';
import type { ApiKeyRecord, ApiKeySummary, InviteRecord, ListPage, OrderEvent, ResultEndpoint, SessionRecord, Store } from '../orders/store.js';
import type { OptInRecord, OrderRecord, Scope } from '../orders/types.js';
import type { OptInRequest, Order, Variant } from '../schemas/order.js';
import { memoryIdempotency } from './memory/idempotency.js';
import { memoryJobs } from './memory/jobs.js';
import { memoryEvents } from './memory/events.js';
import { changeEventType } from '../orders/events.js';
import { newCertificateId } from '../orders/certificates.js';
import { withoutCustomer } from '../orders/erasure.js';
import { page } from './memory/page.js';
import { memorySignInFailures } from './memory/sign-in-failures.js';
import { memoryCalculations } from './memory/calculations.js';
import { memoryProfiles } from './memory/profiles.js';

const scoped = (scope: Scope, id: string): string => `${scope.partnerId}\u0000${scope.environment}\u0000${id}`;

/**
 * A {@link Store} in memory. Each method runs synchronously inside its promise, so every
 * read-modify-write is atomic within the process.
 *
 * @example
 * ```ts
 * import { createMemoryStore } from 'truecost/stores/memory';
 * const store = createMemoryStore();
 * ```
 * @remarks Since 0.1.0
 */
export function createMemoryStore(): Store {
  const orders = new Map<string, OrderRecord>();
  const carts = new Map<string, OrderRecord>();
  const optIns = new Map<string, OptInRecord>();
  const apiKeys = new Map<string, ApiKeyRecord>();
  /** Bumped by every key write: the handler's cache of verified keys holds only while it stays the same. */
  let keysVersion = 0;
  const endpoints = new Map<string, ResultEndpoint>();
  // The dashboard's data (see the section at the end).
  const keyDetails = new Map<string, { prefix: string | null; lastUsedAt: number | null }>();
  const orderEvents = new Map<string, OrderEvent[]>();
  const invites = new Map<string, InviteRecord>();
  const passwords = new Map<string, string>();
  const sessions = new Map<string, SessionRecord>();
  const jobs = memoryJobs();
  const { guarded, ...idempotency } = memoryIdempotency();
  // The outbox of order events, appended to in the same step as each order write.
  const { append: appendEvent, ...events } = memoryEvents((key) => orders.get(key));
  // Recorded calculations and their per-day totals (./memory/calculations.ts).
  const { gramsOf, ...calculations } = memoryCalculations(guarded, () => orders.values());
  /** Each order's certificate id, given when the order is created, and the order of each. */
  const certificates = new Map<string, string>();
  const certified = new Map<string, string>();

  function recordEvent(record: OrderRecord, event: OrderEvent): void {
    const key = scoped(record, record.partnerOrderId);
    orderEvents.set(key, [...(orderEvents.get(key) ?? []), event]);
  }

  function certify(key: string): void {
    const certificateId = newCertificateId();
    certificates.set(key, certificateId);
    certified.set(certificateId, key);
  }

  function writeOrder(record: OrderRecord): void {
    orders.set(scoped(record, record.partnerOrderId), record);
    if (record.cartId !== null) carts.set(scoped(record, record.cartId), record);
  }

  function createOrders(scope: Scope, variant: Variant, batch: readonly Order[], now: number): CreatePlan {
    const lookups = createLookups(variant, batch);
    const byId = new Map<string, OrderRecord>();
    for (const id of lookups.partnerOrderIds) {
      const record = orders.get(scoped(scope, id));
      if (record !== undefined) byId.set(id, record);
    }
    const byCart = new Map<string, OrderRecord>();
    for (const cartId of lookups.cartIds) {
      const record = carts.get(scoped(scope, cartId));
      if (record !== undefined) byCart.set(cartId, record);
    }
    const calculationGrams = lookups.calculationIds.length === 0 ? {} : { calculationGrams: gramsOf(scope, lookups.calculationIds) };
    const plan = planCreate(scope, variant, batch, { byId, byCart, ...calculationGrams }, now);
    if (plan.ok) {
      for (const record of plan.inserts) {
        writeOrder(record);
        certify(scoped(record, record.partnerOrderId));
        recordEvent(record, { kind: 'create', deltaMicroClimes: record.microClimes, microClimesAfter: record.microClimes, at: now });
        appendEvent(record, 'order.created', now);
      }
    }
    return structuredClone(plan);
  }

  function changeOrder(scope: Scope, variant: Variant, partnerOrderId: string, change: OrderChange, now: number): ChangeOutcome {
    const before = orders.get(scoped(scope, partnerOrderId));
    const outcome = applyChange(before, variant, change, now);
    if (outcome.ok && before !== undefined) {
      writeOrder(outcome.record);
      const after = outcome.record.microClimes;
      recordEvent(outcome.record, { kind: change.kind, deltaMicroClimes: after - before.microClimes, microClimesAfter: after, at: now });
      appendEvent(outcome.record, changeEventType(change.kind, outcome.record), now);
    }
    return structuredClone(outcome);
  }

  return {
    // Bulk jobs (./memory/jobs.ts).
    ...jobs,
    // Idempotency-Keys (./memory/idempotency.ts).
    ...idempotency,
    // Order events and their deliveries (./memory/events.ts).
    ...events,
    // The dashboard's sign-in limits (./memory/sign-in-failures.ts): this process's alone.
    ...memorySignInFailures(),
    // Recorded calculations and their per-day totals (./memory/calculations.ts).
    ...calculations,
    // Partners' profiles and project catalogues (./memory/profiles.ts).
    ...memoryProfiles(),

    async createOrders(scope, variant, batch, now, guard): Promise<CreatePlan> {
      return guarded(guard, () => createOrders(scope, variant, batch, now));
    },

    async changeOrder(scope, variant, partnerOrderId, change, now, guard): Promise<ChangeOutcome> {
      return guarded(guard, () => changeOrder(scope, variant, partnerOrderId, change, now));
    },

    async getOrder(scope: Scope, partnerOrderId: string): Promise<OrderRecord | undefined> {
      return structuredClone(orders.get(scoped(scope, partnerOrderId)));
    },

    async eraseCustomer(scope: Scope, partnerOrderId: string): Promise<boolean> {
      const record = orders.get(scoped(scope, partnerOrderId));
      if (record === undefined) return false;
      // The history and the outbox hold no customer data; the outbox reads the order from `orders`.
      writeOrder({ ...record, order: withoutCustomer(record.order) });
      return true;
    },

    async saveOptIn(scope: Scope, request: OptInRequest, now: number, guard): Promise<OptInRecord> {
      return guarded(guard, () => {
        const record = planOptIn(scope, request, now);
        optIns.set(scoped(scope, record.cartId), record);
        return { ...record };
      });
    },

    async enqueueJob(job, guard): Promise<void> {
      // The memory job store writes synchronously, before its promise settles.
      return guarded(guard, () => void jobs.enqueueJob(job));
    },

    async getOptIn(scope: Scope, cartId: string): Promise<OptInRecord | undefined> {
      return structuredClone(optIns.get(scoped(scope, cartId)));
    },

    async addApiKey({ prefix, ...record }): Promise<void> {
      apiKeys.set(record.keyHash, { ...record, revokedAt: null });
      keysVersion += 1;
      keyDetails.set(record.keyHash, { prefix: prefix ?? null, lastUsedAt: null });
    },

    async findApiKey(keyHash: string): Promise<ApiKeyRecord | undefined> {
      return structuredClone(apiKeys.get(keyHash));
    },

    async revokeApiKey(keyHash: string, now: number): Promise<boolean> {
      const record = apiKeys.get(keyHash);
      if (record === undefined) return false;
      if (record.revokedAt === null) apiKeys.set(keyHash, { ...record, revokedAt: now });
      keysVersion += 1;
      return true;
    },

    apiKeysVersion(): number {
      return keysVersion;
    },

    async setResultEndpoint(partnerId: string, endpoint: ResultEndpoint): Promise<void> {
      endpoints.set(partnerId, { ...endpoint });
    },

    async getResultEndpoint(partnerId: string): Promise<ResultEndpoint | undefined> {
      return structuredClone(endpoints.get(partnerId));
    },

    // -------------------------------------------------------------------------------------------
    // The partner dashboard (docs/dashboard.md).
    // -------------------------------------------------------------------------------------------

    async listApiKeys(partnerId: string): Promise<ApiKeySummary[]> {
      return [...apiKeys.values()]
        .filter((record) => record.partnerId === partnerId)
        .map((record) => ({ ...record, prefix: null, lastUsedAt: null, ...keyDetails.get(record.keyHash) }))
        .sort((a, b) => b.createdAt - a.createdAt || a.keyHash.localeCompare(b.keyHash));
    },

    async touchApiKey(keyHash: string, now: number): Promise<void> {
      if (!apiKeys.has(keyHash)) return;
      keyDetails.set(keyHash, { prefix: null, ...keyDetails.get(keyHash), lastUsedAt: now });
    },

    async listOrders(partnerId, query): Promise<ListPage<OrderRecord>> {
      const matching = [...orders.values()].filter(
        (record) =>
          record.partnerId === partnerId &&
          record.environment === query.environment &&
          (query.variant === undefined || record.variant === query.variant) &&
          (query.state === undefined || orderState(record, query.now) === query.state) &&
          (query.search === undefined || record.partnerOrderId === query.search || record.cartId === query.search),
      );
      return page(matching, (record) => ({ at: record.createdAt, id: record.partnerOrderId }), query);
    },

    async listOptIns(partnerId, query): Promise<ListPage<OptInRecord>> {
      const matching = [...optIns.values()].filter(
        (record) =>
          record.partnerId === partnerId &&
          record.environment === query.environment &&
          (query.search === undefined || record.cartId === query.search),
      );
      return page(matching, (record) => ({ at: record.updatedAt, id: record.cartId }), query);
    },

    async orderHistory(scope: Scope, partnerOrderId: string): Promise<OrderEvent[]> {
      return (orderEvents.get(scoped(scope, partnerOrderId)) ?? []).map((event) => ({ ...event }));
    },

    async createInvite(invite): Promise<void> {
      invites.set(invite.tokenHash, { ...invite, usedAt: null });
    },

    async findInvite(tokenHash: string): Promise<InviteRecord | undefined> {
      return structuredClone(invites.get(tokenHash));
    },

    async redeemInvite(tokenHash: string, passwordHash: string, now: number): Promise<string | undefined> {
      const invite = invites.get(tokenHash);
      if (invite === undefined || invite.usedAt !== null || invite.expiresAt <= now) return undefined;
      invites.set(tokenHash, { ...invite, usedAt: now });
      passwords.set(invite.partnerId, passwordHash);
      return invite.partnerId;
    },

    async getPasswordHash(partnerId: string): Promise<string | undefined> {
      return passwords.get(partnerId);
    },

    async createSession(session): Promise<void> {
      sessions.set(session.tokenHash, { ...session, revokedAt: null });
    },

    async findSession(tokenHash: string): Promise<SessionRecord | undefined> {
      return structuredClone(sessions.get(tokenHash));
    },

    async revokeSession(tokenHash: string, now: number): Promise<void> {
      const session = sessions.get(tokenHash);
      if (session !== undefined && session.revokedAt === null) sessions.set(tokenHash, { ...session, revokedAt: now });
    },

    async certificateOf(scope, partnerOrderId): Promise<string | undefined> {
      return certificates.get(scoped(scope, partnerOrderId));
    },

    async orderByCertificate(certificateId): Promise<OrderRecord | undefined> {
      const key = certified.get(certificateId);
      return key === undefined ? undefined : structuredClone(orders.get(key));
    },

    async close(): Promise<void> {},

    async ping(): Promise<void> {},
  };
}
