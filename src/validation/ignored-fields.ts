// The fields of a request that validation dropped: found by comparing the input with the parsed
// value, so it holds for any schema (zod classic or mini, or a fast acceptor) without reading the
// schema's shape. A key of an input object whose counterpart is absent from the parsed object was
// ignored; objects are compared key by key and arrays position by position, as deep as the parsed
// value goes. The path of a field is written only when one is found: this runs for every request.

/** No ignored field: one shared, frozen list. */
export const NO_IGNORED_FIELDS: readonly string[] = Object.freeze([]);

type Fields = Record<string, unknown>;

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null;
}

/**
 * Whether a key validation never read carries a value: a key sent with the value undefined says
 * nothing (JSON has no undefined), and a getter that throws is reported rather than rethrown.
 */
function sent(input: Fields, key: string): boolean {
  try {
    return input[key] !== undefined;
  } catch {
    return true;
  }
}

function pathOf(at: readonly (string | number)[], key: string): string {
  return at.length === 0 ? key : `${at.join('.')}.${key}`;
}

function collect(input: Fields, parsed: Fields, at: (string | number)[], found: string[]): void {
  if (Array.isArray(parsed)) {
    if (!Array.isArray(input)) return;
    const length = Math.min(input.length, parsed.length);
    for (let index = 0; index < length; index += 1) {
      const item: unknown = input[index];
      const kept: unknown = parsed[index];
      if (!isObject(item) || !isObject(kept) || item === kept) continue;
      at.push(index);
      collect(item, kept, at, found);
      at.pop();
    }
    return;
  }
  if (Array.isArray(input)) return;
  for (const key in input) {
    if (Object.hasOwn(parsed, key)) {
      const value = input[key];
      const kept = parsed[key];
      if (!isObject(value) || !isObject(kept) || value === kept) continue;
      at.push(key);
      collect(value, kept, at, found);
      at.pop();
    } else if (Object.hasOwn(input, key) && sent(input, key)) found.push(pathOf(at, key));
  }
}

/**
 * The dotted paths of the fields of `input` that are absent from `parsed`, its value after
 * validation (e.g. `queries.flights.0.cabin`), in the order of the input.
 */
export function ignoredFields(input: unknown, parsed: unknown): readonly string[] {
  if (!isObject(input) || !isObject(parsed) || input === parsed) return NO_IGNORED_FIELDS;
  const found: string[] = [];
  collect(input, parsed, [], found);
  return found.length === 0 ? NO_IGNORED_FIELDS : found;
}
