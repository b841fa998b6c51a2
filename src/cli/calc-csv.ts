// `truecost calc NAME FILE.csv`: a calculator on every row of a CSV file, one result row per input
// row, in order. Each row is one request of that calculator with a single element (docs/api.md,
// "Many requests from a CSV file"); every row goes through the one handler the command made, so
// that a row is refused exactly as the API would refuse its request.
import { csvCell } from '../dashboard/csv.js';
import type { CalculationEndpoint } from '../orders/calculations.js';
import { requestSchemas } from '../schemas/catalog.js';
import { toJsonSchema, type JsonSchemaObject } from '../schemas/json-schema.js';
import type { CalcOutcome, CalculatorCall } from './calculator-calls.js';
import { CsvSyntaxError, csvRecords } from './csv-read.js';
import { UsageError } from './usage.js';

/** The fields of one row, by column name, each parsed as its field's type. */
type Fields = Record<string, unknown>;

/** What a cell holds once parsed: the JSON type its field takes. */
type CellType = 'number' | 'boolean' | 'string';

/** The columns a field set offers, by name (`seat_map.economy` for a nested field), with their type. */
type Columns = ReadonlyMap<string, CellType>;

/** How the rows of one calculator become its requests, and its answer a figure. */
interface RowForm {
  /** The request's own fields (`configs`, `trip`), and where the API reports problems with them. */
  readonly request: { readonly columns: Columns; readonly path: string };
  /** The single element's fields, and its path in the API's problems (`queries.legs.0`). */
  readonly element: { readonly columns: Columns; readonly path: string };
  /** The element's id field, which takes the row's id when the row has none. */
  readonly idField?: string;
  /** The request body of a row. */
  readonly body: (request: Fields, element: Fields) => unknown;
  /** The answer's figure, in the answer's unit. */
  readonly figure: (answer: any) => number | string;
  /** The answer's unit: tonnes or kilograms of CO2e. */
  readonly unit: 't' | 'kg';
}

/** The JSON Schema under `schema` at the `properties` path `names`. */
function propertyAt(schema: JsonSchemaObject, ...names: string[]): JsonSchemaObject {
  let at = schema;
  for (const name of names) at = (at['properties'] as Record<string, JsonSchemaObject>)[name]!;
  return at;
}

/** The element schema of an array property: its `items`. */
function itemsOf(schema: JsonSchemaObject): JsonSchemaObject {
  return schema['items'] as JsonSchemaObject;
}

/**
 * The columns of an object schema: each property by name, a nested object's by `name.field`, the
 * variants of a `oneOf` together (a trip leg's modes), less the names in `except`.
 */
function columnsOf(schemas: readonly JsonSchemaObject[], except: readonly string[] = []): Map<string, CellType> {
  const columns = new Map<string, CellType>();
  const add = (schema: JsonSchemaObject, prefix: string): void => {
    for (const variant of [...((schema['oneOf'] as JsonSchemaObject[] | undefined) ?? []), ...((schema['anyOf'] as JsonSchemaObject[] | undefined) ?? [])]) add(variant, prefix);
    for (const [name, field] of Object.entries((schema['properties'] as Record<string, JsonSchemaObject> | undefined) ?? {})) {
      if (prefix === '' && except.includes(name)) continue;
      if (field['type'] === 'object') add(field, `${prefix}${name}.`);
      else columns.set(`${prefix}${name}`, field['type'] === 'integer' || field['type'] === 'number' ? 'number' : field['type'] === 'boolean' ? 'boolean' : 'string');
    }
  };
  for (const schema of schemas) add(schema, '');
  return columns;
}

const NO_COLUMNS: Columns = new Map();

