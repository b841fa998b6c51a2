import type { ListPage } from '../../orders/store.js';

/** One page of sorted rows, copied. */
export function page<T>(rows: readonly T[], query: { readonly limit: number; readonly offset: number }): ListPage<T> {
  return {
    items: rows.slice(query.offset, query.offset + query.limit).map((row) => structuredClone(row)),
    hasMore: rows.length > query.offset + query.limit,
  };
}
