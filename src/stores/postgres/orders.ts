// How the PostgreSQL store creates and changes orders without holding locks in the common case:
// creates rely on the unique indexes and run again after losing a race; changes write only if the
// row is unchanged since they read it, and lock it after repeated lost races.
import type pg from 'pg';
import { applyChange, createLookups, planCreate } from '../../orders/machine.js';
import type { ChangeOutcome, CreatePlan, OrderChange } from '../../orders/machine.js';
import type { IdempotencyGuard } from '../../orders/idempotency.js';
import { changeEventType, newEventId } from '../../orders/events.js';
import { newCertificateId } from '../../orders/certificates.js';
import type { Store } from '../../orders/store.js';
import type { OrderRecord, Scope } from '../../orders/types.js';
import type { Order, Variant } from '../../schemas/order.js';
import { orderColumns, type OrderRow, type RowMappers } from '../sql/rows.js';
import { postgresRunner, type PostgresRunner } from './statements.js';
import { postgresDialect } from './dialect.js';
import { calculationGramsOf, calculationGramsParameters, type CalculationGramsRow } from '../sql/profiles.js';
import { inTransaction, isRetryable, retrying, type PostgresDatabase } from './transactions.js';

/** An order's row with its write counter: how many times the row was written since its insert. */
interface VersionedOrderRow extends OrderRow {
  updated_seq: string;
}

/** What the order writes need besides the database. */
export interface PostgresOrderOptions {
  /** How many conditional writes `changeOrder` tries before it locks the row. */
  readonly optimisticAttempts: number;
  readonly onLockedFallback?: () => void;
}

