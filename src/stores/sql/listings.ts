// The dashboard's listings by keyset (docs/dashboard.md, "Paging"): one statement per shape of
// query (which filters, which bound), so that each is planned on the index made for it
// (./tables.ts, step 'keyset listings') and any page costs what the first one does.
import type { ListPage, ListPosition, PageBounds, Store } from '../../orders/store.js';
import type { OrderState } from '../../schemas/order.js';
import type { DialectName, SqlDialect } from './dialect.js';
import type { JobRow, OptInRow, OrderRow, RowMappers } from './rows.js';

/** Which page a listing statement reads: the newest rows, those after a position, or those before it. */
export type Bound = 'first' | 'after' | 'before';
const BOUNDS: readonly Bound[] = ['first', 'after', 'before'];
const STATES: readonly (OrderState | 'any')[] = ['any', 'locked', 'unlocked', 'cancelled'];

/** The name of a listing statement: `listing <table> <filters> <bound>`. */
export type ListingStatementName = `listing ${string}`;

/**
 * An id as the listings order it: by code point. SQLite's default (BINARY) collation does so;
 * PostgreSQL's "C" collation does, whatever the database's own.
 */
const idOrder = (dialect: DialectName, column: string): string => (dialect === 'postgres' ? `${column} COLLATE "C"` : column);

/** The WHERE terms of a bound and its ORDER BY, on the time column and the id. */
export function keyset(dialect: DialectName, time: string, idColumn: string, bound: Bound): { where: string[]; order: string } {
  const id = idOrder(dialect, idColumn);
  if (bound === 'first') return { where: [], order: `${time} DESC, ${id} DESC` };
  // `time <= :at` bounds the index range; the second term only drops the rows of :at itself.
  const [over, strictly] = bound === 'after' ? ['<=', '<'] : ['>=', '>'];
  return {
    where: [`${time} ${over} :at`, `(${time} ${strictly} :at OR ${id} ${strictly} :id)`],
    order: bound === 'after' ? `${time} DESC, ${id} DESC` : `${time} ASC, ${id} ASC`,
  };
}

/** A page of the scope's rows of `table`: the terms `where`, in `order`, `:limit` rows. */
export function listingSelect(table: string, where: readonly string[], order: string): string {
  return `SELECT * FROM ${table} WHERE ${['partner_id = :partnerId', 'environment = :environment', ...where].join(' AND ')} ORDER BY ${order} LIMIT :limit`;
}

const STATE_TERMS: Readonly<Record<OrderState | 'any', string[]>> = {
  any: [],
  cancelled: ['cancelled_at IS NOT NULL'],
  unlocked: ['cancelled_at IS NULL', 'unlock_date <= :now'],
  locked: ['cancelled_at IS NULL', 'unlock_date > :now'],
};

/** The unlock date after time and id, in the direction its index is read: SQLite's is ascending, read backwards newest first; PostgreSQL's newest first. */
const byUnlock = (dialect: DialectName, bound: Bound): string => `, unlock_date ${(bound === 'before') !== (dialect === 'postgres') ? 'ASC' : 'DESC'}`;

/**
 * `?state=unlocked` alone: the union of the unlocked orders the events worker announced (read in
 * the listing's order from orders_announced) and those due but not yet announced (a poll's worth
 * while a worker runs, read in full from orders_unannounced, or orders_unlock_due where PostgreSQL
 * finds that index of every partner's as small, and sorted), each part limited, then
 * ordered and limited again. Neither part passes over the partner's locked orders, as a walk of
 * orders_open newest first would (docs/operations.md, "Growth"). SQLite is told each part's index;
 * PostgreSQL reads the due part first, as a materialized CTE, so that no plan (custom or generic)
 * finds it by walking an index in the listing's order.
 */
function unlockedListing(dialect: DialectName, bound: Bound): string {
  const { where, order } = keyset(dialect, 'created_at', 'partner_order_id', bound);
  const unlocked = (announced: boolean): string[] =>
    ['partner_id = :partnerId', 'environment = :environment', 'cancelled_at IS NULL', `unlock_announced_at IS ${announced ? 'NOT ' : ''}NULL`, 'unlock_date <= :now'];
  const terms = (announced: boolean): string => [...unlocked(announced), ...where].join(' AND ');
  const outer = (announced: string, due: string): string => `SELECT * FROM (${announced} UNION ALL ${due}) unlocked ORDER BY ${order} LIMIT :limit`;
  if (dialect === 'sqlite') {
    const part = (index: string, announced: boolean): string => `SELECT * FROM (SELECT * FROM orders INDEXED BY ${index} WHERE ${terms(announced)} ORDER BY ${order} LIMIT :limit)`;
    return outer(part('orders_announced', true), part('orders_unannounced', false));
  }
  // The page's bound is applied to the due orders once read: inside the CTE, a deep page's bound on
  // the time made the planner combine the due orders with every order made before the page.
  const bounded = where.length === 0 ? '' : ` WHERE ${where.join(' AND ')}`;
  return `WITH due AS MATERIALIZED (SELECT * FROM orders WHERE ${unlocked(false).join(' AND ')}) ${outer(
    `(SELECT * FROM orders WHERE ${terms(true)} ORDER BY ${order}${byUnlock(dialect, bound)} LIMIT :limit)`,
    `(SELECT * FROM due${bounded} ORDER BY ${order} LIMIT :limit)`,
  )}`;
}

