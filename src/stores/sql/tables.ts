// Every table the SQL stores keep, described once; ./migrations.ts renders them per dialect.
// Never change a column a released migration created: add one with `addedIn` instead.
import { JOB_STATES, ORDER_EVENT_KINDS, type JobState } from '../../orders/store.js';
import { ENVIRONMENTS } from '../../orders/types.js';
import { eventStepData, eventTables, eventTableSettings } from './event-tables.js';
import { variantSchema } from '../../schemas/order.js';
import { CALCULATION_DATA_TYPES, CALCULATION_ENDPOINTS } from '../../orders/calculations.js';
import { PROFILE_LOCALES } from '../../orders/profiles.js';
import type { ColumnType, DialectName } from './dialect.js';

/** The migration steps, in order; a dialect applies those meant for it, numbered from 1. */
export type StepName =
  | 'initial'
  | 'order write counter'
  | 'dashboard'
  | 'shared sign-in limits'
  | 'idempotency keys'
  | 'key change counter'
  | 'queue health'
  | 'shared rate limits'
  | 'keyset listings'
  | 'order events'
  | 'unlocked listing'
  | 'recorded calculations'
  | 'events per environment'
  | 'order calculations'
  | 'partner profiles and projects'
  | 'certificate ids at creation';

export interface Column {
  readonly name: string;
  readonly type: ColumnType;
  readonly nullable?: boolean;
  readonly primaryKey?: boolean;
  /** `table (column)` this column points at. */
  readonly references?: string;
  readonly check?: string;
  readonly default?: string;
  /** The step that added the column to an existing table (absent: created with its table). */
  readonly addedIn?: StepName;
  /** The one dialect that has this column. */
  readonly only?: DialectName;
}

/**
 * Rows a step writes or fills in from what was stored before, once its tables, columns and indexes
 * exist: the same SQL in both dialects, or each dialect's.
 */
export interface StepData {
  readonly step: StepName;
  readonly sql: string | Readonly<Record<DialectName, string>>;
}

export interface Table {
  readonly name: string;
  readonly createdIn: StepName;
  readonly columns: readonly Column[];
  readonly primaryKey?: readonly string[];
  /**
   * PostgreSQL keeps the table out of its write-ahead log: no sync at commit, not replicated, and
   * emptied after a crash. For state that may be lost, such as rate buckets.
   */
  readonly unlogged?: boolean;
}

export interface Index {
  readonly name: string;
  readonly table: string;
  readonly createdIn: StepName;
  readonly unique?: boolean;
  /** The indexed columns (and any WHERE), the same in both dialects or per dialect. */
  readonly on: string | Readonly<Record<DialectName, string>>;
  /** The step that dropped the index (a later index serves its queries). */
  readonly droppedIn?: StepName;
}

/** Storage settings (`ALTER TABLE ... SET (...)`) a step gives an existing table; PostgreSQL only. */
export interface TableSettings {
  readonly table: string;
  readonly setIn: StepName;
  /** `name = value` pairs, as PostgreSQL's storage parameters. */
  readonly settings: Readonly<Record<string, number>>;
}

const quoted = (values: readonly string[]): string => values.map((value) => `'${value}'`).join(', ');
const oneOf = (column: string, values: readonly string[]): string => `${column} IN (${quoted(values)})`;

const text = (name: string, more: Omit<Column, 'name' | 'type'> = {}): Column => ({ name, type: 'text', ...more });
const time = (name: string, more: Omit<Column, 'name' | 'type'> = {}): Column => ({ name, type: 'bigint', ...more });
const partnerId: Column = text('partner_id');
const partnerOf: Column = text('partner_id', { references: 'partners (partner_id)' });
const environment: Column = text('environment', { check: oneOf('environment', ENVIRONMENTS) });

/** The states of a job a worker may claim once it is due (a lapsed lease frees a delivering job), as SQL. */
export const CLAIMABLE_JOB_STATES = quoted(['queued', 'delivering'] satisfies JobState[]);

