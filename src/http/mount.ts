// The API under a path prefix (`basePath`), and which requests are the API's at all: a framework
// adapter hands any other back to the application, so that its own routes and 404 answer it
// (docs/frameworks.md).
import type { AnyRoute } from './route.js';

/** A base path as given (`/carbon`, `/carbon/`, `carbon`) as routing compares it, `/carbon`; '' for none. */
export function normalBasePath(basePath: string | undefined): string {
  const trimmed = (basePath ?? '').replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** The path under `basePath` (`/carbon/v3/flight` is `/v3/flight` under `/carbon`), or undefined for a path outside it. */
export function pathUnder(basePath: string, path: string): string | undefined {
  if (basePath === '') return path;
  if (!path.startsWith(basePath)) return undefined;
  const rest = path.slice(basePath.length);
  if (rest === '') return '/';
  return rest.startsWith('/') ? rest : undefined;
}

/**
 * Whether a request's path is the API's: under the base path, and in one of the route table's first
 * segments (`/v3/...`, `/healthz`, `/docs`, `/certificates/...`). `/v3/nowhere` is the API's (and
 * gets its 404); `/`, `/cart` or a path outside the base path are the application's.
 */
export function apiPaths(routes: readonly AnyRoute[], basePath: string): (path: string) => boolean {
  const firstSegments = new Set(routes.map((route) => route.path.split('/')[1]));
  return (path) => {
    const inner = pathUnder(basePath, path);
    if (inner === undefined) return false;
    const end = inner.indexOf('/', 1);
    return firstSegments.has(inner.slice(1, end === -1 ? undefined : end));
  };
}
