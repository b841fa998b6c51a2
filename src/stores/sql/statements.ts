// The statements both SQL stores run, written once with named parameters (`:name`, with an
// optional `::type` cast PostgreSQL needs to type a bare parameter) and rendered per dialect.
import type { SqlDialect } from './dialect.js';
import { CLAIMABLE_JOB_STATES } from './tables.js';
import { listingStatements, type ListingStatementName } from './listings.js';
import { rateLimitStatements } from './rate-limit.js';
import { eventStatements } from './event-statements.js';
import { calculationStatements } from './calculation-statements.js';
import { profileStatements } from './profile-statements.js';

/** A statement in one dialect's spelling, and the names of its parameters in placeholder order. */
export interface RenderedStatement {
  readonly text: string;
  readonly parameters: readonly string[];
}

/** Named parameters, by the names the statement text uses. */
export type Parameters = Readonly<Record<string, unknown>>;

const PARAMETER = /(?<![\w:]):([A-Za-z]\w*)((?:::[a-z]+(?:\[\])?)?)/g;

/** Writes `:name` (and `:name::type`) the dialect's way; each distinct name is one parameter. */
export function renderStatement(dialect: SqlDialect, text: string): RenderedStatement {
  const parameters: string[] = [];
  const rendered = text.replace(PARAMETER, (_match, name: string, cast: string) => {
    let index = parameters.indexOf(name);
    if (index < 0) index = parameters.push(name) - 1;
    return dialect.placeholder(name, index) + (dialect.keepsCasts ? cast : '');
  });
  return { text: rendered, parameters };
}

/** Renders every statement of a set. */
export function renderStatements<Name extends string>(
  dialect: SqlDialect,
  texts: Readonly<Record<Name, string>>,
): Record<Name, RenderedStatement> {
  return Object.fromEntries(Object.entries<string>(texts).map(([name, text]) => [name, renderStatement(dialect, text)])) as Record<
    Name,
    RenderedStatement
  >;
}

/** The parameters' values in placeholder order; a missing one is a bug in the caller. */
export function parameterValues(statement: RenderedStatement, parameters: Parameters): unknown[] {
  return statement.parameters.map((name) => {
    if (!(name in parameters)) throw new Error(`No value for parameter ${name} of: ${statement.text}`);
    return parameters[name];
  });
}

