import { parseArgs } from 'node:util';
import { environmentHelp, SERVE_ENV_VARIABLES, wrapped } from './settings.js';

/** A mistake in the command line: reported on stderr with exit code 2. */
export class UsageError extends Error {
  override readonly name: string = 'UsageError';
}

/** An optional package the command needs is not installed: one line naming it, exit code 2. */
export class MissingPackageError extends UsageError {
  override readonly name = 'MissingPackageError';
}

/** The help text of the `truecost` command. */
export const USAGE = `Usage:
  truecost serve [--port 8080] [--host 127.0.0.1] [--db URL] [--rate-limit N] [--log-level info] [--no-request-log]
                 [--request-timeout 30000] [--headers-timeout 10000] [--allow-private-endpoints]
                 [--workers N|auto] [--metrics-port P] [--metrics-host H] [--drain-delay 2000] [--secure-cookies]
                 [--db-timeout 5000] [--db-connect-timeout 5000] [--db-listen-url URL] [--stale-key-window 60000]
                 [--idempotency-retention 24] [--public-url URL]
  truecost keys create --partner ID --env staging|production [--db URL]
  truecost keys revoke KEY [--db URL]
  truecost partners set-endpoint --partner ID --url URL [--allow-private-endpoints] [--db URL]
  truecost partners set-events-endpoint --partner ID --url URL [--env staging|production] [--allow-private-endpoints]
                 [--allow-insecure-endpoint] [--db URL]
  truecost partners invite --partner ID [--db URL] [--base-url http://127.0.0.1:8080]
  truecost partners set-profile --partner ID [--display-name NAME] [--kg-per-clime N] [--locale en|hi] [--db URL]
  truecost projects add --partner ID --id ID --name NAME [--registry NAME] [--registry-url URL] [--db URL]
  truecost projects list --partner ID [--db URL]
  truecost projects remove --partner ID --id ID [--db URL]
  truecost flight FROM TO [--class ECONOMY|PREMIUM_ECONOMY|BUSINESS|FIRST] [--round-trip] [--tickets N] [--aircraft 320] [--carrier 6E] [--basis wtw|ttw] [--json] [--explain]
  truecost calc flight|cars|transportation|logistics|commute|freight|trip [FILE] [--json] [--explain] [--basis wtw|ttw] [--report csv|json] < body.json
  truecost calc flight|cars|transportation|logistics|commute|freight|trip FILE.csv
  truecost trip FILE [--json] [--explain] [--basis wtw|ttw]
  truecost report emissions --partner ID --env staging|production --from YYYY-MM-DD --to YYYY-MM-DD
                 [--group-by scope3_category|endpoint|month|client] [--db URL]
  truecost calculations delete --partner ID --before YYYY-MM-DD [--env staging|production] [--db URL]
  truecost jobs list [--state queued|delivering|delivered|failed] [--limit 100] [--db URL]
  truecost jobs show JOB_ID [--db URL]
  truecost jobs retry JOB_ID [--db URL]
  truecost jobs redrive [--partner ID] [--since ISO] [--until ISO] [--db URL]
  truecost events resend --partner ID --event EVENT_ID [--db URL]
  truecost orders erase-customer --partner ID --env staging|production --order ID [--db URL]
  truecost worker [--allow-private-endpoints] [--db URL]
  truecost --version
  truecost COMMAND --help

--db is sqlite:PATH (default sqlite:./truecost.db), postgres://...[?schema=NAME&pool_size=N&prepared_statements=false]
or memory: (serve only: the commands that write to a store refuse it).
Environment (a flag wins over its variable; serve --help names each one's flag and default):
${wrapped(SERVE_ENV_VARIABLES)}.
Timeouts are in milliseconds. --allow-private-endpoints lets bulk results and order events go to
loopback and private addresses (for local testing). serve --workers runs N server processes on one port
(auto: one per core; not with memory:).`;

