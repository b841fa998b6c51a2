import fc from 'fast-check';
import { expect } from 'vitest';
import type { z } from 'zod';
import { validate } from '../../src/index.js';

/** What a field accepts, so that values of every other JSON type can be generated against it. */
export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';

export interface FieldRule {
  /** Path of the field inside a valid body. */
  readonly path: readonly (string | number)[];
  readonly kind: FieldKind;
  readonly required: boolean;
  /** Values of the right JSON type that are still refused (out of range, outside the enum). */
  readonly refused?: readonly unknown[];
}

const jsonOfKind: Record<FieldKind, fc.Arbitrary<unknown>> = {
  string: fc.string(),
  number: fc.double({ noNaN: true, noDefaultInfinity: true }),
  integer: fc.integer(),
  boolean: fc.boolean(),
  array: fc.array(fc.integer(), { maxLength: 2 }),
  object: fc.dictionary(fc.string(), fc.integer(), { maxKeys: 2 }),
};

function wrongType(kind: FieldKind): fc.Arbitrary<unknown> {
  const others = (Object.keys(jsonOfKind) as FieldKind[]).filter(
    (other) => other !== kind && !(kind === 'number' && other === 'integer') && !(kind === 'integer' && other === 'number'),
  );
  return fc.oneof(fc.constant(null), ...others.map((other) => jsonOfKind[other]));
}

function withValue(body: unknown, path: readonly (string | number)[], value: unknown, remove = false): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (remove) delete target[last];
  else target[last] = value;
  return copy;
}

/**
 * Checks, for every rule, that leaving the field out (when required), giving it a value of any
 * other JSON type, or giving it a refused value yields a 400-style problem whose path is the field's.
 */
export function expectFieldRules(schema: z.ZodType, valid: unknown, rules: readonly FieldRule[]): void {
  expect(validate(schema, valid).ok).toBe(true);
  for (const rule of rules) {
    const path = rule.path.join('.');
    if (rule.required) {
      expect(validate(schema, withValue(valid, rule.path, undefined, true)), `missing ${path}`).toMatchObject({ ok: false, error: { path } });
    } else {
      expect(validate(schema, withValue(valid, rule.path, undefined, true)).ok, `optional ${path}`).toBe(true);
    }
    fc.assert(
      fc.property(wrongType(rule.kind), (value) => {
        expect(validate(schema, withValue(valid, rule.path, value)), `${path} = ${JSON.stringify(value)}`).toMatchObject({ ok: false, error: { path } });
      }),
      { numRuns: 40 },
    );
    for (const value of rule.refused ?? []) {
      expect(validate(schema, withValue(valid, rule.path, value)), `${path} = ${JSON.stringify(value)}`).toMatchObject({ ok: false, error: { path } });
    }
  }
}
