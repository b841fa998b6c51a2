import { globalRegistry, type core } from 'zod/mini';

// JSON Schema (draft 2020-12) of truecost's zod/mini schemas, for `jsonSchemas()` and the OpenAPI
// document. It writes what zod's own `z.toJSONSchema(schema, { io, unrepresentable: 'any' })`
// writes for the kinds of schema truecost uses, and a test (test/schemas/json-schema.test.ts)
// holds the two equal on every request, response and parameter schema of the API in both
// directions. Zod's generator covers every kind of schema and every target, and is most of the
// gzipped size of a bundle's OpenAPI support; this covers the dozen kinds truecost needs in a
// fraction of that (docs/bundle-size.md). A kind it does not know is refused with an error.

/** A JSON Schema object. */
export type JsonSchemaObject = Record<string, unknown>;

/** Which side of a schema to describe: what may be sent (`input`) or what parsing gives (`output`). */
export type JsonSchemaIo = 'input' | 'output';

/** The dialect written in `$schema`. */
export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

type Json = Record<string, unknown>;
type Def = Record<string, any>;

/**
 * The JSON Schema of `schema` for `io`, with `$schema` naming draft 2020-12; a transform, which
 * JSON Schema cannot say, is the empty schema.
 *
 * @throws Error for a kind of schema truecost does not use (a date, a map, a lazy schema, ...).
 */
export function toJsonSchema(schema: core.$ZodType, io: JsonSchemaIo): JsonSchemaObject {
  const conversion: Conversion = { io, intersections: [], nodes: [] };
  const body = convert(schema, conversion, []);
  // Intersections fold once every node is written, innermost first, in every node that carries them.
  for (const allOf of conversion.intersections) {
    for (const node of conversion.nodes) if (node['allOf'] === allOf) foldIntersection(node);
  }
  return JSON.parse(JSON.stringify({ $schema: JSON_SCHEMA_DIALECT, ...body })) as JsonSchemaObject;
}

interface Conversion {
  readonly io: JsonSchemaIo;
  /** The `allOf` list of each intersection, innermost first. */
  readonly intersections: unknown[][];
  /** Every node written. */
  readonly nodes: Json[];
}

function convert(schema: core.$ZodType, conversion: Conversion, path: core.$ZodType[]): Json {
  if (path.includes(schema)) throw new Error('A recursive schema has no JSON Schema here.');
  const { io } = conversion;
  const inner = (next: core.$ZodType) => convert(next, conversion, [...path, schema]);
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
    case 'any':
    case 'transform':
      break;
    case 'enum':
      own = valuesSchema(enumValues(def['entries'] as Record<string, string | number>), false);
      break;
    case 'literal':
      own = valuesSchema((def['values'] as unknown[]).filter((value) => value !== undefined), true);
      break;
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
      own = recordSchema(def, io, inner);
      break;
    case 'union':
      own = { [def['inclusive'] === false ? 'oneOf' : 'anyOf']: (def['options'] as core.$ZodType[]).map(inner) };
      break;
    case 'intersection': {
      // A member that is itself an intersection, and no more, lends its members.
      const members = [def['left'], def['right']].flatMap((member: core.$ZodType) => {
        const json = inner(member);
        const simple = (member._zod.def as Def)['type'] === 'intersection' && Array.isArray(json['allOf']) && Object.keys(json).length === 1;
        return simple ? (json['allOf'] as Json[]) : [json];
      });
      own = { allOf: members };
      conversion.intersections.push(members);
      break;
    }
    case 'nullable':
      own = { anyOf: [inner(def['innerType']), { type: 'null' }] };
      break;
    case 'optional':
      base = inner(def['innerType']);
      break;
    case 'default':
      base = inner(def['innerType']);
      own = { default: JSON.parse(JSON.stringify(def['defaultValue'])) as unknown };
      break;
    case 'pipe': {
      const from = def['in'] as core.$ZodType;
      base = inner(io === 'input' && !isTransform(from) ? from : def['out']);
      break;
    }
    default:
      throw new Error(`No JSON Schema for a zod schema of type ${String(def['type'])}.`);
  }
  const meta = globalRegistry.get(schema);
  if (meta !== undefined) Object.assign(own, meta);
  if (io === 'input' && transforms(schema, new Set())) {
    delete own['default'];
    delete own['examples'];
  }
  const json = { ...base, ...own };
  compactTypeUnion(json);
  conversion.nodes.push(json);
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
        if (def['format'] !== 'safeint') throw new Error(`No JSON Schema for a number of format ${String(def['format'])} here.`);
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
        throw new Error(`No JSON Schema for a check ${String(def['check'])} here.`);
    }
  }
  return bounds;
}

