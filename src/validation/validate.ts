import { safeParse, type core, type output } from 'zod/mini';
import { ignoredFields } from './ignored-fields.js';

/** A problem found in a request: the dotted path of the field and why it was refused. */
export interface ValidationProblem {
  /** Dotted path of the field, e.g. `queries.flights.3.departure`; empty for the body itself. */
  readonly path: string;
  /** One short sentence saying what was wrong. */
  readonly reason: string;
}

/**
 * Either the parsed value (defaults filled) and the fields it ignored, or the first problem. Never
 * throws for bad input.
 */
export type ValidationResult<T> =
  | {
      readonly ok: true;
      readonly value: T;
      /**
       * Dotted paths of the fields of the input that the schema left out of `value`: fields it does
       * not know (e.g. `queries.flights.0.cabin`), or that do not apply where they were sent (E11's
       * `truck_capacity` on a train leg), in the order of the input; empty when none.
       * The HTTP API sends them in the `x-truecost-ignored-fields` header.
       */
      readonly ignored: readonly string[];
    }
  | { readonly ok: false; readonly error: ValidationProblem };

/**
 * Options of {@link validate}.
 *
 * @remarks Since 0.5.0
 */
export interface ValidateOptions {
  /**
   * When true, a refused input reports every problem found (`errors`), not only the first. The
   * HTTP API, like `validate` without it, answers the first (docs/api.md).
   */
  readonly all?: boolean;
}

/**
 * What `validate(schema, input, { all: true })` returns: {@link ValidationResult} whose refusal
 * also lists every problem found, in the order of the schema's checks; `errors[0]` is `error`.
 *
 * @remarks Since 0.5.0
 */
export type ValidationReport<T> =
  | Extract<ValidationResult<T>, { readonly ok: true }>
  | { readonly ok: false; readonly error: ValidationProblem; readonly errors: readonly ValidationProblem[] };

// The values `validate` returned, each with the schema that accepted it: a calculator given one of
// them does not validate it again (src/validation/checked-request.ts). Each is deep-frozen, so that
// it stays the value the schema accepted: a change throws (in strict mode) or does nothing.
const validatedBy = new WeakMap<object, core.$ZodType>();

/** Freezes `value` and every object and array inside it; one already frozen is taken as frozen throughout. */
function deepFreeze(value: object): void {
  if (Object.isFrozen(value)) return;
  Object.freeze(value);
  if (Array.isArray(value)) {
    for (const item of value as unknown[]) if (typeof item === 'object' && item !== null) deepFreeze(item);
    return;
  }
  for (const key in value) {
    const field = (value as Record<string, unknown>)[key];
    if (typeof field === 'object' && field !== null) deepFreeze(field);
  }
}

/**
 * True when `value` is a value that `validate(schema, ...)` returned.
 *
 * @internal
 */
export function wasValidatedBy(schema: core.$ZodType, value: unknown): boolean {
  return typeof value === 'object' && value !== null && validatedBy.get(value) === schema;
}

/**
 * The result of a request `schema` accepted as `value`: deep-frozen and marked as validated, with
 * the fields of `input` that `value` left out (`ignored` when the caller already knows them).
 *
 * @internal
 */
export function acceptedAs<T>(schema: core.$ZodType, input: unknown, value: T, ignored?: readonly string[]): ValidationResult<T> {
  if (typeof value === 'object' && value !== null) {
    deepFreeze(value);
    validatedBy.set(value, schema);
  }
  return { ok: true, value, ignored: ignored ?? ignoredFields(input, value) };
}

/**
 * Parses `input` with `schema` and returns the parsed value, with the paths of the fields it
 * ignored, or the first problem found; with `{ all: true }`, every problem found as well
 * (`errors`). The value is deep-frozen: a calculator given it does not validate it again, and it
 * cannot be changed after the check (copy it, change the copy, and the calculator validates the copy).
 *
 * @example
 * ```ts
 * const result = validate(flightRequestSchema, body);
 * if (!result.ok) console.log(result.error.path, result.error.reason);
 * else if (result.ignored.length > 0) console.warn('ignored:', result.ignored.join(', '));
 *
 * const report = validate(flightRequestSchema, body, { all: true });
 * if (!report.ok) for (const { path, reason } of report.errors) console.log(path, reason);
 * ```
 * @remarks Since 0.1.0; `options` since 0.5.0
 */
