import { readFile } from 'node:fs/promises';
import type { CalculationEndpoint } from '../orders/calculations.js';
import { calcCsv } from './calc-csv.js';
import { calculate, calculatorCalls, type CalcAnswer, type CalcOutcome } from './calculator-calls.js';
import { explanationText } from './explain-text.js';
import { reportCsv } from './report-csv.js';
import { integerOption, parseCommand, UsageError } from './usage.js';

/** The calculator paths by the name `truecost calc NAME` takes. */
export const CALCULATOR_PATHS: Readonly<Record<string, string>> = {
  flight: '/v3/flight',
  cars: '/v3/cars',
  transportation: '/v3/transportation',
  logistics: '/v3/logistics',
  commute: '/v3/commute',
  freight: '/v3/logistics/freight',
  trip: '/v3/trip',
};

/** What the command prints for an answer of the API: `render` of a 200 body, else its message and problem. */
export function outcomeOf(answer: CalcAnswer, render: (body: any) => string): CalcOutcome {
  if (answer.status === 200) {
    // The answer stays the API's; what the API ignored is said beside it, as its header does.
    const ignored = answer.ignored === null ? '' : `Ignored fields: ${answer.ignored.split(',').map(decodeURIComponent).join(', ')}`;
    return { stdout: render(answer.body), stderr: ignored, exitCode: 0 };
  }
  const where = answer.body.error === undefined ? '' : ` ${answer.body.error.path}: ${answer.body.error.reason}`;
  return { stdout: '', stderr: `${answer.body.message}${where}`, exitCode: answer.status < 500 ? 2 : 1 };
}

/** `--basis`: `wtw` or `ttw`, as the API's `basis` takes it. */
export function basisArgument(value: string | undefined): string | undefined {
  if (value === undefined || value === 'wtw' || value === 'ttw') return value;
  throw new UsageError(`--basis must be wtw (well-to-wheel, the default) or ttw (tank-to-wheel); got ${JSON.stringify(value)}.`);
}

/** The calculators with an ISO 14083 report (`--report`). */
const REPORTING = new Set(['logistics', 'freight']);

/** `--report`: `csv` or `json`, on the calculators that have a report. */
function reportArgument(value: string | undefined, name: string): 'csv' | 'json' | undefined {
  if (value === undefined) return undefined;
  if (!REPORTING.has(name)) throw new UsageError(`--report is for truecost calc logistics and freight only, not ${name}.`);
  if (value === 'csv' || value === 'json') return value;
  throw new UsageError(`--report must be csv or json (the ISO 14083 report); got ${JSON.stringify(value)}.`);
}

/** The request body: the JSON of FILE when one is named, else of stdin. */
async function requestText(file: string | undefined, stdin: () => Promise<string>): Promise<string> {
  if (file === undefined) return stdin();
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`truecost calc cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
  }
}

/**
 * `truecost calc NAME [FILE] [--json] [--explain] [--basis wtw|ttw] [--report csv|json]`: reads the
 * request body from FILE or stdin and prints the response body as JSON, with `explanations` for
 * --explain; --report prints the ISO 14083 report of a logistics or freight request, as CSV or JSON.
 * `truecost calc NAME FILE.csv` answers each row of the file instead (./calc-csv.ts).
 */
export async function calcCommand(args: readonly string[], stdin: () => Promise<string>): Promise<CalcOutcome> {
  const { positionals, values } = parseCommand(args, {
    json: { type: 'boolean' },
    explain: { type: 'boolean' },
    basis: { type: 'string' },
    report: { type: 'string' },
  });
  const basis = basisArgument(values.basis);
  const [name, file, ...rest] = positionals;
  const path = name === undefined ? undefined : CALCULATOR_PATHS[name];
  if (name === undefined || path === undefined || rest.length > 0) {
    throw new UsageError(`truecost calc needs one calculator: ${Object.keys(CALCULATOR_PATHS).join(', ')}, and at most one request file.`);
  }
  if (file !== undefined && /\.csv$/i.test(file)) {
    const other = (['json', 'explain', 'basis', 'report'] as const).find((option) => values[option] !== undefined);
    if (other !== undefined) throw new UsageError(`--${other} is for a JSON request body; a CSV file's rows are answered as CSV.`);
    return calcCsv(name as CalculationEndpoint, path, await requestText(file, stdin), await calculatorCalls(), file);
  }
  const report = reportArgument(values.report, name);
  if (report !== undefined && values.explain === true) throw new UsageError('--report lists every leg already; it does not take --explain.');
  const text = await requestText(file, stdin);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new UsageError(`truecost calc reads a JSON request body from ${file ?? 'stdin'}, and this is not JSON.`);
  }
  const answer = await calculate(path, body, { explain: values.explain === true, basis, report: report !== undefined });
  return outcomeOf(answer, (result) => (report === 'csv' ? reportCsv(result) : JSON.stringify(result)));
}

