// The staging key `truecost serve` makes when it starts on a store that cannot hold a key yet: a
// `memory:` store (new at every start) or a SQLite file it is about to create. It is printed once,
// so that the README's first request works without a step in between (docs/operations.md, "One process").
// A store that exists but holds no key (an empty PostgreSQL database, a SQLite file whose keys were
// all removed) gets no key made in it: `serve` prints the command that makes one instead.
import { existsSync } from 'node:fs';
import { keyPrefix } from '../dashboard/keys.js';
import { generateApiKey, hashApiKey } from '../http/keys.js';
import type { Store } from '../orders/store.js';
import { postgresTarget } from './store-url.js';

/** The partner that the first-start staging key belongs to. */
export const FIRST_KEY_PARTNER_ID = 'local';

/** Whether `db` names a SQLite file that does not exist yet, which `serve` will create (`sqlite::memory:` aside). */
export function createsSqliteFile(db: string): boolean {
  if (!db.startsWith('sqlite:')) return false;
  const path = db.slice('sqlite:'.length);
  return path !== '' && path !== ':memory:' && !existsSync(path);
}

/** Adds a new staging key of partner `local` to the store; returns the line that prints it. */
export async function addFirstKey(store: Store): Promise<string> {
  const key = generateApiKey('staging');
  await store.addApiKey({
    keyHash: await hashApiKey(key),
    partnerId: FIRST_KEY_PARTNER_ID,
    environment: 'staging',
    createdAt: Date.now(),
    prefix: keyPrefix(key, 'staging'),
  });
  return `staging key (partner ${FIRST_KEY_PARTNER_ID}): ${key}`;
}

/** The statement that finds whether a store holds a key in `table` (a missing table means it holds none). */
const anyKey = (table: string): string => `SELECT 1 FROM ${table} LIMIT 1`;

/**
 * Whether the SQLite or PostgreSQL store `db` names exists and holds no API key: true when its
 * `api_keys` table is empty or not created yet. Undefined when that cannot be known at once (the
 * database does not answer within 2 s, its driver is missing): `serve` then says nothing.
 */
export async function holdsNoKey(db: string): Promise<boolean | undefined> {
  try {
    if (db.startsWith('sqlite:')) {
      const { default: Database } = await import('better-sqlite3');
      const file = new Database(db.slice('sqlite:'.length), { readonly: true, fileMustExist: true });
      try {
        return file.prepare(anyKey('api_keys')).get() === undefined;
      } catch {
        return true;
      } finally {
        file.close();
      }
    }
    const { connectionString, schema } = postgresTarget(db);
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 2000 });
    // Its failures reach the awaits below; a socket error after them must not end the process.
    client.on('error', () => {});
    await client.connect();
    try {
      const table = schema === undefined ? 'api_keys' : `"${schema.replaceAll('"', '""')}".api_keys`;
      return (await client.query(anyKey(table))).rowCount === 0;
    } catch (error) {
      return (error as { code?: string }).code === '42P01' ? true : undefined;
    } finally {
      await client.end();
    }
  } catch {
    return undefined;
  }
}

/** The line `serve` prints on a store that holds no key: the command that makes one. */
export function noKeyLine(db: string): string {
  const where = db.startsWith('sqlite:') ? db : 'postgres://... (the --db of this server)';
  return `This store holds no API key yet; make one with: truecost keys create --partner ID --env staging --db ${where}`;
}
