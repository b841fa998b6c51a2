import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { routes } from '../../src/http/routes.js';
import { requestSchemas, responseSchemas } from '../../src/schemas/catalog.js';
import { toJsonSchema } from '../../src/schemas/json-schema.js';

// truecost's JSON Schema writer against zod's own generator, the reference it follows.
const zodJsonSchema = (schema: z.core.$ZodType, io: 'input' | 'output') => z.toJSONSchema(schema, { io, unrepresentable: 'any' });

/** Every schema the API documents: bodies, path and query parameters, answers; and the catalog. */
function documentedSchemas(): [string, z.core.$ZodType][] {
  const found: [string, z.core.$ZodType][] = [];
  for (const route of routes) {
    const at = `${route.method} ${route.path}`;
    if (route.body !== undefined) found.push([`${at} body`, route.body]);
    if (route.documentedBody !== undefined) found.push([`${at} documented body`, route.documentedBody]);
    for (const [name, schema] of Object.entries(route.params ?? {})) found.push([`${at} {${name}}`, schema]);
    for (const query of route.queryParameters ?? []) found.push([`${at} ?${query.name}`, query.schema]);
    for (const answer of route.responses) if (answer.schema !== undefined) found.push([`${at} ${answer.status}`, answer.schema]);
  }
  for (const [name, schema] of Object.entries({ ...requestSchemas, ...responseSchemas })) found.push([`catalog ${name}`, schema]);
  return found;
}

describe('the JSON Schema of a schema', () => {
  const schemas = documentedSchemas();

  it('is what zod writes, for every schema of the API, in both directions', () => {
    expect(schemas.length).toBeGreaterThan(40);
    for (const [name, schema] of schemas) {
      for (const io of ['input', 'output'] as const) expect(toJsonSchema(schema, io), `${name} (${io})`).toEqual(zodJsonSchema(schema, io));
    }
  });

  it('is what zod writes for schemas built from the same kinds', () => {
    const leaf = fc.oneof(
      fc.constant(z.string()),
      fc.record({ min: fc.nat(5), extra: fc.nat(5) }).map(({ min, extra }) => z.string().check(z.minLength(min), z.maxLength(min + extra))),
      fc.constant(z.email()),
      fc.constant(z.number()),
      fc.integer({ min: -5, max: 5 }).map((bound) => z.number().check(z.int(), z.gt(bound))),
      fc.integer({ min: -5, max: 5 }).map((bound) => z.number().check(z.gte(bound), z.lt(bound + 10))),
      fc.constant(z.boolean()),
      fc.constant(z.unknown()),
      fc.uniqueArray(fc.constantFrom('A', 'B', 'C', 'D'), { minLength: 1 }).map((values) => z.enum(values)),
      fc.constantFrom<z.core.util.Literal>('x', 3, true).map((value) => z.literal(value)),
      fc.constant(z.pipe(z.string(), z.transform((value: string) => value.length))),
    );
    const { tree } = fc.letrec<{ tree: z.core.$ZodType }>((tie) => ({
      tree: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        tie('tree').map((item) => z.array(item).check(z.minLength(1))),
        fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('tree'), { minKeys: 1 }).map((shape) => z.object(shape)),
        tie('tree').map((inner) => z.optional(inner)),
        tie('tree').map((inner) => z.nullable(inner)),
        fc.tuple(tie('tree'), tie('tree')).map(([a, b]) => z.union([a, b])),
        tie('tree').map((value) => z.record(z.string(), value)),
        tie('tree').map((inner) => (inner as z.ZodMiniType).check(z.describe('described'))),
        fc.constant(z._default(z.string(), 'fallback')),
      ),
    }));
    fc.assert(
      fc.property(tree, fc.constantFrom('input' as const, 'output' as const), (schema, io) => {
        expect(toJsonSchema(schema, io)).toEqual(zodJsonSchema(schema, io));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a kind of schema it does not know, rather than describing it wrongly', () => {
    expect(() => toJsonSchema(z.date(), 'input')).toThrow(/type date/);
    const tree = z.object({
      get children() {
        return z.array(tree);
      },
    });
    expect(() => toJsonSchema(tree, 'output')).toThrow(RangeError);
    expect(() => toJsonSchema(z.record(z.enum(['a', 'b']), z.string()), 'input')).toThrow(/needs every key/);
    expect(() => toJsonSchema(z.literal(['a', 'b']), 'input')).toThrow(/literal/);
    expect(() => toJsonSchema(z._default(z.pipe(z.string(), z.transform((value: string) => value.length)), 3), 'input')).toThrow(/default/);
    expect(() => toJsonSchema(z.string().check(z.meta({ examples: ['x'] })), 'input')).toThrow(/examples/);
    expect(() => toJsonSchema(z.intersection(z.object({}), z.object({})), 'output')).toThrow(/type intersection/);
    expect(() => toJsonSchema(z.url(), 'input')).toThrow(/format url/);
  });
});
