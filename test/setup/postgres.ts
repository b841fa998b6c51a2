import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/**
 * Vitest global setup: the PostgreSQL suites read their server from `TRUECOST_TEST_PG_URL`. When it
 * is unset, a throwaway server is started from the machine's own PostgreSQL (`initdb`, `pg_ctl`
 * under /usr/lib/postgresql/VERSION/bin or on PATH), on a free port, and stopped after the run;
 * the test processes inherit its URL. Only when no server can be started do those suites skip,
 * and then the end of the run says so in capitals.
 */

const VARIABLE = 'TRUECOST_TEST_PG_URL';

/** The folder holding initdb and pg_ctl: the newest installed version, else whatever is on PATH. */
export function postgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((name) => existsSync(join(base, name, 'bin', 'pg_ctl')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0] !== undefined) return join(base, versions[0], 'bin');
  }
  try {
    const initdb = execFileSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).trim();
    return initdb === '' ? undefined : join(initdb, '..');
  } catch {
    return undefined;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** PostgreSQL refuses to run as root: as root, its tools run as the `postgres` user. */
export function asServerUser(command: string, args: string[]): void {
  const asRoot = userInfo().uid === 0;
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
}

export function ownByServerUser(path: string): void {
  if (userInfo().uid !== 0) return;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(path, uid, gid);
}

let skippedBecause: string | undefined;

export default async function setup(): Promise<() => void> {
  if (process.env[VARIABLE]) return () => {};
  const bin = postgresBin();
  if (bin === undefined) {
    skippedBecause = 'no PostgreSQL server binaries (initdb, pg_ctl) were found and TRUECOST_TEST_PG_URL is unset';
    return report;
  }
  const directory = mkdtempSync(join(tmpdir(), 'truecost-pg-'));
  const data = join(directory, 'data');
  try {
    ownByServerUser(directory);
    asServerUser(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
    const port = await freePort();
    const options = `-p ${port} -k ${directory} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
    asServerUser(join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(directory, 'server.log'), '-w', '-t', '60', 'start']);
    process.env[VARIABLE] = `postgres://postgres@127.0.0.1:${port}/postgres`;
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    skippedBecause = `a throwaway PostgreSQL could not be started (${detail})`;
    return report;
  }
  return () => {
    try {
      asServerUser(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  };
}

function report(): void {
  if (skippedBecause === undefined) return;
  process.stderr.write(
    `\n*** THE POSTGRESQL SUITES WERE SKIPPED: ${skippedBecause}. Set ${VARIABLE} to a server (e.g. postgres://postgres@127.0.0.1:5432/test) to run them. ***\n\n`,
  );
}
