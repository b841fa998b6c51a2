import type { Store } from '../orders/store.js';
import { MissingPackageError, UsageError } from './usage.js';

/** The store used when `--db` is not given. */
export const DEFAULT_DB_URL = 'sqlite:./truecost.db';

/** The environment variables a command reads its store from, the first set one winning. */
export const DB_ENV_VARIABLES = ['TRUECOST_DB', 'DATABASE_URL'] as const;

/** The store URL of a command: its `--db` flag, else `TRUECOST_DB`, else `DATABASE_URL`, else the default. */
export function dbUrlOf(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (flag !== undefined) return flag;
  for (const name of DB_ENV_VARIABLES) {
    const value = env[name];
    if (value !== undefined && value !== '') return value;
  }
  return DEFAULT_DB_URL;
}

/**
 * The store URL of a command that writes to the store (`keys`, `partners`, `jobs retry`, `worker`):
 * as `dbUrlOf`, but `memory:` is a usage error, since what the command writes would be gone when it
 * exits, and a `serve --db memory:` running beside it has a store of its own.
 */
export function lastingDbUrlOf(flag: string | undefined, command: string, env: NodeJS.ProcessEnv = process.env): string {
  const url = dbUrlOf(flag, env);
  if (url !== 'memory:') return url;
  throw new UsageError(
    `${command} cannot write to a memory: store: what it writes would be lost when it exits, and serve --db memory: keeps a store of its own. ` +
      'Use --db sqlite:PATH or postgres://..., the store serve uses.',
  );
}

/** The bounds of a store's calls (docs/operations.md, "Failure modes"); each store's default when absent. */
export interface StoreBounds {
  /** PostgreSQL: longest a statement runs; SQLite: longest a write waits for another process's lock. In milliseconds. */
  readonly timeoutMs?: number;
  /** PostgreSQL: longest wait for a pooled connection, opening it included, in milliseconds. */
  readonly connectTimeoutMs?: number;
  /** PostgreSQL: a URL straight to the database to LISTEN for key changes on; without it the store polls. */
  readonly listenUrl?: string;
}

/** The environment variable of `--db-listen-url`. */
export const DB_LISTEN_ENV_VARIABLE = 'TRUECOST_DB_LISTEN_URL';

/**
 * The direct PostgreSQL URL on which a store LISTENs for key changes: `--db-listen-url`, else
 * `TRUECOST_DB_LISTEN_URL`, else none (the store then polls; docs/operations.md, "PgBouncer").
 */
export function dbListenUrlOf(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const url = flag ?? (env[DB_LISTEN_ENV_VARIABLE] || undefined);
  if (url === undefined) return undefined;
  if (!url.startsWith('postgres://') && !url.startsWith('postgresql://')) {
    throw new UsageError(`--db-listen-url must be a postgres:// URL straight to the database; got ${JSON.stringify(url)}.`);
  }
  return postgresTarget(url).connectionString;
}

/**
 * Opens the store a `--db` URL names: `memory:`, `sqlite:PATH` or `postgres://...`
 * (`postgresql://` too). Only the store entry it needs is imported, so a missing optional driver
 * matters only when its store is asked for, and then says which package to install.
 */
export async function openStore(url: string, bounds: StoreBounds = {}): Promise<Store> {
  if (url === 'memory:') {
    const { createMemoryStore } = await import('../stores/memory.js');
    return createMemoryStore();
  }
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length);
    if (path === '') throw new UsageError('--db sqlite: needs a file path, e.g. sqlite:./truecost.db.');
    const { openSqliteStore } = await withDriver('better-sqlite3', () => import('../stores/sqlite.js'));
    return openSqliteStore({ path, ...(bounds.timeoutMs === undefined ? {} : { busyTimeoutMs: bounds.timeoutMs }) });
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const { connectionString, schema, poolSize, preparedStatements } = postgresTarget(url);
    const { openPostgresStore } = await withDriver('pg', () => import('../stores/postgres.js'));
    return openPostgresStore({
      connectionString,
      ...(schema === undefined ? {} : { schema }),
      ...(poolSize === undefined ? {} : { poolSize }),
      ...(preparedStatements === undefined ? {} : { preparedStatements }),
      ...(bounds.timeoutMs === undefined ? {} : { queryTimeoutMs: bounds.timeoutMs }),
      ...(bounds.connectTimeoutMs === undefined ? {} : { connectTimeoutMs: bounds.connectTimeoutMs }),
      ...(bounds.listenUrl === undefined ? {} : { listenConnectionString: bounds.listenUrl }),
    });
  }
  throw new UsageError(`Unknown --db ${JSON.stringify(url)}: use sqlite:PATH, postgres://... or memory:.`);
}

/** Opens the store at `url`, runs `work` on it, and closes the store whether `work` succeeded or threw. */
export async function withStore<T>(url: string, work: (store: Store) => Promise<T>): Promise<T> {
  const listenUrl = dbListenUrlOf(undefined);
  const store = await openStore(url, listenUrl === undefined ? {} : { listenUrl });
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/**
 * A PostgreSQL URL split into the connection string, the schema named by its `schema` query
 * parameter, the pool size of its `pool_size` parameter and whether statements are named
 * (`prepared_statements=true|false`): truecost's own parameters, which the driver would send to
 * the server as settings.
 */
export function postgresTarget(url: string): { connectionString: string; schema?: string; poolSize?: number; preparedStatements?: boolean } {
  if (!URL.canParse(url)) throw new UsageError('--db postgres:// is not a valid URL.');
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema');
  const pool = parsed.searchParams.get('pool_size');
  const prepared = parsed.searchParams.get('prepared_statements');
  if (schema === null && pool === null && prepared === null) return { connectionString: url };
  if (prepared !== null && prepared !== 'true' && prepared !== 'false') {
    throw new UsageError(`prepared_statements in --db must be true or false; got ${JSON.stringify(prepared)}.`);
  }
  parsed.searchParams.delete('schema');
  parsed.searchParams.delete('pool_size');
  parsed.searchParams.delete('prepared_statements');
  let poolSize: number | undefined;
  if (pool !== null) {
    poolSize = Number(pool);
    if (!/^\d+$/.test(pool) || poolSize < 1 || poolSize > 1000) {
      throw new UsageError(`pool_size in --db must be a whole number from 1 to 1000; got ${JSON.stringify(pool)}.`);
    }
  }
  return {
    connectionString: parsed.toString(),
    ...(schema === null ? {} : { schema }),
    ...(poolSize === undefined ? {} : { poolSize }),
    ...(prepared === null ? {} : { preparedStatements: prepared === 'true' }),
  };
}

/** Imports a store entry, turning a missing driver package into an instruction to install it. */
export async function withDriver<T>(driver: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const message = error instanceof Error ? error.message : '';
    if ((code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && message.includes(driver)) {
      throw new MissingPackageError(`This store needs the optional package ${driver}: run npm install ${driver}`);
    }
    throw error;
  }
}
