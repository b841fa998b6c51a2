/**
 * truecost/stores/memory: a store that keeps everything in the process's memory. For tests and
 * short-lived use; nothing survives the process.
 *
 * @packageDocumentation
 */
import { applyChange, createLookups, planCreate, planOptIn } from '../orders/machine.js';
import type { ChangeOutcome, CreatePlan, OrderChange } from '../orders/machine.js';
import type {
  ApiKeyRecord,
  AttemptOutcome,
  JobRecord,
  JobState,
  ResultEndpoint,
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
      if (plan.ok) plan.inserts.forEach(writeOrder);
      return structuredClone(plan);
    },

    async changeOrder(
      scope: Scope,
      variant: Variant,
      partnerOrderId: string,
      change: OrderChange,
      now: number,
    ): Promise<ChangeOutcome> {
      const outcome = applyChange(orders.get(scoped(scope, partnerOrderId)), variant, change, now);
      if (outcome.ok) writeOrder(outcome.record);
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

    async addApiKey(record: Omit<ApiKeyRecord, 'revokedAt'>): Promise<void> {
      apiKeys.set(record.keyHash, { ...record, revokedAt: null });
      keysVersion += 1;
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
        .slice(0, filter.limit ?? 100)
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

    async close(): Promise<void> {},
  };
}
