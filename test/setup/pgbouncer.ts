import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { asServerUser, freePort, ownByServerUser } from './postgres.js';

/**
 * A PgBouncer of one test file's own in front of the test PostgreSQL, in transaction pooling mode
 * (a server connection is a client's for one transaction only), as managed PostgreSQL services put
 * in front of their databases. Started as an ordinary process (as the `postgres` user when the test
 * runs as root: PgBouncer refuses to run as root) with its own ini, on a free port.
 */
export interface PgBouncer {
  /** The PostgreSQL URL it was started for, with PgBouncer's address instead. */
  readonly url: string;
  stop(): void;
}

const BINARIES = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer', '/usr/local/bin/pgbouncer'];

function binary(): string | undefined {
  return BINARIES.find((path) => existsSync(path));
}

/** Why PgBouncer cannot be started here (CI installs it: .ci/run), or undefined when it can. */
export function pgbouncerUnavailable(): string | undefined {
  return binary() === undefined ? 'pgbouncer is not installed (apt-get install pgbouncer)' : undefined;
}

/** Starts PgBouncer in transaction mode in front of the PostgreSQL at `postgresUrl`, and waits until it answers. */
export async function startPgBouncer(postgresUrl: string): Promise<PgBouncer> {
  const server = new URL(postgresUrl);
  const directory = mkdtempSync(join(tmpdir(), 'truecost-pgbouncer-'));
  const port = await freePort();
  const user = decodeURIComponent(server.username || 'postgres');
  const pidFile = join(directory, 'pgbouncer.pid');
  writeFileSync(join(directory, 'users.txt'), `"${user}" ""\n`);
  writeFileSync(
    join(directory, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || '5432'}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${directory}`,
      'auth_type = trust',
      `auth_file = ${join(directory, 'users.txt')}`,
      'pool_mode = transaction',
      // Enough server connections for the concurrency tests, which open several pools at once.
      'max_client_conn = 1000',
      'default_pool_size = 40',
      `logfile = ${join(directory, 'pgbouncer.log')}`,
      `pidfile = ${pidFile}`,
      '',
    ].join('\n'),
  );
  if (userInfo().uid === 0) {
    ownByServerUser(directory);
    for (const file of ['users.txt', 'pgbouncer.ini']) ownByServerUser(join(directory, file));
  }
  asServerUser(binary()!, ['-d', join(directory, 'pgbouncer.ini')]);
  const url = new URL(postgresUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const stop = (): void => {
    try {
      const pid = Number(readFileSync(pidFile, 'utf8').trim());
      if (pid > 0) process.kill(pid, 'SIGTERM');
    } catch {
      // It never started, or has stopped.
    }
    rmSync(directory, { recursive: true, force: true });
  };
  try {
    await untilAnswering(url.toString());
  } catch (error) {
    const log = existsSync(join(directory, 'pgbouncer.log')) ? readFileSync(join(directory, 'pgbouncer.log'), 'utf8') : '';
    stop();
    throw new Error(`PgBouncer did not answer: ${String(error)}\n${log}`);
  }
  return { url: url.toString(), stop };
}

async function untilAnswering(url: string): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      if (attempt >= 50) throw error;
      await sleep(100);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

