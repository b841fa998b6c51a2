// The failure of named statements behind a proxy that does not keep them (docs/operations.md,
// "PgBouncer"), turned into an error that says which setting to add.

/**
 * SQLSTATEs of a named statement missing on the server connection (26000, `invalid_sql_statement_name`:
 * "prepared statement ... does not exist") or already there under that name (42P05,
 * `duplicate_prepared_statement`): what PostgreSQL answers when a transaction-pooling proxy hands
 * the statements one client prepared to another server connection, as PgBouncer does in transaction
 * mode before 1.21 or with `max_prepared_statements = 0`.
 */
const STATEMENT_CODES = new Set(['26000', '42P05']);

/** What to do about it, in the words of the settings. */
export const PREPARED_STATEMENTS_ADVICE =
  'The store names its statements, and a connection pooler in transaction mode (PgBouncer before 1.21, or with max_prepared_statements = 0) ' +
  'sent them to a server connection that does not hold them. Add prepared_statements=false to the --db URL ' +
  '(store option preparedStatements: false), or run PgBouncer 1.21 or later with max_prepared_statements above 0 (docs/operations.md, "PgBouncer").';

/** A store failure that a setting fixes, with the setting in its message. */
export class PostgresSetupError extends Error {
  override readonly name = 'PostgresSetupError';
}

/** The setup error of a prepared statement the server connection lacks or already has; undefined for any other failure. */
export function preparedStatementFailure(error: unknown): PostgresSetupError | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !STATEMENT_CODES.has(code) || !/prepared statement/i.test(error.message)) return undefined;
  return new PostgresSetupError(`PostgreSQL answered "${error.message}". ${PREPARED_STATEMENTS_ADVICE}`, { cause: error });
}
