/**
 * truecost/stores/memory: a store that keeps everything in the process's memory. For tests and
 * short-lived use; nothing survives the process.
 *
 * @packageDocumentation
 */
import { applyChange, createLookups, orderState, planCreate, planOptIn } from '../orders/machine.js';
import type { ChangeOutcome, CreatePlan, OrderChange } from '../orders/machine.js';
import { DEFAULT_JOB_LIST_LIMIT } from '../orders/store.js';
import type {
  ApiKeyRecord,
  ApiKeySummary,
  AttemptOutcome,
  InviteRecord,
  JobRecord,
  JobState,
  ListPage,
  OrderEvent,
  ResultEndpoint,
  SessionRecord,
  Store,
} from '../orders/store.js';
import type { OptInRecord, OrderRecord, Scope } from '../orders/types.js';
import type { OptInRequest, Order, Variant } from '../schemas/order.js';

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
  const jobs = new Map<string, JobRecord>();
  // The dashboard's data (see the section at the end).
  const keyDetails = new Map<string, { prefix: string | null; lastUsedAt: number | null }>();
  const orderEvents = new Map<string, OrderEvent[]>();
  const invites = new Map<string, InviteRecord>();
  const passwords = new Map<string, string>();
  const sessions = new Map<string, SessionRecord>();

  function recordEvent(record: OrderRecord, event: OrderEvent): void {
    const key = scoped(record, record.partnerOrderId);
    orderEvents.set(key, [...(orderEvents.get(key) ?? []), event]);
  }

  function writeOrder(record: OrderRecord): void {
    orders.set(scoped(record, record.partnerOrderId), record);
    if (record.cartId !== null) carts.set(scoped(record, record.cartId), record);
  }

  function updateJob(jobId: string, workerId: string, change: (job: JobRecord) => JobRecord): boolean {
    const job = jobs.get(jobId);
    if (job === undefined || job.leaseOwner !== workerId) return false;
    jobs.set(jobId, change(job));
    return true;
  }

  return {
    async createOrders(scope: Scope, variant: Variant, batch: readonly Order[], now: number): Promise<CreatePlan> {
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
      const plan = planCreate(scope, variant, batch, { byId, byCart }, now);
      if (plan.ok) {
        for (const record of plan.inserts) {
          writeOrder(record);
          recordEvent(record, { kind: 'create', deltaMicroClimes: record.microClimes, microClimesAfter: record.microClimes, at: now });
        }
      }
      return structuredClone(plan);
    },

    async changeOrder(
      scope: Scope,
      variant: Variant,
      partnerOrderId: string,
      change: OrderChange,
      now: number,
    ): Promise<ChangeOutcome> {
      const before = orders.get(scoped(scope, partnerOrderId));
      const outcome = applyChange(before, variant, change, now);
      if (outcome.ok && before !== undefined) {
        writeOrder(outcome.record);
        const after = outcome.record.microClimes;
        recordEvent(outcome.record, { kind: change.kind, deltaMicroClimes: after - before.microClimes, microClimesAfter: after, at: now });
      }
      return structuredClone(outcome);
    },

    async getOrder(scope: Scope, partnerOrderId: string): Promise<OrderRecord | undefined> {
      return structuredClone(orders.get(scoped(scope, partnerOrderId)));
    },

    async saveOptIn(scope: Scope, request: OptInRequest, now: number): Promise<OptInRecord> {
      const record = planOptIn(scope, request, now);
      optIns.set(scoped(scope, record.cartId), record);
      return { ...record };
    },

    async getOptIn(scope: Scope, cartId: string): Promise<OptInRecord | undefined> {
      const record = optIns.get(scoped(scope, cartId));
      return record === undefined ? undefined : { ...record };
    },

    async addApiKey({ prefix, ...record }): Promise<void> {
      apiKeys.set(record.keyHash, { ...record, revokedAt: null });
      keysVersion += 1;
      keyDetails.set(record.keyHash, { prefix: prefix ?? null, lastUsedAt: null });
    },

    async findApiKey(keyHash: string): Promise<ApiKeyRecord | undefined> {
      const record = apiKeys.get(keyHash);
      return record === undefined ? undefined : { ...record };
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
      const endpoint = endpoints.get(partnerId);
      return endpoint === undefined ? undefined : { ...endpoint };
    },

    async enqueueJob(job): Promise<void> {
      jobs.set(job.jobId, {
        jobId: job.jobId,
        partnerId: job.partnerId,
        environment: job.environment,
        request: structuredClone(job.request),
        state: 'queued',
        attempts: 0,
        lastError: null,
        results: null,
        createdAt: job.createdAt,
        updatedAt: job.createdAt,
        nextAttemptAt: job.createdAt,
        leaseOwner: null,
        leaseExpiresAt: null,
        deliveredAt: null,
      });
    },

    async claimJob(workerId: string, now: number, leaseMs: number): Promise<JobRecord | undefined> {
      let due: JobRecord | undefined;
      for (const job of jobs.values()) {
        const claimable =
          (job.state === 'queued' || job.state === 'delivering') &&
          job.nextAttemptAt <= now &&
          (job.leaseExpiresAt === null || job.leaseExpiresAt <= now);
        if (claimable && (due === undefined || job.nextAttemptAt < due.nextAttemptAt)) due = job;
      }
      if (due === undefined) return undefined;
      const claimed: JobRecord = {
        ...due,
        state: 'delivering',
        leaseOwner: workerId,
        leaseExpiresAt: now + leaseMs,
        updatedAt: now,
      };
      jobs.set(due.jobId, claimed);
      return structuredClone(claimed);
    },

    async saveJobResults(jobId, workerId, results, now): Promise<boolean> {
      return updateJob(jobId, workerId, (job) => ({ ...job, results: { ...results }, updatedAt: now }));
    },

    async startAttempt(jobId: string, workerId: string, now: number): Promise<boolean> {
      return updateJob(jobId, workerId, (job) => ({ ...job, attempts: job.attempts + 1, updatedAt: now }));
    },

    async recordAttempt(jobId: string, workerId: string, outcome: AttemptOutcome): Promise<boolean> {
      return updateJob(jobId, workerId, (job) => {
        const released = { ...job, leaseOwner: null, leaseExpiresAt: null, updatedAt: outcome.at };
        if (outcome.delivered) return { ...released, state: 'delivered', deliveredAt: outcome.at, lastError: null };
        if (outcome.nextAttemptAt === null) return { ...released, state: 'failed', lastError: outcome.error };
        return { ...released, state: 'queued', lastError: outcome.error, nextAttemptAt: outcome.nextAttemptAt };
      });
    },

    async getJob(scope: Scope, jobId: string): Promise<JobRecord | undefined> {
      const job = jobs.get(jobId);
      if (job === undefined || job.partnerId !== scope.partnerId || job.environment !== scope.environment) return undefined;
      return structuredClone(job);
    },

    async listJobs(filter: { readonly state?: JobState; readonly limit?: number }): Promise<JobRecord[]> {
      return [...jobs.values()]
        .filter((job) => filter.state === undefined || job.state === filter.state)
        .sort((a, b) => b.createdAt - a.createdAt)
        .slice(0, filter.limit ?? DEFAULT_JOB_LIST_LIMIT)
        .map((job) => structuredClone(job));
    },

    async retryJob(jobId: string, now: number): Promise<JobRecord | undefined> {
      const job = jobs.get(jobId);
      if (job === undefined) return undefined;
      if (job.state === 'delivered') return structuredClone(job);
      const queued: JobRecord = { ...job, state: 'queued', nextAttemptAt: now, leaseOwner: null, leaseExpiresAt: null, updatedAt: now };
      jobs.set(jobId, queued);
      return structuredClone(queued);
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
      matching.sort((a, b) => b.createdAt - a.createdAt || a.partnerOrderId.localeCompare(b.partnerOrderId));
      return page(matching, query);
    },

    async listOptIns(partnerId, query): Promise<ListPage<OptInRecord>> {
      const matching = [...optIns.values()].filter(
        (record) =>
          record.partnerId === partnerId &&
          record.environment === query.environment &&
          (query.search === undefined || record.cartId === query.search),
      );
      matching.sort((a, b) => b.updatedAt - a.updatedAt || a.cartId.localeCompare(b.cartId));
      return page(matching, query);
    },

    async orderHistory(scope: Scope, partnerOrderId: string): Promise<OrderEvent[]> {
      return (orderEvents.get(scoped(scope, partnerOrderId)) ?? []).map((event) => ({ ...event }));
    },

    async listPartnerJobs(scope: Scope, query): Promise<ListPage<JobRecord>> {
      const matching = [...jobs.values()].filter(
        (job) =>
          job.partnerId === scope.partnerId &&
          job.environment === scope.environment &&
          (query.state === undefined || job.state === query.state),
      );
      matching.sort((a, b) => b.createdAt - a.createdAt || a.jobId.localeCompare(b.jobId));
      return page(matching, query);
    },

    async createInvite(invite): Promise<void> {
      invites.set(invite.tokenHash, { ...invite, usedAt: null });
    },

    async findInvite(tokenHash: string): Promise<InviteRecord | undefined> {
      const invite = invites.get(tokenHash);
      return invite === undefined ? undefined : { ...invite };
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
      const session = sessions.get(tokenHash);
      return session === undefined ? undefined : { ...session };
    },

    async revokeSession(tokenHash: string, now: number): Promise<void> {
      const session = sessions.get(tokenHash);
      if (session !== undefined && session.revokedAt === null) sessions.set(tokenHash, { ...session, revokedAt: now });
    },

    async close(): Promise<void> {},

    async ping(): Promise<void> {},
  };
}

/** One page of sorted rows, copied. */
function page<T>(rows: readonly T[], query: { readonly limit: number; readonly offset: number }): ListPage<T> {
  return {
    items: rows.slice(query.offset, query.offset + query.limit).map((row) => structuredClone(row)),
    hasMore: rows.length > query.offset + query.limit,
  };
}
