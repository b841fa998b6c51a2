import { parseArgs } from 'node:util';

/** A mistake in the command line: reported on stderr with exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** The help text of the `truecost` command. */
export const USAGE = `Usage:
  truecost serve [--port 8080] [--host 127.0.0.1] [--db URL] [--rate-limit N] [--secure-cookies]
  truecost keys create --partner ID --env staging|production [--db URL]
  truecost keys revoke KEY [--db URL]
  truecost partners set-endpoint --partner ID --url URL [--db URL]
  truecost partners invite --partner ID [--db URL] [--base-url http://127.0.0.1:8080]
  truecost flight FROM TO [--class ECONOMY|PREMIUM_ECONOMY|BUSINESS|FIRST] [--round-trip] [--tickets N] [--aircraft 320] [--json]
  truecost calc flight|cars|transportation|logistics|commute|freight [--json] < body.json
  truecost jobs list [--state queued|delivering|delivered|failed] [--limit 100] [--db URL]
  truecost jobs show JOB_ID [--db URL]
  truecost jobs retry JOB_ID [--db URL]
  truecost worker [--db URL]

--db is sqlite:PATH (default sqlite:./truecost.db), postgres://... or memory:.`;

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
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
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
