import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

export const root = resolve(import.meta.dirname, '../..');
const cli = ['--import', 'tsx', resolve(root, 'src/cli/index.ts')];

/** Runs one `truecost` command to its end (from the TypeScript sources, no build needed). */
export function truecost(args: readonly string[], input?: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [...cli, ...args], { cwd: root, encoding: 'utf8', input: input ?? '' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A running `truecost serve`, its address, what it printed, and a way to stop it. */
export interface Service {
  readonly base: string;
  readonly child: ChildProcess;
  /** Every stdout line so far. */
  readonly lines: string[];
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `truecost serve --port 0` with the arguments and waits for its address line. */
export async function startService(args: readonly string[]): Promise<Service> {
  const child = spawn(process.execPath, [...cli, 'serve', '--port', '0', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  // 'close' (not 'exit'): every line the service wrote has been read by then.
  const exited = new Promise<number | null>((done) => child.once('close', (code) => done(code)));
  const base = await new Promise<string>((done, fail) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      lines.push(line);
      const match = /^truecost listening on (http:\/\/\S+)$/.exec(line);
      if (match !== null) done(match[1]!);
    });
    void exited.then((code) => fail(new Error(`truecost serve exited with ${code}: ${stderr}`)));
  });
  return {
    base,
    child,
    lines,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
