import type { OptInRequest, Order, Variant } from '../schemas/order.js';
import type { ChangeOutcome, CreatePlan, OrderChange } from './machine.js';
import type { Environment, OptInRecord, OrderRecord, Scope } from './types.js';
import type { OrderState } from '../schemas/order.js';
import type { IdempotencyGuard, IdempotencyStore } from './idempotency.js';
import type { RateLimitStore } from './rate-limit-store.js';
import type { EventStore } from './events.js';
import type { CertificateStore } from './certificates.js';

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
  /** E5: creates or replaces the opt-in record of the cart (`planOptIn`). */
  saveOptIn(scope: Scope, request: OptInRequest, now: number, guard?: IdempotencyGuard<OptInRecord>): Promise<OptInRecord>;
  getOptIn(scope: Scope, cartId: string): Promise<OptInRecord | undefined>;
}

/** An API key as stored: only the SHA-256 hash of the key, never the key. */
export interface ApiKeyRecord {
  readonly keyHash: string;
  readonly partnerId: string;
  readonly environment: Environment;
  readonly createdAt: number;
  readonly revokedAt: number | null;
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

/** The life of a bulk job: queued (also between retries), delivering (leased by a worker), then delivered or failed. */
export const JOB_STATES = ['queued', 'delivering', 'delivered', 'failed'] as const;

/** The state of a bulk job: `'queued'`, `'delivering'`, `'delivered'` or `'failed'`. */
export type JobState = (typeof JOB_STATES)[number];

/** How many jobs `listJobs` (and `truecost jobs list`) returns when no limit is given. */
export const DEFAULT_JOB_LIST_LIMIT = 100;

/** A bulk flight job (E7) as stored. Times are milliseconds since the epoch. */
export interface JobRecord extends Scope {
  readonly jobId: string;
  /** The E7 request body as validated, to be computed by the worker. */
  readonly request: unknown;
  readonly state: JobState;
  readonly attempts: number;
  readonly lastError: string | null;
  /** The delivered body (flight_id to tonnes string) once computed, else null. */
  readonly results: Readonly<Record<string, string>> | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** The earliest time the next delivery attempt may start. */
  readonly nextAttemptAt: number;
  /** The worker holding the job, and until when; null when no one holds it. */
  readonly leaseOwner: string | null;
  readonly leaseExpiresAt: number | null;
  readonly deliveredAt: number | null;
}

/** Which failed jobs {@link JobStore.redriveJobs} queues again: by partner, and by when they failed (`since` included, `until` not). */
export interface RedriveFilter {
  readonly partnerId?: string;
  readonly since?: number;
  readonly until?: number;
}

/** The bulk queue at one instant, for metrics (docs/bulk.md, "The queue's health"). */
export interface JobQueueHealth {
  /** Jobs waiting for an attempt: queued, due or not. */
  readonly queued: number;
  /** Jobs a worker holds (their lease may have lapsed, after a crash). */
  readonly delivering: number;
  /** Jobs that failed for good and wait for a retry or a redrive. */
  readonly failed: number;
  /** When the job that has been due the longest without a worker became due; null when none is. */
  readonly oldestDueAt: number | null;
}

/** The result of one delivery attempt, as a worker reports it. */
export type AttemptOutcome =
  | { readonly delivered: true; readonly at: number }
  /** `nextAttemptAt` null: no retry is left and the job fails. */
  | { readonly delivered: false; readonly at: number; readonly error: string; readonly nextAttemptAt: number | null };

/** Durable bulk jobs with leases, so that two workers never deliver one job at the same time. */
export interface JobStore {
  /** Stores a new job, queued and due at once, before E7 answers. */
  enqueueJob(job: { jobId: string; request: unknown; createdAt: number } & Scope, guard?: IdempotencyGuard<void>): Promise<void>;
  /**
   * Atomically takes the oldest due job (queued or delivering, `nextAttemptAt <= now`, lease absent
   * or expired), marks it delivering and leases it to `workerId` until `now + leaseMs`.
   */
  claimJob(workerId: string, now: number, leaseMs: number): Promise<JobRecord | undefined>;
  /** Stores the computed results; false when `workerId` no longer holds the lease. */
  saveJobResults(jobId: string, workerId: string, results: Readonly<Record<string, string>>, now: number): Promise<boolean>;
  /**
   * Counts one attempt, durably, before anything of it is done (before the POST to the partner),
   * so that an attempt cut short by a crash still counts. False when `workerId` no longer holds the lease.
   */
  startAttempt(jobId: string, workerId: string, now: number): Promise<boolean>;
  /**
   * Records the end of the attempt `startAttempt` counted (it is not counted again): releases the
   * lease and moves the job to delivered, back to queued (due at `nextAttemptAt`) or to failed.
   * False when `workerId` no longer holds the lease.
   */
  recordAttempt(jobId: string, workerId: string, outcome: AttemptOutcome): Promise<boolean>;
  /**
   * Moves the end of `workerId`'s lease on a delivering job to `leaseExpiresAt` (the worker's
   * heartbeat while it works); false when it no longer holds the job. A store without it keeps
   * each lease as claimed: a delivery must then end within it.
   * @remarks Since 0.2.0
   */
  extendLease?(jobId: string, workerId: string, leaseExpiresAt: number): Promise<boolean>;
  /** The job in this scope (jobs are invisible to other partners and environments). */
  getJob(scope: Scope, jobId: string): Promise<JobRecord | undefined>;
  /** Jobs for operators, newest first. */
  listJobs(filter: { readonly state?: JobState; readonly limit?: number }): Promise<JobRecord[]>;
  /** Queues a failed (or any undelivered) job again, due at `now`; undefined when unknown. */
  retryJob(jobId: string, now: number): Promise<JobRecord | undefined>;
  /**
   * Queues again, due at `now`, every failed job that matches `filter` (its failure time is its
   * `updatedAt`); resolves to how many. Optional: `redriveJobs` of ./queue.ts does it through
   * `listJobs` and `retryJob` for a store without it (the memory store).
   * @remarks Since 0.2.0
   */
  redriveJobs?(filter: RedriveFilter, now: number): Promise<number>;
  /**
   * The queue at `now`, in one read. Optional: `jobQueueHealth` of ./queue.ts counts `listJobs`
   * for a store without it (the memory store).
   * @remarks Since 0.2.0
   */
  jobQueueHealth?(now: number): Promise<JobQueueHealth>;
}

// ---------------------------------------------------------------------------------------------
// The partner dashboard's persistence: key lists, order and opt-in listings with their history,
// the partner's jobs, and sign-in (credentials, invites, sessions). See docs/dashboard.md.
// ---------------------------------------------------------------------------------------------

/** A key as the partner's key list shows it: never the key, and only the hash as its id. */
export interface ApiKeySummary extends ApiKeyRecord {
  /** The start of the key, or null for keys stored before prefixes were kept. */
  readonly prefix: string | null;
  /** The last authenticated request with the key, to the minute (see docs/dashboard.md); null when unused. */
  readonly lastUsedAt: number | null;
}

/** The kinds of change an order's history records. */
export const ORDER_EVENT_KINDS = ['create', 'add', 'remove', 'cancel'] as const;

/** One change of an order, recorded in the same transaction as the change itself. */
export interface OrderEvent {
  readonly kind: (typeof ORDER_EVENT_KINDS)[number];
  /** The climes the change added (positive) or removed (negative), in micro-climes. */
  readonly deltaMicroClimes: number;
  /** The climes the order held after the change, in micro-climes. */
  readonly microClimesAfter: number;
  readonly at: number;
}

/** A page of a listing, newest first: the rows, and whether more lie beyond them in the direction read. */
export interface ListPage<T> {
  readonly items: T[];
  readonly hasMore: boolean;
}

/** A row's place in a listing: its time (created_at; updated_at for opt-ins) and its id. */
export interface ListPosition {
  readonly at: number;
  readonly id: string;
}

/**
 * Which page of a listing, by keyset (docs/dashboard.md, "Paging"): the newest `limit` rows, those
 * right after `after` (older: `hasMore` says whether older ones remain) or right before `before`
 * (newer: `hasMore` says whether newer ones remain). Rows are ordered by time then id, both newest
 * (greatest) first; ids compare by their characters' code points.
 */
export interface PageBounds {
  readonly limit: number;
  readonly after?: ListPosition;
  readonly before?: ListPosition;
}

/** Which of a partner's orders to list; always one environment. Newest first. */
export interface OrderListQuery extends PageBounds {
  readonly environment: Environment;
  readonly variant?: OrderRecord['variant'];
  /** The state at `now` (locked, unlocked, cancelled). */
  readonly state?: OrderState;
  /** Matches partner_order_id or cart_id exactly. */
  readonly search?: string;
  readonly now: number;
}

/** Which of a partner's opt-ins to list; newest first. */
export interface OptInListQuery extends PageBounds {
  readonly environment: Environment;
  /** Matches cart_id exactly. */
  readonly search?: string;
}

/** Which of a partner's bulk jobs to list; newest first. */
export interface JobListQuery extends PageBounds {
  readonly state?: JobState;
}

/** A signed-in browser session as stored: only the hash of its token. */
export interface SessionRecord {
  readonly tokenHash: string;
  readonly partnerId: string;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly revokedAt: number | null;
}

/** A one-time sign-in invitation as stored: only the hash of its token. */
export interface InviteRecord {
  readonly tokenHash: string;
  readonly partnerId: string;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly usedAt: number | null;
}

/**
 * The failed sign-ins counted under one key of the dashboard's sign-in limits (docs/dashboard.md,
 * "Sign-in limits"): `p:<partner id>` or `a:<client address>`, in a fixed window.
 */
export interface SignInFailureCount {
  readonly key: string;
  /** The failures recorded since the window started, at least 1. */
  readonly count: number;
  /** When the window ends, in milliseconds since the epoch: from then on the key counts from 0. */
  readonly windowEnds: number;
}

/** What the partner dashboard reads and writes. Every query is confined to one partner. */
export interface DashboardStore {
  /** The partner's keys, both environments, newest first. */
  listApiKeys(partnerId: string): Promise<ApiKeySummary[]>;
  /** Records a use of the key at `now` (the dashboard calls it at most once a minute per key). */
  touchApiKey(keyHash: string, now: number): Promise<void>;
  listOrders(partnerId: string, query: OrderListQuery): Promise<ListPage<OrderRecord>>;
  listOptIns(partnerId: string, query: OptInListQuery): Promise<ListPage<OptInRecord>>;
  /** The order's changes, oldest first; empty for an unknown order or one stored before history was kept. */
  orderHistory(scope: Scope, partnerOrderId: string): Promise<OrderEvent[]>;
  listPartnerJobs(scope: Scope, query: JobListQuery): Promise<ListPage<JobRecord>>;
  /** Stores an invitation, creating its partner when needed. */
  createInvite(invite: Omit<InviteRecord, 'usedAt'>): Promise<void>;
  /** The invitation, used or not, expired or not. */
  findInvite(tokenHash: string): Promise<InviteRecord | undefined>;
  /**
   * Atomically marks the invitation used and sets the partner's password hash; the partner, or
   * undefined when the invitation is unknown, used or expired at `now`.
   */
  redeemInvite(tokenHash: string, passwordHash: string, now: number): Promise<string | undefined>;
  /** The partner's password hash (scrypt, encoded with its parameters), when one was set. */
  getPasswordHash(partnerId: string): Promise<string | undefined>;
  createSession(session: Omit<SessionRecord, 'revokedAt'>): Promise<void>;
  /** The session, revoked or expired or not. */
  findSession(tokenHash: string): Promise<SessionRecord | undefined>;
  revokeSession(tokenHash: string, now: number): Promise<void>;
  /**
   * The counts of the keys whose window has not ended at `now` (`windowEnds > now`), in no
   * particular order; a key with no failures, or whose window ended, is absent.
   */
  signInFailures(keys: readonly string[], now: number): Promise<SignInFailureCount[]>;
  /**
   * Counts one failed sign-in under each distinct key, atomically per key, so that concurrent
   * calls from any process sharing the store lose no count: a key without a window, or whose
   * window ended at or before `now`, starts a new one of `windowMs` with a count of 1; any other
   * adds 1 and keeps its window's end. May forget windows that have ended.
   */
  recordSignInFailures(keys: readonly string[], now: number, windowMs: number): Promise<void>;
  /** Forgets the key's failures (a successful sign-in clears the partner's). */
  clearSignInFailures(key: string): Promise<void>;
}

/** Everything the service keeps. Each store entry point (memory, SQLite, PostgreSQL) provides one. */
export interface Store extends OrderStore, PartnerStore, JobStore, DashboardStore, IdempotencyStore, RateLimitStore, EventStore, CertificateStore {
  /** Releases connections and file handles. */
  close(): Promise<void>;
  /**
   * Resolves when the database answers a trivial query, and rejects with the reason when it does
   * not (within a short timeout); `GET /readyz` asks it. Optional, so that stores written
   * elsewhere keep compiling: a store without it counts as ready.
   */
  ping?(): Promise<void>;
}
