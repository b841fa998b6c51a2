import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asServerUser, freePort, ownByServerUser, postgresBin } from './postgres.js';

/**
 * A PostgreSQL cluster of one test's own, made with the machine's `initdb` and run by `pg_ctl` on a
 * free port (as the `postgres` user when the test runs as root), so that the test may stop, freeze
 * and restart it without touching any other test's server.
 */
export interface ThrowawayPostgres {
  readonly url: string;
  start(): void;
  /** Stops it at once (`pg_ctl stop -m immediate`), as a crash or a failover would. */
  stop(): void;
  /** Sends `signal` to the server and every process it started (SIGSTOP freezes it, SIGCONT thaws it). */
  signalAll(signal: NodeJS.Signals): void;
  remove(): void;
}

/** Why a throwaway cluster cannot be made here, or undefined when it can. */
export function throwawayPostgresUnavailable(): string | undefined {
  return postgresBin() === undefined ? 'no PostgreSQL server binaries (initdb, pg_ctl) on this machine' : undefined;
}

/** Makes (initdb) a cluster on a free port; it is not started. */
export async function createThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBin()!;
  const directory = mkdtempSync(join(tmpdir(), 'truecost-pg-faults-'));
  const data = join(directory, 'data');
  ownByServerUser(directory);
  asServerUser(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${directory} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const ctl = (...args: string[]): void => asServerUser(join(bin, 'pg_ctl'), ['-D', data, ...args]);
  const postmaster = (): number => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => ctl('-o', options, '-l', join(directory, 'server.log'), '-w', '-t', '60', 'start'),
    stop: () => ctl('-m', 'immediate', '-w', 'stop'),
    signalAll(signal) {
      const parent = postmaster();
      const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(parent)], { encoding: 'utf8' })
        .split('\n')
        .map((line) => Number(line.trim()))
        .filter((pid) => pid > 0);
      for (const pid of [parent, ...children]) {
        try {
          process.kill(pid, signal);
        } catch {
          // A backend that ended meanwhile.
        }
      }
    },
    remove() {
      try {
        ctl('-m', 'immediate', '-w', 'stop');
      } catch {
        // Not running.
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