export const tables: readonly Table[] = [
  {
    name: 'partners',
    createdIn: 'initial',
    columns: [
      text('partner_id', { primaryKey: true }),
      text('result_url', { nullable: true }),
      text('result_secret', { nullable: true }),
      time('created_at'),
      time('updated_at'),
      // Where the partner's order events go, and the secret that signs them (docs/api.md, "Order events").
      text('events_url', { nullable: true, addedIn: 'order events' }),
      text('events_secret', { nullable: true, addedIn: 'order events' }),
      // The partner's face on its certificates (docs/api.md, "Certificates"); null until it is set.
      text('display_name', { nullable: true, addedIn: 'partner profiles and projects' }),
      { name: 'grams_per_clime', type: 'bigint', nullable: true, check: 'grams_per_clime > 0', addedIn: 'partner profiles and projects' },
      text('locale', { nullable: true, check: oneOf('locale', PROFILE_LOCALES), addedIn: 'partner profiles and projects' }),
    ],
  },
  {
    name: 'api_keys',
    createdIn: 'initial',
    columns: [
      text('key_hash', { primaryKey: true }),
      partnerOf,
      environment,
      time('created_at'),
      time('revoked_at', { nullable: true }),
      text('prefix', { nullable: true, addedIn: 'dashboard' }),
      time('last_used_at', { nullable: true, addedIn: 'dashboard' }),
    ],
  },
  {
    name: 'orders',
    createdIn: 'initial',
    columns: [
      partnerId,
      environment,
      text('partner_order_id'),
      text('variant', { check: oneOf('variant', variantSchema.options) }),
      { name: 'micro_climes', type: 'bigint', check: 'micro_climes >= 0' },
      { name: 'sent_order', type: 'json' },
      text('cart_id', { nullable: true }),
      time('unlock_date'),
      time('created_at'),
      time('updated_at'),
      time('cancelled_at', { nullable: true }),
      // Every write of an order increments it, so a conditional UPDATE can tell whether the row changed since it was read.
      { name: 'updated_seq', type: 'bigint', default: '0', addedIn: 'order write counter', only: 'postgres' },
      // When the worker wrote the order's `order.unlocked` event, in the transaction that wrote it; null before.
      time('unlock_announced_at', { nullable: true, addedIn: 'order events' }),
      // The id of the order's public certificate (128 random bits): written with the order since the
      // step 'certificate ids at creation', which gave one to every order stored before it.
      text('certificate_id', { nullable: true, addedIn: 'order events' }),
      // With calculation_ids: their well-to-wheel grams, summed when the order was created; null without.
      { name: 'calculation_g', type: 'bigint', nullable: true, addedIn: 'order calculations' },
    ],
    primaryKey: ['partner_id', 'environment', 'partner_order_id'],
  },
  {
    name: 'opt_ins',
    createdIn: 'initial',
    columns: [partnerId, environment, text('cart_id'), { name: 'opted_in', type: 'boolean' }, { name: 'micro_climes', type: 'bigint' }, time('updated_at')],
    primaryKey: ['partner_id', 'environment', 'cart_id'],
  },
  {
    name: 'jobs',
    createdIn: 'initial',
    columns: [
      text('job_id', { primaryKey: true }),
      { name: 'seq', type: 'serial', only: 'postgres' },
      partnerId,
      environment,
      { name: 'request', type: 'json' },
      text('state', { check: oneOf('state', JOB_STATES) }),
      { name: 'attempts', type: 'integer' },
      text('last_error', { nullable: true }),
      { name: 'results', type: 'json', nullable: true },
      time('created_at'),
      time('updated_at'),
      time('next_attempt_at'),
      text('lease_owner', { nullable: true }),
      time('lease_expires_at', { nullable: true }),
      time('delivered_at', { nullable: true }),
      // The calculator of a bulk job (docs/bulk.md): E7's jobs, and those stored before, are flights.
      text('endpoint', { default: "'flight'", check: oneOf('endpoint', CALCULATION_ENDPOINTS), addedIn: 'recorded calculations' }),
    ],
  },
  {
    name: 'order_events',
    createdIn: 'dashboard',
    columns: [
      { name: 'event_id', type: 'serial', primaryKey: true },
      partnerId,
      environment,
      text('partner_order_id'),
      text('kind', { check: oneOf('kind', ORDER_EVENT_KINDS) }),
      { name: 'delta_micro_climes', type: 'bigint' },
      { name: 'micro_climes_after', type: 'bigint' },
      time('at'),
    ],
  },
  {
    name: 'dashboard_invites',
    createdIn: 'dashboard',
    columns: [text('token_hash', { primaryKey: true }), partnerOf, time('created_at'), time('expires_at'), time('used_at', { nullable: true })],
  },
  {
    name: 'dashboard_passwords',
    createdIn: 'dashboard',
    columns: [text('partner_id', { primaryKey: true, references: 'partners (partner_id)' }), text('password_hash'), time('updated_at')],
  },
  {
    name: 'dashboard_sessions',
    createdIn: 'dashboard',
    columns: [text('token_hash', { primaryKey: true }), partnerOf, time('created_at'), time('expires_at'), time('revoked_at', { nullable: true })],
  },
  {
    // The dashboard's failed sign-ins per key (`p:<partner id>` or `a:<client address>`) in the
    // current fixed window, shared by every process on the database (docs/dashboard.md).
    name: 'sign_in_failures',
    createdIn: 'shared sign-in limits',
    columns: [text('limit_key', { primaryKey: true }), { name: 'failures', type: 'integer', check: 'failures > 0' }, time('window_ends')],
  },
  {
    // The Idempotency-Keys of the partner API (docs/api.md, "Safe retries"): a row is written
    // pending (status and body NULL, expires_at the lease's end) before the write it guards, and
    // answered (expires_at the retention's end) in the same transaction as that write.
    name: 'idempotency_keys',
    createdIn: 'idempotency keys',
    columns: [
      partnerId,
      environment,
      text('idempotency_key'),
      text('fingerprint'),
      text('token'),
      { name: 'status', type: 'integer', nullable: true },
      text('body', { nullable: true }),
      time('created_at'),
      time('expires_at'),
    ],
    primaryKey: ['partner_id', 'environment', 'idempotency_key'],
  },
  {
    // PostgreSQL only: a counter every key write increments in its transaction, which a store that
    // cannot LISTEN (behind a transaction-pooling proxy) polls to learn of key changes (docs/operations.md).
    name: 'key_changes',
    createdIn: 'key change counter',
    columns: [{ name: 'id', type: 'integer', primaryKey: true, check: 'id = 1' }, { name: 'version', type: 'bigint' }],
  },
  {
    // The partner API's token bucket per key (docs/http.md, "Rate limits"), shared by every server
    // on the database: tokens in millionths, so that both dialects count in integers; `taken` says
    // whether the last request got a token, for the statement that updates the row to return.
    name: 'rate_buckets',
    createdIn: 'shared rate limits',
    unlogged: true,
    columns: [text('bucket_key', { primaryKey: true }), { name: 'micro_tokens', type: 'bigint' }, time('updated_at'), { name: 'taken', type: 'integer' }],
  },
  {
    // The servers running on the database, each seen within a few seconds: a server that cannot
    // reach the database limits each key at its share of the limit (docs/http.md, "Rate limits").
    name: 'server_heartbeats',
    createdIn: 'shared rate limits',
    unlogged: true,
    columns: [text('server_id', { primaryKey: true }), time('seen_at')],
  },
  ...eventTables,
  {
    // Recorded calculations (docs/api.md, "Recorded calculations"): what was asked and answered,
    // with its figures in whole grams of CO2e so that sums are exact.
    name: 'calculations',
    createdIn: 'recorded calculations',
    columns: [
      text('calculation_id', { primaryKey: true }),
      partnerId,
      environment,
      text('endpoint', { check: oneOf('endpoint', CALCULATION_ENDPOINTS) }),
      text('reference', { nullable: true }),
      text('client', { nullable: true }),
      time('occurred_at'),
      time('recorded_at'),
      { name: 'scope3_category', type: 'integer', nullable: true, check: 'scope3_category BETWEEN 1 AND 15' },
      text('methodology_version'),
      { name: 'well_to_wheel_g', type: 'bigint' },
      { name: 'tank_to_wheel_g', type: 'bigint' },
      { name: 'well_to_tank_g', type: 'bigint' },
      { name: 'primary_g', type: 'bigint' },
      text('data_type', { check: oneOf('data_type', CALCULATION_DATA_TYPES) }),
      text('query'),
      // JSON as text, not PostgreSQL's jsonb: what was sent and answered is given back byte for byte.
      text('request_json'),
      text('response_json'),
    ],
  },
  {
    // The per-day totals of the recorded calculations, written in each recording's transaction: the
    // emissions statement reads these, so its cost grows with the days of its period, not with the
    // calculations in it. No category is 0, no client ''.
    name: 'calculation_days',
    createdIn: 'recorded calculations',
    columns: [
      partnerId,
      environment,
      text('day'),
      text('endpoint'),
      { name: 'scope3_category', type: 'integer' },
      text('client'),
      text('methodology_version'),
      { name: 'calculation_count', type: 'bigint' },
      { name: 'well_to_wheel_g', type: 'bigint' },
      { name: 'tank_to_wheel_g', type: 'bigint' },
      { name: 'well_to_tank_g', type: 'bigint' },
      { name: 'primary_g', type: 'bigint' },
    ],
    primaryKey: ['partner_id', 'environment', 'day', 'endpoint', 'scope3_category', 'client', 'methodology_version'],
  },
  {
    // The partner's catalogue of projects (docs/api.md, "Certificates"): an order's project_id is
    // shown by its name, and linked to its registry when the catalogue has one.
    name: 'partner_projects',
    createdIn: 'partner profiles and projects',
    columns: [
      partnerOf,
      text('project_id'),
      text('name'),
      text('registry', { nullable: true }),
      text('registry_url', { nullable: true }),
      time('created_at'),
      time('updated_at'),
    ],
    primaryKey: ['partner_id', 'project_id'],
  },
];

