// The schema as each dialect creates it: the steps of ./tables.ts rendered as one migration each.
import type { Column, Index, StepName, Table } from './tables.js';
import { indexes } from './indexes.js';
import { stepData, tables, tableSettings } from './tables.js';
import type { DialectName, SqlDialect } from './dialect.js';

/** Every step, in order; `only` marks a step one dialect has (its data needed no change in the other). */
const steps: readonly { readonly name: StepName; readonly only?: DialectName }[] = [
  { name: 'initial' },
  { name: 'order write counter', only: 'postgres' },
  // The partner dashboard: key prefixes and last use, every order's history, listings by partner,
  // and sign-in (invitations, passwords, sessions). Rows stored before have no prefix and no history.
  { name: 'dashboard' },
  // The dashboard's sign-in limits in the database, so that every process sharing it counts together.
  { name: 'shared sign-in limits' },
  // Idempotency-Keys, answered in the transaction of the write they guard.
  { name: 'idempotency keys' },
  // The key change counter, polled by stores that cannot LISTEN (behind a transaction-pooling proxy).
  { name: 'key change counter', only: 'postgres' },
  // The queue's health: an index of the failed jobs (for redrive and metrics) and, in PostgreSQL,
  // autovacuum thresholds for the jobs table, a queue whose rows are updated several times each.
  { name: 'queue health' },
  // The partner API's rate limits in the database, so that every server on it counts together.
  { name: 'shared rate limits' },
  // The dashboard's listings by keyset: an index per filter in the listing's order, in place of the
  // indexes by time alone (docs/operations.md, "Growth"). Building them reads the tables once.
  { name: 'keyset listings' },
  // Order events: the outbox written with each order change, the partners' events endpoints, and
  // when each order's unlock was announced. Orders unlocked before the step are announced once.
  { name: 'order events' },
  // The unlocked orders' listing (`?state=unlocked`): the announced orders in the listing's order,
  // and a partner's orders not yet announced by their unlock date, so that a page no longer passes
  // over the partner's locked orders (docs/operations.md, "Growth"). Building them reads orders once.
  { name: 'unlocked listing' },
  // Recorded calculations, their per-day totals for the emissions statement, and the calculator of
  // each bulk job (the jobs stored before are flights).
  { name: 'recorded calculations' },
  // Order events per environment: each partner's events endpoint per environment, with the secret
  // it replaced, and the claim's index of each endpoint's due events (in place of the index of all
  // due events). The endpoint a partner had becomes its endpoint in both environments.
  { name: 'events per environment' },
  // The recorded calculations an order names: their grams, summed when the order is created.
  // Orders stored before name none.
  { name: 'order calculations' },
  // The partner's face on its certificates (display name, kg of CO2e per clime, language) and its
  // catalogue of projects.
  { name: 'partner profiles and projects' },
  // Each order's certificate id is written with the order, so that reading one never writes; the
  // orders stored before get theirs here (docs/operations.md, "Failure modes").
  { name: 'certificate ids at creation' },
];

const inDialect = (dialect: SqlDialect, thing: { readonly only?: DialectName }): boolean =>
  thing.only === undefined || thing.only === dialect.name;

function columnSql(dialect: SqlDialect, column: Column): string {
  const parts = [column.name, dialect.types[column.type]];
  if (column.primaryKey === true) parts.push('PRIMARY KEY');
  // An identity column is NOT NULL by itself.
  else if (column.nullable !== true && column.type !== 'serial') parts.push('NOT NULL');
  if (column.default !== undefined) parts.push(`DEFAULT ${column.default}`);
  if (column.references !== undefined) parts.push(`REFERENCES ${column.references}`);
  if (column.check !== undefined) parts.push(`CHECK (${column.check})`);
  return parts.join(' ');
}

function createTableSql(dialect: SqlDialect, table: Table): string {
  const lines = table.columns.filter((column) => column.addedIn === undefined && inDialect(dialect, column)).map((column) => columnSql(dialect, column));
  if (table.primaryKey !== undefined) lines.push(`PRIMARY KEY (${table.primaryKey.join(', ')})`);
  const unlogged = table.unlogged === true && dialect.name === 'postgres' ? 'UNLOGGED ' : '';
  return `CREATE ${unlogged}TABLE ${table.name} (\n  ${lines.join(',\n  ')}\n);`;
}

function createIndexSql(dialect: SqlDialect, index: Index): string {
  const on = typeof index.on === 'string' ? index.on : index.on[dialect.name];
  return `CREATE ${index.unique === true ? 'UNIQUE ' : ''}INDEX ${index.name} ON ${index.table} ${on};`;
}

function stepSql(dialect: SqlDialect, step: StepName): string {
  const added = tables.flatMap((table) =>
    table.columns
      .filter((column) => column.addedIn === step && inDialect(dialect, column))
      .map((column) => `ALTER TABLE ${table.name} ADD COLUMN ${columnSql(dialect, column)};`),
  );
  const created = tables.filter((table) => table.createdIn === step).map((table) => createTableSql(dialect, table));
  const dropped = indexes.filter((index) => index.droppedIn === step).map((index) => `DROP INDEX IF EXISTS ${index.name};`);
  const indexed = indexes.filter((index) => index.createdIn === step).map((index) => createIndexSql(dialect, index));
  // Storage parameters are PostgreSQL's; SQLite has no autovacuum thresholds to set.
  const set = tableSettings
    .filter((settings) => settings.setIn === step && dialect.name === 'postgres')
    .map(({ table, settings }) => `ALTER TABLE ${table} SET (${Object.entries(settings).map(([name, value]) => `${name} = ${value}`).join(', ')});`);
  const written = stepData.filter((data) => data.step === step).map(({ sql }) => (typeof sql === 'string' ? sql : sql[dialect.name]));
  return [...added, ...created, ...dropped, ...indexed, ...set, ...written].join('\n');
}

/**
 * The dialect's migrations, one per step it has, applied in order and recorded by number (from 1)
 * in `schema_migrations`. A released step never changes: add a step instead.
 */
export function migrationsOf(dialect: SqlDialect): readonly string[] {
  return steps.filter((step) => inDialect(dialect, step)).map((step) => stepSql(dialect, step.name));
}

/** The table that records the applied migrations, the same in every dialect. */
export function migrationsTableSql(dialect: SqlDialect): string {
  return `CREATE TABLE IF NOT EXISTS schema_migrations (version ${dialect.types.integer} PRIMARY KEY, applied_at ${dialect.types.bigint} NOT NULL)`;
}
