import { safeParse } from 'zod/mini';
import type { AnyRoute, Method } from './route.js';

/** The outcome of routing: the route and its parameters, a path without that method, or no such path. */
export type RouteMatch =
  | { readonly kind: 'found'; readonly route: AnyRoute; readonly params: Record<string, string> }
  | { readonly kind: 'method_not_allowed'; readonly allow: readonly Method[] }
  | { readonly kind: 'not_found' };

/**
 * Builds the router of a route table. A path parameter matches one non-empty segment
 * (percent-decoded) that satisfies the route's schema for it; a literal wins over a parameter only
 * through the method, so `GET .../order/add` reads the order whose id is `add`.
 */
export function createRouter(routes: readonly AnyRoute[]): (method: string, path: string) => RouteMatch {
  const compiled = routes.map((route) => {
    const segments = route.path
      .split('/')
      .slice(1)
      .map((segment) => (segment.startsWith('{') ? { param: segment.slice(1, -1) } : { literal: segment }));
    // A path without parameters matches exactly when the request's path is the same string.
    const literalPath = segments.every((segment) => 'literal' in segment) ? route.path : undefined;
    return { route, segments, literalPath };
  });

  function paramsOf(
    entry: (typeof compiled)[number],
    segments: readonly string[],
  ): Record<string, string> | undefined {
    if (entry.segments.length !== segments.length) return undefined;
    const params: Record<string, string> = {};
    for (const [index, pattern] of entry.segments.entries()) {
      const segment = segments[index]!;
      if ('literal' in pattern) {
        if (pattern.literal !== segment) return undefined;
        continue;
      }
      const value = decodeSegment(segment);
      if (value === undefined || value === '') return undefined;
      const schema = entry.route.params?.[pattern.param];
      if (schema !== undefined && !safeParse(schema, value).success) return undefined;
      params[pattern.param] = value;
    }
    return params;
  }

  // The answers for paths spelled like a route without parameters (the hot calculator paths) are
  // computed once, by method then path: the table is fixed, so the same path always routes the
  // same way. Methods are any token a client sends: only the table's own are remembered.
  const remembered = new Map<string, Map<string, RouteMatch>>();
  for (const method of new Set<string>(routes.map((route) => route.method))) {
    const byPath = new Map<string, RouteMatch>();
    for (const { literalPath } of compiled) {
      if (literalPath === undefined || byPath.has(literalPath)) continue;
      const match = scan(method, literalPath);
      if (match.kind === 'found') Object.freeze(match.params);
      byPath.set(literalPath, match);
    }
    remembered.set(method, byPath);
  }

  return (method, path) => remembered.get(method)?.get(path) ?? scan(method, path);

  function scan(method: string, path: string): RouteMatch {
    const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    const absolute = trimmed.startsWith('/');
    let segments: string[] | undefined;
    const allow: Method[] = [];
    for (const entry of compiled) {
      let params: Record<string, string> | undefined;
      if (absolute && entry.literalPath !== undefined) {
        if (entry.literalPath !== trimmed) continue;
        params = {};
      } else {
        segments ??= trimmed.split('/').slice(1);
        params = paramsOf(entry, segments);
        if (params === undefined) continue;
      }
      if (entry.route.method === method) return { kind: 'found', route: entry.route, params };
      if (!allow.includes(entry.route.method)) allow.push(entry.route.method);
    }
    return allow.length === 0 ? { kind: 'not_found' } : { kind: 'method_not_allowed', allow };
  }
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
