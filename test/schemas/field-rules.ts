import { expect } from 'vitest';
import type { z } from 'zod/mini';
import { checkFieldRules, type FieldRule } from '../../src/testing/index.js';

export type { FieldKind, FieldRule } from '../../src/testing/index.js';

/**
 * Checks, for every rule, that leaving the field out (when required), giving it a value of any
 * other JSON type, or giving it a refused value yields a 400-style problem whose path is the field's
 * (the checks of truecost/testing).
 */
export function expectFieldRules(schema: z.core.$ZodType, valid: unknown, rules: readonly FieldRule[]): void {
  expect(checkFieldRules(schema, valid, rules)).toEqual([]);
}
