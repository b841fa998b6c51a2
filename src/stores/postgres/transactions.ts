// Transactions on one pooled connection, and running again those that lost a race. Every
// transaction, a lone statement's included, sets its schema and its statement bound itself (for the
// transaction only: `SET LOCAL`, `set_config(..., true)`), so that the store keeps
// no state on a connection between transactions and works through a transaction-pooling proxy
// such as PgBouncer, which hands a server connection to a client for one transaction only.
import type pg from 'pg';
import { queryWithSettings } from './bound-query.js';
import { postgresUnavailability } from './unavailable.js';

/** How often a transaction that lost a race (unique violation, serialization failure, deadlock) is run again. */
const MAX_TRANSACTION_ATTEMPTS = 20;
/** SQLSTATEs after which running the whole transaction again gives the right answer. */
const RETRYABLE_CODES = new Set(['23505', '40001', '40P01']);

/** The pool of a store, and what each of its transactions sets first. */
export interface PostgresDatabase {
  readonly pool: pg.Pool;
  /** A lower-case identifier (checked when the store opens), so safe to write inline. */
  readonly schema: string;
  /** The server's bound of each statement, in milliseconds (`statement_timeout`); undefined: none. */
  readonly statementTimeoutMs: number | undefined;
  /** Whether statements are named (prepared once per connection) or unnamed (parsed on each run). */
  readonly namedStatements: boolean;
}

/** The connections of pools whose statements are unnamed. */
const unnamedClients = new WeakSet<pg.PoolClient>();

/** Whether the statements run on `target` (a database, or a connection in a transaction) are named. */
export function namesStatements(target: PostgresDatabase | pg.PoolClient): boolean {
  return 'statementTimeoutMs' in target ? target.namedStatements : !unnamedClients.has(target);
}

/** The bound as `statement_timeout` takes it: whole milliseconds, 0 for none. */
const boundOf = (database: PostgresDatabase): number => Math.max(0, Math.round(database.statementTimeoutMs ?? 0));

/** `BEGIN` and the transaction's settings, as one simple-protocol message: one round trip. */
function beginSql(database: PostgresDatabase): string {
  return `BEGIN; SET LOCAL search_path TO "${database.schema}"; SET LOCAL statement_timeout = ${boundOf(database)}`;
}

/**
 * Runs one statement in a transaction of its own with the database's settings, in one round trip
 * (./bound-query.ts). A connection that failed is dropped rather than returned to the pool.
 */
export async function runAlone(database: PostgresDatabase, config: pg.QueryConfig): Promise<pg.QueryResult> {
  const client = await database.pool.connect();
  let broken = false;
  try {
    return await queryWithSettings(client, config, database.schema, boundOf(database));
  } catch (error) {
    broken = postgresUnavailability(error) !== undefined;
    throw error;
  } finally {
    client.release(broken);
  }
}

/** Runs `work` in one transaction on one connection, rolling back when it throws. */
export async function inTransaction<T>(database: PostgresDatabase, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await database.pool.connect();
  if (!database.namedStatements) unnamedClients.add(client);
  let broken = false;
  try {
    await client.query(beginSql(database));
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    // A connection that timed out or failed is dropped rather than asked to roll back: the server
    // ends the transaction when the connection goes.
    if (postgresUnavailability(error) !== undefined) broken = true;
    else {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
    }
    throw error;
  } finally {
    client.release(broken);
  }
}

/** Whether the statement lost a race (unique violation, serialization failure, deadlock) that a fresh run decides correctly. */
export function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && RETRYABLE_CODES.has(code);
}

/** Runs the transaction again when it lost a race that a fresh run decides correctly. */
export async function retrying<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= MAX_TRANSACTION_ATTEMPTS || !isRetryable(error)) throw error;
    }
  }
}
