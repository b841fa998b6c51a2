// The statements of the rate limits shared through the database (docs/http.md, "Rate limits"),
// the same in both dialects. A bucket holds its tokens in millionths (`micro_tokens`), so that
// the refill is integer arithmetic in either database.
import type { RateBucket, RateTake } from '../../orders/rate-limit-store.js';

/** One token, in the millionths the bucket counts. */
export const MICRO_TOKEN = 1_000_000;

/** A row's tokens since it was last used: full once `:fillMs` passed, never more than `:capacity`, never less for a clock behind. */
const refilled = `(CASE WHEN :now - rate_buckets.updated_at >= :fillMs THEN :capacity
  WHEN :now <= rate_buckets.updated_at THEN rate_buckets.micro_tokens
  WHEN rate_buckets.micro_tokens + (:now - rate_buckets.updated_at) * :perMs >= :capacity THEN :capacity
  ELSE rate_buckets.micro_tokens + (:now - rate_buckets.updated_at) * :perMs END)`;

export const rateLimitStatements = {
  // One statement per request: the row's lock makes concurrent takes from any server wait for each
  // other, and the update is computed from the row as it is when the lock is granted.
  takeRateToken: `INSERT INTO rate_buckets (bucket_key, micro_tokens, updated_at, taken)
    VALUES (:key, :capacity::bigint - ${MICRO_TOKEN}, :now::bigint, 1)
    ON CONFLICT (bucket_key) DO UPDATE SET
    micro_tokens = ${refilled} - CASE WHEN ${refilled} >= ${MICRO_TOKEN} THEN ${MICRO_TOKEN} ELSE 0 END,
    taken = CASE WHEN ${refilled} >= ${MICRO_TOKEN} THEN 1 ELSE 0 END,
    updated_at = CASE WHEN :now > rate_buckets.updated_at THEN :now ELSE rate_buckets.updated_at END
    RETURNING micro_tokens, taken`,
  recordServer: `INSERT INTO server_heartbeats (server_id, seen_at) VALUES (:serverId, :now::bigint)
    ON CONFLICT (server_id) DO UPDATE SET seen_at = excluded.seen_at`,
  pruneServers: `DELETE FROM server_heartbeats WHERE seen_at <= :before`,
  forgetServer: `DELETE FROM server_heartbeats WHERE server_id = :serverId`,
  serversSince: `SELECT COUNT(*) AS servers FROM server_heartbeats WHERE seen_at > :before`,
} as const;

/** The parameters of `takeRateToken` for a bucket: the capacity and the refill per millisecond in millionths. */
export function takeParameters(key: string, bucket: RateBucket, now: number): Record<string, number | string> {
  const capacity = Math.max(MICRO_TOKEN, Math.round(bucket.capacity * MICRO_TOKEN));
  const perMs = Math.max(1, Math.round((bucket.perSecond * MICRO_TOKEN) / 1000));
  return { key, now, capacity, perMs, fillMs: Math.ceil(capacity / perMs) };
}

/** The row `takeRateToken` returns (PostgreSQL returns BIGINT as text). */
export interface RateTakeRow {
  readonly micro_tokens: number | string;
  readonly taken: number | string;
}

/** The row `takeRateToken` returns, as the limiter reads it. */
export function rateTakeOf(row: RateTakeRow): RateTake {
  return { taken: Number(row.taken) === 1, tokens: Number(row.micro_tokens) / MICRO_TOKEN };
}
