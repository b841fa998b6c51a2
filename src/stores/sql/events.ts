// The outbox of order events in the SQL stores (docs/stores.md, "Order events"): the statements
// both dialects share, the row mapping, and the methods that are one statement each. Claims and
// unlock announcements run in each store's own transactions (sqlite/events.ts, postgres/events.ts).
import {
  PREVIOUS_SECRET_GRACE_MS,
  resendRefusal,
  type EventAttemptOutcome,
  type EventDelivery,
  type EventDeliveryState,
  type EventStore,
  type EventsEndpoint,
  type OrderEventType,
  type OutboxEvent,
  type StoredEventsEndpoint,
} from '../../orders/events.js';
import type { Environment, OrderRecord } from '../../orders/types.js';
import type { CertificateStore } from '../../orders/certificates.js';
import { integerOrNull, type Decoders, type SqlDialect, type SqlInteger } from './dialect.js';
import type { SqlRunner } from './queries.js';
import type { OrderRow, RowMappers } from './rows.js';

/** A row of `outbox_events`. */
export interface OutboxEventRow {
  seq: SqlInteger;
  event_id: string;
  partner_id: string;
  environment: Environment;
  partner_order_id: string;
  type: OrderEventType;
  micro_climes: SqlInteger;
  created_at: SqlInteger;
  state: EventDeliveryState;
  attempts: number;
  last_error: string | null;
  next_attempt_at: SqlInteger;
  lease_owner: string | null;
  lease_expires_at: SqlInteger | null;
  delivered_at: SqlInteger | null;
}

/** A row of `events_endpoints`. */
export interface EventsEndpointRow {
  url: string;
  secret: string;
  allow_http: boolean | number;
  previous_secret: string | null;
  previous_secret_until: SqlInteger | null;
  deliver_from: SqlInteger;
}

/** The parameters of `setEventsEndpoint`. */
export function endpointParameters(
  dialect: Pick<SqlDialect, 'encodeBoolean'>,
  partnerId: string,
  environment: Environment,
  endpoint: EventsEndpoint,
  now: number,
): Record<string, unknown> {
  const { url, secret } = endpoint;
  const allowHttp = dialect.encodeBoolean(endpoint.allowHttp === true);
  return { partnerId, environment, url, secret, allowHttp, now, previousUntil: now + PREVIOUS_SECRET_GRACE_MS };
}

/** A feed row: the event's columns under `event_` names, and its order's columns. */
interface FeedRow extends OrderRow {
  event_id: string;
  event_type: OrderEventType;
  event_micro_climes: SqlInteger;
  event_created_at: SqlInteger;
}

/** The outbox row of an event, as `insertOutboxEvent` takes it. */
export function outboxParameters(event: OutboxEvent): Record<string, unknown> {
  return { ...event };
}

/** The columns `recordEventAttempt` writes for each outcome (the lease is released in every case). */
function attemptColumns(outcome: EventAttemptOutcome): Record<string, unknown> {
  if ('skipped' in outcome) return { state: 'skipped', lastError: null, nextAttemptAt: null, deliveredAt: null };
  if (outcome.delivered) return { state: 'delivered', lastError: null, nextAttemptAt: null, deliveredAt: outcome.at };
  const state: EventDeliveryState = outcome.nextAttemptAt === null ? 'failed' : 'queued';
  return { state, lastError: outcome.error, nextAttemptAt: outcome.nextAttemptAt, deliveredAt: null };
}

/** The event of an outbox row, with its delivery and its order. */
export function eventDeliveryOf(decode: Decoders, row: OutboxEventRow, order: OrderRecord): EventDelivery {
  const integer = (value: SqlInteger): number => decode.integer(value);
  return {
    eventId: row.event_id,
    partnerId: row.partner_id,
    environment: row.environment,
    partnerOrderId: row.partner_order_id,
    type: row.type,
    microClimes: integer(row.micro_climes),
    createdAt: integer(row.created_at),
    order,
    state: row.state,
    attempts: row.attempts,
    lastError: row.last_error,
    nextAttemptAt: integer(row.next_attempt_at),
    leaseOwner: row.lease_owner,
    leaseExpiresAt: integerOrNull(decode, row.lease_expires_at),
    deliveredAt: integerOrNull(decode, row.delivered_at),
  };
}

