// The SQLite store's order events that need more than one shared statement: the claim (one
// statement of its own, ./statements.ts), setting an endpoint (the partner, then its endpoint) and
// the unlock announcements (mark the order, write its event), each in one `BEGIN IMMEDIATE`.
import type Database from 'better-sqlite3';
import { outboxEvent, type EventStore } from '../../orders/events.js';
import { endpointParameters, eventDeliveryOf, outboxParameters, type OutboxEventRow } from '../sql/events.js';
import type { OrderRow, RowMappers } from '../sql/rows.js';
import { sqliteDialect } from './dialect.js';
import type { SqliteRunner } from './statements.js';

/** `claimEvents`, `setEventsEndpoint` and `announceUnlocks` of the SQLite store. */
export function sqliteEventTransactions(
  db: Database.Database,
  runner: SqliteRunner,
  rows: RowMappers,
): Pick<EventStore, 'claimEvents' | 'setEventsEndpoint' | 'announceUnlocks'> {
  // One statement, so one implicit transaction: nothing due, nothing written (no sync of the log).
  const claimEvents: EventStore['claimEvents'] = async (workerId, now, leaseMs, limit) => {
    const leased = runner.all<OutboxEventRow>('claimEvents', { workerId, now, leaseExpiresAt: now + leaseMs, limit });
    leased.sort((a, b) => Number(a.next_attempt_at) - Number(b.next_attempt_at) || Number(a.seq) - Number(b.seq));
    return leased.map((row) => {
      const order = runner.get<OrderRow>('order', { partnerId: row.partner_id, environment: row.environment, partnerOrderId: row.partner_order_id })!;
      return eventDeliveryOf(sqliteDialect.decode, row, rows.order(order));
    });
  };

  const setEventsEndpoint = db.transaction((parameters: Record<string, unknown>): void => {
    runner.run('ensurePartner', parameters);
    runner.run('setEventsEndpoint', parameters);
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
    claimEvents,
    setEventsEndpoint: async (partnerId, environment, endpoint, now) => setEventsEndpoint.immediate(endpointParameters(sqliteDialect, partnerId, environment, endpoint, now)),
    announceUnlocks: async (now, limit) => announceUnlocks.immediate(now, limit),
  };
}
