import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { OrderChange, OrderRefusal } from '../../../src/index.js';

export type Outcome = 'ok' | OrderRefusal['kind'];
const run = promisify(execFile);

/** Runs the changes in a child process with its own store on `target`, all at once; their outcomes in order. */
export async function changeInChild(
  target: { path: string } | { connectionString: string; schema: string },
  changes: readonly { id: string; change: OrderChange }[],
): Promise<Outcome[]> {
  const script = join(import.meta.dirname, 'changer.ts');
  const { stdout } = await run(process.execPath, ['--import', 'tsx', script, JSON.stringify(target), JSON.stringify(changes)]);
  return JSON.parse(stdout) as Outcome[];
}
