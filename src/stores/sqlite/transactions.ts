// The SQLite store's read-modify-writes: each one `BEGIN IMMEDIATE` transaction, which holds the
// file's write lock from its first read, so several processes may share the file.
import type Database from 'better-sqlite3';
import { applyChange, createLookups, planCreate } from '../../orders/machine.js';
import type { ChangeOutcome, CreatePlan, OrderChange } from '../../orders/machine.js';
import { decideStart, IdempotencyClaimLost, type IdempotencyClaim, type IdempotencyGuard, type IdempotencyStart } from '../../orders/idempotency.js';
import { planOptIn } from '../../orders/machine.js';
import type { ApiKeyRecord, InviteRecord, JobRecord, OrderEvent, Store } from '../../orders/store.js';
import type { OptInRecord, OrderRecord, Scope } from '../../orders/types.js';
import type { OptInRequest, Order, Variant } from '../../schemas/order.js';
import {
  answerParameters,
  claimParameters,
  idempotencyRecord,
  keyParameters,
  releaseParameters,
  type IdempotencyKeyRow,
} from '../sql/idempotency.js';
import { SIGN_IN_PRUNE_BATCH } from '../sql/queries.js';
import { jobColumns, orderColumns, type JobRow, type OrderRow, type RowMappers } from '../sql/rows.js';
import { sqliteDialect } from './dialect.js';
import type { GroupCommit } from './group-commit.js';
import type { SqliteRunner } from './statements.js';
import { changeEventType, outboxEvent } from '../../orders/events.js';
import { outboxParameters } from '../sql/events.js';
import { calculationGramsOf, calculationGramsParameters, type CalculationGramsRow } from '../sql/profiles.js';
import { newCertificateId } from '../../orders/certificates.js';

/** The methods of the store that run in one transaction. */
export type SqliteTransactions = Pick<
  Store,
  | 'createOrders' | 'changeOrder' | 'saveOptIn' | 'enqueueJob' | 'addApiKey' | 'createInvite' | 'redeemInvite' | 'claimJob'
  | 'recordSignInFailures' | 'startIdempotent' | 'releaseIdempotent' | 'sweepIdempotencyKeys' | 'getIdempotencyKey'
>;

/** The row of an order's history event. */
function eventRow(record: OrderRecord, kind: OrderEvent['kind'], deltaMicroClimes: number, at: number): Record<string, unknown> {
  const { partnerId, environment, partnerOrderId } = record;
  return { partnerId, environment, partnerOrderId, kind, deltaMicroClimes, microClimesAfter: record.microClimes, at };
}

/** Stores the guard's answer with its key, in the write's transaction; throws (undoing the write) when the claim was lost. */
export function answerKey<Outcome>(runner: SqliteRunner, guard: IdempotencyGuard<Outcome> | undefined, outcome: Outcome): void {
  if (guard !== undefined && runner.run('answerIdempotencyKey', answerParameters(guard, outcome)) === 0) {
    throw new IdempotencyClaimLost(guard.claim.key);
  }
}