/** The event methods that are one shared statement each (or two, reading the order). */
export function sqlEventMethods(
  runner: SqlRunner,
  decode: Decoders,
  rows: RowMappers,
): Omit<EventStore, 'claimEvents' | 'announceUnlocks' | 'setEventsEndpoint'> & CertificateStore & { deliveryOf(row: OutboxEventRow): Promise<EventDelivery> } {
  async function deliveryOf(row: OutboxEventRow): Promise<EventDelivery> {
    const scope = { partnerId: row.partner_id, environment: row.environment, partnerOrderId: row.partner_order_id };
    const order = await runner.get<OrderRow>('order', scope);
    return eventDeliveryOf(decode, row, rows.order(order!));
  }
  async function getEventsEndpoint(partnerId: string, environment: Environment): Promise<StoredEventsEndpoint | undefined> {
    const row = await runner.get<EventsEndpointRow>('eventsEndpoint', { partnerId, environment });
    if (row === undefined) return undefined;
    return {
      url: row.url,
      secret: row.secret,
      allowHttp: Boolean(row.allow_http),
      previousSecret: row.previous_secret,
      previousSecretUntil: integerOrNull(decode, row.previous_secret_until),
      deliverFrom: decode.integer(row.deliver_from),
    };
  }
  return {
    deliveryOf,
    getEventsEndpoint,
    async resendEvent(partnerId, eventId, now) {
      const row = await runner.get<OutboxEventRow>('outboxEvent', { eventId });
      if (row === undefined || row.partner_id !== partnerId) return { resent: false, refusal: 'unknown' };
      const event = eventDeliveryOf(decode, row, undefined as never);
      const refusal = resendRefusal(event, await getEventsEndpoint(partnerId, event.environment));
      if (refusal !== undefined) return { resent: false, refusal };
      const changed = await runner.run('resendEvent', { eventId, partnerId, now, state: row.state, nextAttemptAt: row.next_attempt_at });
      // Changed since it was read: a worker took it, or another resend queued it.
      return changed > 0 ? { resent: true, environment: event.environment } : { resent: false, refusal: 'on-its-way' };
    },
    async startEventAttempt(eventId, workerId) {
      return (await runner.run('startEventAttempt', { eventId, workerId })) > 0;
    },
    async recordEventAttempt(eventId, workerId, outcome) {
      return (await runner.run('recordEventAttempt', { eventId, workerId, ...attemptColumns(outcome) })) > 0;
    },
    async extendEventLease(eventId, workerId, leaseExpiresAt) {
      return (await runner.run('extendEventLease', { eventId, workerId, leaseExpiresAt })) > 0;
    },
    async listEvents(scope, query) {
      let afterSeq: SqlInteger = 0;
      if (query.after !== undefined) {
        const found = await runner.get<{ seq: SqlInteger }>('eventSeq', { ...scope, eventId: query.after });
        if (found === undefined) return undefined;
        afterSeq = found.seq;
      }
      const found = await runner.all<FeedRow>('listEvents', { ...scope, afterSeq, limit: query.limit + 1 });
      return {
        items: found.slice(0, query.limit).map((row) => ({
          eventId: row.event_id,
          partnerId: row.partner_id,
          environment: row.environment,
          partnerOrderId: row.partner_order_id,
          type: row.event_type,
          microClimes: decode.integer(row.event_micro_climes),
          createdAt: decode.integer(row.event_created_at),
          order: rows.order(row),
        })),
        hasMore: found.length > query.limit,
      };
    },
    async certificateOf(scope, partnerOrderId) {
      return (await runner.get<{ certificate_id: string }>('certificateOf', { ...scope, partnerOrderId }))?.certificate_id;
    },
    async orderByCertificate(certificateId) {
      const row = await runner.get<OrderRow>('orderByCertificate', { certificateId });
      return row === undefined ? undefined : rows.order(row);
    },
    async listEventDeliveries(partnerId, limit) {
      const found = await runner.all<OutboxEventRow>('recentEvents', { partnerId, limit });
      return found.map((row) => {
        const { order: _order, ...delivery } = eventDeliveryOf(decode, row, undefined as never);
        return delivery;
      });
    },
    async getEventDelivery(scope, eventId) {
      const row = await runner.get<OutboxEventRow>('outboxEvent', { eventId });
      if (row === undefined || row.partner_id !== scope.partnerId || row.environment !== scope.environment) return undefined;
      return deliveryOf(row);
    },
  };
}
