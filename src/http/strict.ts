import type { ValidationProblem } from '../validation/validate.js';
import type { StrictBody } from './route.js';

/**
 * The refusal `?strict=true` asks for when a body holds fields the API does not know (docs/api.md,
 * "Strict mode"): the first one as `path`, all of them in `reason`. Undefined without `strict=true`,
 * and the fields are ignored as by default. Read only when there are such fields.
 */
export function strictRefusal(query: string | undefined, ignored: readonly string[]): ValidationProblem | undefined {
  if (!/(^|&)strict=true(&|$)/.test(query ?? '')) return undefined;
  return { path: ignored[0]!, reason: `Unknown fields: ${ignored.join(', ')}.` };
}

/**
 * The refusal `?strict=true` asks for when the query string holds parameters the route does not
 * read (`known`, besides `strict` itself): the first as `path`, all of them in `reason`. Undefined
 * without `strict=true` or when every parameter is known.
 */
export function strictQueryRefusal(query: string | undefined, known: readonly string[]): ValidationProblem | undefined {
  if (query === undefined || query === '' || !/(^|&)strict=true(&|$)/.test(query)) return undefined;
  const unknown = [...new Set(new URLSearchParams(query).keys())].filter((name) => name !== 'strict' && !known.includes(name));
  if (unknown.length === 0) return undefined;
  return { path: unknown[0]!, reason: `Unknown query parameters: ${unknown.join(', ')}.` };
}

/**
 * The refusal of a body that holds fields a strict route (the service's own endpoints, docs/api.md
 * "Strict endpoints") does not read: the first one as `path`, with its hint when the route has one,
 * and the others named in `reason`.
 */
export function strictBodyRefusal(strict: StrictBody, ignored: readonly string[]): ValidationProblem {
  const [first, ...others] = ignored as [string, ...string[]];
  const hint = strict.hints?.[first.slice(first.lastIndexOf('.') + 1)];
  const also = others.length === 0 ? '' : ` Nor does it read ${others.join(', ')}.`;
  return { path: first, reason: `${hint ?? 'This endpoint does not read this field.'}${also}` };
}
