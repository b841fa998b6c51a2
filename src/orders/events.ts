// Order events: what a partner's receiver (and the events feed) learns of an order's life. Each
// event is written by the store in the transaction of the change it reports (a transactional
// outbox), and delivered later by the events worker (src/bulk/events-worker.ts). Pure: ids and
// times are arguments. See docs/api.md, "Order events".
import type { OrderView } from '../schemas/order.js';
import { orderView, type OrderChange } from './machine.js';
import type { OrderRecord, Scope } from './types.js';

/** The types of order event, in the order an order may meet them. */
export const ORDER_EVENT_TYPES = ['order.created', 'order.climes_added', 'order.climes_removed', 'order.cancelled', 'order.unlocked'] as const;

/** The type of an order event. */
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/**
 * Where an event is on its way to the partner's events endpoint: queued (also between retries),
 * delivering (leased by a worker), delivered, failed (no retry left), or skipped (the partner had
 * no events endpoint when its turn came; the events feed still lists it).
 */
export const EVENT_DELIVERY_STATES = ['queued', 'delivering', 'delivered', 'failed', 'skipped'] as const;

/** The delivery state of an event. */
export type EventDeliveryState = (typeof EVENT_DELIVERY_STATES)[number];

/** An order event as the outbox keeps it. Times are milliseconds since the epoch. */
export interface OutboxEvent extends Scope {
  /** `evt_` and 32 hex digits (128 random bits): the `webhook-id` of every attempt, and the feed's cursor. */
  readonly eventId: string;
  readonly partnerOrderId: string;
  readonly type: OrderEventType;
  /** The climes the order held once the change was made, in micro-climes. */
  readonly microClimes: number;
  /** When the change was made, in milliseconds since the epoch. */
  readonly createdAt: number;
}

/** An event with its delivery, as the worker claims it: the order it reports, to build the body. */
export interface EventDelivery extends OutboxEvent {
  readonly order: OrderRecord;
  readonly state: EventDeliveryState;
  /** How many delivery attempts were started (a count). */
  readonly attempts: number;
  readonly lastError: string | null;
  /** The earliest time the next attempt may start, in milliseconds since the epoch. */
  readonly nextAttemptAt: number;
  readonly leaseOwner: string | null;
  /**
   * Until when `leaseOwner` holds the event, in milliseconds since the epoch; null when no one
   * holds it.
   */
  readonly leaseExpiresAt: number | null;
  /** When the partner accepted the event, in milliseconds since the epoch; null until then. */
  readonly deliveredAt: number | null;
}

/** Where a partner's order events are delivered, and the secret that signs each delivery. */
export interface EventsEndpoint {
  readonly url: string;
  readonly secret: string;
}

/** The result of one delivery attempt of an event, or `skipped` when the partner has no events endpoint. */
export type EventAttemptOutcome =
  | { readonly delivered: true; readonly at: number }
  /** `nextAttemptAt` null: no retry is left and the event fails. */
  | { readonly delivered: false; readonly at: number; readonly error: string; readonly nextAttemptAt: number | null }
  | { readonly skipped: true; readonly at: number };

/** A page of the events feed: the events, and whether more follow. */
export interface EventPage {
  readonly items: (OutboxEvent & { readonly order: OrderRecord })[];
  readonly hasMore: boolean;
}

/** One page of the events feed: oldest first, after the event `after` (exclusive) when given. */
export interface EventListQuery {
  readonly after?: string;
  /** The most events of the page (a count). */
  readonly limit: number;
}

