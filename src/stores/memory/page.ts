import type { ListPage, ListPosition, PageBounds } from '../../orders/store.js';

/** Compares two strings by their characters' code points, as SQLite's BINARY and PostgreSQL's "C" collations of UTF-8 do. */
export function compareCodePoints(a: string, b: string): number {
  const left = a[Symbol.iterator]();
  const right = b[Symbol.iterator]();
  for (;;) {
    const x = left.next();
    const y = right.next();
    if (x.done === true || y.done === true) return (x.done === true ? 0 : 1) - (y.done === true ? 0 : 1);
    const difference = x.value.codePointAt(0)! - y.value.codePointAt(0)!;
    if (difference !== 0) return difference;
  }
}

/** Orders positions newest (greatest time, then greatest id) first. */
export function newestFirst(a: ListPosition, b: ListPosition): number {
  return b.at - a.at || compareCodePoints(b.id, a.id);
}

/**
 * One page of `rows` by keyset (PageBounds), copied: rows are sorted here by `position`, newest
 * first, and the page is the `limit` rows after `after`, before `before`, or the newest.
 */
export function page<T>(rows: readonly T[], position: (row: T) => ListPosition, bounds: PageBounds): ListPage<T> {
  const sorted = [...rows].sort((a, b) => newestFirst(position(a), position(b)));
  const { limit, after, before } = bounds;
  if (before !== undefined) {
    const newer = sorted.filter((row) => newestFirst(position(row), before) < 0);
    const start = Math.max(0, newer.length - limit);
    return { items: newer.slice(start).map((row) => structuredClone(row)), hasMore: start > 0 };
  }
  const older = after === undefined ? sorted : sorted.filter((row) => newestFirst(position(row), after) > 0);
  return { items: older.slice(0, limit).map((row) => structuredClone(row)), hasMore: older.length > limit };
}