/** `createOrders` and `changeOrder` of the PostgreSQL store. */
export function postgresOrderWrites(
  database: PostgresDatabase,
  rows: RowMappers,
  options: PostgresOrderOptions,
  guarded: <Outcome>(guard: IdempotencyGuard<Outcome>, write: (client: pg.PoolClient) => Promise<Outcome>) => Promise<Outcome>,
): Pick<Store, 'createOrders' | 'changeOrder'> {
  const runner = postgresRunner(database);

  /** Inserts the records in one INSERT statement, which is atomic by itself. */
  async function insertOrders(records: readonly OrderRecord[], tx: PostgresRunner = runner): Promise<void> {
    const columns = records.map((record) => ({ ...orderColumns(record, (order) => order), certificate_id: newCertificateId() }));
    const events = records.map((record) => ({ partner_order_id: record.partnerOrderId, event_id: newEventId() }));
    if (records.length > 0) await tx.run('insertOrders', { orders: JSON.stringify(columns), events: JSON.stringify(events) });
  }

  /**
   * Plans as if no order of the batch were stored, and inserts. When the insert succeeds, no
   * stored order shared an id or a vote cart with the batch at that instant (the primary key and
   * the cart index would have refused it), so this plan is the one a read would have given. When
   * it collides (or the batch refuses itself), the answer is undefined: read and plan instead.
   */
  async function insertAssumingNew(scope: Scope, variant: Variant, batch: readonly Order[], now: number): Promise<CreatePlan | undefined> {
    const calculationGrams = await calculationsNamed(scope, createLookups(variant, batch).calculationIds);
    const plan = planCreate(scope, variant, batch, { byId: new Map(), byCart: new Map(), ...calculationGrams }, now);
    if (!plan.ok) return undefined;
    try {
      await insertOrders(plan.inserts);
      return plan;
    } catch (error) {
      if (isRetryable(error)) return undefined;
      throw error;
    }
  }

  /**
   * Reads, plans, and inserts every new order in one INSERT statement, which is atomic by itself.
   * No lock is needed: an order is never deleted and its variant, body and cart never change, so
   * the read can only miss orders inserted since, and such a race ends in a unique violation, after
   * which `retrying` runs the whole create again and sees the winner.
   */
  async function planAndInsert(scope: Scope, variant: Variant, batch: readonly Order[], now: number, tx: PostgresRunner = runner): Promise<CreatePlan> {
    const lookups = createLookups(variant, batch);
    const found = await tx.all<OrderRow>('ordersForCreate', { ...scope, ids: lookups.partnerOrderIds, cartIds: lookups.cartIds });
    const ids = new Set(lookups.partnerOrderIds);
    const carts = new Set(lookups.cartIds);
    const byId = new Map<string, OrderRecord>();
    const byCart = new Map<string, OrderRecord>();
    for (const row of found) {
      const record = rows.order(row);
      if (ids.has(record.partnerOrderId)) byId.set(record.partnerOrderId, record);
      if (record.cartId !== null && carts.has(record.cartId)) byCart.set(record.cartId, record);
    }
    const plan = planCreate(scope, variant, batch, { byId, byCart, ...(await calculationsNamed(scope, lookups.calculationIds, tx)) }, now);
    if (plan.ok) await insertOrders(plan.inserts, tx);
    return plan;
  }

  /**
   * The grams of the scope's calculations among `ids`, as the snapshot's `calculationGrams` (none
   * when no id is named). A calculation is never changed, so no lock is needed.
   */
  async function calculationsNamed(scope: Scope, ids: readonly string[], tx: PostgresRunner = runner): Promise<{ calculationGrams?: Map<string, number> }> {
    if (ids.length === 0) return {};
    const found = await tx.all<CalculationGramsRow>('calculationGrams', calculationGramsParameters(postgresDialect, scope, ids));
    return { calculationGrams: calculationGramsOf(postgresDialect.decode, found) };
  }

  /** Writes the changed order, its history event and its order event, if its row is still the version read; false when it is not. */
  async function writeChange(client: PostgresDatabase | pg.PoolClient, record: OrderRecord, row: VersionedOrderRow, kind: OrderChange['kind']): Promise<boolean> {
    const delta = record.microClimes - Number(row.micro_climes);
    const columns = orderColumns(record, (order) => order);
    const event = { eventId: newEventId(), eventType: changeEventType(kind, record) };
    return (await postgresRunner(client).run('updateOrder', { ...columns, readSeq: row.updated_seq, kind, delta, ...event })) === 1;
  }

  /**
   * Reads the order without a lock, decides, and writes only if the row is unchanged since the
   * read; after a lost race, reads and decides again. A refusal writes nothing and holds for the
   * row as read. Undefined after `optimisticAttempts` lost races.
   */
  async function changeOptimistically(scope: Scope, variant: Variant, partnerOrderId: string, change: OrderChange, now: number): Promise<ChangeOutcome | undefined> {
    for (let attempt = 0; attempt < options.optimisticAttempts; attempt += 1) {
      const row = await runner.get<VersionedOrderRow>('order', { ...scope, partnerOrderId });
      const outcome = applyChange(row === undefined ? undefined : rows.order(row), variant, change, now);
      if (!outcome.ok || row === undefined) return outcome;
      if (await writeChange(database, outcome.record, row, change.kind)) return outcome;
    }
    return undefined;
  }

  async function lockChangeWrite(client: pg.PoolClient, scope: Scope, variant: Variant, partnerOrderId: string, change: OrderChange, now: number): Promise<ChangeOutcome> {
    const row = await postgresRunner(client).get<VersionedOrderRow>('lockOrder', { ...scope, partnerOrderId });
    const outcome = applyChange(row === undefined ? undefined : rows.order(row), variant, change, now);
    // The lock keeps the row at the version read, so this write always succeeds.
    if (outcome.ok && row !== undefined) await writeChange(client, outcome.record, row, change.kind);
    return outcome;
  }

  return {
    async createOrders(scope, variant, batch, now, guard) {
      // Guarded: read, plan, insert and answer in one transaction (a lost race runs it all again).
      if (guard !== undefined) return guarded(guard, (client) => planAndInsert(scope, variant, batch, now, postgresRunner(client)));
      return (await insertAssumingNew(scope, variant, batch, now)) ?? (await retrying(() => planAndInsert(scope, variant, batch, now)));
    },

    async changeOrder(scope, variant, partnerOrderId, change, now, guard) {
      // Guarded: the locked read-decide-write, answered in its transaction.
      if (guard !== undefined) return guarded(guard, (client) => lockChangeWrite(client, scope, variant, partnerOrderId, change, now));
      const outcome = await changeOptimistically(scope, variant, partnerOrderId, change, now);
      if (outcome !== undefined) return outcome;
      options.onLockedFallback?.();
      return retrying(() => inTransaction(database, (client) => lockChangeWrite(client, scope, variant, partnerOrderId, change, now)));
    },
  };
}
