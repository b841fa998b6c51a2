import { globalRegistry, type core } from 'zod/mini';

// JSON Schema (draft 2020-12) of truecost's zod/mini schemas, for `jsonSchemas()` and the OpenAPI
// document. It writes what zod's own `z.toJSONSchema(schema, { io, unrepresentable: 'any' })`
// writes for the kinds of schema truecost uses, and a test (test/schemas/to-json-schema.test.ts)
// holds the two equal on every request, response and parameter schema of the API in both
// directions. Zod's generator covers every kind of schema and every target, and is most of the
// gzipped size of a bundle's OpenAPI support; this covers the dozen kinds truecost needs in a
// fraction of that (docs/bundle-size.md). A kind it does not know (an intersection, a date, a
// lazy schema, ...) is refused with an error.

/** A JSON Schema object. */
export type JsonSchemaObject = Record<string, unknown>;

/** Which side of a schema to describe: what may be sent (`input`) or what parsing gives (`output`). */
export type JsonSchemaIo = 'input' | 'output';

/** The dialect written in `$schema`. */
export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

type Json = Record<string, unknown>;

/** The kinds of schema a default may stand over: they never transform. */
const PLAIN_TYPES: readonly string[] = ['string', 'number', 'boolean', 'enum'];
type Def = Record<string, any>;

/**
 * The JSON Schema of `schema` for `io`, with `$schema` naming draft 2020-12; a transform, which
 * JSON Schema cannot say, is the empty schema.
 *
 * @throws Error for a kind of schema truecost does not use (an intersection, a date, a lazy schema, ...).
 */
export function toJsonSchema(schema: core.$ZodType, io: JsonSchemaIo): JsonSchemaObject {
  const body = convert(schema, io);
  return JSON.parse(JSON.stringify({ $schema: JSON_SCHEMA_DIALECT, ...body })) as JsonSchemaObject;
}

// A recursive schema (a getter in a shape) runs out of stack: a RangeError, as for any recursion.
function convert(schema: core.$ZodType, io: JsonSchemaIo): Json {
  const inner = (next: core.$ZodType) => convert(next, io);
  const def = schema._zod.def as Def;
  let own: Json = {};
  let base: Json = {};
  switch (def['type']) {
    case 'string':
      own = stringSchema(schema);
      break;
    case 'number':
      own = numberSchema(schema);
      break;
    case 'boolean':
      own = { type: 'boolean' };
      break;
    case 'unknown':
    case 'transform':
      break;
    case 'enum': {
      const values = Object.values(def['entries'] as Record<string, unknown>);
      if (values.length === 0 || values.some((value) => typeof value !== 'string')) throw unsupported('this enum');
      own = { type: 'string', enum: values };
      break;
    }
    case 'literal': {
      const [value, ...others] = def['values'] as unknown[];
      if (others.length > 0 || !['string', 'number', 'boolean'].includes(typeof value)) throw unsupported('this literal');
      own = { type: typeof value, const: value };
      break;
    }
    case 'array': {
      const { minimum, maximum } = boundsOf(schema);
      own = { type: 'array', items: inner(def['element']) };
      if (typeof minimum === 'number') own['minItems'] = minimum;
      if (typeof maximum === 'number') own['maxItems'] = maximum;
      break;
    }
    case 'object':
      own = objectSchema(def, io, inner);
      break;
    case 'record':
      own = recordSchema(def, inner);
      break;
    case 'union':
      own = { [def['inclusive'] === false ? 'oneOf' : 'anyOf']: (def['options'] as core.$ZodType[]).map(inner) };
      break;
    case 'nullable':
      own = { anyOf: [inner(def['innerType']), { type: 'null' }] };
      break;
    case 'optional':
      base = inner(def['innerType']);
      break;
    case 'default':
      // zod leaves out the default of a schema that transforms, when describing what is sent;
      // truecost's defaults are plain values of a plain type, and only those are written.
      if (!PLAIN_TYPES.includes((def['innerType'] as core.$ZodType)._zod.def.type)) throw unsupported('a default of this type');
      base = inner(def['innerType']);
      own = { default: def['defaultValue'] as unknown };
      break;
    case 'pipe': {
      const from = def['in'] as core.$ZodType;
      base = inner(io === 'input' && !isTransform(from) ? from : def['out']);
      break;
    }
    default:
      throw unsupported(`type ${String(def['type'])}`);
  }
  const meta = globalRegistry.get(schema);
  if (meta !== undefined) {
    if ('default' in meta || 'examples' in meta) throw unsupported('metadata with default or examples');
    Object.assign(own, meta);
  }
  const json = { ...base, ...own };
  compactTypeUnion(json);
  return json;
}

/** What the checks of a schema bound, as zod's generator reads them. */
interface Bounds {
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  format?: string;
  patterns?: Set<RegExp>;
}

