// The statements only the PostgreSQL store's order events run (./events.ts).
import { DUE_EVENT, DUE_UNLOCKS } from '../sql/event-statements.js';

/** The statements only the PostgreSQL store's events run. SKIP LOCKED: a row another worker holds is passed over, never waited for. */
export const postgresEventStatements = {
  claimEvent: `UPDATE outbox_events SET state = 'delivering', lease_owner = :workerId, lease_expires_at = :leaseExpiresAt
    WHERE seq = (${DUE_EVENT} FOR UPDATE SKIP LOCKED) RETURNING *`,
  dueUnlocks: `${DUE_UNLOCKS} FOR UPDATE SKIP LOCKED`,
} as const;