/** The rows the steps write from earlier data. */
export const stepData: readonly StepData[] = [
  ...eventStepData,
  {
    // Orders stored before the step got their certificate id on their first read; each gets 128
    // random bits now, in the id format the certificate URLs use (32 lower-case hex digits), so
    // that reading an order never writes. PostgreSQL's md5 of two random UUIDs (244 random bits
    // from its strong generator) gives 128 bits in that format.
    // In PostgreSQL the same expression is the column's default, so that an order a server of the
    // previous version inserts during a rolling upgrade gets its id in its insert too.
    step: 'certificate ids at creation',
    sql: {
      sqlite: 'UPDATE orders SET certificate_id = lower(hex(randomblob(16))) WHERE certificate_id IS NULL;',
      postgres:
        'UPDATE orders SET certificate_id = md5(gen_random_uuid()::text || gen_random_uuid()::text) WHERE certificate_id IS NULL;\n' +
        'ALTER TABLE orders ALTER COLUMN certificate_id SET DEFAULT md5(gen_random_uuid()::text || gen_random_uuid()::text);',
    },
  },
];

/**
 * The jobs table is a queue: every job is updated several times (claimed, attempted, finished), so
 * it gathers dead rows far faster than the default autovacuum thresholds (20 % of the table) react
 * to. Vacuuming and analysing after 1 % of it changed (and at least 1000 rows), with no cost delay,
 * keeps the claim's index scan short (docs/bulk.md, "The queue's health").
 */
export const tableSettings: readonly TableSettings[] = [
  {
    table: 'jobs',
    setIn: 'queue health',
    settings: {
      autovacuum_vacuum_scale_factor: 0.01,
      autovacuum_vacuum_threshold: 1000,
      autovacuum_analyze_scale_factor: 0.01,
      autovacuum_analyze_threshold: 1000,
      autovacuum_vacuum_cost_delay: 0,
    },
  },
  ...eventTableSettings,
];
