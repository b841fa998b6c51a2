// The memory store's outbox of order events: a list in write order, each method synchronous inside
// its promise, so an event is appended in the same step as the change it reports.
import {
  isFeedOnly,
  nextEventsEndpoint,
  outboxEvent,
  resendRefusal,
  type EventDelivery,
  type EventStore,
  type OrderEventType,
  type OutboxEvent,
  type StoredEventsEndpoint,
} from '../../orders/events.js';
import { orderState } from '../../orders/machine.js';
import type { Environment, OrderRecord, Scope } from '../../orders/types.js';

type Delivery = Omit<EventDelivery, 'order'>;

const orderKey = (event: Scope & { readonly partnerOrderId: string }): string =>
  `${event.partnerId}\u0000${event.environment}\u0000${event.partnerOrderId}`;
const inScope = (event: Scope, scope: Scope): boolean => event.partnerId === scope.partnerId && event.environment === scope.environment;
const settled = (event: Delivery): boolean => event.state === 'delivered' || event.state === 'skipped';

/**
 * The event methods of a memory store over its orders (`orderOf` reads one), and `append`, which
 * the store's order writes call in the same synchronous step as the write.
 */
export function memoryEvents(orderOf: (key: string) => OrderRecord | undefined): EventStore & {
  append(record: OrderRecord, type: OrderEventType, at: number): void;
} {
  const events: Delivery[] = [];
  /** The events endpoints by partner and environment. */
  const endpoints = new Map<string, StoredEventsEndpoint>();
  const endpointKey = (partnerId: string, environment: Environment): string => `${partnerId}\u0000${environment}`;
  const endpointOf = (event: Scope): StoredEventsEndpoint | undefined => endpoints.get(endpointKey(event.partnerId, event.environment));
  /** The orders whose unlock was announced. */
  const announced = new Set<string>();

  const withOrder = (event: Delivery): EventDelivery => structuredClone({ ...event, order: orderOf(orderKey(event))! });
  const indexOf = (eventId: string): number => events.findIndex((event) => event.eventId === eventId);

  function update(eventId: string, workerId: string, change: (event: Delivery) => Delivery): boolean {
    const index = indexOf(eventId);
    const event = events[index];
    if (event === undefined || event.leaseOwner !== workerId || event.state !== 'delivering') return false;
    events[index] = change(event);
    return true;
  }

  function append(record: OrderRecord, type: OrderEventType, at: number): void {
    const event: OutboxEvent = outboxEvent(record, type, at);
    events.push({ ...event, state: 'queued', attempts: 0, lastError: null, nextAttemptAt: at, leaseOwner: null, leaseExpiresAt: null, deliveredAt: null });
  }

  return {
    append,

    async setEventsEndpoint(partnerId, environment, endpoint, now) {
      const key = endpointKey(partnerId, environment);
      endpoints.set(key, nextEventsEndpoint(endpoints.get(key), endpoint, now));
    },

    async getEventsEndpoint(partnerId, environment) {
      return structuredClone(endpoints.get(endpointKey(partnerId, environment)));
    },

    async claimEvents(workerId, now, leaseMs, limit) {
      const blocked = new Set<string>();
      const due: number[] = [];
      // In write order: an order's first event on its way blocks its later ones.
      for (const [index, event] of events.entries()) {
        const key = orderKey(event);
        const endpoint = endpointOf(event);
        if (blocked.has(key) || endpoint === undefined || settled(event) || isFeedOnly(event, endpoint)) continue;
        blocked.add(key);
        const claimable = event.state !== 'failed' && event.nextAttemptAt <= now && (event.leaseExpiresAt === null || event.leaseExpiresAt <= now);
        if (claimable) due.push(index);
      }
      // Oldest due first; the sort is stable, so write order breaks ties.
      due.sort((a, b) => events[a]!.nextAttemptAt - events[b]!.nextAttemptAt);
      return due.slice(0, limit).map((index) => {
        events[index] = { ...events[index]!, state: 'delivering', leaseOwner: workerId, leaseExpiresAt: now + leaseMs };
        return withOrder(events[index]!);
      });
    },

    async resendEvent(partnerId, eventId, now) {
      const index = indexOf(eventId);
      const event = events[index];
      if (event === undefined || event.partnerId !== partnerId) return { resent: false, refusal: 'unknown' };
      const refusal = resendRefusal(event, endpointOf(event));
      if (refusal !== undefined) return { resent: false, refusal };
      events[index] = { ...event, state: 'queued', attempts: 0, lastError: null, nextAttemptAt: now, leaseOwner: null, leaseExpiresAt: null };
      return { resent: true, environment: event.environment };
    },

    async startEventAttempt(eventId, workerId) {
      return update(eventId, workerId, (event) => ({ ...event, attempts: event.attempts + 1 }));
    },

    async recordEventAttempt(eventId, workerId, outcome) {
      return update(eventId, workerId, (event) => {
        const released = { ...event, leaseOwner: null, leaseExpiresAt: null };
        if ('skipped' in outcome) return { ...released, state: 'skipped' };
        if (outcome.delivered) return { ...released, state: 'delivered', deliveredAt: outcome.at, lastError: null };
        if (outcome.nextAttemptAt === null) return { ...released, state: 'failed', lastError: outcome.error };
        return { ...released, state: 'queued', lastError: outcome.error, nextAttemptAt: outcome.nextAttemptAt };
      });
    },

    async extendEventLease(eventId, workerId, leaseExpiresAt) {
      return update(eventId, workerId, (event) => ({ ...event, leaseExpiresAt }));
    },

    async announceUnlocks(until, limit) {
      const due: OrderRecord[] = [];
      const seen = new Set<string>();
      for (const event of events) {
        const key = orderKey(event);
        if (seen.has(key) || announced.has(key)) continue;
        seen.add(key);
        const order = orderOf(key);
        if (order !== undefined && orderState(order, until) === 'unlocked') due.push(order);
      }
      due.sort((a, b) => a.unlockDate - b.unlockDate);
      for (const order of due.slice(0, limit)) {
        announced.add(orderKey(order));
        append(order, 'order.unlocked', until);
      }
      return Math.min(due.length, limit);
    },

    async listEvents(scope, query) {
      const mine = events.filter((event) => inScope(event, scope));
      let start = 0;
      if (query.after !== undefined) {
        start = mine.findIndex((event) => event.eventId === query.after) + 1;
        if (start === 0) return undefined;
      }
      const page = mine.slice(start, start + query.limit).map((event) => {
        const { eventId, partnerId, environment, partnerOrderId, type, microClimes, createdAt } = event;
        return { eventId, partnerId, environment, partnerOrderId, type, microClimes, createdAt, order: orderOf(orderKey(event))! };
      });
      return { items: structuredClone(page), hasMore: mine.length > start + query.limit };
    },

    async listEventDeliveries(partnerId, limit) {
      return structuredClone(events.filter((event) => event.partnerId === partnerId).reverse().slice(0, limit));
    },

    async getEventDelivery(scope, eventId) {
      const event = events[indexOf(eventId)];
      return event === undefined || !inScope(event, scope) ? undefined : withOrder(event);
    },
  };
}
