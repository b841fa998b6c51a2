// The rows of the tables as the drivers return them, and the records they map to. Integers,
// booleans and JSON arrive in each driver's own form; the dialect's decoders even them out.
import {
  isBodyResults,
  type ApiKeyRecord,
  type ApiKeySummary,
  type AttemptOutcome,
  type CalculationEndpoint,
  type InviteRecord,
  type JobRecord,
  type JobResults,
  type JobState,
  type NewJob,
  type OrderEvent,
  type SessionRecord,
  type SignInFailureCount,
} from '../../orders/store.js';
import type { Environment, OptInRecord, OrderRecord } from '../../orders/types.js';
import type { Order, Variant } from '../../schemas/order.js';
import { integerOrNull, type Decoders, type SqlInteger } from './dialect.js';

export interface OrderRow {
  partner_id: string;
  environment: Environment;
  partner_order_id: string;
  variant: Variant;
  micro_climes: SqlInteger;
  sent_order: unknown;
  cart_id: string | null;
  unlock_date: SqlInteger;
  created_at: SqlInteger;
  updated_at: SqlInteger;
  cancelled_at: SqlInteger | null;
  calculation_g: SqlInteger | null;
}

export interface OptInRow {
  partner_id: string;
  environment: Environment;
  cart_id: string;
  opted_in: number | boolean;
  micro_climes: SqlInteger;
  updated_at: SqlInteger;
}

export interface ApiKeyRow {
  key_hash: string;
  partner_id: string;
  environment: Environment;
  created_at: SqlInteger;
  revoked_at: SqlInteger | null;
  prefix: string | null;
  last_used_at: SqlInteger | null;
}

export interface JobRow {
  job_id: string;
  partner_id: string;
  environment: Environment;
  endpoint: CalculationEndpoint;
  request: unknown;
  state: JobState;
  attempts: number;
  last_error: string | null;
  results: unknown;
  created_at: SqlInteger;
  updated_at: SqlInteger;
  next_attempt_at: SqlInteger;
  lease_owner: string | null;
  lease_expires_at: SqlInteger | null;
  delivered_at: SqlInteger | null;
}

export interface OrderEventRow {
  kind: OrderEvent['kind'];
  delta_micro_climes: SqlInteger;
  micro_climes_after: SqlInteger;
  at: SqlInteger;
}

/** A row of `dashboard_invites` (`used_at`) or `dashboard_sessions` (`revoked_at`). */
export interface TokenRow {
  token_hash: string;
  partner_id: string;
  created_at: SqlInteger;
  expires_at: SqlInteger;
  used_at?: SqlInteger | null;
  revoked_at?: SqlInteger | null;
}

export interface SignInFailureRow {
  limit_key: string;
  failures: number;
  window_ends: SqlInteger;
}

/** The mappers from rows to records, for one dialect's decoders. */
export interface RowMappers {
  order(row: OrderRow): OrderRecord;
  optIn(row: OptInRow): OptInRecord;
  apiKey(row: ApiKeyRow): ApiKeyRecord;
  apiKeySummary(row: ApiKeyRow): ApiKeySummary;
  job(row: JobRow): JobRecord;
  orderEvent(row: OrderEventRow): OrderEvent;
  invite(row: TokenRow): InviteRecord;
  session(row: TokenRow): SessionRecord;
  signInFailure(row: SignInFailureRow): SignInFailureCount;
}