/** The bounds, format and patterns of a schema's checks (a format schema is its own first check). */
function boundsOf(schema: core.$ZodType): Bounds {
  const bounds: Bounds = {};
  const low = (key: 'minimum' | 'exclusiveMinimum', value: number) => {
    if (bounds[key] === undefined || value > bounds[key]) bounds[key] = value;
  };
  const high = (key: 'maximum' | 'exclusiveMaximum', value: number) => {
    if (bounds[key] === undefined || value < bounds[key]) bounds[key] = value;
  };
  const checks = ((schema._zod.def as Def)['checks'] ?? []) as core.$ZodCheck[];
  for (const check of schema._zod.traits.has('$ZodCheck') ? [schema as unknown as core.$ZodCheck, ...checks] : checks) {
    const def = check._zod.def as Def;
    switch (def['check']) {
      case 'greater_than':
        low(def['inclusive'] ? 'minimum' : 'exclusiveMinimum', def['value']);
        break;
      case 'less_than':
        high(def['inclusive'] ? 'maximum' : 'exclusiveMaximum', def['value']);
        break;
      case 'min_length':
        low('minimum', def['minimum']);
        break;
      case 'max_length':
        high('maximum', def['maximum']);
        break;
      case 'number_format':
        if (def['format'] !== 'safeint') throw unsupported(`format ${String(def['format'])}`);
        bounds.format = 'safeint';
        low('minimum', Number.MIN_SAFE_INTEGER);
        high('maximum', Number.MAX_SAFE_INTEGER);
        break;
      case 'string_format':
        bounds.format = def['format'];
        if (def['pattern'] !== undefined) (bounds.patterns ??= new Set()).add(def['pattern']);
        break;
      case 'custom':
      case 'describe':
      case 'meta':
        break;
      default:
        throw unsupported(`check ${String(def['check'])}`);
    }
  }
  return bounds;
}

function unsupported(what: string): Error {
  return new Error(`No JSON Schema for ${what}.`);
}

function stringSchema(schema: core.$ZodType): Json {
  const { minimum, maximum, format, patterns } = boundsOf(schema);
  const json: Json = { type: 'string' };
  if (typeof minimum === 'number') json['minLength'] = minimum;
  if (typeof maximum === 'number') json['maxLength'] = maximum;
  // A `z.regex` check is a format of its own in zod; JSON Schema says it with `pattern` alone.
  if (format !== undefined && format !== 'regex') {
    if (format !== 'email' && format !== 'uuid') throw unsupported(`format ${String(format)}`);
    json['format'] = format;
  }
  const list = patterns === undefined ? [] : [...patterns];
  if (list.length === 1) json['pattern'] = list[0]!.source;
  else if (list.length > 1) json['allOf'] = list.map((pattern) => ({ pattern: pattern.source }));
  return json;
}

function numberSchema(schema: core.$ZodType): Json {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, format } = boundsOf(schema);
  const json: Json = { type: format === 'safeint' ? 'integer' : 'number' };
  // Of a bound given both ways, the tighter one.
  if (typeof exclusiveMinimum === 'number' && exclusiveMinimum >= (minimum ?? -Infinity)) json['exclusiveMinimum'] = exclusiveMinimum;
  else if (typeof minimum === 'number') json['minimum'] = minimum;
  if (typeof exclusiveMaximum === 'number' && exclusiveMaximum <= (maximum ?? Infinity)) json['exclusiveMaximum'] = exclusiveMaximum;
  else if (typeof maximum === 'number') json['maximum'] = maximum;
  return json;
}

/** Whether a field may be left out: of what is sent (`input`) or of what parsing gives (`output`). */
function omittable(field: core.$ZodType, io: JsonSchemaIo): boolean {
  if (io === 'output') return field._zod.optout !== undefined;
  return inputOptin(field) !== undefined;
}

/** A transform or a catch may see an absent key, but what is sent stays required: read past them. */
function inputOptin(field: core.$ZodType): string | undefined {
  const def = field._zod.def as Def;
  if (def['type'] === 'pipe' && isTransform(def['in'])) return inputOptin(def['out']);
  if (def['type'] === 'catch') return inputOptin(def['innerType']);
  return field._zod.optin;
}

function objectSchema(def: Def, io: JsonSchemaIo, inner: (schema: core.$ZodType) => Json): Json {
  const shape = def['shape'] as Record<string, core.$ZodType>;
  // No prototype, so that a field named __proto__ is a property like any other.
  const properties: Json = Object.create(null) as Json;
  const required: string[] = [];
  for (const key of Object.keys(shape)) {
    properties[key] = inner(shape[key]!);
    if (!omittable(shape[key]!, io)) required.push(key);
  }
  const json: Json = { type: 'object', properties };
  if (required.length > 0) json['required'] = required;
  const catchall = def['catchall'] as core.$ZodType | undefined;
  if (catchall === undefined) {
    if (io === 'output') json['additionalProperties'] = false;
  } else if ((catchall._zod.def as Def)['type'] === 'never') json['additionalProperties'] = false;
  else json['additionalProperties'] = inner(catchall);
  return json;
}

function recordSchema(def: Def, inner: (schema: core.$ZodType) => Json): Json {
  const keyType = def['keyType'] as core.$ZodType;
  // A record over a set of keys needs every key, unless it is partial: truecost's are partial or open.
  if (keyType._zod.values !== undefined && def['partial'] !== true) throw unsupported('a record that needs every key');
  return { type: 'object', propertyNames: inner(keyType), additionalProperties: inner(def['valueType']) };
}

function isTransform(schema: core.$ZodType): boolean {
  return schema._zod.traits.has('$ZodTransform');
}

/** `anyOf` of bare types as one `type` (a list, or one name). */
function compactTypeUnion(json: Json): void {
  const options = json['anyOf'];
  if (!Array.isArray(options) || options.length === 0 || json['type'] !== undefined) return;
  const types: string[] = [];
  for (const option of options as unknown[]) {
    if (option === null || typeof option !== 'object') return;
    compactTypeUnion(option as Json);
    const keys = Object.keys(option);
    if (keys.length !== 1 || keys[0] !== 'type') return;
    const type = (option as Json)['type'];
    for (const member of Array.isArray(type) ? (type as unknown[]) : [type]) {
      if (typeof member !== 'string') return;
      if (!types.includes(member)) types.push(member);
    }
  }
  delete json['anyOf'];
  json['type'] = types.length === 1 ? types[0] : types;
}
