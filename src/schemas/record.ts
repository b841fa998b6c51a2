import * as z from 'zod/mini';
import { storableString } from './common.js';
import type { ValidationProblem } from '../validation/validate.js';
import { validate } from '../validation/validate.js';

/** Longest `reference` or `client` of a recorded calculation, in characters. */
export const MAX_RECORD_LABEL_LENGTH = 128;

/** The GHG Protocol's Scope 3 categories are numbered 1 to 15. */
export const SCOPE3_CATEGORY_COUNT = 15;

// A date, or a date-time with its offset: `2026-11-05`, `2026-11-05T09:30:00Z`, `2026-11-05T15:00:00+05:30`.
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The instant of an `occurred_at` (a date is the start of its UTC day), or undefined when it is not ISO 8601 as the API takes it. */
export function occurredAtOf(text: string): number | undefined {
  if (ISO_DATE.test(text)) {
    const at = Date.parse(`${text}T00:00:00Z`);
    // Date.parse rolls 2026-02-30 over; the day must read back as written.
    return Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== text ? undefined : at;
  }
  if (!ISO_DATE_TIME.test(text)) return undefined;
  const at = Date.parse(text);
  const day = text.slice(0, 10);
  return Number.isNaN(at) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)) || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day ? undefined : at;
}

const labelSchema = /* @__PURE__ */ storableString().check(z.minLength(1), z.maxLength(MAX_RECORD_LABEL_LENGTH));

/**
 * The `record` object a calculator body may carry (docs/api.md, "Recorded calculations"): with it
 * the calculation is stored and its answer carries `calculation_id`. Every field is optional;
 * fields it does not know are refused.
 *
 * @remarks Since 0.5.0
 */
export const recordRequestSchema = /* @__PURE__ */ z.object({
  reference: /* @__PURE__ */ z.optional(labelSchema),
  client: /* @__PURE__ */ z.optional(labelSchema),
  occurred_at: /* @__PURE__ */ z.optional(
    z.string().check(
      z.refine((text) => occurredAtOf(text) !== undefined, {
        message: 'Must be an ISO 8601 date (2026-11-05) or date-time with its offset (2026-11-05T09:30:00Z, 2026-11-05T15:00:00+05:30).',
      }),
    ),
  ),
  scope3_category: /* @__PURE__ */ z.optional(z.number().check(z.int(), z.gte(1), z.lte(SCOPE3_CATEGORY_COUNT))),
});

/** A `record` object as validated. */
export type RecordRequest = z.output<typeof recordRequestSchema>;

const recordBodySchema = /* @__PURE__ */ z.object({ record: recordRequestSchema });
const RECORD_FIELDS: readonly string[] = Object.keys(recordRequestSchema.def.shape);

/**
 * Checks the `record` of a body: the validated record, or the first problem with its path under
 * `record` (`record.scope3_category`); a field the record does not have is refused by name.
 */
export function validateRecord(record: unknown): { readonly ok: true; readonly value: RecordRequest } | { readonly ok: false; readonly error: ValidationProblem } {
  if (typeof record === 'object' && record !== null && !Array.isArray(record)) {
    const unknown = Object.keys(record).find((key) => !RECORD_FIELDS.includes(key));
    if (unknown !== undefined) {
      return { ok: false, error: { path: `record.${unknown}`, reason: `Unknown field; a record takes ${RECORD_FIELDS.join(', ')}.` } };
    }
  }
  const checked = validate(recordBodySchema, { record });
  return checked.ok ? { ok: true, value: checked.value.record } : { ok: false, error: checked.error };
}
