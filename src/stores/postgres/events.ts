// The PostgreSQL store's order events that need more than one shared statement: the claim (which
// skips events other workers are claiming), setting an endpoint (the partner, then its endpoint)
// and the unlock announcements (lock the due orders, mark each, write its event), each in one transaction.
import { outboxEvent, type EventStore } from '../../orders/events.js';
import { endpointParameters, outboxParameters, type OutboxEventRow, type sqlEventMethods } from '../sql/events.js';
import type { OrderRow, RowMappers } from '../sql/rows.js';
import { postgresDialect } from './dialect.js';
import { postgresRunner } from './statements.js';
import { inTransaction, type PostgresDatabase } from './transactions.js';

/** `claimEvents`, `setEventsEndpoint` and `announceUnlocks` of the PostgreSQL store. */
export function postgresEventTransactions(
  database: PostgresDatabase,
  rows: RowMappers,
  deliveryOf: ReturnType<typeof sqlEventMethods>['deliveryOf'],
): Pick<EventStore, 'claimEvents' | 'setEventsEndpoint' | 'announceUnlocks'> {
  return {
    async claimEvents(workerId, now, leaseMs, limit) {
      const leased = await postgresRunner(database).all<OutboxEventRow>('claimEvents', { workerId, now, leaseExpiresAt: now + leaseMs, limit });
      leased.sort((a, b) => Number(a.next_attempt_at) - Number(b.next_attempt_at) || Number(a.seq) - Number(b.seq));
      return Promise.all(leased.map(deliveryOf));
    },
    async setEventsEndpoint(partnerId, environment, endpoint, now) {
      const parameters = endpointParameters(postgresDialect, partnerId, environment, endpoint, now);
      await inTransaction(database, async (client) => {
        const tx = postgresRunner(client);
        await tx.run('ensurePartner', parameters);
        await tx.run('setEventsEndpoint', parameters);
      });
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