/** What `truecost COMMAND --help` adds under the usage lines of its command. */
const DETAILS: Readonly<Record<string, string>> = {
  serve: `Serves the partner API, /openapi.json and the API reference at /docs on one port.
  --port N          port to listen on (env PORT; default 8080; 0 picks a free port)
  --host ADDRESS    address to listen on (env HOST; default 127.0.0.1)
  --db URL          store (env TRUECOST_DB, then DATABASE_URL; default sqlite:./truecost.db);
                    memory: prints a staging key at start, and nothing it holds outlives the process
  --rate-limit N    requests per second per key (env TRUECOST_RATE_LIMIT)
  --log-level L     fatal, error, warn, info (default), debug or trace
  --no-request-log  no log line per request
  --request-timeout MS   most time to receive a whole request (default 30000)
  --headers-timeout MS   most time to receive the headers (default 10000)
  --allow-private-endpoints  deliver bulk results and order events to loopback and private addresses (local testing)
  --workers N|auto  server processes on one port (default 1; auto: one per core; not with memory:)
  --metrics-port N  serve /metrics on its own port instead of the main one
  --metrics-host A  address of the metrics port (default: --host)
  --drain-delay MS  how long /readyz answers 503 before the server stops accepting on SIGTERM
  --secure-cookies  mark the dashboard's cookies Secure (behind a TLS proxy)
  --db-timeout MS   bound of a store call: PostgreSQL statement, SQLite lock wait (default 5000)
  --db-connect-timeout MS  bound of the wait for a PostgreSQL connection (default 5000)
  --db-listen-url URL  PostgreSQL straight, not through PgBouncer: where key changes are
                    LISTENed for (env TRUECOST_DB_LISTEN_URL); without it they are polled every 1 s
  --stale-key-window MS  how long a confirmed key is accepted while the store is down (default 60000)
  --idempotency-retention HOURS  how long an Idempotency-Key replays its answer (default 24, at most 720)
  --public-url URL  the service's public address: each order's certificate_url is under it
                    (env TRUECOST_PUBLIC_URL; default none: certificate_url is the path alone)

${environmentHelp()}

On a SQLite file it creates, serve makes a staging key for the partner local and prints it once;
on memory:, at every start. /docs needs the optional package @scalar/api-reference.`,
  keys: 'Creates an API key (printed once, stored only as a hash) or revokes one.',
  partners: `Sets where bulk results (set-endpoint) or order events (set-events-endpoint) of a partner are delivered,
printing the new signing secret, or prints a one-time dashboard sign-in URL (invite).
  set-events-endpoint sets the endpoint of --env staging or production, each with its own URL and
  secret, or of both without --env. A new secret does not stop the old one at once: for 24 hours
  each delivery is signed with both, so the receiver can change its secret in that time. Only the
  events from when an environment's endpoint is first set are delivered; older ones stay in the
  events feed (GET /v3/integrations/events). A production URL must be https, unless
  --allow-insecure-endpoint (for local testing).
set-profile sets the partner's face on its certificates and prints the profile: --display-name, the
shop's name as its customers know it; --kg-per-clime, the kg of CO2e one clime stands for (to the
gram), stated on certificates of orders without recorded calculations; --locale, the certificates'
language (en or hi). A flag left out keeps its value (docs/api.md, "Certificates").`,
  projects: `The partner's catalogue of projects: a certificate shows an order's project_id by the
catalogue's name, linked to --registry-url (http or https only) when given. add replaces a project
with the same --id; list prints id, name, registry and registry URL separated by tabs; remove exits
with 1 when the catalogue holds no such project.`,
  flight: `Prints the truecost of one flight in tonnes of CO2e (--json: the API response body; --explain:
how it was computed, the distance, aircraft, seats, cargo and load factors with their sources).
--class takes the values of the API's flight_class, in upper case as the API does; airport codes
may be lower case (the API upper-cases them too). --basis ttw prints the tank-to-wake figure instead of
the well-to-wake default (as ?basis=ttw). --carrier names the operating carrier by its two-character
IATA code in upper case (6E, UA), as the API's carrier field: the flight flies that carrier's cited
seat map where truecost's table has one.`,
  calc: `Reads an API request body from FILE or stdin and prints the response body, as the HTTP route would
(--explain: with \`explanations\`, as ?explain=true; --basis wtw|ttw, as ?basis=; --report csv|json: the
ISO 14083 report of a logistics or freight request, as ?report=iso14083, written as CSV or JSON).

With FILE.csv, each row of the file is one request of one element (one flight, car, bus seat row or
SUV, leg), and the command writes CSV: one row per input row, in order. The header names the
element's fields as the API spells them (shipping_method, distance, ...; seat_map.economy for a
nested field), beside the request's own (freight: region, transportation_type; transportation:
vehicle_type, distance, total_capacity, seats_occupied; trip: trip_id) and an optional id. Empty
cells are left out. The output columns are id (the row number without one), kg_co2e (well-to-wheel),
t_co2e (the API's tonnes, where it answers tonnes), error_path (the refused column) and
error_reason. A refused row does not stop the file; the exit code is then 1 (see docs/api.md,
"Many requests from a CSV file").`,
  trip: `Prints the truecost of a whole booking, one line per leg and the total, in kg CO2e. FILE holds
the JSON body of POST /v3/trip ({"trip": {"legs": [...]}}); --json prints the API's response body,
--explain how each leg was computed, --basis ttw the tank-to-wheel figures (as ?basis=ttw).`,
  jobs: `Lists, shows and retries bulk-result delivery jobs.
  redrive queues again, due at once, every failed job of --partner (default: every partner) that
  failed from --since (included) until --until (ISO 8601, e.g. 2026-11-26T14:00:00Z; default:
  unbounded), and prints how many. A redriven job gets one more attempt (see docs/bulk.md).`,
  report: `Prints a partner's emissions statement as CSV, as GET /v3/reports/emissions answers it with
Accept: text/csv: the recorded calculations that occurred from --from (included) to --to
(excluded), whole UTC days, grouped by --group-by (default scope3_category), in kg CO2e
well-to-wheel, and the period's orders as credits, shown apart and never subtracted.`,
  calculations: `Deletes a partner's recorded calculations that occurred before the UTC day --before, in --env
or, without it, in both environments, and prints how many. Recorded calculations are kept until
then (docs/operations.md, "Recorded calculations: retention").`,
  orders: `Erases a customer's personal data from one order (India's DPDP Act and the GDPR): the
e-mail, name and phone the order was sent with become empty, in the order and everywhere the store
keeps them, and its climes, cart and dates stay. Exits 1, writing nothing, when the store holds no
such order. See docs/operations.md, "Erasing a customer's data".`,
  worker: 'Delivers bulk results and order events from the store, and announces order unlocks, until stopped (SIGTERM or SIGINT).',
  events: `Sends an order event of --partner again, due at once, under its own id (the same webhook-id):
  a failed or skipped event, or one in the events feed only (due before the endpoint was set). It
  goes to the partner's endpoint of the event's environment. Exits with code 1, saying why, for an
  unknown id, another partner's event, a delivered one, or one still on its way.`,
};