/** The transactional methods, on `db` through its prepared statements; order writes commit in `orderWrites`'s groups. */
export function sqliteTransactions(
  db: Database.Database,
  runner: SqliteRunner,
  rows: RowMappers,
  orderWrites: GroupCommit,
): SqliteTransactions {
  const sentOrder = (order: Order): string => JSON.stringify(order);

  const createOrders = db.transaction((scope: Scope, variant: Variant, batch: readonly Order[], now: number, guard?: IdempotencyGuard<CreatePlan>): CreatePlan => {
    const lookups = createLookups(variant, batch);
    const byId = new Map<string, OrderRecord>();
    for (const row of runner.all<OrderRow>('ordersById', { ...scope, ids: JSON.stringify(lookups.partnerOrderIds) })) {
      byId.set(row.partner_order_id, rows.order(row));
    }
    const byCart = new Map<string, OrderRecord>();
    if (lookups.cartIds.length > 0) {
      for (const row of runner.all<OrderRow>('ordersByCart', { ...scope, ids: JSON.stringify(lookups.cartIds) })) {
        if (row.cart_id !== null) byCart.set(row.cart_id, rows.order(row));
      }
    }
    const calculationGrams = lookups.calculationIds.length === 0
      ? undefined
      : calculationGramsOf(sqliteDialect.decode, runner.all<CalculationGramsRow>('calculationGrams', calculationGramsParameters(sqliteDialect, scope, lookups.calculationIds)));
    const plan = planCreate(scope, variant, batch, { byId, byCart, ...(calculationGrams === undefined ? {} : { calculationGrams }) }, now);
    if (plan.ok) {
      for (const record of plan.inserts) {
        runner.run('insertOrder', { ...orderColumns(record, sentOrder), certificate_id: newCertificateId() });
        runner.run('insertOrderEvent', eventRow(record, 'create', record.microClimes, now));
        runner.run('insertOutboxEvent', outboxParameters(outboxEvent(record, 'order.created', now)));
      }
    }
    answerKey(runner, guard, plan);
    return plan;
  });

  const changeOrder = db.transaction(
    (scope: Scope, variant: Variant, partnerOrderId: string, change: OrderChange, now: number, guard?: IdempotencyGuard<ChangeOutcome>): ChangeOutcome => {
      const row = runner.get<OrderRow>('order', { ...scope, partnerOrderId });
      const before = row === undefined ? undefined : rows.order(row);
      const outcome = applyChange(before, variant, change, now);
      if (outcome.ok && before !== undefined) {
        runner.run('updateOrder', orderColumns(outcome.record, sentOrder));
        const delta = outcome.record.microClimes - before.microClimes;
        runner.run('insertOrderEvent', eventRow(outcome.record, change.kind, delta, now));
        runner.run('insertOutboxEvent', outboxParameters(outboxEvent(outcome.record, changeEventType(change.kind, outcome.record), now)));
      }
      answerKey(runner, guard, outcome);
      return outcome;
    },
  );

  const saveOptIn = db.transaction((scope: Scope, request: OptInRequest, now: number, guard?: IdempotencyGuard<OptInRecord>): OptInRecord => {
    const record = planOptIn(scope, request, now);
    runner.run('upsertOptIn', { ...record, optedIn: sqliteDialect.encodeBoolean(record.optedIn) });
    answerKey(runner, guard, record);
    return record;
  });

  type NewJob = Parameters<Store['enqueueJob']>[0];
  const enqueueJob = db.transaction((job: NewJob, guard?: IdempotencyGuard<void>): void => {
    runner.run('insertJob', jobColumns(job));
    answerKey(runner, guard, undefined);
  });

  const startIdempotent = db.transaction((claim: IdempotencyClaim, now: number, leaseEnds: number): IdempotencyStart => {
    if (runner.run('claimIdempotencyKey', claimParameters(claim, now, leaseEnds)) > 0) return { kind: 'started' };
    // The claim changed nothing: the key is held, and this transaction reads it as the claim saw it.
    const row = runner.get<IdempotencyKeyRow>('idempotencyKey', keyParameters(claim, claim.key))!;
    const decision = decideStart(idempotencyRecord(sqliteDialect.decode, row), claim.fingerprint, now);
    if (decision === 'take') throw new Error('An expired Idempotency-Key was not taken over.');
    return decision;
  });

  const releaseIdempotent = db.transaction((claim: IdempotencyClaim): void => {
    runner.run('releaseIdempotencyKey', releaseParameters(claim));
  });

  const addApiKey = db.transaction(({ prefix, ...record }: Omit<ApiKeyRecord, 'revokedAt'> & { readonly prefix?: string }): void => {
    runner.run('ensurePartner', { partnerId: record.partnerId, now: record.createdAt });
    runner.run('upsertApiKey', record);
    runner.run('setKeyPrefix', { keyHash: record.keyHash, prefix: prefix ?? null });
  });

  const createInvite = db.transaction((invite: Omit<InviteRecord, 'usedAt'>): void => {
    runner.run('ensurePartner', { partnerId: invite.partnerId, now: invite.createdAt });
    runner.run('insertInvite', invite);
  });

  const redeemInvite = db.transaction((tokenHash: string, passwordHash: string, now: number): string | undefined => {
    const used = runner.get<{ partner_id: string }>('useInvite', { tokenHash, now });
    if (used === undefined) return undefined;
    runner.run('setPassword', { partnerId: used.partner_id, passwordHash, now });
    return used.partner_id;
  });

  const claimJob = db.transaction((workerId: string, now: number, leaseMs: number): JobRecord | undefined => {
    const due = runner.get<JobRow>('dueJob', { now });
    if (due === undefined) return undefined;
    return rows.job(runner.get<JobRow>('leaseJob', { jobId: due.job_id, workerId, now, leaseExpiresAt: now + leaseMs })!);
  });

  // The count and the cleanup share one commit, so a failed sign-in costs one sync of the log.
  const recordSignInFailures = db.transaction((keys: readonly string[], now: number, windowMs: number): void => {
    runner.run('countSignInFailures', { keys: sqliteDialect.encodeTextList(keys), now, windowEnds: now + windowMs });
    runner.run('pruneSignInFailures', { now, limit: SIGN_IN_PRUNE_BATCH });
  });

  return {
    createOrders: (scope, variant, batch, now, guard) => orderWrites.run(() => createOrders.immediate(scope, variant, batch, now, guard)),
    changeOrder: (scope, variant, partnerOrderId, change, now, guard) =>
      orderWrites.run(() => changeOrder.immediate(scope, variant, partnerOrderId, change, now, guard)),
    // Unguarded, one statement each, as before keys existed; guarded, in the next group's transaction.
    saveOptIn: async (scope, request, now, guard) =>
      guard === undefined ? saveOptIn.immediate(scope, request, now) : orderWrites.run(() => saveOptIn.immediate(scope, request, now, guard)),
    enqueueJob: async (job, guard) =>
      guard === undefined ? enqueueJob.immediate(job) : orderWrites.run(() => enqueueJob.immediate(job, guard)),
    startIdempotent: (claim, now, leaseEnds) => orderWrites.run(() => startIdempotent.immediate(claim, now, leaseEnds)),
    releaseIdempotent: (claim) => orderWrites.run(() => releaseIdempotent.immediate(claim)),
    sweepIdempotencyKeys: async (now) => runner.run('sweepIdempotencyKeys', { now }),
    getIdempotencyKey: async (scope, key) => {
      const row = runner.get<IdempotencyKeyRow>('idempotencyKey', keyParameters(scope, key));
      return row === undefined ? undefined : idempotencyRecord(sqliteDialect.decode, row);
    },
    addApiKey: async (record) => addApiKey.immediate(record),
    createInvite: async (invite) => createInvite.immediate(invite),
    redeemInvite: async (tokenHash, passwordHash, now) => redeemInvite.immediate(tokenHash, passwordHash, now),
    claimJob: async (workerId, now, leaseMs) => claimJob.immediate(workerId, now, leaseMs),
    recordSignInFailures: async (keys, now, windowMs) => recordSignInFailures.immediate(keys, now, windowMs),
  };
}
