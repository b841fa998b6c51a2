/** The response header that lists the body fields the API ignored (docs/api.md, "Ignored fields"). */
export const IGNORED_FIELDS_HEADER = 'x-truecost-ignored-fields';

/** Longest value of the header, in characters: the first paths that fit are listed. */
export const MAX_IGNORED_FIELDS_HEADER_LENGTH = 4096;

/**
 * The value of {@link IGNORED_FIELDS_HEADER}: the dotted paths, comma-separated, each percent-encoded
 * as by `encodeURIComponent` (a key may hold a comma, a space or characters a header cannot carry),
 * as many whole paths as fit in {@link MAX_IGNORED_FIELDS_HEADER_LENGTH} characters.
 */
export function ignoredFieldsHeader(paths: readonly string[]): string {
  let value = '';
  for (const path of paths) {
    const encoded = encodeURIComponent(path);
    const next = value === '' ? encoded : `${value},${encoded}`;
    if (next.length > MAX_IGNORED_FIELDS_HEADER_LENGTH) break;
    value = next;
  }
  return value;
}
