// The listings' pages by keyset (docs/dashboard.md, "Paging"): the next and previous links carry an
// opaque cursor, the place (time and id) of the last or first row shown; a cursor that is not one
// the dashboard wrote is a 400 page.
import type { ListPage, ListPosition, PageBounds } from '../orders/store.js';
import { PageError } from './responses.js';

/** Rows per page of a listing. */
export const PAGE_SIZE = 25;
/** Longest cursor accepted: a time and an id of at most 255 characters, encoded. */
const MAX_CURSOR_LENGTH = 1400;

/** The cursor of a row's place: base64url of `[time, id]`. */
export function encodeCursor(position: ListPosition): string {
  return Buffer.from(JSON.stringify([position.at, position.id]), 'utf8').toString('base64url');
}

/** The place a cursor holds; a 400 page when it is not a cursor {@link encodeCursor} wrote. */
export function decodeCursor(cursor: string): ListPosition {
  const refuse = (): never => {
    throw new PageError(400, 'Bad request', 'The page link is not valid. Open the listing again from its first page.');
  };
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) return refuse();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return refuse();
  }
  if (!Array.isArray(value) || value.length !== 2) return refuse();
  const [at, id] = value as unknown[];
  if (typeof at !== 'number' || !Number.isSafeInteger(at) || at < 0 || typeof id !== 'string' || id === '' || id.length > 255) return refuse();
  // Only the encoding this dashboard writes is accepted, so that one place has one cursor.
  if (encodeCursor({ at, id }) !== cursor) return refuse();
  return { at, id };
}

/** Which page the query string asks for: `after` (older rows) or `before` (newer rows) a cursor, else the newest. */
export function pageBoundsOf(url: URL): PageBounds {
  const after = url.searchParams.get('after');
  const before = url.searchParams.get('before');
  if (after !== null && before !== null) throw new PageError(400, 'Bad request', 'A page link has either after or before, not both.');
  if (after !== null && after !== '') return { limit: PAGE_SIZE, after: decodeCursor(after) };
  if (before !== null && before !== '') return { limit: PAGE_SIZE, before: decodeCursor(before) };
  return { limit: PAGE_SIZE };
}

/** A page to show, and the cursors of its neighbours (absent when there is none). */
export interface ShownPage<T> {
  readonly items: readonly T[];
  /** The cursor for `before`: the first row shown. */
  readonly previous?: string;
  /** The cursor for `after`: the last row shown. */
  readonly next?: string;
}

/**
 * Reads the page the bounds ask for with `read` and works out its links. A previous page that
 * reaches the newest rows is read as the first page, so that it is full and has no previous link.
 */
export async function readPage<T>(bounds: PageBounds, read: (bounds: PageBounds) => Promise<ListPage<T>>, position: (row: T) => ListPosition): Promise<ShownPage<T>> {
  let page = await read(bounds);
  let backwards = bounds.before !== undefined;
  if (backwards && !page.hasMore) {
    page = await read({ limit: bounds.limit });
    backwards = false;
  }
  const first = page.items[0];
  const last = page.items.at(-1);
  const hasPrevious = backwards ? page.hasMore : bounds.after !== undefined;
  const hasNext = backwards ? true : page.hasMore;
  return {
    items: page.items,
    ...(hasPrevious && first !== undefined ? { previous: encodeCursor(position(first)) } : {}),
    ...(hasNext && last !== undefined ? { next: encodeCursor(position(last)) } : {}),
  };
}
