// The settings of `truecost serve` that both a flag and an environment variable give. One list,
// from which `truecost serve --help` writes its environment section and the README's
// Configuration table is checked (test/cli/help.test.ts), so that the two cannot drift apart.

/** One setting: what it is, its flag, its variables (the first set one wins) and its default, in Markdown. */
export interface ServeSetting {
  readonly what: string;
  readonly flag: string;
  readonly env: readonly string[];
  readonly fallback: string;
}

/** Every setting of `truecost serve` read from the environment, in the README's order. */
export const SERVE_SETTINGS: readonly ServeSetting[] = [
  { what: 'Port', flag: '--port N', env: ['PORT'], fallback: '`8080` (`0` picks a free port)' },
  { what: 'Address', flag: '--host ADDRESS', env: ['HOST'], fallback: '`127.0.0.1`' },
  { what: 'Store', flag: '--db URL', env: ['TRUECOST_DB', 'DATABASE_URL'], fallback: '`sqlite:./truecost.db`' },
  { what: 'Rate limit per key (requests per second)', flag: '--rate-limit N', env: ['TRUECOST_RATE_LIMIT'], fallback: 'off' },
  {
    what: "Bound of a store call (PostgreSQL statement; SQLite wait for another process's lock), ms",
    flag: '--db-timeout MS',
    env: ['TRUECOST_DB_TIMEOUT'],
    fallback: '`5000`',
  },
  { what: 'Bound of the wait for a PostgreSQL connection, ms', flag: '--db-connect-timeout MS', env: ['TRUECOST_DB_CONNECT_TIMEOUT'], fallback: '`5000`' },
  {
    what: 'PostgreSQL URL, not through PgBouncer, on which key changes are LISTENed for (docs/operations.md, "PgBouncer")',
    flag: '--db-listen-url URL',
    env: ['TRUECOST_DB_LISTEN_URL'],
    fallback: 'none: key changes are polled once a second',
  },
  {
    what: 'How long a confirmed key is still accepted while the store is down, ms',
    flag: '--stale-key-window MS',
    env: ['TRUECOST_STALE_KEY_WINDOW'],
    fallback: '`60000` (`0`: never)',
  },
  {
    what: 'How long an `Idempotency-Key` replays its answer (hours, 1 to 720)',
    flag: '--idempotency-retention HOURS',
    env: ['TRUECOST_IDEMPOTENCY_RETENTION'],
    fallback: '`24`',
  },
  {
    what: "Public address of the service, under which each order's `certificate_url` is (docs/api.md, \"Certificates\")",
    flag: '--public-url URL',
    env: ['TRUECOST_PUBLIC_URL'],
    fallback: 'none: `certificate_url` is the path alone, `/certificates/{id}`',
  },
];

/** Every variable `serve` reads, in order. */
export const SERVE_ENV_VARIABLES: readonly string[] = SERVE_SETTINGS.flatMap((setting) => setting.env);

/** The README's Configuration table, as Markdown lines. */
export function configurationTable(): string {
  const rows = SERVE_SETTINGS.map(
    (setting) => `| ${setting.what} | \`${setting.flag}\` | ${setting.env.map((name) => `\`${name}\``).join(', else ')} | ${setting.fallback} |`,
  );
  return ['| Setting | Flag | Environment | Default |', '|---|---|---|---|', ...rows].join('\n');
}

/** The environment section of `truecost serve --help`: each variable, its flag and its default. */
export function environmentHelp(): string {
  const lines = SERVE_SETTINGS.map((setting) => {
    const variables = setting.env.join(', then ');
    const flag = setting.flag.split(' ')[0]!;
    return `  ${variables.padEnd(31)} ${flag}, default ${setting.fallback.replaceAll('`', '')}`;
  });
  return ['Environment (a flag wins over its variable):', ...lines].join('\n');
}

/** Names joined by commas, in lines of at most 100 characters. */
export function wrapped(names: readonly string[]): string {
  const lines = [''];
  for (const name of names) {
    const line = lines[lines.length - 1]!;
    if (line !== '' && line.length + name.length + 2 > 100) lines.push(name);
    else lines[lines.length - 1] = line === '' ? name : `${line}, ${name}`;
  }
  return lines.join(',\n');
}