const orderName = (variant: boolean, state: OrderState | 'any', search: boolean, bound: Bound): ListingStatementName =>
  `listing orders ${variant ? 'variant' : 'any'} ${state} ${search ? 'search' : 'all'} ${bound}`;
const optInName = (search: boolean, bound: Bound): ListingStatementName => `listing opt_ins ${search ? 'search' : 'all'} ${bound}`;
const jobName = (state: boolean, bound: Bound): ListingStatementName => `listing jobs ${state ? 'state' : 'any'} ${bound}`;

/** Every listing statement of the dialect, by name. */
export function listingStatements(dialect: SqlDialect): Record<ListingStatementName, string> {
  const statements: Record<ListingStatementName, string> = {};
  for (const bound of BOUNDS) {
    for (const variant of [false, true]) {
      for (const state of STATES) {
        for (const search of [false, true]) {
          const { where, order } = keyset(dialect.name, 'created_at', 'partner_order_id', bound);
          const filters = [...(variant ? ['variant = :variant'] : []), ...STATE_TERMS[state], ...(search ? ['(partner_order_id = :search OR cart_id = :search)'] : [])];
          const name = orderName(variant, state, search, bound);
          if (state === 'unlocked' && !variant && !search) {
            statements[name] = unlockedListing(dialect.name, bound);
            continue;
          }
          // Time and id already order every row; the unlock date after them changes no order, but
          // only orders_open gives it, so that the planner takes the index that compares the unlock
          // date without reading the rows it passes.
          const open = state === 'locked' && !variant && !search;
          statements[name] = listingSelect('orders', [...filters, ...where], order + (open ? byUnlock(dialect.name, bound) : ''));
        }
      }
    }
    for (const search of [false, true]) {
      const { where, order } = keyset(dialect.name, 'updated_at', 'cart_id', bound);
      statements[optInName(search, bound)] = listingSelect('opt_ins', [...(search ? ['cart_id = :search'] : []), ...where], order);
    }
    for (const state of [false, true]) {
      const { where, order } = keyset(dialect.name, 'created_at', 'job_id', bound);
      statements[jobName(state, bound)] = listingSelect('jobs', [...(state ? ['state = :state'] : []), ...where], order);
    }
  }
  return statements;
}

/** Named parameters, as ./statements.ts takes them (not imported: it imports this module). */
type Parameters = Readonly<Record<string, unknown>>;

/** Runs listing statements. */
export interface ListingRunner {
  all<Row>(name: ListingStatementName, parameters: Parameters): Promise<Row[]> | Row[];
}

function boundOf(bounds: PageBounds): { bound: Bound; position: Partial<ListPosition> } {
  if (bounds.before !== undefined) return { bound: 'before', position: bounds.before };
  if (bounds.after !== undefined) return { bound: 'after', position: bounds.after };
  return { bound: 'first', position: {} };
}

/** Reads one more row than the page holds, to tell whether more follow; a page read backwards is turned newest first. */
export async function pageOf<Row, T>(runner: ListingRunner, name: (bound: Bound) => ListingStatementName, parameters: Parameters, bounds: PageBounds, convert: (row: Row) => T): Promise<ListPage<T>> {
  const { bound, position } = boundOf(bounds);
  const rows = await runner.all<Row>(name(bound), { ...parameters, ...position, limit: bounds.limit + 1 });
  const items = rows.slice(0, bounds.limit).map(convert);
  return { items: bound === 'before' ? items.reverse() : items, hasMore: rows.length > bounds.limit };
}

/** The listing methods of a SQL store. */
export function listingMethods(runner: ListingRunner, rows: RowMappers): Pick<Store, 'listOrders' | 'listOptIns' | 'listPartnerJobs'> {
  return {
    listOrders: (partnerId, query) => {
      const { environment, now, variant, state, search } = query;
      const name = (bound: Bound): ListingStatementName => orderName(variant !== undefined, state ?? 'any', search !== undefined, bound);
      return pageOf<OrderRow, ReturnType<RowMappers['order']>>(runner, name, { partnerId, environment, now, variant, search }, query, rows.order);
    },
    listOptIns: (partnerId, query) => {
      const { environment, search } = query;
      return pageOf<OptInRow, ReturnType<RowMappers['optIn']>>(runner, (bound) => optInName(search !== undefined, bound), { partnerId, environment, search }, query, rows.optIn);
    },
    listPartnerJobs: (scope, query) => {
      const { state } = query;
      return pageOf<JobRow, ReturnType<RowMappers['job']>>(runner, (bound) => jobName(state !== undefined, bound), { ...scope, state }, query, rows.job);
    },
  };
}
