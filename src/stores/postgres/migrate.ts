import pg from 'pg';
import { postgresDialect } from './dialect.js';
import { inTransaction, type PostgresDatabase } from './transactions.js';
import { migrationsOf, migrationsTableSql } from '../sql/migrations.js';

/**
 * Applies the missing migrations (./sql/migrations.ts) in order, holding an advisory lock so that
 * concurrent opens wait for each other. On a pool of its own, without the statement bound: a
 * migration may rightly take longer than a request's statement. The lock and the search_path
 * last for the transaction only, which a transaction-pooling proxy allows.
 */
export async function migrate(connection: pg.PoolConfig, schema: string): Promise<void> {
  const pool = new pg.Pool({ ...connection, max: 1 });
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  try {
    await migrateOn({ pool, schema, statementTimeoutMs: undefined, namedStatements: false }, schema);
  } finally {
    await pool.end();
  }
}

async function migrateOn(database: PostgresDatabase, schema: string): Promise<void> {
  await inTransaction(database, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`truecost.migrate.${schema}`]);
    // The search_path set at BEGIN names it; a schema created later in the transaction is found.
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await client.query(migrationsTableSql(postgresDialect));
    const { rows } = await client.query<{ version: number }>('SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations');
    const applied = rows[0]?.version ?? 0;
    for (const [index, migration] of migrationsOf(postgresDialect).entries()) {
      const version = index + 1;
      if (version <= applied) continue;
      await client.query(migration);
      await client.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)', [version, Date.now()]);
    }
  });
}