/** The row mappers that read values through `decode`. */
export function rowMappers(decode: Decoders): RowMappers {
  const integer = (value: SqlInteger): number => decode.integer(value);
  const orNull = (value: SqlInteger | null | undefined): number | null => integerOrNull(decode, value ?? null);
  const apiKey = (row: ApiKeyRow): ApiKeyRecord => ({
    keyHash: row.key_hash,
    partnerId: row.partner_id,
    environment: row.environment,
    createdAt: integer(row.created_at),
    revokedAt: orNull(row.revoked_at),
  });
  const token = (row: TokenRow) => ({
    tokenHash: row.token_hash,
    partnerId: row.partner_id,
    createdAt: integer(row.created_at),
    expiresAt: integer(row.expires_at),
  });
  return {
    order: (row) => ({
      partnerId: row.partner_id,
      environment: row.environment,
      variant: row.variant,
      partnerOrderId: row.partner_order_id,
      microClimes: integer(row.micro_climes),
      order: decode.sentOrder(row.sent_order),
      cartId: row.cart_id,
      unlockDate: integer(row.unlock_date),
      createdAt: integer(row.created_at),
      updatedAt: integer(row.updated_at),
      cancelledAt: orNull(row.cancelled_at),
      calculationGrams: orNull(row.calculation_g),
    }),
    optIn: (row) => ({
      partnerId: row.partner_id,
      environment: row.environment,
      cartId: row.cart_id,
      optedIn: decode.boolean(row.opted_in),
      microClimes: integer(row.micro_climes),
      updatedAt: integer(row.updated_at),
    }),
    apiKey,
    apiKeySummary: (row) => ({ ...apiKey(row), prefix: row.prefix, lastUsedAt: orNull(row.last_used_at) }),
    job: (row) => {
      // One column holds both forms of results: E7's object, or the list of a job of bodies.
      const results = row.results === null ? null : (decode.json(row.results) as JobResults);
      return {
        jobId: row.job_id,
        partnerId: row.partner_id,
        environment: row.environment,
        endpoint: row.endpoint,
        request: decode.json(row.request),
        state: row.state,
        attempts: row.attempts,
        lastError: row.last_error,
          results: results === null || isBodyResults(results) ? null : results,
        bodyResults: results !== null && isBodyResults(results) ? results : null,
        createdAt: integer(row.created_at),
        updatedAt: integer(row.updated_at),
        nextAttemptAt: integer(row.next_attempt_at),
        leaseOwner: row.lease_owner,
        leaseExpiresAt: orNull(row.lease_expires_at),
        deliveredAt: orNull(row.delivered_at),
      };
    },
    orderEvent: (row) => ({
      kind: row.kind,
      deltaMicroClimes: integer(row.delta_micro_climes),
      microClimesAfter: integer(row.micro_climes_after),
      at: integer(row.at),
    }),
    invite: (row) => ({ ...token(row), usedAt: orNull(row.used_at) }),
    session: (row) => ({ ...token(row), revokedAt: orNull(row.revoked_at) }),
    signInFailure: (row) => ({ key: row.limit_key, count: row.failures, windowEnds: integer(row.window_ends) }),
  };
}

/** The parameters of the `insertJob` statement for a new job (E7's jobs are `'flight'`). */
export function jobColumns(job: NewJob): Record<string, unknown> {
  const { jobId, partnerId, environment, createdAt } = job;
  return { jobId, partnerId, environment, endpoint: job.endpoint ?? 'flight', request: JSON.stringify(job.request), createdAt };
}

/** The columns `recordAttempt` writes for each outcome (the lease is released in every case). */
export function attemptColumns(outcome: AttemptOutcome): Record<string, unknown> {
  if (outcome.delivered) {
    return { at: outcome.at, state: 'delivered', lastError: null, nextAttemptAt: null, deliveredAt: outcome.at };
  }
  const state: JobState = outcome.nextAttemptAt === null ? 'failed' : 'queued';
  return { at: outcome.at, state, lastError: outcome.error, nextAttemptAt: outcome.nextAttemptAt, deliveredAt: null };
}

/**
 * The columns of an order's row by name, as the insert statements take them; `sentOrder` writes
 * the order as the dialect stores JSON.
 */
export function orderColumns(record: OrderRecord, sentOrder: (order: Order) => unknown): Record<string, unknown> {
  return {
    partner_id: record.partnerId,
    environment: record.environment,
    partner_order_id: record.partnerOrderId,
    variant: record.variant,
    micro_climes: record.microClimes,
    sent_order: sentOrder(record.order),
    cart_id: record.cartId,
    unlock_date: record.unlockDate,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
    cancelled_at: record.cancelledAt,
    calculation_g: record.calculationGrams,
  };
}
