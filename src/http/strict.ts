import type { ValidationProblem } from '../validation.js';

/**
 * The refusal `?strict=true` asks for when a body holds fields the API does not know (docs/api.md,
 * "Strict mode"): the first one as `path`, all of them in `reason`. Undefined without `strict=true`,
 * and the fields are ignored as by default. Read only when there are such fields.
 */
export function strictRefusal(query: string | undefined, ignored: readonly string[]): ValidationProblem | undefined {
  if (!/(^|&)strict=true(&|$)/.test(query ?? '')) return undefined;
  return { path: ignored[0]!, reason: `Unknown fields: ${ignored.join(', ')}.` };
}
