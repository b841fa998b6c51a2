import type { ValidationProblem } from '../validation/validate.js';

/**
 * The `error` of a 400 for a body that is not JSON (docs/api.md, "Requests", step 5): the whole
 * body's path, and the parser's words, which say where it stopped (`... at position 9 ...`).
 */
export function notJson(error: unknown): ValidationProblem {
  return { path: '', reason: `The body is not JSON: ${(error as Error).message}.` };
}

/** The `error` of a 400 for a body whose bytes are not UTF-8. */
export const notUtf8: ValidationProblem = notJson(new Error('its bytes are not UTF-8'));
