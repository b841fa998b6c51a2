// A named statement the server connection does not hold, as PgBouncer before 1.21 in transaction
// mode produces: the real error of a real PostgreSQL, made by deallocating a statement the driver
// believes prepared, is answered with the setting to add.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { postgresUnavailability } from '../../src/stores/postgres/unavailable.js';
import { PostgresSetupError, preparedStatementFailure } from '../../src/stores/postgres/prepared-statements.js';

const url = process.env['TRUECOST_TEST_PG_URL'];
if (url === undefined) console.warn('Skipping the prepared statement errors of PostgreSQL: TRUECOST_TEST_PG_URL is unset.');

/** The error PostgreSQL gives the statement `run` sends on a connection. */
async function failureOf(run: (client: pg.Client) => Promise<unknown>): Promise<unknown> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
    return undefined;
  } catch (error) {
    return error;
  } finally {
    await client.end();
  }
}

describe.skipIf(url === undefined)('a named statement lost behind a pooler', () => {
  it('"prepared statement ... does not exist" (26000) says to add prepared_statements=false', async () => {
    const error = await failureOf(async (client) => {
      await client.query({ name: 'truecost_order', text: 'SELECT 1' });
      // The server forgets it; the driver still believes it prepared, and sends only Bind and Execute.
      await client.query('DEALLOCATE ALL');
      await client.query({ name: 'truecost_order', text: 'SELECT 1' });
    });
    expect(error).toMatchObject({ code: '26000' });
    expect(postgresUnavailability(error)).toBeUndefined();
    const answered = preparedStatementFailure(error);
    expect(answered).toBeInstanceOf(PostgresSetupError);
    expect(answered?.message).toContain('prepared statement "truecost_order" does not exist');
    expect(answered?.message).toContain('Add prepared_statements=false to the --db URL');
    expect(answered?.message).toContain('max_prepared_statements');
    expect(answered?.cause).toBe(error);
  });

  it('"prepared statement ... already exists" (42P05) is answered the same way', async () => {
    const error = await failureOf(async (client) => {
      await client.query('PREPARE truecost_order AS SELECT 1');
      await client.query({ name: 'truecost_order', text: 'SELECT 1' });
    });
    expect(error).toMatchObject({ code: '42P05' });
    expect(preparedStatementFailure(error)?.message).toContain('Add prepared_statements=false to the --db URL');
  });

  it('leaves every other failure alone', async () => {
    const error = await failureOf((client) => client.query('SELECT * FROM no_such_table_here'));
    expect(error).toMatchObject({ code: '42P01' });
    expect(preparedStatementFailure(error)).toBeUndefined();
    expect(preparedStatementFailure('not an error')).toBeUndefined();
  });
});
