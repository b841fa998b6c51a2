// The store methods that are one shared statement each, written once over a runner that executes
// the dialect's rendered statements (synchronously for SQLite, on a pool for PostgreSQL).
import { planOptIn } from '../../orders/machine.js';
import { withoutCustomer } from '../../orders/erasure.js';
import { DEFAULT_JOB_LIST_LIMIT, type Store } from '../../orders/store.js';
import { integerOrNull, type SqlDialect, type SqlInteger } from './dialect.js';
import { listingMethods } from './listings.js';
import { rateTakeOf, takeParameters, type RateTakeRow } from './rate-limit.js';

/** The row of the `jobQueueHealth` statement. */
interface QueueHealthRow {
  queued: SqlInteger;
  delivering: SqlInteger;
  failed: SqlInteger;
  oldest_due_at: SqlInteger | null;
}
import {
  attemptColumns,
  jobColumns,
  rowMappers,
  type ApiKeyRow,
  type JobRow,
  type OptInRow,
  type OrderEventRow,
  type OrderRow,
  type RowMappers,
  type SignInFailureRow,
  type TokenRow,
} from './rows.js';
import type { Parameters, SharedStatementName } from './statements.js';

type MaybePromise<T> = T | Promise<T>;

/** Runs a shared statement by name with named parameters. */
export interface SqlRunner {
  /** The first row, if any. */
  get<Row>(name: SharedStatementName, parameters: Parameters): MaybePromise<Row | undefined>;
  all<Row>(name: SharedStatementName, parameters: Parameters): MaybePromise<Row[]>;
  /** How many rows the statement changed. */
  run(name: SharedStatementName, parameters: Parameters): MaybePromise<number>;
}

/** The methods of a {@link Store} that `sharedStoreMethods` provides; a SQL store adds the rest. */
export type SharedStoreMethods = Pick<
  Store,
  | 'getOrder' | 'eraseCustomer' | 'saveOptIn' | 'getOptIn' | 'findApiKey' | 'setResultEndpoint' | 'getResultEndpoint'
  | 'enqueueJob' | 'saveJobResults' | 'startAttempt' | 'recordAttempt' | 'getJob' | 'listJobs' | 'retryJob'
  | 'extendLease' | 'redriveJobs' | 'jobQueueHealth'
  | 'listApiKeys' | 'touchApiKey' | 'listOrders' | 'listOptIns' | 'orderHistory' | 'listPartnerJobs'
  | 'findInvite' | 'getPasswordHash' | 'createSession' | 'findSession' | 'revokeSession'
  | 'signInFailures' | 'clearSignInFailures' | 'takeRateToken' | 'recordServer' | 'forgetServer'
>;

/**
 * How many ended sign-in windows recording a failure deletes at most: each failure adds at most
 * two rows, so ended ones cannot pile up, and no failure pays for a long cleanup.
 */
export const SIGN_IN_PRUNE_BATCH = 100;

/** The record of the row, or undefined without one. */
function maybe<Row, T>(row: Row | undefined, convert: (row: Row) => T): T | undefined {
  return row === undefined ? undefined : convert(row);
}

/**
 * The store methods that run one shared statement (or two, for `retryJob`), mapping rows with the
 * dialect's decoders. Also returns the mappers, for the methods each store writes itself.
 */