function stringSchema(schema: core.$ZodType): Json {
  const { minimum, maximum, format, patterns } = boundsOf(schema);
  const json: Json = { type: 'string' };
  if (typeof minimum === 'number') json['minLength'] = minimum;
  if (typeof maximum === 'number') json['maxLength'] = maximum;
  if (format !== undefined) {
    if (format !== 'email') throw new Error(`No JSON Schema for a string of format ${String(format)} here.`);
    json['format'] = format;
  }
  const list = patterns === undefined ? [] : [...(patterns as Set<RegExp>)];
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

/** The values of a zod enum: of a TypeScript numeric enum, its values without the reverse names. */
function enumValues(entries: Record<string, string | number>): (string | number)[] {
  const numbers = Object.values(entries).filter((value) => typeof value === 'number');
  return Object.entries(entries)
    .filter(([key]) => !numbers.includes(Number(key)))
    .map(([, value]) => value);
}

function valuesSchema(values: unknown[], literal: boolean): Json {
  if (values.length === 0) return literal ? {} : { not: {} };
  if (literal && values.length === 1) {
    const value = values[0];
    return { type: value === null ? 'null' : typeof value, const: value };
  }
  const json: Json = {};
  for (const type of ['number', 'string', 'boolean'] as const) {
    if (values.every((value) => typeof value === type)) json['type'] = type;
  }
  if (literal && values.every((value) => value === null)) json['type'] = 'null';
  json['enum'] = values;
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
  const properties: Json = {};
  const required: string[] = [];
  for (const key of Object.keys(shape)) {
    Object.defineProperty(properties, key, { value: inner(shape[key]!), writable: true, enumerable: true, configurable: true });
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

function recordSchema(def: Def, io: JsonSchemaIo, inner: (schema: core.$ZodType) => Json): Json {
  const keyType = def['keyType'] as core.$ZodType;
  const json: Json = { type: 'object', propertyNames: inner(keyType), additionalProperties: inner(def['valueType']) };
  const keys = keyType._zod.values;
  const omittableOnInput = io === 'input' && inputOptin(def['valueType']) !== undefined;
  if (keys !== undefined && def['partial'] !== true && !omittableOnInput) {
    const names = [...keys].filter((key) => typeof key === 'string' || typeof key === 'number').map(String);
    if (names.length > 0) json['required'] = names;
  }
  return json;
}

function isTransform(schema: core.$ZodType): boolean {
  return schema._zod.traits.has('$ZodTransform');
}

/** Whether parsing `schema` may change a value's type (its input and output differ). */
function transforms(schema: core.$ZodType, seen: Set<core.$ZodType>): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  const def = schema._zod.def as Def;
  const any = (list: core.$ZodType[]) => list.some((item) => transforms(item, seen));
  switch (def['type']) {
    case 'transform':
      return true;
    case 'array':
      return transforms(def['element'], seen);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return transforms(def['innerType'], seen);
    case 'intersection':
      return any([def['left'], def['right']]);
    case 'record':
      return any([def['keyType'], def['valueType']]);
    case 'pipe':
      return schema._zod.traits.has('$ZodCodec') || any([def['in'], def['out']]);
    case 'object':
      return any(Object.values(def['shape'] as Record<string, core.$ZodType>));
    case 'union':
      return any(def['options']);
    default:
      return false;
  }
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

const FOLDABLE_KEYS = new Set(['type', 'properties', 'required', 'additionalProperties']);
const UNION_KEYS = ['oneOf', 'anyOf'] as const;

/** What a member says of a key it does not declare: a schema, or nothing. */
function undeclaredConstraint(member: Json): unknown {
  const extra = member['additionalProperties'];
  if (extra === undefined || extra === false || typeof extra !== 'object' || extra === null) return null;
  return Object.keys(extra).length > 0 ? extra : null;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Object members as the one object they describe together, or null when one says more than that. */
function foldObjects(members: unknown[]): Json | null {
  const objects: Json[] = [];
  for (const member of members) {
    if (member === null || typeof member !== 'object' || (member as Json)['type'] !== 'object') return null;
    if (Object.keys(member).some((key) => !FOLDABLE_KEYS.has(key))) return null;
    objects.push(member as Json);
  }
  const properties: Json = {};
  const required = new Set<string>();
  for (const object of objects) {
    for (const key of Object.keys((object['properties'] as Json | undefined) ?? {})) {
      if (Object.hasOwn(properties, key)) continue;
      const parts: unknown[] = [];
      for (const other of objects) {
        const part = (other['properties'] as Json | undefined)?.[key] ?? undeclaredConstraint(other);
        if (part === null || part === undefined) continue;
        if (!parts.some((seen) => sameJson(seen, part))) parts.push(part);
      }
      const merged = parts.length === 1 ? parts[0] : (foldObjects(parts) ?? { allOf: parts });
      Object.defineProperty(properties, key, { value: merged, writable: true, enumerable: true, configurable: true });
    }
    for (const key of (object['required'] as string[] | undefined) ?? []) required.add(key);
  }
  const folded: Json = { type: 'object', properties };
  if (required.size > 0) folded['required'] = [...required];
  if (objects.every((object) => object['additionalProperties'] === false)) folded['additionalProperties'] = false;
  else {
    const constraints: unknown[] = [];
    for (const object of objects) {
      const constraint = undeclaredConstraint(object);
      if (constraint !== null && !constraints.some((seen) => sameJson(seen, constraint))) constraints.push(constraint);
    }
    if (constraints.length === 1) folded['additionalProperties'] = constraints[0];
    else if (constraints.length > 1) folded['additionalProperties'] = { allOf: constraints };
  }
  return folded;
}

/**
 * An intersection of objects as one object: JSON Schema's `additionalProperties` in one member of
 * an `allOf` would refuse the other members' keys, where zod pools them. An intersection with a
 * union is folded into each branch of the union.
 */
function foldIntersection(json: Json): void {
  const allOf = json['allOf'];
  if (!Array.isArray(allOf) || allOf.length < 2) return;
  for (const key of FOLDABLE_KEYS) if (key in json) return;
  const unions = (allOf as Json[]).filter((member) => UNION_KEYS.some((key) => Array.isArray(member[key])));
  let folded: Json | null;
  if (unions.length === 0) folded = foldObjects(allOf);
  else {
    const union = unions[0]!;
    const keyword = UNION_KEYS.find((key) => Array.isArray(union[key]))!;
    if (Object.keys(union).length !== 1) return;
    const rest = (allOf as Json[]).filter((member) => member !== union);
    const branches = (union[keyword] as Json[]).map((branch) => foldObjects([...rest, branch]));
    if (branches.some((branch) => branch === null)) return;
    folded = { [keyword]: branches };
  }
  if (folded === null) return;
  delete json['allOf'];
  Object.assign(json, folded);
}
