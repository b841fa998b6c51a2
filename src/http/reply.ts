import { apiErrors, type ApiErrorName } from '../errors.js';
import type { ValidationProblem } from '../validation/validate.js';

/**
 * What a route answers, before it becomes a `Response`: the status, a JSON body (or, for the few
 * answers that are not JSON, a text with its content type) and extra headers.
 */
export interface Reply {
  readonly status: number;
  readonly body: unknown;
  readonly text?: { readonly contentType: string; readonly content: string };
  /** The JSON body already written as text (exactly `JSON.stringify(body)`), by a route that writes its own. */
  readonly json?: string;
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /** The `apiErrors` name of a failure, for the request log and metrics. */
  readonly error?: ApiErrorName;
}

/** A failure of `apiErrors` as a reply: `{message}`, plus `error: {path, reason}` when given. */
export function failure(
  name: ApiErrorName,
  problem?: ValidationProblem,
  headers?: Readonly<Record<string, string>>,
): Reply {
  const { status, message } = apiErrors[name];
  const body = problem === undefined ? { message } : { message, error: problem };
  return { status, body, headers, error: name };
}

/** A success reply. */
export function success(status: number, body: unknown, headers?: Readonly<Record<string, string>>): Reply {
  return { status, body, headers };
}
