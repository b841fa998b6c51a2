import * as z from 'zod/mini';

import { hasAtMostSixDecimals, MAX_CLIMES, MAX_IDENTIFIER_LENGTH } from './limits.js';

export { CLIMES_DECIMALS, hasAtMostSixDecimals, MAX_CLIMES, MAX_IDENTIFIER_LENGTH } from './limits.js';

/** Why {@link storableString} refuses a string. */
export const UNSTORABLE_TEXT_REASON = 'Must not contain NUL (U+0000) or an unpaired surrogate.';

/**
 * True when every store keeps `value` exactly as sent: no NUL character (PostgreSQL's text and
 * JSONB cannot hold it) and no unpaired UTF-16 surrogate (it is not Unicode, so no UTF-8 database
 * can hold it, and a store would keep a replacement character instead, breaking safe retries).
 *
 * @example
 * ```ts
 * isStorableText('ORD-1001'); // true
 * isStorableText('x\u0000'); // false
 * isStorableText('\ud800'); // false
 * ```
 * @remarks Since 0.1.0
 */
export function isStorableText(value: string): boolean {
  return value.isWellFormed() && !value.includes('\u0000');
}

/**
 * Adds the rule of {@link isStorableText} to a string schema. Every string field of every request
 * goes through it, so that all stores accept and refuse the same strings.
 *
 * @example
 * ```ts
 * const nameSchema = storable(z.string().check(z.maxLength(255)));
 * ```
 * @remarks Since 0.1.0
 */
/* @__NO_SIDE_EFFECTS__ */
export function storable<Schema extends z.ZodMiniString | z.ZodMiniEmail>(schema: Schema): Schema {
  // `check` returns a copy of this schema with the rule added, typed as the base class.
  return schema.check(z.refine(isStorableText, { message: UNSTORABLE_TEXT_REASON })) as Schema;
}

/**
 * A string of a request: any text every store keeps exactly (see {@link isStorableText}).
 *
 * @remarks Since 0.1.0
 */
/* @__NO_SIDE_EFFECTS__ */
export function storableString(): z.ZodMiniString<string> {
  return storable(z.string());
}

/**
 * Adds an issue of code `custom` at `path` below the payload's value. From inside a transform
 * (zod/mini's transforms are handed the parse payload, which has no `addIssue`), the issue ends the
 * parse; `continueChecks` lets the value's later checks run, as a {@link rule}'s issues do.
 */
export function addIssue(payload: z.core.ParsePayload, path: readonly PropertyKey[], message: string, continueChecks?: true): void {
  // `continue` left undefined is zod's default (the parse ends); false would mean an explicit abort.
  payload.issues.push({ code: 'custom', input: payload.value, path: [...path], message, continue: continueChecks });
}

/** Reports a problem at `path`, below the value a {@link rule} checks, with its message. */
export type ReportIssue = (path: readonly PropertyKey[], message: string) => void;

/**
 * A check of zod/mini across the fields or items of a value (duplicates, fields that exclude each
 * other): `test` reports each problem at its path below the value. It does what `z.superRefine`
 * does for these checks (issues of code `custom`, later checks still run) with less code in a
 * bundle: zod/mini takes a plain function as a check.
 *
 * @internal
 */
/* @__NO_SIDE_EFFECTS__ */
export function rule<T>(test: (value: T, report: ReportIssue) => void): (payload: z.core.ParsePayload<T>) => void {
  return (payload) => test(payload.value, (path, message) => addIssue(payload, path, message, true));
}

/** A non-empty string of at most 255 characters (ids and names), without NUL or unpaired surrogates. */
export const identifierSchema = /* @__PURE__ */ storableString().check(z.minLength(1), z.maxLength(MAX_IDENTIFIER_LENGTH));

/** An amount of climes: finite, greater than 0, at most 1e9, at most 6 decimal places. */
export const climesSchema = /* @__PURE__ */ z
  .number()
  .check(z.gt(0), z.lte(MAX_CLIMES), z.refine(hasAtMostSixDecimals, { message: 'Must have at most 6 decimal places.' }));

/** A finite number that is not negative. */
export const nonNegativeNumberSchema = /* @__PURE__ */ z.number().check(z.gte(0));

/** A finite number greater than 0 (distances, weights). */
export const positiveNumberSchema = /* @__PURE__ */ z.number().check(z.gt(0));

/** An integer greater than 0 (ticket and seat counts). */
export const positiveIntegerSchema = /* @__PURE__ */ z.number().check(z.int(), z.gt(0));
