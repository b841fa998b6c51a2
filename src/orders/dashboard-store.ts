import type { OrderState } from '../schemas/order.js';
import type { ApiKeyRecord, Environment, OptInRecord, OrderRecord, Scope } from './types.js';
import type { JobRecord, JobState } from './job-store.js';

// ---------------------------------------------------------------------------------------------
// The partner dashboard's persistence: key lists, order and opt-in listings with their history,
// the partner's jobs, and sign-in (credentials, invites, sessions). See docs/dashboard.md.
// ---------------------------------------------------------------------------------------------

/** A key as the partner's key list shows it: never the key, and only the hash as its id. */
export interface ApiKeySummary extends ApiKeyRecord {
  /** The start of the key, or null for keys stored before prefixes were kept. */
  readonly prefix: string | null;
  /**
   * The last authenticated request with the key, to the minute (see docs/dashboard.md), in
   * milliseconds since the epoch; null when unused.
   */
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
  /** When the change was made, in milliseconds since the epoch. */
  readonly at: number;
}

/** A page of a listing, newest first: the rows, and whether more lie beyond them in the direction read. */
export interface ListPage<T> {
  readonly items: T[];
  readonly hasMore: boolean;
}

/** A row's place in a listing: its time (created_at; updated_at for opt-ins) and its id. */
export interface ListPosition {
  /** The row's time, in milliseconds since the epoch. */
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
  /** The most rows of the page (a count). */
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
  /** The instant the state is computed at, in milliseconds since the epoch. */
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
  /** When the session started, in milliseconds since the epoch. */
  readonly createdAt: number;
  /** When the session ends, in milliseconds since the epoch. */
  readonly expiresAt: number;
  /**
   * When the session was signed out or revoked, in milliseconds since the epoch; null while it is
   * valid.
   */
  readonly revokedAt: number | null;
}

/** A one-time sign-in invitation as stored: only the hash of its token. */
export interface InviteRecord {
  readonly tokenHash: string;
  readonly partnerId: string;
  /** When the invitation was made, in milliseconds since the epoch. */
  readonly createdAt: number;
  /** When the invitation lapses, in milliseconds since the epoch. */
  readonly expiresAt: number;
  /** When the invitation was used, in milliseconds since the epoch; null until then. */
  readonly usedAt: number | null;
}

/**
 * The failed sign-ins counted under one key of the dashboard's sign-in limits (docs/dashboard.md,
 * "Sign-in limits"): `p:<partner id>` or `a:<client address>`, in a fixed window.
 */
export interface SignInFailureCount {
  readonly key: string;
  /** How many failures were recorded since the window started (a count, at least 1). */
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