/** The row forms, read from the request schemas the API validates with: their columns never drift from the API. */
function rowForms(): Readonly<Record<CalculationEndpoint, RowForm>> {
  const schema = (name: keyof typeof requestSchemas) => toJsonSchema(requestSchemas[name], 'input');
  const queries = (name: keyof typeof requestSchemas, list: string) => columnsOf([itemsOf(propertyAt(schema(name), 'queries', list))]);
  const none = { columns: NO_COLUMNS, path: '' };
  const tonnes = { unit: 't' } as const;
  const bus = schema('bus');
  const suv = schema('suv');
  const freight = schema('freight');
  const trip = propertyAt(schema('trip'), 'trip');
  return {
    flight: {
      ...tonnes,
      request: none,
      element: { columns: queries('flight', 'flights'), path: 'queries.flights.0' },
      idField: 'flight_id',
      body: (_, flight) => ({ queries: { flights: [flight] } }),
      figure: (answer) => answer.truecost[0].truecost,
    },
    cars: {
      ...tonnes,
      request: none,
      element: { columns: queries('car', 'cars'), path: 'queries.cars.0' },
      idField: 'car_id',
      body: (_, car) => ({ queries: { cars: [car] } }),
      figure: (answer) => answer.truecost[0].truecost,
    },
    transportation: {
      unit: 'kg',
      request: { columns: columnsOf([propertyAt(bus, 'configs'), propertyAt(suv, 'configs')]), path: 'configs' },
      element: { columns: columnsOf([itemsOf(propertyAt(bus, 'queries', 'seats'))]), path: 'queries.seats.0' },
      // An SUV row has no seat element: its seat cells, if any, are sent and ignored as the API ignores them.
      body: (configs, seat) => (Object.keys(seat).length === 0 ? { configs } : { configs, queries: { seats: [seat] } }),
      // A bus seat's total, or the whole SUV's (the figure a recorded calculation keeps).
      figure: (answer) => answer.truecost.total ?? answer.truecost.entire_suv_truecost,
    },
    logistics: {
      ...tonnes,
      request: none,
      element: { columns: queries('logistics', 'legs'), path: 'queries.legs.0' },
      body: (_, leg) => ({ queries: { legs: [leg] } }),
      figure: (answer) => answer.truecost.total_truecost,
    },
    commute: {
      ...tonnes,
      request: none,
      element: { columns: queries('commute', 'legs'), path: 'queries.legs.0' },
      body: (_, leg) => ({ queries: { legs: [leg] } }),
      figure: (answer) => answer.truecost.total_truecost,
    },
    freight: {
      ...tonnes,
      request: { columns: columnsOf([propertyAt(freight, 'configs')]), path: 'configs' },
      element: { columns: queries('freight', 'legs'), path: 'queries.legs.0' },
      body: (configs, leg) => ({ configs, queries: { legs: [leg] } }),
      figure: (answer) => answer.truecost.total_truecost,
    },
    trip: {
      unit: 'kg',
      request: { columns: columnsOf([trip], ['legs']), path: 'trip' },
      element: { columns: columnsOf([itemsOf(propertyAt(trip, 'legs'))]), path: 'trip.legs.0' },
      idField: 'leg_id',
      body: ({ trip_id }, leg) => ({ trip: { ...(trip_id === undefined ? {} : { trip_id }), legs: [leg] } }),
      figure: (answer) => answer.trip.total_kg,
    },
  };
}

let forms: Readonly<Record<CalculationEndpoint, RowForm>> | undefined;

/** The columns a calculator's rows take, in the order of its schema: the request's own, then the element's. */
export function csvColumnsOf(name: CalculationEndpoint): { readonly request: readonly string[]; readonly element: readonly string[] } {
  const form = (forms ??= rowForms())[name];
  return { request: [...form.request.columns.keys()], element: [...form.element.columns.keys()] };
}

/** The column that echoes each row's id in the output (the row number when the file has none). */
const ID_COLUMN = 'id';

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A cell as its field's type takes it; a cell that is not one is sent as text, and refused as the API refuses it. */
function cellValue(cell: string, type: CellType): unknown {
  if (type === 'number' && NUMBER.test(cell)) return Number(cell);
  if (type === 'boolean' && (cell === 'true' || cell === 'false')) return cell === 'true';
  return cell;
}

/** Sets a dotted column's value in `fields` (`seat_map.economy` in `seat_map`). */
function setField(fields: Fields, column: string, value: unknown): void {
  const dot = column.indexOf('.');
  if (dot === -1) {
    fields[column] = value;
    return;
  }
  const name = column.slice(0, dot);
  fields[name] ??= {};
  setField(fields[name] as Fields, column.slice(dot + 1), value);
}

/** The column of a problem the API reports at `path`: its path inside the request's fields or the element's; '' for the row as a whole. */
function columnOfProblem(form: RowForm, path: string): string {
  for (const prefix of [form.element.path, form.request.path]) {
    if (prefix !== '' && path.startsWith(`${prefix}.`)) return path.slice(prefix.length + 1);
  }
  return '';
}

