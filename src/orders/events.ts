// Order events: what a partner's receiver (and the events feed) learns of an order's life. Each
// event is written by the store in the transaction of the change it reports (a transactional
// outbox), and delivered later by the events worker (src/bulk/events-worker.ts). Pure: ids and
// times are arguments. See docs/api.md, "Order events".
import type { OrderView } from '../schemas/order.js';
import { orderView, type OrderChange } from './machine.js';
import { randomHex } from './random-hex.js';
import type { Environment, OrderRecord, Scope } from './types.js';

/** The types of order event, in the order an order may meet them. */
export const ORDER_EVENT_TYPES = ['order.created', 'order.climes_added', 'order.climes_removed', 'order.cancelled', 'order.unlocked'] as const;

/** The type of an order event. */
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/**
 * Where an event is on its way to the partner's events endpoint: queued (also between retries, and
 * while it is in the feed only: see `isFeedOnly`), delivering (leased by a worker), delivered,
 * failed (no retry left), or skipped (the partner's endpoint was gone when its turn came; the
 * events feed still lists it).
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

/** Where a partner's order events of one environment are delivered, and the secret that signs each delivery. */
export interface EventsEndpoint {
  readonly url: string;
  readonly secret: string;
  /** The operator allowed an `http:` URL for production (`--allow-insecure-endpoint`); staging always may use http. Default false. */
  readonly allowHttp?: boolean;
}

/** How long a replaced signing secret goes on signing beside the new one: 24 hours, in milliseconds. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 60 * 60 * 1000;

/** An events endpoint as the store keeps it, per partner and environment. Times are milliseconds since the epoch. */
export interface StoredEventsEndpoint extends EventsEndpoint {
  readonly allowHttp: boolean;
  /** The secret `secret` replaced, which signs beside it until `previousSecretUntil`; null when none does. */
  readonly previousSecret: string | null;
  /** Until when `previousSecret` signs, in milliseconds since the epoch; null when none does. */
  readonly previousSecretUntil: number | null;
  /**
   * When the environment's endpoint was first set, in milliseconds since the epoch: the events due
   * from then on are delivered, the ones before stay in the feed only (a partner setting an endpoint
   * is not sent its backlog).
   */
  readonly deliverFrom: number;
}

/**
 * The endpoint as it is after `next` was set at `now` over `current`: a new secret keeps the one it
 * replaces signing beside it for {@link PREVIOUS_SECRET_GRACE_MS}, and the first endpoint of an
 * environment delivers the events due from `now` on.
 */
export function nextEventsEndpoint(current: StoredEventsEndpoint | undefined, next: EventsEndpoint, now: number): StoredEventsEndpoint {
  const { url, secret } = next;
  const allowHttp = next.allowHttp === true;
  if (current === undefined) return { url, secret, allowHttp, previousSecret: null, previousSecretUntil: null, deliverFrom: now };
  if (current.secret === secret) return { ...current, url, allowHttp };
  return { url, secret, allowHttp, previousSecret: current.secret, previousSecretUntil: now + PREVIOUS_SECRET_GRACE_MS, deliverFrom: current.deliverFrom };
}

/** The secrets that sign a delivery at `now`: the endpoint's, then the one it replaced while that one's 24 hours last. */
export function signingSecrets(endpoint: StoredEventsEndpoint, now: number): string[] {
  const previous = endpoint.previousSecret !== null && endpoint.previousSecretUntil !== null && now < endpoint.previousSecretUntil;
  return previous ? [endpoint.secret, endpoint.previousSecret!] : [endpoint.secret];
}

/**
 * Whether a queued event is in the feed only: its environment has no events endpoint, or the
 * event was due before the endpoint was first set. The worker never claims such an event; a
 * resend queues it due now. (An event's first due time is its creation; only an endpoint's
 * retries or a resend move it later.)
 */
export function isFeedOnly(event: Pick<EventDelivery, 'state' | 'nextAttemptAt'>, endpoint: Pick<StoredEventsEndpoint, 'deliverFrom'> | undefined): boolean {
  return event.state === 'queued' && (endpoint === undefined || event.nextAttemptAt < endpoint.deliverFrom);
}

