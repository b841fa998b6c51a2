// The statements only the SQLite store runs, and the runner of every statement on one connection.
import type Database from 'better-sqlite3';
import { CLAIMABLE_JOB_STATES } from '../sql/tables.js';
import { renderStatements, sharedStatements, type Parameters, type SharedStatementName } from '../sql/statements.js';
import { sqliteDialect } from './dialect.js';
import { DUE_EVENTS, DUE_UNLOCKS } from '../sql/event-statements.js';
import { ADD_TO_DAY_TOTALS, CALCULATION_COLUMNS, CALCULATION_DAY_COLUMNS } from '../sql/calculations.js';
import type { Column } from '../sql/tables.js';

/** An INSERT of one row of `table`, its columns' values named after the columns. */
const insertRow = (table: string, columns: readonly Column[]): string =>
  `INSERT INTO ${table} (${columns.map((column) => column.name).join(', ')}) VALUES (${columns.map((column) => `:${column.name}`).join(', ')})`;

/** Lists of ids travel as one JSON array parameter. */
const sqliteStatements = {
  ordersById: `SELECT * FROM orders WHERE partner_id = :partnerId AND environment = :environment
    AND partner_order_id IN (SELECT value FROM json_each(:ids))`,
  ordersByCart: `SELECT * FROM orders WHERE partner_id = :partnerId AND environment = :environment
    AND cart_id IN (SELECT value FROM json_each(:ids))`,
  insertOrder: `INSERT INTO orders (partner_id, environment, partner_order_id, variant, micro_climes,
    sent_order, cart_id, unlock_date, created_at, updated_at, cancelled_at, calculation_g, certificate_id)
    VALUES (:partner_id, :environment, :partner_order_id, :variant, :micro_climes,
    :sent_order, :cart_id, :unlock_date, :created_at, :updated_at, :cancelled_at, :calculation_g, :certificate_id)`,
  updateOrder: `UPDATE orders SET micro_climes = :micro_climes, updated_at = :updated_at, cancelled_at = :cancelled_at
    WHERE partner_id = :partner_id AND environment = :environment AND partner_order_id = :partner_order_id`,
  insertOrderEvent: `INSERT INTO order_events (partner_id, environment, partner_order_id, kind,
    delta_micro_climes, micro_climes_after, at) VALUES (:partnerId, :environment, :partnerOrderId, :kind,
    :deltaMicroClimes, :microClimesAfter, :at)`,
  dueJob: `SELECT * FROM jobs WHERE state IN (${CLAIMABLE_JOB_STATES}) AND next_attempt_at <= :now
    AND (lease_expires_at IS NULL OR lease_expires_at <= :now)
    ORDER BY next_attempt_at, rowid LIMIT 1`,
  // A few ended sign-in windows at a time (the statement runs in the counting transaction).
  pruneSignInFailures: `DELETE FROM sign_in_failures WHERE limit_key IN (
    SELECT limit_key FROM sign_in_failures WHERE window_ends <= :now ORDER BY window_ends LIMIT :limit)`,
  leaseJob: `UPDATE jobs SET state = 'delivering', lease_owner = :workerId, lease_expires_at = :leaseExpiresAt,
    updated_at = :now WHERE job_id = :jobId RETURNING *`,
  // Order events (./events.ts): a claim, one statement (its subquery is read before any row changes), and the due unlocks.
  claimEvents: `UPDATE outbox_events SET state = 'delivering', lease_owner = :workerId, lease_expires_at = :leaseExpiresAt
    WHERE seq IN (${DUE_EVENTS}) RETURNING *`,
  dueUnlocks: DUE_UNLOCKS,
  // Recorded calculations (./calculations.ts): a calculation unless its id is stored, and what it adds to its day's totals.
  insertCalculation: `${insertRow('calculations', CALCULATION_COLUMNS)} ON CONFLICT (calculation_id) DO NOTHING`,
  addToCalculationDay: `${insertRow('calculation_days', CALCULATION_DAY_COLUMNS)} ${ADD_TO_DAY_TOTALS}`,
} as const;

export type SqliteStatementName = keyof typeof sqliteStatements | SharedStatementName;

/** Every statement of the store, prepared once on the connection, run synchronously by name. */
export interface SqliteRunner {
  get<Row>(name: SqliteStatementName, parameters: Parameters): Row | undefined;
  all<Row>(name: SqliteStatementName, parameters: Parameters): Row[];
  run(name: SqliteStatementName, parameters: Parameters): number;
}

/**
 * Prepares every statement on `db`. Each call hands its parameters to better-sqlite3 as they are:
 * it binds the names the statement uses (`@name`), ignores the others, and refuses a missing one.
 */
export function sqliteRunner(db: Database.Database): SqliteRunner {
  const rendered = renderStatements(sqliteDialect, { ...sharedStatements(sqliteDialect), ...sqliteStatements });
  const prepared = new Map<string, Database.Statement>();
  for (const [name, source] of Object.entries(rendered)) prepared.set(name, db.prepare(source.text));
  const statementOf = (name: SqliteStatementName): Database.Statement => prepared.get(name)!;
  return {
    get: (name, parameters) => statementOf(name).get(parameters) as never,
    all: (name, parameters) => statementOf(name).all(parameters) as never,
    run: (name, parameters) => statementOf(name).run(parameters).changes,
  };
}