export function sharedStoreMethods(runner: SqlRunner, dialect: SqlDialect): { methods: SharedStoreMethods; rows: RowMappers } {
  const rows = rowMappers(dialect.decode);
  const methods: SharedStoreMethods = {
    async getOrder(scope, partnerOrderId) {
      return maybe(await runner.get<OrderRow>('order', { ...scope, partnerOrderId }), rows.order);
    },
    async eraseCustomer(scope, partnerOrderId) {
      const row = await runner.get<OrderRow>('order', { ...scope, partnerOrderId });
      if (row === undefined) return false;
      // No transaction needed: nothing but an erasure changes sent_order, and erasing twice is erasing once.
      const sentOrder = JSON.stringify(withoutCustomer(rows.order(row).order));
      await runner.run('eraseCustomer', { ...scope, partnerOrderId, sentOrder });
      return true;
    },
    async saveOptIn(scope, request, now) {
      const record = planOptIn(scope, request, now);
      await runner.run('upsertOptIn', { ...record, optedIn: dialect.encodeBoolean(record.optedIn) });
      return record;
    },
    async getOptIn(scope, cartId) {
      return maybe(await runner.get<OptInRow>('optIn', { ...scope, cartId }), rows.optIn);
    },
    async findApiKey(keyHash) {
      return maybe(await runner.get<ApiKeyRow>('apiKey', { keyHash }), rows.apiKey);
    },
    async setResultEndpoint(partnerId, endpoint, now) {
      await runner.run('setEndpoint', { partnerId, url: endpoint.url, secret: endpoint.secret, now });
    },
    async getResultEndpoint(partnerId) {
      const row = await runner.get<{ result_url: string; result_secret: string }>('endpoint', { partnerId });
      return maybe(row, (found) => ({ url: found.result_url, secret: found.result_secret }));
    },
    async enqueueJob(job) {
      await runner.run('insertJob', jobColumns(job));
    },
    async saveJobResults(jobId, workerId, results, now) {
      return (await runner.run('saveResults', { jobId, workerId, results: JSON.stringify(results), now })) > 0;
    },
    async startAttempt(jobId, workerId, now) {
      return (await runner.run('startAttempt', { jobId, workerId, now })) > 0;
    },
    async recordAttempt(jobId, workerId, outcome) {
      return (await runner.run('recordAttempt', { jobId, workerId, ...attemptColumns(outcome) })) > 0;
    },
    async getJob(scope, jobId) {
      const row = await runner.get<JobRow>('job', { jobId });
      if (row === undefined || row.partner_id !== scope.partnerId || row.environment !== scope.environment) return undefined;
      return rows.job(row);
    },
    async listJobs(filter) {
      const found = await runner.all<JobRow>('listJobs', { state: filter.state ?? null, limit: filter.limit ?? DEFAULT_JOB_LIST_LIMIT });
      return found.map(rows.job);
    },
    async retryJob(jobId, now) {
      const row = (await runner.get<JobRow>('retryJob', { jobId, now })) ?? (await runner.get<JobRow>('job', { jobId }));
      return maybe(row, rows.job);
    },
    async extendLease(jobId, workerId, leaseExpiresAt) {
      return (await runner.run('extendLease', { jobId, workerId, leaseExpiresAt })) > 0;
    },
    async redriveJobs(filter, now) {
      return runner.run('redriveJobs', { partnerId: filter.partnerId ?? null, since: filter.since ?? null, until: filter.until ?? null, now });
    },
    async jobQueueHealth(now) {
      const row = (await runner.get<QueueHealthRow>('jobQueueHealth', { now }))!;
      const count = (value: SqlInteger): number => dialect.decode.integer(value);
      return { queued: count(row.queued), delivering: count(row.delivering), failed: count(row.failed), oldestDueAt: integerOrNull(dialect.decode, row.oldest_due_at) };
    },

    // The partner dashboard (docs/dashboard.md).
    ...listingMethods(runner, rows),
    async listApiKeys(partnerId) {
      return (await runner.all<ApiKeyRow>('partnerKeys', { partnerId })).map(rows.apiKeySummary);
    },
    async touchApiKey(keyHash, now) {
      await runner.run('touchKey', { keyHash, now });
    },
    async orderHistory(scope, partnerOrderId) {
      return (await runner.all<OrderEventRow>('orderEvents', { ...scope, partnerOrderId })).map(rows.orderEvent);
    },
    async findInvite(tokenHash) {
      return maybe(await runner.get<TokenRow>('invite', { tokenHash }), rows.invite);
    },
    async getPasswordHash(partnerId) {
      return (await runner.get<{ password_hash: string }>('password', { partnerId }))?.password_hash;
    },
    async createSession(session) {
      await runner.run('insertSession', { ...session });
    },
    async findSession(tokenHash) {
      return maybe(await runner.get<TokenRow>('session', { tokenHash }), rows.session);
    },
    async revokeSession(tokenHash, now) {
      await runner.run('revokeSession', { tokenHash, now });
    },
    async signInFailures(keys, now) {
      return (await runner.all<SignInFailureRow>('signInFailures', { keys: dialect.encodeTextList(keys), now })).map(rows.signInFailure);
    },
    async clearSignInFailures(key) {
      await runner.run('clearSignInFailures', { key });
    },

    // The partner API's rate limits, shared by the servers on the database (docs/http.md, "Rate limits").
    async takeRateToken(key, bucket, now) {
      return rateTakeOf((await runner.get<RateTakeRow>('takeRateToken', takeParameters(key, bucket, now)))!);
    },
    async recordServer(serverId, now, ttlMs) {
      await runner.run('pruneServers', { before: now - ttlMs });
      await runner.run('recordServer', { serverId, now });
      const row = await runner.get<{ servers: SqlInteger }>('serversSince', { before: now - ttlMs });
      return Math.max(1, dialect.decode.integer(row!.servers));
    },
    async forgetServer(serverId) {
      await runner.run('forgetServer', { serverId });
    },
  };
  return { methods, rows };
}