/** Why an event cannot be sent again, or undefined when it can (see `EventStore.resendEvent`). */
export type ResendRefusal = 'unknown' | 'no-endpoint' | 'delivered' | 'on-its-way';

/** What `resendEvent` did: queued the event due now, or why not. */
export type ResendOutcome = { readonly resent: true; readonly environment: Environment } | { readonly resent: false; readonly refusal: ResendRefusal };

/**
 * Whether an event may be sent again: a failed, skipped or feed-only one may, to an endpoint of its
 * environment; a delivered one or one still on its way (queued for a retry, delivering) may not.
 */
export function resendRefusal(event: Pick<EventDelivery, 'state' | 'nextAttemptAt'>, endpoint: StoredEventsEndpoint | undefined): ResendRefusal | undefined {
  if (endpoint === undefined) return 'no-endpoint';
  if (event.state === 'delivered') return 'delivered';
  if (event.state === 'failed' || event.state === 'skipped' || isFeedOnly(event, endpoint)) return undefined;
  return 'on-its-way';
}

/** The result of one delivery attempt of an event, or `skipped` when the partner's events endpoint is gone. */
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
  /**
   * Sets (or replaces) the partner's events endpoint of one environment, creating the partner when
   * needed (see `nextEventsEndpoint`: a new secret keeps the old one signing for 24 hours).
   */
  setEventsEndpoint(partnerId: string, environment: Environment, endpoint: EventsEndpoint, now: number): Promise<void>;
  getEventsEndpoint(partnerId: string, environment: Environment): Promise<StoredEventsEndpoint | undefined>;
  /**
   * Atomically takes at most `limit` due events, oldest due first, and leases each to `workerId`
   * until `now + leaseMs`, marking it delivering. An event is due when it is queued or delivering,
   * `nextAttemptAt <= now`, its lease is absent or expired, its environment has an events endpoint
   * and it is not in the feed only (`isFeedOnly`), and no earlier event of its order is still
   * on its way (only delivered, skipped and feed-only ones are not): so a batch never holds two
   * events of one order. Events in the feed only cost no write.
   */
  claimEvents(workerId: string, now: number, leaseMs: number, limit: number): Promise<EventDelivery[]>;
  /** Counts one attempt before it is made; false when `workerId` no longer holds the lease. */
  startEventAttempt(eventId: string, workerId: string, now: number): Promise<boolean>;
  /** Records the end of an attempt and releases the lease; false when `workerId` no longer holds it. */
  recordEventAttempt(eventId: string, workerId: string, outcome: EventAttemptOutcome): Promise<boolean>;
  /** The worker's heartbeat: moves the end of its lease on a delivering event; false when it no longer holds it. */
  extendEventLease(eventId: string, workerId: string, leaseExpiresAt: number): Promise<boolean>;
  /**
   * Queues the partner's event due at `now` with no attempt counted, under its own id, when
   * `resendRefusal` allows it; else says why not ('unknown' also for another partner's event).
   */
  resendEvent(partnerId: string, eventId: string, now: number): Promise<ResendOutcome>;
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
  return `evt_${randomHex(16)}`;
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
  /** The environment of the order, and of the API key and endpoint of the event. */
  readonly environment: Environment;
  /** When the change was made, in milliseconds since the epoch. */
  readonly created_at: number;
  readonly data: { readonly order: EventOrderView };
}

/** The order as it was when the event happened: its climes then, and its state at that instant. */
function orderAtEvent(event: OutboxEvent, order: OrderRecord): OrderRecord {
  const cancelledAt = event.type === 'order.cancelled' ? event.createdAt : null;
  return { ...order, microClimes: event.microClimes, cancelledAt, updatedAt: event.createdAt };
}

/** The body of an event: `{id, type, environment, created_at, data: {order}}`, the order as it was then, without the customer. */
export function eventBody(event: OutboxEvent, order: OrderRecord): OrderEventBody {
  const { customer_email: _email, customer_name: _name, customer_phone: _phone, ...view } = orderView(orderAtEvent(event, order), event.createdAt);
  return { id: event.eventId, type: event.type, environment: event.environment, created_at: event.createdAt, data: { order: view } };
}