/** The help of one command: its usage lines and what it does, or the whole usage for an unknown one. */
export function helpOf(command: string | undefined): string {
  const lines: string[] = [];
  let continuing = false;
  for (const line of USAGE.split('\n')) {
    // A usage line of the command, and the lines that continue it (indented further).
    const starts = command !== undefined && (line.startsWith(`  truecost ${command} `) || line === `  truecost ${command}`);
    continuing = starts || (continuing && line.startsWith('   '));
    if (continuing) lines.push(line);
  }
  const details = command === undefined ? undefined : DETAILS[command];
  if (lines.length === 0 || details === undefined) return USAGE;
  const db = lines.some((line) => line.includes('--db URL')) && command !== 'serve'
    ? `\n\n--db is sqlite:PATH (default sqlite:./truecost.db) or postgres://... (env TRUECOST_DB, then DATABASE_URL).${(command === undefined ? undefined : MEMORY_REFUSALS[command]) ?? ''}`
    : '';
  return `Usage:\n${lines.join('\n')}\n\n${details}${db}`;
}

/** The help's note on memory: for the commands that write to the store, which refuse it (./store-url.ts, lastingDbUrlOf). */
const MEMORY_REFUSALS: Readonly<Record<string, string>> = {
  keys: '\nmemory: is refused: the key would be lost when the command exits.',
  partners: '\nmemory: is refused: what the command stores would be lost when it exits.',
  projects: '\nmemory: is refused: what the command stores would be lost when it exits.',
  jobs: '\njobs retry refuses memory:, which holds no job of another process.',
  calculations: '\nmemory: is refused: it holds no calculation of another process.',
  events: '\nmemory: is refused: it holds no event of another process.',
  orders: '\nmemory: is refused: it holds no order of another process.',
  worker: '\nmemory: is refused: it holds no job of another process.',
};

/** Where a usage error points: `Run 'truecost flight --help' for usage.`, or the whole usage for an unknown command. */
export function helpPointer(command: string | undefined): string {
  const known = command !== undefined && DETAILS[command] !== undefined;
  return `Run 'truecost ${known ? `${command} ` : ''}--help' for usage.`;
}

/** The options a command takes: each a string or a flag. */
export type OptionSpec = Readonly<Record<string, { readonly type: 'string' | 'boolean' }>>;

/** The parsed options of a command, typed from its spec. */
export type OptionValues<T extends OptionSpec> = {
  [K in keyof T]?: T[K]['type'] extends 'string' ? string : boolean;
};

/** `parseArgs` in strict mode, its complaints turned into usage errors. */
export function parseCommand<T extends OptionSpec>(
  args: readonly string[],
  options: T,
): { values: OptionValues<T>; positionals: string[] } {
  try {
    const parsed = parseArgs({ args: [...args], options: { ...options }, allowPositionals: true, strict: true });
    return { values: parsed.values as OptionValues<T>, positionals: parsed.positionals };
  } catch (error) {
    throw new UsageError(parseProblem(error, options));
  }
}

/**
 * parseArgs's complaint in the command line's words: an unknown option names the options the
 * command takes (Node's own message suggests `--` instead), an option without its value says so.
 */
function parseProblem(error: unknown, options: OptionSpec): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown }).code;
  const option = /'(-[^' ]+)/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option !== undefined) {
    const names = Object.entries(options).map(([name, spec]) => (spec.type === 'string' ? `--${name} VALUE` : `--${name}`));
    return `Unknown option ${option}. ${names.length === 0 ? 'This command takes no options.' : `The options are ${names.join(', ')}.`}`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option !== undefined && /argument missing/.test(message)) return `${option} needs a value.`;
  return message;
}

/** A required string option, or a usage error naming it. */
export function required(value: string | undefined, name: string): string {
  if (value === undefined || value === '') throw new UsageError(`Missing --${name}.`);
  return value;
}

/** A whole number option within bounds, or a usage error naming it. */
export function integerOption(value: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed < min || parsed > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}; got ${JSON.stringify(value)}.`);
  }
  return parsed;
}