/** The kilograms of an answer's figure, to the gram. */
function kilogramsOf(figure: number | string, unit: 't' | 'kg'): number {
  const grams = Math.round(Number(figure) * (unit === 't' ? 1_000_000 : 1000));
  return grams / 1000;
}

/**
 * Runs the calculator `name` on every row of CSV `text` with `call`, and returns the result rows as
 * CSV: `id`, `kg_co2e` (well-to-wheel), the answer's own figure in tonnes (`t_co2e`) where the
 * calculator answers tonnes, then `error_path` and `error_reason` for a row the API refused. Exit
 * code 1 when any row was refused, else 0.
 *
 * @throws UsageError when the file is not CSV, has no header row, or names a column the calculator does not take.
 */
export async function calcCsv(name: CalculationEndpoint, path: string, text: string, call: CalculatorCall, file: string): Promise<CalcOutcome> {
  const form = (forms ??= rowForms())[name];
  let records;
  try {
    records = csvRecords(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new UsageError(`${file} is not CSV: ${error.message}`);
    throw error;
  }
  const [header, ...rows] = records;
  if (header === undefined) throw new UsageError(`${file} has no header row: its first line names the columns.`);
  const columns = header.cells.map((column) => columnPlace(form, column, name));
  const repeated = header.cells.find((column, index) => header.cells.indexOf(column) !== index);
  if (repeated !== undefined) throw new UsageError(`${file} names the column ${JSON.stringify(repeated)} twice.`);

  const out: string[] = [['id', 'kg_co2e', ...(form.unit === 't' ? ['t_co2e'] : []), 'error_path', 'error_reason'].join(',')];
  const line = (cells: readonly (string | number)[]): string => cells.map(csvCell).join(',');
  const empty = form.unit === 't' ? ['', ''] : [''];
  let refused = 0;
  const idAt = header.cells.indexOf(ID_COLUMN);
  for (const [index, row] of rows.entries()) {
    const id = row.cells[idAt] || String(index + 1);
    if (row.cells.length !== header.cells.length) {
      refused += 1;
      out.push(line([id, ...empty, '', `Line ${row.line} has ${row.cells.length} cells; the header has ${header.cells.length}.`]));
      continue;
    }
    const request: Fields = {};
    const element: Fields = {};
    row.cells.forEach((cell, at) => {
      const place = columns[at]!;
      if (cell === '' || place.in === 'id') return;
      setField(place.in === 'request' ? request : element, place.column, cellValue(cell, place.type));
    });
    if (form.idField !== undefined && element[form.idField] === undefined) element[form.idField] = id;
    const answer = await call(path, form.body(request, element));
    if (answer.status === 200) {
      const figure = form.figure(answer.body);
      out.push(line([id, kilogramsOf(figure, form.unit), ...(form.unit === 't' ? [figure] : []), '', '']));
      continue;
    }
    refused += 1;
    const problem = answer.body.error as { path: string; reason: string } | undefined;
    out.push(line([id, ...empty, problem === undefined ? '' : columnOfProblem(form, problem.path), problem?.reason ?? answer.body.message]));
  }
  const summary = refused === 0 ? '' : `${refused} of ${rows.length} rows refused; each says why in error_path and error_reason.`;
  return { stdout: out.join('\n'), stderr: summary, exitCode: refused === 0 ? 0 : 1 };
}

/** Where a header's column goes: the row's id, the request's fields or the element's. */
type ColumnPlace = { readonly in: 'id' } | { readonly in: 'request' | 'element'; readonly column: string; readonly type: CellType };

function columnPlace(form: RowForm, column: string, name: string): ColumnPlace {
  if (column === ID_COLUMN) return { in: 'id' };
  const requestType = form.request.columns.get(column);
  if (requestType !== undefined) return { in: 'request', column, type: requestType };
  const elementType = form.element.columns.get(column);
  if (elementType !== undefined) return { in: 'element', column, type: elementType };
  const known = [ID_COLUMN, ...form.request.columns.keys(), ...form.element.columns.keys()];
  throw new UsageError(`truecost calc ${name} takes no column ${JSON.stringify(column)}; its columns are ${known.join(', ')}.`);
}
