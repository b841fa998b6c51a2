import { randomUUID } from 'node:crypto';
import { eventBody, signingSecrets, type EventAttemptOutcome, type EventDelivery } from '../orders/events.js';
import { DEFAULT_DELIVERY_TIMEOUT_MS, deliverSigned } from './deliver.js';
import { checkEndpointUrl } from './endpoint-policy.js';
import { guardedFetch } from './guarded-fetch.js';
import { DEFAULT_RETRY_DELAYS_MS, afterFailedAttempt } from './retry.js';
import type { DeliveryWorkerOptions } from './worker-options.js';
import { HEARTBEATS_PER_LEASE, heartbeat, messageOf, startBatchLoop } from './slots.js';

/**
 * The delays between attempts at an order event, in milliseconds: 5 s, 30 s, 5 min, 30 min, 2 h,
 * 5 h, 10 h and 10 h, so the first two retries come within a minute (an event is news a receiver
 * wants soon) and the last about 28 hours after the first attempt. At most nine attempts: the bulk
 * results' delays ({@link DEFAULT_RETRY_DELAYS_MS}) with a retry after 30 s between their first two.
 */
export const DEFAULT_EVENT_RETRY_DELAYS_MS: readonly number[] = [DEFAULT_RETRY_DELAYS_MS[0]!, 30_000, ...DEFAULT_RETRY_DELAYS_MS.slice(1)];

/** How many orders one look for due unlocks announces at most; the next look takes the rest. */
const UNLOCK_BATCH = 100;
const DEFAULT_POLL_INTERVAL_MS = 1_000;
const DEFAULT_CONCURRENCY = 4;
const LEASE_MARGIN_MS = 60_000;

/** What an events worker reports as it goes, for logs and metrics. */
export type EventsWorkerEvent =
  | { readonly type: 'delivered'; readonly eventId: string; readonly eventType: string; readonly attempts: number }
  | { readonly type: 'retry'; readonly eventId: string; readonly eventType: string; readonly attempts: number; readonly error: string; readonly nextAttemptAt: number }
  | { readonly type: 'failed'; readonly eventId: string; readonly eventType: string; readonly attempts: number; readonly error: string }
  /** The partner's events endpoint was gone when the event's turn came: the event is in the feed only. */
  | { readonly type: 'skipped'; readonly eventId: string; readonly eventType: string }
  | { readonly type: 'lease-lost'; readonly eventId: string }
  | { readonly type: 'unlocks-announced'; readonly count: number }
  | { readonly type: 'store-error'; readonly error: string };

/** Options of {@link startEventsWorker}. Times are milliseconds. */
export interface EventsWorkerOptions extends DeliveryWorkerOptions {
  /** Delays between attempts (default {@link DEFAULT_EVENT_RETRY_DELAYS_MS}). */
  readonly retryDelaysMs?: readonly number[];
  /** Receives every event of the worker (default none). */
  readonly log?: (event: EventsWorkerEvent) => void;
}

/** A running events worker. */
export interface EventsWorker {
  /** Looks for due events at once, for example right after an order changed. */
  wake(): void;
  /** Stops claiming events and resolves once the deliveries in flight are recorded. */
  stop(): Promise<void>;
}

/**
 * Starts a worker that delivers order events from the store's outbox to each partner's events
 * endpoint of the event's environment, signed in the Standard Webhooks form with the event's id as
 * `webhook-id` on every attempt (and, for 24 hours after a new secret was set, signed with the old
 * one too), and that writes `order.unlocked` once an order's unlock date has passed (at most one
 * poll interval after it). It claims as many due events as it has free deliveries in one claim,
 * each with a lease, and the store hands out an order's next event only once the one before was
 * delivered, so each order's events arrive in order. Events of an environment without an endpoint
 * are never claimed: they stay in the feed only, at no cost. A failed attempt is retried after the
 * next delay; delivery is at least once.
 *
 * @example
 * ```ts
 * const worker = startEventsWorker({ store });
 * // on shutdown: await worker.stop();
 * ```
 * @remarks Since 0.4.0
 */
