// The PostgreSQL store's order events that need more than one statement: the claim (which skips
// events other workers are claiming) and the unlock announcements (lock the due orders, mark each,
// write its event, in one transaction).
import { outboxEvent, type EventStore } from '../../orders/events.js';
import { outboxParameters, type OutboxEventRow, type sqlEventMethods } from '../sql/events.js';
import type { OrderRow, RowMappers } from '../sql/rows.js';
import { postgresRunner } from './statements.js';
import { inTransaction, type PostgresDatabase } from './transactions.js';

/** `claimEvent` and `announceUnlocks` of the PostgreSQL store. */
export function postgresEventTransactions(
  database: PostgresDatabase,
  rows: RowMappers,
  deliveryOf: ReturnType<typeof sqlEventMethods>['deliveryOf'],
): Pick<EventStore, 'claimEvent' | 'announceUnlocks'> {
  return {
    async claimEvent(workerId, now, leaseMs) {
      const row = await postgresRunner(database).get<OutboxEventRow>('claimEvent', { workerId, now, leaseExpiresAt: now + leaseMs });
      return row === undefined ? undefined : deliveryOf(row);
    },
    async announceUnlocks(now, limit) {
      return inTransaction(database, async (client) => {
        const tx = postgresRunner(client);
        let announced = 0;
        for (const row of await tx.all<OrderRow>('dueUnlocks', { now, limit })) {
          const record = rows.order(row);
          const { partnerId, environment, partnerOrderId } = record;
          if ((await tx.run('announceUnlock', { partnerId, environment, partnerOrderId, now })) === 0) continue;
          await tx.run('insertOutboxEvent', outboxParameters(outboxEvent(record, 'order.unlocked', now)));
          announced += 1;
        }
        return announced;
      });
    },
  };
}
