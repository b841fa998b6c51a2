// The statements only the PostgreSQL store's order events run (./events.ts).
import { DUE_EVENTS, DUE_UNLOCKS } from '../sql/event-statements.js';

/** The statements only the PostgreSQL store's events run. SKIP LOCKED: a row another worker holds is passed over, never waited for. */
export const postgresEventStatements = {
  // OF e: the endpoints' rows are read, never locked, so that workers claim one partner's events side by side.
  claimEvents: `WITH due AS MATERIALIZED (${DUE_EVENTS} FOR UPDATE OF e SKIP LOCKED)
    UPDATE outbox_events SET state = 'delivering', lease_owner = :workerId, lease_expires_at = :leaseExpiresAt
    FROM due WHERE outbox_events.seq = due.seq RETURNING outbox_events.*`,
  dueUnlocks: `${DUE_UNLOCKS} FOR UPDATE SKIP LOCKED`,
} as const;
