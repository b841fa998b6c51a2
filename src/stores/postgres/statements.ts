// The statements only the PostgreSQL store runs, and the runner of every statement: named, so that
// each connection parses and plans each one once, or unnamed (parsed on each run) when the store is
// told so, since a named prepared statement lives on one server connection, which a
// transaction-pooling proxy such as PgBouncer before 1.21 does not keep for a client.
import type pg from 'pg';
import { CLAIMABLE_JOB_STATES } from '../sql/tables.js';
import { parameterValues, renderStatements, sharedStatements, type Parameters, type RenderedStatement, type SharedStatementName } from '../sql/statements.js';
import { postgresDialect } from './dialect.js';
import { postgresEventStatements } from './event-statements.js';
import { postgresCalculationStatements } from './calculation-statements.js';
import { namesStatements, runAlone, type PostgresDatabase } from './transactions.js';

/** The channel on which key writes are announced; the payload is `<schema> <notice id>`. */
export const KEY_CHANNEL = 'truecost_api_keys';

const postgresStatements = {
  ordersForCreate: `SELECT * FROM orders WHERE partner_id = :partnerId AND environment = :environment
    AND (partner_order_id = ANY(:ids::text[]) OR cart_id = ANY(:cartIds::text[]))`,
  // One statement inserts the orders (each with its certificate id), their 'create' history events and their order.created events, atomically.
  insertOrders: `WITH inserted AS (INSERT INTO orders (partner_id, environment, partner_order_id, variant, micro_climes,
    sent_order, cart_id, unlock_date, created_at, updated_at, cancelled_at, calculation_g, certificate_id)
    SELECT partner_id, environment, partner_order_id, variant, micro_climes,
    sent_order, cart_id, unlock_date, created_at, updated_at, cancelled_at, calculation_g, certificate_id
    FROM jsonb_to_recordset(:orders::jsonb) AS r(partner_id text, environment text, partner_order_id text,
    variant text, micro_climes bigint, sent_order jsonb, cart_id text, unlock_date bigint,
    created_at bigint, updated_at bigint, cancelled_at bigint, calculation_g bigint, certificate_id text)
    RETURNING partner_id, environment, partner_order_id, micro_climes, created_at),
    history AS (INSERT INTO order_events (partner_id, environment, partner_order_id, kind, delta_micro_climes, micro_climes_after, at)
    SELECT partner_id, environment, partner_order_id, 'create', micro_climes, micro_climes, created_at FROM inserted)
    INSERT INTO outbox_events (event_id, partner_id, environment, partner_order_id, type, micro_climes, created_at, state, attempts, next_attempt_at)
    SELECT e.event_id, i.partner_id, i.environment, i.partner_order_id, 'order.created', i.micro_climes, i.created_at, 'queued', 0, i.created_at
    FROM inserted i JOIN jsonb_to_recordset(:events::jsonb) AS e(partner_order_id text, event_id text) USING (partner_order_id)`,
  lockOrder: `SELECT * FROM orders WHERE partner_id = :partnerId AND environment = :environment AND partner_order_id = :partnerOrderId FOR UPDATE`,
  // Writes only if the row is still the version read (:readSeq); a concurrent write makes it touch no row.
  // The same statement records the change in the order's history and in the outbox of order events, atomically.
  updateOrder: `WITH updated AS (UPDATE orders SET micro_climes = :micro_climes, updated_at = :updated_at,
    cancelled_at = :cancelled_at, updated_seq = updated_seq + 1
    WHERE partner_id = :partner_id AND environment = :environment AND partner_order_id = :partner_order_id AND updated_seq = :readSeq
    RETURNING partner_id, environment, partner_order_id, micro_climes, updated_at),
    history AS (INSERT INTO order_events (partner_id, environment, partner_order_id, kind, delta_micro_climes, micro_climes_after, at)
    SELECT partner_id, environment, partner_order_id, :kind, :delta, micro_climes, updated_at FROM updated)
    INSERT INTO outbox_events (event_id, partner_id, environment, partner_order_id, type, micro_climes, created_at, state, attempts, next_attempt_at)
    SELECT :eventId, partner_id, environment, partner_order_id, :eventType, micro_climes, updated_at, 'queued', 0, updated_at FROM updated`,
  notifyKeys: `SELECT pg_notify(:channel, :notice)`,
  // Every key write also counts itself, for the stores that poll instead of listening (./key-changes.ts).
  countKeyChange: `INSERT INTO key_changes (id, version) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET version = key_changes.version + 1`,
  keyChanges: `SELECT COALESCE(MAX(version), 0)::text AS version FROM key_changes`,
  // SKIP LOCKED: a job another worker is claiming right now is passed over, never waited for.
  claimJob: `UPDATE jobs SET state = 'delivering', lease_owner = :workerId, lease_expires_at = :leaseExpiresAt, updated_at = :now
    WHERE job_id = (
      SELECT job_id FROM jobs WHERE state IN (${CLAIMABLE_JOB_STATES}) AND next_attempt_at <= :now
      AND (lease_expires_at IS NULL OR lease_expires_at <= :now)
      ORDER BY next_attempt_at, seq LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING *`,
  // A few ended sign-in windows at a time. SKIP LOCKED: a row another process is counting in is
  // left to it, never waited for (no deadlock); a row that process just gave a new window fails
  // the locking read's second test of window_ends, and stays.
  pruneSignInFailures: `DELETE FROM sign_in_failures WHERE limit_key IN (
    SELECT limit_key FROM sign_in_failures WHERE window_ends <= :now ORDER BY window_ends LIMIT :limit FOR UPDATE SKIP LOCKED)`,
  // Order events (./events.ts).
  ...postgresEventStatements,
  // Recorded calculations (./calculations.ts).
  ...postgresCalculationStatements,
} as const;

export type PostgresStatementName = keyof typeof postgresStatements | SharedStatementName;

/** Unqualified table names resolve through the search_path each transaction sets (./transactions.ts). */
const rendered: Record<PostgresStatementName, RenderedStatement> = renderStatements(postgresDialect, { ...sharedStatements(postgresDialect), ...postgresStatements });

/** Every statement of the store, run by name on the store's pool or on one connection in a transaction. */
export interface PostgresRunner {
  get<Row>(name: PostgresStatementName, parameters: Parameters): Promise<Row | undefined>;
  all<Row>(name: PostgresStatementName, parameters: Parameters): Promise<Row[]>;
  run(name: PostgresStatementName, parameters: Parameters): Promise<number>;
}

/**
 * The runner of the statements on `target`: on a connection, in the transaction open on it; on the
 * database, each statement in a transaction of its own, which sets the schema and the bound.
 */
export function postgresRunner(target: PostgresDatabase | pg.PoolClient): PostgresRunner {
  const named = namesStatements(target);
  const query = (name: PostgresStatementName, parameters: Parameters): Promise<pg.QueryResult> => {
    const statement = rendered[name]!;
    const values = parameterValues(statement, parameters);
    const config = named ? { name: `truecost_${name}`, text: statement.text, values } : { text: statement.text, values };
    return 'statementTimeoutMs' in target ? runAlone(target, config) : target.query(config);
  };
  return {
    get: async <Row>(name: PostgresStatementName, parameters: Parameters) => (await query(name, parameters)).rows[0] as Row | undefined,
    all: async <Row>(name: PostgresStatementName, parameters: Parameters) => (await query(name, parameters)).rows as Row[],
    run: async (name, parameters) => (await query(name, parameters)).rowCount ?? 0,
  };
}