const FLIGHT_CLASSES = ['ECONOMY', 'PREMIUM_ECONOMY', 'BUSINESS', 'FIRST'];

/**
 * The cabin of `--class`, spelt exactly as the API's `flight_class` takes it (upper case, as the
 * contract lists it): the shell and the API accept the same values.
 */
function flightClassOption(value: string | undefined): string {
  if (value === undefined) return 'ECONOMY';
  if (FLIGHT_CLASSES.includes(value)) return value;
  const upper = value.toUpperCase();
  const hint = FLIGHT_CLASSES.includes(upper) ? `; did you mean ${upper}? The API takes it in upper case only` : '';
  throw new UsageError(`--class must be one of ${FLIGHT_CLASSES.join(', ')}${hint}; got ${JSON.stringify(value)}.`);
}

/** The command line's words for each field of the flight it sends. */
const FLIGHT_ARGUMENTS: Readonly<Record<string, string>> = {
  departure: 'the departure airport',
  arrival: 'the arrival airport',
  no_of_tickets: '--tickets',
  flight_class: '--class',
  aircraft_model: '--aircraft',
  carrier: '--carrier',
};

/**
 * A refusal of the API in the command line's words: the argument and the value as typed, and the
 * reason (`the arrival airport "XYZ" is refused: Unknown IATA airport code.`), without the API's
 * message or the field's JSON path. Undefined for a problem no argument stands for.
 */
function flightArgumentRefused(problem: { path?: unknown; reason?: unknown } | undefined, flight: Readonly<Record<string, unknown>>): string | undefined {
  const field = typeof problem?.path === 'string' ? problem.path.split('.').at(-1)! : '';
  const words = FLIGHT_ARGUMENTS[field];
  if (words === undefined || flight[field] === undefined) return undefined;
  return `${words} ${JSON.stringify(String(flight[field]))} is refused: ${String(problem?.reason)}`;
}

/**
 * `truecost flight FROM TO [--class C] [--round-trip] [--tickets N] [--aircraft CODE] [--carrier IATA] [--basis wtw|ttw] [--json] [--explain]`;
 * --explain prints how the figure was computed under it (or adds `explanations` to the JSON).
 */
export async function flightCommand(args: readonly string[]): Promise<CalcOutcome> {
  const { positionals, values } = parseCommand(args, {
    class: { type: 'string' },
    'round-trip': { type: 'boolean' },
    tickets: { type: 'string' },
    aircraft: { type: 'string' },
    carrier: { type: 'string' },
    basis: { type: 'string' },
    json: { type: 'boolean' },
    explain: { type: 'boolean' },
  });
  const basis = basisArgument(values.basis);
  const [departure, arrival, ...rest] = positionals;
  if (departure === undefined || arrival === undefined || rest.length > 0) {
    throw new UsageError('truecost flight needs a departure and an arrival airport, e.g. truecost flight DEL BOM.');
  }
  const flightClass = flightClassOption(values.class);
  const flight = {
    departure,
    arrival,
    no_of_tickets: integerOption(values.tickets, 'tickets', 1, 1, 1_000_000),
    flight_class: flightClass,
    flight_type: values['round-trip'] === true ? 'ROUND_TRIP' : 'ONE_WAY',
    ...(values.aircraft === undefined ? {} : { aircraft_model: values.aircraft }),
    ...(values.carrier === undefined ? {} : { carrier: values.carrier }),
  };
  const explain = values.explain === true;
  const answer = await calculate(CALCULATOR_PATHS['flight']!, { queries: { flights: [flight] } }, { explain, basis });
  const refused = answer.status === 400 ? flightArgumentRefused(answer.body.error, flight) : undefined;
  if (refused !== undefined) throw new UsageError(refused);
  return outcomeOf(answer, (body) => {
    if (values.json === true) return JSON.stringify(body);
    const tonnes = body.truecost[0].truecost as string;
    const trip = flight.flight_type === 'ROUND_TRIP' ? 'round trip' : 'one way';
    const scope = basis === 'ttw' ? ' (tank-to-wake)' : '';
    const line = `${departure.toUpperCase()} to ${arrival.toUpperCase()}, ${flightClass}, ${trip}, ${flight.no_of_tickets} ticket(s): ${tonnes} t CO2e${scope}`;
    return explain ? `${line}\n${explanationText(body.explanations[0])}` : line;
  });
}
