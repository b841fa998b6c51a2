// The fields of a request that validation dropped: found by comparing the input with the parsed
// value, so it holds for any schema (zod classic or mini, or a fast acceptor) without reading the
// schema's shape. A key of an input object whose counterpart is absent from the parsed object was
// ignored; objects are compared key by key and arrays position by position, as deep as the parsed
// value goes.

/** No ignored field: one shared, frozen list. */
export const NO_IGNORED_FIELDS: readonly string[] = Object.freeze([]);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function collect(input: unknown, parsed: unknown, prefix: string, found: string[]): void {
  if (!isObject(input) || !isObject(parsed) || input === parsed) return;
  if (Array.isArray(parsed)) {
    if (!Array.isArray(input)) return;
    const length = Math.min(input.length, parsed.length);
    for (let index = 0; index < length; index += 1) collect(input[index], parsed[index], `${prefix}${index}.`, found);
    return;
  }
  if (Array.isArray(input)) return;
  for (const key of Object.keys(input)) {
    if (Object.hasOwn(parsed, key)) collect(input[key], parsed[key], `${prefix}${key}.`, found);
    else if (sent(input, key)) found.push(`${prefix}${key}`);
  }
}

/**
 * Whether a key validation never read carries a value: a key sent with the value undefined says
 * nothing (JSON has no undefined), and a getter that throws is reported rather than rethrown.
 */
function sent(input: Record<string, unknown>, key: string): boolean {
  try {
    return input[key] !== undefined;
  } catch {
    return true;
  }
}

/**
 * The dotted paths of the fields of `input` that are absent from `parsed`, its value after
 * validation (e.g. `queries.flights.0.cabin`), in the order of the input.
 */
export function ignoredFields(input: unknown, parsed: unknown): readonly string[] {
  if (!isObject(input)) return NO_IGNORED_FIELDS;
  const found: string[] = [];
  collect(input, parsed, '', found);
  return found.length === 0 ? NO_IGNORED_FIELDS : found;
}