export function startEventsWorker(options: EventsWorkerOptions): EventsWorker {
  const store = options.store;
  const retryDelaysMs = options.retryDelaysMs ?? DEFAULT_EVENT_RETRY_DELAYS_MS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS;
  const leaseMs = options.leaseMs ?? timeoutMs + LEASE_MARGIN_MS;
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const now = options.now ?? Date.now;
  const endpointPolicy = options.endpointPolicy ?? {};
  const fetch = options.fetch ?? guardedFetch(endpointPolicy, options.lookup);
  const log = options.log ?? (() => undefined);
  if (!(leaseMs >= HEARTBEATS_PER_LEASE && Number.isFinite(leaseMs))) throw new RangeError(`leaseMs must be a number of milliseconds, at least ${HEARTBEATS_PER_LEASE} (got ${leaseMs}).`);
  const storeError = (error: unknown): void => log({ type: 'store-error', error: messageOf(error) });

  async function attempt(event: EventDelivery, owner: string): Promise<EventAttemptOutcome | 'lease-lost'> {
    const failedAfterStart = (error: string): EventAttemptOutcome => {
      const at = now();
      const decision = afterFailedAttempt(event.attempts + 1, retryDelaysMs, at);
      return { delivered: false, at, error, nextAttemptAt: decision.retry ? decision.nextAttemptAt : null };
    };
    const endpoint = await store.getEventsEndpoint(event.partnerId, event.environment);
    if (endpoint === undefined) return { skipped: true, at: now() };
    if (!(await store.startEventAttempt(event.eventId, owner, now()))) return 'lease-lost';
    // Production goes over https only, unless the operator allowed http for this endpoint.
    const verdict = checkEndpointUrl(endpoint.url, endpoint.allowHttp ? endpointPolicy : { ...endpointPolicy, environment: event.environment });
    if (!verdict.ok) return failedAfterStart(verdict.reason);
    const body = JSON.stringify(eventBody(event, event.order));
    const signedAt = now();
    const [secret, ...alsoSignedWith] = signingSecrets(endpoint, signedAt);
    const delivery = await deliverSigned({
      endpoint: { url: endpoint.url, secret: secret! },
      alsoSignedWith,
      id: event.eventId,
      body,
      timestampSeconds: Math.floor(signedAt / 1000),
      timeoutMs,
      fetch,
    });
    return delivery.ok ? { delivered: true, at: now() } : failedAfterStart(delivery.error);
  }

  async function handle(event: EventDelivery, owner: string): Promise<void> {
    const stopBeating = heartbeat(leaseMs, () => store.extendEventLease(event.eventId, owner, now() + leaseMs), storeError);
    let outcome: EventAttemptOutcome | 'lease-lost';
    try {
      outcome = await attempt(event, owner);
    } finally {
      stopBeating();
    }
    const recorded = outcome !== 'lease-lost' && (await store.recordEventAttempt(event.eventId, owner, outcome));
    const { eventId, type: eventType } = event;
    const attempts = event.attempts + 1;
    if (outcome === 'lease-lost' || !recorded) log({ type: 'lease-lost', eventId });
    else if ('skipped' in outcome) log({ type: 'skipped', eventId, eventType });
    else if (outcome.delivered) log({ type: 'delivered', eventId, eventType, attempts });
    else if (outcome.nextAttemptAt === null) log({ type: 'failed', eventId, eventType, attempts, error: outcome.error });
    else log({ type: 'retry', eventId, eventType, attempts, error: outcome.error, nextAttemptAt: outcome.nextAttemptAt });
  }

  /** When this worker last looked for due unlocks, so that it looks once per interval. */
  let lastUnlockLook = -Infinity;
  async function announceDueUnlocks(): Promise<boolean> {
    const at = now();
    if (at - lastUnlockLook < pollIntervalMs) return false;
    lastUnlockLook = at;
    const count = await store.announceUnlocks(at, UNLOCK_BATCH);
    if (count > 0) log({ type: 'unlocks-announced', count });
    // A full batch: look again at once for the rest.
    if (count === UNLOCK_BATCH) lastUnlockLook = -Infinity;
    return count > 0;
  }

  return startBatchLoop({
    workerId: options.workerId ?? randomUUID(),
    concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
    pollIntervalMs,
    beforeClaim: announceDueUnlocks,
    claim: (owner, limit) => store.claimEvents(owner, now(), leaseMs, limit),
    handle,
    onError: storeError,
  });
}