export function validate<S extends core.$ZodType>(
  schema: S,
  input: unknown,
  options: ValidateOptions & { readonly all: true },
): ValidationReport<output<S>>;
export function validate<S extends core.$ZodType>(
  schema: S,
  input: unknown,
  options?: ValidateOptions,
): ValidationResult<output<S>>;
export function validate<S extends core.$ZodType>(
  schema: S,
  input: unknown,
  options: ValidateOptions = {},
): ValidationReport<output<S>> | ValidationResult<output<S>> {
  // Parsing without options is markedly faster, so the input is parsed again, with reportInput
  // (which lets a wrong type be told apart from a missing field), only when it was refused.
  const accepted = safeParse(schema, input);
  if (accepted.success) return acceptedAs(schema, input, accepted.data);
  const parsed = safeParse(schema, input, { reportInput: true });
  if (parsed.success) return acceptedAs(schema, input, parsed.data);
  const issue = parsed.error.issues[0];
  const error = issue === undefined ? { path: '', reason: 'Invalid request.' } : problemOf(issue);
  if (options.all !== true) return { ok: false, error };
  return { ok: false, error, errors: distinctProblems(parsed.error.issues.map(problemOf), error) };
}

// Every problem once, in the order found; the first is always `error`.
function distinctProblems(problems: readonly ValidationProblem[], first: ValidationProblem): ValidationProblem[] {
  const seen = new Set<string>();
  const distinct: ValidationProblem[] = [];
  for (const problem of [first, ...problems]) {
    const key = `${problem.path}\u0000${problem.reason}`;
    if (seen.has(key)) continue;
    seen.add(key);
    distinct.push(problem);
  }
  return distinct;
}

function problemOf(issue: core.$ZodIssue): ValidationProblem {
  // A union reports its own path; the branch that came closest says more: one that refused a field
  // the input has over one that misses a field (an E11 hub is not a leg without shipping_method),
  // then the deepest, then the first.
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const closest = issue.errors
      .map((branch) => branch[0])
      .filter((first): first is core.$ZodIssue => first !== undefined)
      .sort((a, b) => Number(isMissingField(a)) - Number(isMissingField(b)) || b.path.length - a.path.length)[0];
    if (closest !== undefined) return problemOf({ ...closest, path: [...issue.path, ...closest.path] });
  }
  return { path: issue.path.map(String).join('.'), reason: reasonOf(issue) };
}

/** True when a branch's issue is a required field the input does not have. */
function isMissingField(issue: core.$ZodIssue): boolean {
  return (issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.input === undefined;
}

function reasonOf(issue: core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Required.';
      return `Expected ${issue.expected}, received ${describe(issue.input)}.`;
    case 'invalid_value':
      if (issue.input === undefined) return 'Required.';
      return `Must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}.`;
    case 'too_small':
      return boundReason('at least', 'greater than', issue.origin, issue.minimum, issue.inclusive);
    case 'too_big':
      return boundReason('at most', 'less than', issue.origin, issue.maximum, issue.inclusive);
    default:
      return issue.message.endsWith('.') ? issue.message : `${issue.message}.`;
  }
}

function boundReason(
  inclusiveWord: string,
  exclusiveWord: string,
  origin: string,
  bound: number | bigint,
  inclusive: boolean | undefined,
): string {
  const comparison = inclusive === false ? exclusiveWord : inclusiveWord;
  if (origin === 'array' || origin === 'set') return `Must have ${comparison} ${bound} element(s).`;
  if (origin === 'string') {
    if (inclusive !== false && Number(bound) === 1 && inclusiveWord === 'at least') return 'Must not be empty.';
    return `Must be ${comparison} ${bound} characters long.`;
  }
  return `Must be ${comparison} ${bound}.`;
}

function describe(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'number' && !Number.isFinite(input)) return String(input);
  return typeof input;
}