/** The outbox of order events and their deliveries. Every store keeps one (docs/stores.md, "Order events"). */
export interface EventStore {
  /** Sets (or replaces) the partner's events endpoint, creating the partner when needed. */
  setEventsEndpoint(partnerId: string, endpoint: EventsEndpoint, now: number): Promise<void>;
  getEventsEndpoint(partnerId: string): Promise<EventsEndpoint | undefined>;
  /**
   * Atomically takes the oldest due event (queued or delivering, `nextAttemptAt <= now`, lease absent
   * or expired) whose earlier events of the same order were all delivered or skipped, marks it
   * delivering and leases it to `workerId` until `now + leaseMs`.
   */
  claimEvent(workerId: string, now: number, leaseMs: number): Promise<EventDelivery | undefined>;
  /** Counts one attempt before it is made; false when `workerId` no longer holds the lease. */
  startEventAttempt(eventId: string, workerId: string, now: number): Promise<boolean>;
  /** Records the end of an attempt and releases the lease; false when `workerId` no longer holds it. */
  recordEventAttempt(eventId: string, workerId: string, outcome: EventAttemptOutcome): Promise<boolean>;
  /** The worker's heartbeat: moves the end of its lease on a delivering event; false when it no longer holds it. */
  extendEventLease(eventId: string, workerId: string, leaseExpiresAt: number): Promise<boolean>;
  /**
   * Writes `order.unlocked` for at most `limit` orders whose unlock date is at or before `until`, not
   * cancelled and not announced yet, each in the transaction that marks its order announced, so
   * that several workers sharing the store announce each unlock once. Resolves to how many.
   */
  announceUnlocks(until: number, limit: number): Promise<number>;
  /** The scope's events, oldest first; undefined when `after` names no event of the scope. */
  listEvents(scope: Scope, query: EventListQuery): Promise<EventPage | undefined>;
  /** The partner's most recent events (both environments), newest first, with their deliveries (the dashboard's list). */
  listEventDeliveries(partnerId: string, limit: number): Promise<Omit<EventDelivery, 'order'>[]>;
  /** The event and its delivery, in the scope (for operators and tests). */
  getEventDelivery(scope: Scope, eventId: string): Promise<EventDelivery | undefined>;
}

/** A new event id: `evt_` and 128 random bits in hex. */
export function newEventId(): string {
  return `evt_${Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** The event a successful change reports: removing every clime cancels the order in full. */
export function changeEventType(kind: OrderChange['kind'], after: OrderRecord): OrderEventType {
  if (kind === 'cancel' || after.cancelledAt !== null) return 'order.cancelled';
  return kind === 'add' ? 'order.climes_added' : 'order.climes_removed';
}

/** The outbox row of a change (or a create, or an unlock) of `record`, at `createdAt`. */
export function outboxEvent(record: OrderRecord, type: OrderEventType, createdAt: number, eventId: string = newEventId()): OutboxEvent {
  const { partnerId, environment, partnerOrderId, microClimes } = record;
  return { eventId, partnerId, environment, partnerOrderId, type, microClimes, createdAt };
}

/** The fields of an order that identify the customer: never in an event, a feed or a certificate. */
export const CUSTOMER_FIELDS = ['customer_email', 'customer_name', 'customer_phone'] as const;

/** An order as an event carries it: the order's view without the customer's fields. */
export type EventOrderView = Omit<OrderView, (typeof CUSTOMER_FIELDS)[number]>;

/** The body of an event, as the webhook and the feed carry it. */
export interface OrderEventBody {
  readonly id: string;
  readonly type: OrderEventType;
  /** When the change was made, in milliseconds since the epoch. */
  readonly created_at: number;
  readonly data: { readonly order: EventOrderView };
}

/** The order as it was when the event happened: its climes then, and its state at that instant. */
function orderAtEvent(event: OutboxEvent, order: OrderRecord): OrderRecord {
  const cancelledAt = event.type === 'order.cancelled' ? event.createdAt : null;
  return { ...order, microClimes: event.microClimes, cancelledAt, updatedAt: event.createdAt };
}

/** The body of an event: `{id, type, created_at, data: {order}}`, the order as it was then, without the customer. */
export function eventBody(event: OutboxEvent, order: OrderRecord): OrderEventBody {
  const { customer_email: _email, customer_name: _name, customer_phone: _phone, ...view } = orderView(orderAtEvent(event, order), event.createdAt);
  return { id: event.eventId, type: event.type, created_at: event.createdAt, data: { order: view } };
}
