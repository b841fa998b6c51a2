// One statement outside a transaction, with its schema and bound, in one round trip: the settings
// (`set_config(..., true)`, which lasts for the transaction only) and the statement are sent as two
// Parse/Bind/Execute sequences before one Sync. The extended protocol runs everything before a Sync
// in one implicit transaction, so the statement runs under the settings, and a transaction-pooling
// proxy (PgBouncer) keeps both on one server connection and leaves no state behind.
import pg from 'pg';

/** The settings statement: search_path, then statement_timeout ('0': none). */
const SETTINGS = `SELECT set_config('search_path', $1, true), set_config('statement_timeout', $2, true)`;

interface Connection {
  parse(config: { text: string; name?: string; types?: unknown[] }): void;
  bind(config: { portal?: string; statement?: string; values?: unknown[] }): void;
  execute(config: { portal?: string; rows?: number }): void;
}

/** The parts of pg's Query (lib/query.js) this module builds on, which its type declarations leave out. */
interface QueryInternals {
  requiresPreparation(): boolean;
  prepare(connection: Connection): void;
  handleDataRow(message: unknown): void;
  handleCommandComplete(message: unknown, connection: unknown): void;
}
type Callback = (error: Error | null, result: pg.QueryResult) => void;
const BaseQuery = pg.Query as unknown as new (config: pg.QueryConfig, values: undefined, callback: Callback) => QueryInternals;

/** A pg Query that sends {@link SETTINGS} first and leaves its row and completion out of the result. */
class SettingsFirstQuery extends BaseQuery {
  /** Whether the settings statement's row and completion are still to come (they come first). */
  #settingsPending = true;
  readonly #settings: readonly string[];

  constructor(config: pg.QueryConfig, settings: readonly string[], callback: Callback) {
    super(config, undefined, callback);
    this.#settings = settings;
  }

  override requiresPreparation(): boolean {
    return true;
  }

  override prepare(connection: Connection): void {
    connection.parse({ text: SETTINGS, name: '', types: [] });
    connection.bind({ portal: '', statement: '', values: [...this.#settings] });
    connection.execute({ portal: '', rows: 0 });
    super.prepare(connection);
  }

  override handleDataRow(message: unknown): void {
    if (!this.#settingsPending) super.handleDataRow(message);
  }

  override handleCommandComplete(message: unknown, connection: unknown): void {
    if (this.#settingsPending) this.#settingsPending = false;
    else super.handleCommandComplete(message, connection);
  }
}

/** Runs `config` on `client` in `schema` under a statement bound of `timeoutMs` (0: none), in one round trip. */
export function queryWithSettings(client: pg.PoolClient, config: pg.QueryConfig, schema: string, timeoutMs: number): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    const query = new SettingsFirstQuery(config, [`"${schema}"`, String(timeoutMs)], (error, result) => (error ? reject(error) : resolve(result)));
    void client.query(query as unknown as pg.QueryConfig);
  });
}
