import pg from 'pg';

/** Drops a schema a test created on the PostgreSQL at `url`, with everything in it. */
export async function dropSchema(url: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
  } finally {
    await client.end();
  }
}
