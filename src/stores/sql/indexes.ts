// The indexes of truecost's tables (./tables.ts), each with the migration step that creates it.
import type { DialectName } from './dialect.js';
import { eventIndexes } from './event-tables.js';
import { CLAIMABLE_JOB_STATES, type Index } from './tables.js';

/** SQLite's listing indexes are ascending (it reads them backwards); PostgreSQL's newest first. */
const newestFirst = (columns: string): Record<DialectName, string> => ({ sqlite: `(${columns})`, postgres: `(${columns} DESC)` });

/**
 * A listing's index: the equality columns, then time and id newest first, ids ordered by code point
 * (PostgreSQL's "C" collation, SQLite's default), then `rest` (more columns, a WHERE).
 */
const byKeyset = (equal: string, time: string, id: string, more: { columns?: string; where?: string } = {}): Record<DialectName, string> => {
  const rest = `${more.columns === undefined ? '' : `, ${more.columns}`})${more.where === undefined ? '' : ` WHERE ${more.where}`}`;
  return { sqlite: `(${equal}, ${time}, ${id}${rest}`, postgres: `(${equal}, ${time} DESC, ${id} COLLATE "C" DESC${rest}` };
};

export const indexes: readonly Index[] = [
  { name: 'orders_vote_cart', table: 'orders', createdIn: 'initial', unique: true, on: '(partner_id, environment, cart_id) WHERE cart_id IS NOT NULL' },
  {
    name: 'jobs_due',
    table: 'jobs',
    createdIn: 'initial',
    on: { sqlite: '(state, next_attempt_at)', postgres: `(next_attempt_at, seq) WHERE state IN (${CLAIMABLE_JOB_STATES})` },
  },
  { name: 'jobs_created', table: 'jobs', createdIn: 'initial', on: { sqlite: '(created_at)', postgres: '(created_at DESC, seq)' } },
  { name: 'api_keys_partner', table: 'api_keys', createdIn: 'dashboard', on: '(partner_id, created_at)' },
  { name: 'order_events_order', table: 'order_events', createdIn: 'dashboard', on: '(partner_id, environment, partner_order_id, event_id)' },
  { name: 'orders_listing', table: 'orders', createdIn: 'dashboard', on: newestFirst('partner_id, environment, created_at'), droppedIn: 'keyset listings' },
  { name: 'opt_ins_listing', table: 'opt_ins', createdIn: 'dashboard', on: newestFirst('partner_id, environment, updated_at'), droppedIn: 'keyset listings' },
  { name: 'jobs_partner', table: 'jobs', createdIn: 'dashboard', on: newestFirst('partner_id, environment, created_at'), droppedIn: 'keyset listings' },
  // Finds the windows that ended, which recording a failure deletes a few at a time.
  { name: 'sign_in_failures_ended', table: 'sign_in_failures', createdIn: 'shared sign-in limits', on: '(window_ends)' },
  // Finds the keys whose lease or retention ended, which the sweep deletes.
  { name: 'idempotency_keys_expired', table: 'idempotency_keys', createdIn: 'idempotency keys', on: '(expires_at)' },
  // The failed jobs by when they failed: `truecost jobs redrive` and the queue's metrics (docs/bulk.md).
  { name: 'jobs_failed', table: 'jobs', createdIn: 'queue health', on: "(updated_at) WHERE state = 'failed'" },
  // The dashboard's listings by keyset (./listings.ts): each filter's rows in the listing's order,
  // so that a page of any filter reads its own rows and no others (docs/operations.md, "Growth").
  { name: 'orders_by_created', table: 'orders', createdIn: 'keyset listings', on: byKeyset('partner_id, environment', 'created_at', 'partner_order_id') },
  { name: 'orders_by_variant', table: 'orders', createdIn: 'keyset listings', on: byKeyset('partner_id, environment, variant', 'created_at', 'partner_order_id') },
  // Locked orders: the unlock date is compared in the index, without reading the rows it passes.
  {
    name: 'orders_open',
    table: 'orders',
    createdIn: 'keyset listings',
    on: byKeyset('partner_id, environment', 'created_at', 'partner_order_id', { columns: 'unlock_date', where: 'cancelled_at IS NULL' }),
  },
  // `?state=unlocked` (./listings.ts): the orders whose unlock the events worker announced, in the
  // listing's order (the unlock date compared in the index), and each partner's orders not yet
  // announced by their unlock date (locked, or due and awaiting the worker), the due ones read in full.
  {
    name: 'orders_announced',
    table: 'orders',
    createdIn: 'unlocked listing',
    on: byKeyset('partner_id, environment', 'created_at', 'partner_order_id', { columns: 'unlock_date', where: 'cancelled_at IS NULL AND unlock_announced_at IS NOT NULL' }),
  },
  {
    name: 'orders_unannounced',
    table: 'orders',
    createdIn: 'unlocked listing',
    on: '(partner_id, environment, unlock_date) WHERE unlock_announced_at IS NULL AND cancelled_at IS NULL',
  },
  { name: 'orders_cancelled', table: 'orders', createdIn: 'keyset listings', on: byKeyset('partner_id, environment', 'created_at', 'partner_order_id', { where: 'cancelled_at IS NOT NULL' }) },
  { name: 'opt_ins_by_updated', table: 'opt_ins', createdIn: 'keyset listings', on: byKeyset('partner_id, environment', 'updated_at', 'cart_id') },
  { name: 'jobs_by_partner', table: 'jobs', createdIn: 'keyset listings', on: byKeyset('partner_id, environment', 'created_at', 'job_id') },
  { name: 'jobs_by_state', table: 'jobs', createdIn: 'keyset listings', on: byKeyset('partner_id, environment, state', 'created_at', 'job_id') },
  ...eventIndexes,
  // The calculations listing (`GET /v3/calculations`), newest first, whole or by client or reference.
  { name: 'calculations_by_occurred', table: 'calculations', createdIn: 'recorded calculations', on: byKeyset('partner_id, environment', 'occurred_at', 'calculation_id') },
  { name: 'calculations_by_client', table: 'calculations', createdIn: 'recorded calculations', on: byKeyset('partner_id, environment, client', 'occurred_at', 'calculation_id') },
  { name: 'calculations_by_reference', table: 'calculations', createdIn: 'recorded calculations', on: byKeyset('partner_id, environment, reference', 'occurred_at', 'calculation_id') },
];