/** The statements both stores share, in the dialect's spelling of what differs. */
export function sharedStatements(dialect: SqlDialect) {
  const { jobSequence } = dialect;
  const limitKeys = dialect.textList('keys');
  return {
    order: `SELECT * FROM orders WHERE partner_id = :partnerId AND environment = :environment AND partner_order_id = :partnerOrderId`,
    // Only an erasure writes sent_order after its insert (src/orders/erasure.ts).
    eraseCustomer: `UPDATE orders SET sent_order = :sentOrder::jsonb
    WHERE partner_id = :partnerId AND environment = :environment AND partner_order_id = :partnerOrderId`,
    upsertOptIn: `INSERT INTO opt_ins (partner_id, environment, cart_id, opted_in, micro_climes, updated_at)
    VALUES (:partnerId, :environment, :cartId, :optedIn, :microClimes, :updatedAt)
    ON CONFLICT (partner_id, environment, cart_id) DO UPDATE SET
    opted_in = excluded.opted_in, micro_climes = excluded.micro_climes, updated_at = excluded.updated_at`,
    optIn: `SELECT * FROM opt_ins WHERE partner_id = :partnerId AND environment = :environment AND cart_id = :cartId`,
    ensurePartner: `INSERT INTO partners (partner_id, created_at, updated_at) VALUES (:partnerId, :now, :now)
    ON CONFLICT (partner_id) DO NOTHING`,
    upsertApiKey: `INSERT INTO api_keys (key_hash, partner_id, environment, created_at, revoked_at)
    VALUES (:keyHash, :partnerId, :environment, :createdAt, NULL)
    ON CONFLICT (key_hash) DO UPDATE SET partner_id = excluded.partner_id,
    environment = excluded.environment, created_at = excluded.created_at, revoked_at = NULL`,
    apiKey: `SELECT * FROM api_keys WHERE key_hash = :keyHash`,
    revokeApiKey: `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, :now) WHERE key_hash = :keyHash`,
    setEndpoint: `INSERT INTO partners (partner_id, result_url, result_secret, created_at, updated_at)
    VALUES (:partnerId, :url, :secret, :now, :now)
    ON CONFLICT (partner_id) DO UPDATE SET result_url = excluded.result_url,
    result_secret = excluded.result_secret, updated_at = excluded.updated_at`,
    endpoint: `SELECT result_url, result_secret FROM partners WHERE partner_id = :partnerId AND result_url IS NOT NULL`,
    insertJob: `INSERT INTO jobs (job_id, partner_id, environment, endpoint, request, state, attempts, created_at,
    updated_at, next_attempt_at) VALUES (:jobId, :partnerId, :environment, :endpoint, :request::jsonb, 'queued', 0,
    :createdAt, :createdAt, :createdAt)`,
    saveResults: `UPDATE jobs SET results = :results::jsonb, updated_at = :now WHERE job_id = :jobId AND lease_owner = :workerId`,
    startAttempt: `UPDATE jobs SET attempts = attempts + 1, updated_at = :now WHERE job_id = :jobId AND lease_owner = :workerId`,
    recordAttempt: `UPDATE jobs SET lease_owner = NULL, lease_expires_at = NULL,
    updated_at = :at, state = :state, last_error = :lastError,
    next_attempt_at = COALESCE(:nextAttemptAt, next_attempt_at), delivered_at = COALESCE(:deliveredAt, delivered_at)
    WHERE job_id = :jobId AND lease_owner = :workerId`,
    // The worker's heartbeat: only a delivering job still held by this worker.
    extendLease: `UPDATE jobs SET lease_expires_at = :leaseExpiresAt
    WHERE job_id = :jobId AND lease_owner = :workerId AND state = 'delivering'`,
    // A failed job's updated_at is when it failed: nothing else writes it until it is queued again.
    redriveJobs: `UPDATE jobs SET state = 'queued', next_attempt_at = :now, lease_owner = NULL,
    lease_expires_at = NULL, updated_at = :now WHERE state = 'failed'
    AND (:partnerId::text IS NULL OR partner_id = :partnerId)
    AND (:since::bigint IS NULL OR updated_at >= :since) AND (:until::bigint IS NULL OR updated_at < :until)`,
    jobQueueHealth: `SELECT (SELECT COUNT(*) FROM jobs WHERE state = 'queued') AS queued,
    (SELECT COUNT(*) FROM jobs WHERE state = 'delivering') AS delivering,
    (SELECT COUNT(*) FROM jobs WHERE state = 'failed') AS failed,
    (SELECT MIN(next_attempt_at) FROM jobs WHERE state IN (${CLAIMABLE_JOB_STATES}) AND next_attempt_at <= :now
      AND (lease_expires_at IS NULL OR lease_expires_at <= :now)) AS oldest_due_at`,
    job: `SELECT * FROM jobs WHERE job_id = :jobId`,
    listJobs: `SELECT * FROM jobs WHERE (:state::text IS NULL OR state = :state)
    ORDER BY created_at DESC, ${jobSequence} LIMIT :limit`,
    retryJob: `UPDATE jobs SET state = 'queued', next_attempt_at = :now, lease_owner = NULL,
    lease_expires_at = NULL, updated_at = :now WHERE job_id = :jobId AND state <> 'delivered' RETURNING *`,
    // The partner dashboard (docs/dashboard.md).
    setKeyPrefix: `UPDATE api_keys SET prefix = :prefix WHERE key_hash = :keyHash`,
    partnerKeys: `SELECT * FROM api_keys WHERE partner_id = :partnerId ORDER BY created_at DESC, key_hash`,
    touchKey: `UPDATE api_keys SET last_used_at = :now WHERE key_hash = :keyHash`,
    orderEvents: `SELECT kind, delta_micro_climes, micro_climes_after, at FROM order_events
    WHERE partner_id = :partnerId AND environment = :environment AND partner_order_id = :partnerOrderId ORDER BY event_id`,
    insertInvite: `INSERT INTO dashboard_invites (token_hash, partner_id, created_at, expires_at)
    VALUES (:tokenHash, :partnerId, :createdAt, :expiresAt)`,
    invite: `SELECT * FROM dashboard_invites WHERE token_hash = :tokenHash`,
    useInvite: `UPDATE dashboard_invites SET used_at = :now
    WHERE token_hash = :tokenHash AND used_at IS NULL AND expires_at > :now RETURNING partner_id`,
    setPassword: `INSERT INTO dashboard_passwords (partner_id, password_hash, updated_at) VALUES (:partnerId, :passwordHash, :now)
    ON CONFLICT (partner_id) DO UPDATE SET password_hash = excluded.password_hash, updated_at = excluded.updated_at`,
    password: `SELECT password_hash FROM dashboard_passwords WHERE partner_id = :partnerId`,
    insertSession: `INSERT INTO dashboard_sessions (token_hash, partner_id, created_at, expires_at)
    VALUES (:tokenHash, :partnerId, :createdAt, :expiresAt)`,
    session: `SELECT * FROM dashboard_sessions WHERE token_hash = :tokenHash`,
    revokeSession: `UPDATE dashboard_sessions SET revoked_at = COALESCE(revoked_at, :now) WHERE token_hash = :tokenHash`,
    // The sign-in limits' counts in fixed windows (docs/dashboard.md).
    signInFailures: `SELECT limit_key, failures, window_ends FROM sign_in_failures
    WHERE limit_key IN (SELECT value FROM ${limitKeys}) AND window_ends > :now`,
    // One statement counts every key, so that no failure recorded at the same time is lost. WHERE
    // true: without a WHERE, SQLite could read ON CONFLICT as the ON of a join. The keys are locked
    // in sorted order, so that two processes counting overlapping keys never deadlock.
    countSignInFailures: `INSERT INTO sign_in_failures (limit_key, failures, window_ends)
    SELECT DISTINCT value, 1, :windowEnds::bigint FROM ${limitKeys} WHERE true ORDER BY value
    ON CONFLICT (limit_key) DO UPDATE SET
    failures = CASE WHEN sign_in_failures.window_ends <= :now THEN 1 ELSE sign_in_failures.failures + 1 END,
    window_ends = CASE WHEN sign_in_failures.window_ends <= :now THEN excluded.window_ends ELSE sign_in_failures.window_ends END`,
    clearSignInFailures: `DELETE FROM sign_in_failures WHERE limit_key = :key`,
    // Idempotency-Keys (docs/api.md, "Safe retries"). The claim inserts a pending row, or takes over
    // one whose lease or retention ended; it changes no row when the key is held (then read it).
    claimIdempotencyKey: `INSERT INTO idempotency_keys (partner_id, environment, idempotency_key, fingerprint, token,
    status, body, created_at, expires_at) VALUES (:partnerId, :environment, :key, :fingerprint, :token, NULL, NULL, :now, :leaseEnds)
    ON CONFLICT (partner_id, environment, idempotency_key) DO UPDATE SET fingerprint = excluded.fingerprint,
    token = excluded.token, status = NULL, body = NULL, created_at = excluded.created_at, expires_at = excluded.expires_at
    WHERE idempotency_keys.expires_at <= :now`,
    idempotencyKey: `SELECT * FROM idempotency_keys WHERE partner_id = :partnerId AND environment = :environment AND idempotency_key = :key`,
    // In the guarded write's transaction: changes no row when the claim was lost, and the write is then undone.
    answerIdempotencyKey: `UPDATE idempotency_keys SET status = :status, body = :body, expires_at = :expiresAt
    WHERE partner_id = :partnerId AND environment = :environment AND idempotency_key = :key AND token = :token AND status IS NULL`,
    releaseIdempotencyKey: `DELETE FROM idempotency_keys
    WHERE partner_id = :partnerId AND environment = :environment AND idempotency_key = :key AND token = :token AND status IS NULL`,
    sweepIdempotencyKeys: `DELETE FROM idempotency_keys WHERE expires_at <= :now`,
    ...rateLimitStatements,
    ...listingStatements(dialect),
    // Order events (./event-statements.ts).
    ...eventStatements,
    // Recorded calculations (./calculations.ts).
    ...calculationStatements(dialect.name),
    // Partners' profiles and projects, and the grams of an order's calculations (./profile-statements.ts).
    ...profileStatements(dialect),
  } as const;
}

/** The name of a shared statement. */
export type SharedStatementName = keyof ReturnType<typeof sharedStatements> | ListingStatementName;
