// The tables of order events (docs/stores.md, "Order events"), described as ./tables.ts describes
// the others, which spreads them into its lists.
import { EVENT_DELIVERY_STATES, ORDER_EVENT_TYPES, type EventDeliveryState } from '../../orders/events.js';
import { ENVIRONMENTS } from '../../orders/types.js';

const quoted = (values: readonly string[]): string => values.map((value) => `'${value}'`).join(', ');
const oneOf = (column: string, values: readonly string[]): string => `${column} IN (${quoted(values)})`;
const text = <More extends object>(name: string, more?: More) => ({ name, type: 'text', ...more }) as const;
const time = <More extends object>(name: string, more?: More) => ({ name, type: 'bigint', ...more }) as const;

// Typed where ./tables.ts spreads them (it imports this module, so this one cannot import its types).

/** The states of an event a worker may claim once it is due, as SQL. */
export const CLAIMABLE_EVENT_STATES = quoted(['queued', 'delivering'] satisfies EventDeliveryState[]);
/** The states after which an order's next event may go, as SQL. */
export const SETTLED_EVENT_STATES = quoted(['delivered', 'skipped'] satisfies EventDeliveryState[]);


export const eventTables = [
  {
    // The partners' events endpoints, one per environment (docs/api.md, "Order events"): where the
    // events go, the secret that signs them, the secret it replaced (signing beside it until
    // `previous_secret_until`), and from when the environment's events are delivered.
    name: 'events_endpoints',
    createdIn: 'events per environment',
    columns: [
      text('partner_id', { references: 'partners (partner_id)' }),
      text('environment', { check: oneOf('environment', ENVIRONMENTS) }),
      text('url'),
      text('secret'),
      // The operator allowed an http URL for production (`--allow-insecure-endpoint`).
      { name: 'allow_http', type: 'boolean', default: 'FALSE' },
      text('previous_secret', { nullable: true }),
      time('previous_secret_until', { nullable: true }),
      time('deliver_from'),
      time('updated_at'),
    ],
    primaryKey: ['partner_id', 'environment'],
  },
  {
    // The transactional outbox of order events (docs/stores.md, "Order events"): each row is written
    // in the transaction of the change it reports, then delivered by the events worker. `seq` orders
    // the events (the feed's cursor and an order's delivery order); the rest is the delivery's state.
    name: 'outbox_events',
    createdIn: 'order events',
    columns: [
      { name: 'seq', type: 'serial', primaryKey: true },
      text('event_id'),
      text('partner_id'),
      text('environment', { check: oneOf('environment', ENVIRONMENTS) }),
      text('partner_order_id'),
      text('type', { check: oneOf('type', ORDER_EVENT_TYPES) }),
      { name: 'micro_climes', type: 'bigint' },
      time('created_at'),
      text('state', { check: oneOf('state', EVENT_DELIVERY_STATES) }),
      { name: 'attempts', type: 'integer' },
      text('last_error', { nullable: true }),
      time('next_attempt_at'),
      text('lease_owner', { nullable: true }),
      time('lease_expires_at', { nullable: true }),
      time('delivered_at', { nullable: true }),
    ],
  },
] as const;

/**
 * Rows a step writes once it has created its tables: the events endpoint each partner had for both
 * environments becomes its endpoint in each, delivering as before (from the start).
 */
export const eventStepData = [
  {
    step: 'events per environment',
    sql: `INSERT INTO events_endpoints (partner_id, environment, url, secret, deliver_from, updated_at)
  SELECT partner_id, environments.environment, events_url, events_secret, 0, updated_at
  FROM partners CROSS JOIN (SELECT 'staging' AS environment UNION ALL SELECT 'production') environments
  WHERE events_url IS NOT NULL;`,
  },
] as const;

export const eventTableSettings = [
  {
    // The outbox is a queue too: every event is claimed and recorded at least once.
    table: 'outbox_events',
    setIn: 'order events',
    settings: {
      autovacuum_vacuum_scale_factor: 0.01,
      autovacuum_vacuum_threshold: 1000,
      autovacuum_analyze_scale_factor: 0.01,
      autovacuum_analyze_threshold: 1000,
      autovacuum_vacuum_cost_delay: 0,
    },
  },
] as const;

export const eventIndexes = [
  // Order events (docs/stores.md, "Order events"): by id (the webhook-id and the feed's cursor), the
  // feed's pages, an order's earlier events (its delivery order), the due events, and one unlock per order.
  { name: 'outbox_events_id', table: 'outbox_events', createdIn: 'order events', unique: true, on: '(event_id)' },
  { name: 'outbox_events_feed', table: 'outbox_events', createdIn: 'order events', on: '(partner_id, environment, seq)' },
  { name: 'outbox_events_order', table: 'outbox_events', createdIn: 'order events', on: '(partner_id, environment, partner_order_id, seq)' },
  {
    name: 'outbox_events_due',
    table: 'outbox_events',
    createdIn: 'order events',
    on: { sqlite: '(state, next_attempt_at)', postgres: `(next_attempt_at, seq) WHERE state IN (${CLAIMABLE_EVENT_STATES})` },
    droppedIn: 'events per environment',
  },
  // The due events of one endpoint: a claim reads, for each endpoint, the range from when it
  // delivers to now, so the events in the feed only (other partners', or due before) are never read.
  {
    name: 'outbox_events_deliverable',
    table: 'outbox_events',
    createdIn: 'events per environment',
    on: `(partner_id, environment, next_attempt_at) WHERE state IN (${CLAIMABLE_EVENT_STATES})`,
  },
  {
    name: 'outbox_events_unlocked',
    table: 'outbox_events',
    createdIn: 'order events',
    unique: true,
    on: "(partner_id, environment, partner_order_id) WHERE type = 'order.unlocked'",
  },
  // The public certificates: an id names one order.
  { name: 'orders_certificate', table: 'orders', createdIn: 'order events', unique: true, on: '(certificate_id) WHERE certificate_id IS NOT NULL' },
  // The orders whose unlock the worker has yet to announce: only locked orders stay in it.
  { name: 'orders_unlock_due', table: 'orders', createdIn: 'order events', on: '(unlock_date) WHERE unlock_announced_at IS NULL AND cancelled_at IS NULL' },
] as const;
