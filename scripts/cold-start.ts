// Cold start of `import('truecost')` against `import('zod')`: whole Node processes, run in pairs
// (truecost, zod, truecost, zod, ...) from a directory where the packed package is installed, so
// that a drift in the machine's speed moves both sides of a pair. Prints each side's median CPU and
// wall time and the medians of the pair-by-pair ratios (docs/bundle-size.md, "Cold start").
// Usage: node --import tsx scripts/cold-start.ts [--runs N] [DIRECTORY]
// DIRECTORY: a project whose node_modules has truecost installed; without it, the checkout is
// packed (`npm pack`, which builds) and the tarball installed into a temporary project.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

/** One process's cost: CPU (user + system, as the process counted it just before exiting) and wall, in seconds. */
interface ProcessCost {
  readonly cpu: number;
  readonly wall: number;
}

/** Imports `specifier` in a new Node process started in `directory`. */
function importOnce(specifier: string, directory: string): ProcessCost {
  const code = `await import(${JSON.stringify(specifier)});
const usage = process.resourceUsage();
process.stdout.write(String(usage.userCPUTime + usage.systemCPUTime));`;
  const started = performance.now();
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: directory, encoding: 'utf8' });
  const wall = (performance.now() - started) / 1000;
  if (child.status !== 0) throw new Error(`import('${specifier}') failed: ${child.stderr}`);
  return { cpu: Number(child.stdout) / 1e6, wall };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A project with the checkout's tarball installed (truecost and its dependencies), and how to remove it. */
function installPackedCheckout(): { directory: string; remove: () => void } {
  const work = mkdtempSync(join(tmpdir(), 'truecost-cold-start-'));
  const root = resolve(import.meta.dirname, '..');
  execFileSync('npm', ['pack', '--silent', '--pack-destination', work], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = readdirSync(work).find((file) => file.endsWith('.tgz'));
  if (tarball === undefined) throw new Error('npm pack produced no tarball');
  const directory = join(work, 'consumer');
  mkdirSync(directory);
  writeFileSync(join(directory, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--omit=optional', join(work, tarball)], {
    cwd: directory,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { directory, remove: () => rmSync(work, { recursive: true, force: true }) };
}

const { values, positionals } = parseArgs({ options: { runs: { type: 'string', default: '30' } }, allowPositionals: true });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, not ${values.runs}`);
const installed = positionals[0] === undefined ? installPackedCheckout() : { directory: resolve(positionals[0]), remove: () => {} };
try {
  // One pair not counted: the first processes read the files from disk.
  importOnce('truecost', installed.directory);
  importOnce('zod', installed.directory);
  const truecost: ProcessCost[] = [];
  const zod: ProcessCost[] = [];
  for (let run = 0; run < runs; run += 1) {
    truecost.push(importOnce('truecost', installed.directory));
    zod.push(importOnce('zod', installed.directory));
  }
  const seconds = (value: number) => `${value.toFixed(3)} s`;
  for (const [name, costs] of [['truecost', truecost], ['zod', zod]] as const) {
    console.log(`import('${name}')`.padEnd(20), `CPU ${seconds(median(costs.map((cost) => cost.cpu)))}`, `wall ${seconds(median(costs.map((cost) => cost.wall)))}`);
  }
  const ratio = (of: (cost: ProcessCost) => number) => median(truecost.map((cost, run) => of(cost) / of(zod[run]!))).toFixed(3);
  console.log(`truecost / zod, median of ${runs} pairs: CPU ${ratio((cost) => cost.cpu)}, wall ${ratio((cost) => cost.wall)}`);
} finally {
  installed.remove();
}
