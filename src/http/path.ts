/**
 * The path of a request, as routing reads it: from a request target (`/v3/x?y`, what Node hands
 * an adapter) or an absolute URL (what a `Request` carries), without query or fragment, and
 * normalised the way `new URL` does (percent-encoded dots, backslashes and dot segments), so that
 * every adapter routes a given request to the same place.
 *
 * A plain path (no `%`, no `\`, no segment starting with a dot) is sliced as it is, which is what
 * `new URL` would give and much cheaper; anything else goes through `new URL`.
 */
export function requestPath(target: string): string {
  if (target.includes('%') || target.includes('\\') || target.includes('/.')) return normalisedPath(target);
  let start = 0;
  if (!target.startsWith('/')) {
    // An absolute URL (a `Request`'s): the path starts after the authority.
    const scheme = target.indexOf('://');
    if (scheme === -1) return normalisedPath(target);
    start = target.indexOf('/', scheme + 3);
    if (start === -1) return '/';
  }
  let end = target.length;
  const query = target.indexOf('?', start);
  if (query !== -1) end = query;
  const fragment = target.indexOf('#', start);
  if (fragment !== -1 && fragment < end) end = fragment;
  return target.slice(start, end);
}

/**
 * The query string of a request target or absolute URL, without `?` and without any fragment;
 * '' when there is none.
 */
export function requestQuery(target: string): string {
  const start = target.indexOf('?');
  if (start === -1) return '';
  const fragment = target.indexOf('#', start);
  return target.slice(start + 1, fragment === -1 ? target.length : fragment);
}

function normalisedPath(target: string): string {
  // A target that is not a path (`*`, garbage) is relative to the root, as for `new Request`.
  // An origin-form target is appended to a base, not resolved against it (`//x/y` is a path here).
  const base = 'http://localhost';
  try {
    return (target.startsWith('/') ? new URL(base + target) : new URL(target, base)).pathname;
  } catch {
    return '/';
  }
}
