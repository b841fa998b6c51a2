// Transactions on one pooled connection, and running again those that lost a race. Every
// transaction sets its schema and its statement bound itself (`SET LOCAL`), so that the store keeps
// no state on a connection between transactions and works through a transaction-pooling proxy
// such as PgBouncer, which hands a server connection to a client for one transaction only.
import type pg from 'pg';
import { postgresUnavailability } from './unavailable.js';

/** How often a transaction that lost a race (unique violation, serialization failure, deadlock) is run again. */
const MAX_TRANSACTION_ATTEMPTS = 20;
/** SQLSTATEs after which running the whole transaction again gives the right answer. */
const RETRYABLE_CODES = new Set(['23505', '40001', '40P01']);

/** The pool of a store, and what each of its transactions sets first. */
export interface PostgresDatabase {
  readonly pool: pg.Pool;
  /** `BEGIN` and the `SET LOCAL`s, sent as one message (see {@link beginSql}). */
  readonly begin: string;
}

/**
 * Starts a transaction in `schema` whose statements the server cancels after `statementTimeoutMs`
 * (none when undefined): one simple-protocol message, so one round trip. The schema was checked to
 * be a lower-case identifier and the bound is a whole number, so both are safe to write inline.
 */
export function beginSql(schema: string, statementTimeoutMs: number | undefined): string {
  const bound = statementTimeoutMs === undefined ? '' : `; SET LOCAL statement_timeout = ${Math.max(0, Math.round(statementTimeoutMs))}`;
  return `BEGIN; SET LOCAL search_path TO "${schema}"${bound}`;
}

/** Runs `work` in one transaction on one connection, rolling back when it throws. */
export async function inTransaction<T>(database: PostgresDatabase, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await database.pool.connect();
  let broken = false;
  try {
    await client.query(database.begin);
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
