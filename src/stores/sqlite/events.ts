// The SQLite store's order events that need a transaction: the claim (read the due event, lease it)
// and the unlock announcements (mark the order, write its event), each one `BEGIN IMMEDIATE`.
import type Database from 'better-sqlite3';
import { outboxEvent, type EventDelivery, type EventStore } from '../../orders/events.js';
import { eventDeliveryOf, outboxParameters, type OutboxEventRow } from '../sql/events.js';
import type { OrderRow, RowMappers } from '../sql/rows.js';
import { sqliteDialect } from './dialect.js';
import type { SqliteRunner } from './statements.js';

/** `claimEvent` and `announceUnlocks` of the SQLite store. */
export function sqliteEventTransactions(db: Database.Database, runner: SqliteRunner, rows: RowMappers): Pick<EventStore, 'claimEvent' | 'announceUnlocks'> {
  const claimEvent = db.transaction((workerId: string, now: number, leaseMs: number): EventDelivery | undefined => {
    const due = runner.get<{ seq: number }>('dueEvent', { now });
    if (due === undefined) return undefined;
    const row = runner.get<OutboxEventRow>('leaseEvent', { seq: due.seq, workerId, leaseExpiresAt: now + leaseMs })!;
    const order = runner.get<OrderRow>('order', { partnerId: row.partner_id, environment: row.environment, partnerOrderId: row.partner_order_id })!;
    return eventDeliveryOf(sqliteDialect.decode, row, rows.order(order));
  });

  const announceUnlocks = db.transaction((now: number, limit: number): number => {
    let announced = 0;
    for (const row of runner.all<OrderRow>('dueUnlocks', { now, limit })) {
      const record = rows.order(row);
      const { partnerId, environment, partnerOrderId } = record;
      if (runner.run('announceUnlock', { partnerId, environment, partnerOrderId, now }) === 0) continue;
      runner.run('insertOutboxEvent', outboxParameters(outboxEvent(record, 'order.unlocked', now)));
      announced += 1;
    }
    return announced;
  });

  return {
    claimEvent: async (workerId, now, leaseMs) => claimEvent.immediate(workerId, now, leaseMs),
    announceUnlocks: async (now, limit) => announceUnlocks.immediate(now, limit),
  };
}
