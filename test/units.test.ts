import { resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Every number truecost's core hands out or takes in an exported interface says its unit: in the
// field's name (`distance_km`, `timeoutMs`, `microClimes`) or in its doc comment ("in tonnes",
// "in milliseconds since the epoch", "a count"). A field without one fails here, naming it.
const root = resolve(import.meta.dirname, '..');

/** A unit in a field's name. */
const UNIT_IN_NAME = /(_km|Km|_kg|Kg|Kilograms|kilograms|_t|Tonnes|tonnes|_tonnes|Ms|_ms|Seconds|_seconds|Bytes|_bytes|MicroClimes|Grams|_g|Percent)$/;
/** A unit, or the statement that the number is a count, a ratio or a code, in a doc comment. */
const UNIT_IN_DOC =
  /\b(kg|grams?|tonnes?|km|kWh|litres?|ms|milliseconds?|seconds?|minutes?|hours?|days?|bytes?|micro-climes|climes|degrees?|tokens?|tokens\/s|count|how many|multiplier|fraction|share|ratio|code)\b|%|in `\w+`|in the unit of|in the (element|result)'s unit/i;

interface NumericField {
  readonly field: string;
  readonly doc: string;
}

function numericFieldsOfExportedInterfaces(entry: string): NumericField[] {
  const configPath = resolve(root, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root, { noEmit: true }, configPath);
  const program = ts.createProgram({ rootNames: [resolve(root, entry)], options: parsed.options });
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(resolve(root, entry));
  const module = file === undefined ? undefined : checker.getSymbolAtLocation(file);
  if (module === undefined) throw new Error(`${entry} is not a module`);
  const isNumeric = (type: ts.Type): boolean =>
    (type.flags & (ts.TypeFlags.NumberLike | ts.TypeFlags.BigIntLike)) !== 0 || (type.isUnion() && type.types.some(isNumeric) && type.types.every((part) => isNumeric(part) || (part.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)) !== 0));
  const fields: NumericField[] = [];
  for (const exported of checker.getExportsOfModule(module)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    if ((symbol.flags & ts.SymbolFlags.Interface) === 0) continue;
    for (const property of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol))) {
      if (!isNumeric(checker.getNonNullableType(checker.getTypeOfSymbol(property)))) continue;
      fields.push({ field: `${exported.getName()}.${property.getName()}`, doc: ts.displayPartsToString(property.getDocumentationComment(checker)) });
    }
  }
  return fields;
}

describe('the units of the core', () => {
  it('are in the name or the doc comment of every numeric field of an exported interface of truecost', () => {
    const fields = numericFieldsOfExportedInterfaces('src/index.ts');
    expect(fields.length).toBeGreaterThan(50);
    const unitless = fields.filter(({ field, doc }) => !UNIT_IN_NAME.test(field) && !UNIT_IN_DOC.test(doc)).map(({ field }) => field);
    expect(unitless).toEqual([]);
  }, 60_000);

  it('are read from names and doc comments as a reader would', () => {
    expect(UNIT_IN_NAME.test('Leg.distance_km')).toBe(true);
    expect(UNIT_IN_DOC.test('When the order was created, in milliseconds since the epoch.')).toBe(true);
    expect(UNIT_IN_DOC.test("The cargo's mass, in tonnes.")).toBe(true);
    expect(UNIT_IN_DOC.test('The earliest time the next attempt may start.')).toBe(false);
    expect(UNIT_IN_DOC.test('')).toBe(false);
  });
});
