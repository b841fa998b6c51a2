// `npm start`: serves from what is built (`truecost serve`, arguments after `npm start --` passed
// on). When dist/cli.js is missing or older than a source or a build setting, first builds the
// JavaScript the service runs (tsup.service.config.ts: the ES modules, no type declarations, then
// scripts/build-node.mjs: the command and the files Node loads), a few seconds instead of the
// minute of `npm run build`.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const command = join(root, 'dist', 'cli.js');

/** The latest modification time under `path` (a file or a folder), in ms; 0 when it does not exist. */
function newest(path) {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const built = newest(command);
const sources = Math.max(...['src', 'tsup.config.ts', 'tsup.service.config.ts', 'scripts/build-node.mjs', 'tsconfig.json', 'package.json'].map((path) => newest(join(root, path))));
if (built === 0 || sources > built) {
  console.error(built === 0 ? 'truecost: dist/cli.js is missing; building the service...' : 'truecost: the sources changed since the last build; building the service...');
  const tsup = spawnSync(process.execPath, [join(root, 'node_modules', 'tsup', 'dist', 'cli-default.js'), '--config', 'tsup.service.config.ts', '--silent'], { cwd: root, stdio: 'inherit' });
  if (tsup.status !== 0) process.exit(tsup.status ?? 1);
  const bundled = spawnSync(process.execPath, [join(root, 'scripts', 'build-node.mjs')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (bundled.status !== 0) process.exit(bundled.status ?? 1);
}

process.argv = [process.argv[0], command, 'serve', ...process.argv.slice(2)];
await import(pathToFileURL(command).href);
