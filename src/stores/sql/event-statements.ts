// The statements of order events (docs/stores.md, "Order events") both SQL stores run, and the
// queries each store completes its own way (./events.ts maps their rows).
import { CLAIMABLE_EVENT_STATES, SETTLED_EVENT_STATES } from './event-tables.js';

/**
 * The due events a claim takes, oldest due first: those of an endpoint, due from when it delivers
 * (the rest are in the feed only), whose order has no earlier event still on its way. Read from
 * the endpoints, so that the events of partners without one cost nothing.
 */
export const DUE_EVENTS = `SELECT e.seq FROM events_endpoints ep JOIN outbox_events e
    ON e.partner_id = ep.partner_id AND e.environment = ep.environment
    WHERE e.state IN (${CLAIMABLE_EVENT_STATES}) AND e.next_attempt_at >= ep.deliver_from AND e.next_attempt_at <= :now
    AND (e.lease_expires_at IS NULL OR e.lease_expires_at <= :now)
    AND NOT EXISTS (SELECT 1 FROM outbox_events p WHERE p.partner_id = e.partner_id AND p.environment = e.environment
      AND p.partner_order_id = e.partner_order_id AND p.seq < e.seq AND p.state NOT IN (${SETTLED_EVENT_STATES})
      AND p.next_attempt_at >= ep.deliver_from)
    ORDER BY e.next_attempt_at, e.seq LIMIT :limit`;

/** The orders whose unlock is due and not yet announced, oldest unlock first. */
export const DUE_UNLOCKS = `SELECT * FROM orders WHERE unlock_announced_at IS NULL AND cancelled_at IS NULL AND unlock_date <= :now
    ORDER BY unlock_date LIMIT :limit`;

/** The statements of order events both stores run. */
export const eventStatements = {
  insertOutboxEvent: `INSERT INTO outbox_events (event_id, partner_id, environment, partner_order_id, type, micro_climes,
    created_at, state, attempts, next_attempt_at) VALUES (:eventId, :partnerId, :environment, :partnerOrderId, :type,
    :microClimes, :createdAt, 'queued', 0, :createdAt)`,
  // The rule of nextEventsEndpoint (src/orders/events.ts) in one statement: a new secret keeps the
  // one it replaces signing until :previousUntil; the first endpoint delivers from :now.
  setEventsEndpoint: `INSERT INTO events_endpoints (partner_id, environment, url, secret, allow_http, deliver_from, updated_at)
    VALUES (:partnerId, :environment, :url, :secret, :allowHttp, :now, :now)
    ON CONFLICT (partner_id, environment) DO UPDATE SET url = excluded.url, secret = excluded.secret, allow_http = excluded.allow_http,
    previous_secret = CASE WHEN events_endpoints.secret = excluded.secret THEN events_endpoints.previous_secret ELSE events_endpoints.secret END,
    previous_secret_until = CASE WHEN events_endpoints.secret = excluded.secret THEN events_endpoints.previous_secret_until
      ELSE :previousUntil::bigint END,
    updated_at = excluded.updated_at`,
  eventsEndpoint: `SELECT * FROM events_endpoints WHERE partner_id = :partnerId AND environment = :environment`,
  // A resend (src/orders/events.ts, resendRefusal), unless the event changed since it was read.
  resendEvent: `UPDATE outbox_events SET state = 'queued', attempts = 0, last_error = NULL, next_attempt_at = :now,
    lease_owner = NULL, lease_expires_at = NULL
    WHERE event_id = :eventId AND partner_id = :partnerId AND state = :state AND next_attempt_at = :nextAttemptAt`,
  startEventAttempt: `UPDATE outbox_events SET attempts = attempts + 1
    WHERE event_id = :eventId AND lease_owner = :workerId AND state = 'delivering'`,
  recordEventAttempt: `UPDATE outbox_events SET lease_owner = NULL, lease_expires_at = NULL, state = :state,
    last_error = :lastError, next_attempt_at = COALESCE(:nextAttemptAt::bigint, next_attempt_at),
    delivered_at = COALESCE(:deliveredAt::bigint, delivered_at)
    WHERE event_id = :eventId AND lease_owner = :workerId AND state = 'delivering'`,
  extendEventLease: `UPDATE outbox_events SET lease_expires_at = :leaseExpiresAt
    WHERE event_id = :eventId AND lease_owner = :workerId AND state = 'delivering'`,
  outboxEvent: `SELECT * FROM outbox_events WHERE event_id = :eventId`,
  // Marks the order announced, unless another worker did, or it was cancelled, since it was read.
  announceUnlock: `UPDATE orders SET unlock_announced_at = :now WHERE partner_id = :partnerId AND environment = :environment
    AND partner_order_id = :partnerOrderId AND unlock_announced_at IS NULL AND cancelled_at IS NULL`,
  // The public certificates (src/orders/certificates.ts): each order's id is written with the order.
  certificateOf: `SELECT certificate_id FROM orders WHERE partner_id = :partnerId AND environment = :environment
    AND partner_order_id = :partnerOrderId`,
  orderByCertificate: `SELECT * FROM orders WHERE certificate_id = :certificateId`,
  recentEvents: `SELECT * FROM outbox_events WHERE partner_id = :partnerId ORDER BY seq DESC LIMIT :limit`,
  eventSeq: `SELECT seq FROM outbox_events WHERE event_id = :eventId AND partner_id = :partnerId AND environment = :environment`,
  listEvents: `SELECT o.*, e.event_id, e.type AS event_type, e.micro_climes AS event_micro_climes, e.created_at AS event_created_at
    FROM outbox_events e JOIN orders o ON o.partner_id = e.partner_id AND o.environment = e.environment
    AND o.partner_order_id = e.partner_order_id
    WHERE e.partner_id = :partnerId AND e.environment = :environment AND e.seq > :afterSeq ORDER BY e.seq LIMIT :limit`,
} as const;
