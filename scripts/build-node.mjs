// The files Node loads, bundled by rollup from the one-file-per-module build in dist/ once tsup has
// written it (`npm run build`): the ES modules of dist/node/ (the `node` condition of "exports"),
// the command (dist/cli.js) and the CommonJS entries (dist/*.cjs, the `require` condition).
//
// Node's loader pays for every file it reads (resolving, reading, compiling each apart: about half
// a millisecond a file here), so `import('truecost')` should read as few files as possible. Every
// module the root entry reaches goes into one chunk: the root entry reads two files (its own, which
// names the exports, and that chunk). The other entries and the command share that chunk and the
// chunks rollup makes of what they share among themselves, so each class is defined once across
// entries and `instanceof` holds between them, and the data tables are in the package once for the
// ES modules and once for CommonJS rather than once per entry. The command loads `serve` and the
// stores when it needs them (dynamic imports, chunks of their own), so `truecost --help` reads
// none of the optional packages they import. See docs/bundle-size.md, "Cold start" and "The
// tarball".
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { rollup } from 'rollup';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'dist');

/**
 * `{ 'node/http/index': '<root>/dist/http/index.js', ... }`: each file of a condition of
 * "exports" under `folder` with `extension`, named by its path in dist/ without the extension, and
 * the module of dist/ it is built from.
 */
function entriesOf(exportsMap, condition, folder, extension) {
  const entries = {};
  for (const conditions of Object.values(exportsMap)) {
    const target = condition(conditions);
    if (typeof target !== 'string' || !target.startsWith(`./dist/${folder}`) || !target.endsWith(extension)) continue;
    const name = target.slice('./dist/'.length, -extension.length);
    entries[name] = join(dist, `${name.slice(folder.length)}.js`);
  }
  return entries;
}

// Packages (zod, the database drivers, pino, prom-client, Node's built-ins) are imported, never bundled.
const external = (id) => !id.startsWith('.') && !id.startsWith('/');

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const esm = entriesOf(manifest.exports, (conditions) => conditions?.import?.node, 'node/', '.js');
const cjs = entriesOf(manifest.exports, (conditions) => conditions?.require?.default, '', '.cjs');
if (esm['node/index'] === undefined || cjs.index === undefined) throw new Error('package.json names no ./dist/node/index.js or ./dist/index.cjs');
if (manifest.bin?.truecost !== './dist/cli.js') throw new Error('package.json names another command than ./dist/cli.js');
esm.cli = join(dist, 'cli', 'index.js');

// The modules `import('truecost')` reaches.
const core = new Set();
const rootBundle = await rollup({ input: cjs.index, external, cache: true, logLevel: 'silent' });
for (const module of rootBundle.cache.modules) core.add(module.id);
await rootBundle.close();
const manualChunks = (id) => (core.has(id) ? 'core' : undefined);

const esmBundle = await rollup({ input: esm, external });
const esmOutput = await esmBundle.write({
  dir: dist,
  format: 'es',
  entryFileNames: '[name].js',
  chunkFileNames: 'node/[name]-[hash].js',
  manualChunks,
});
await esmBundle.close();

const cjsBundle = await rollup({ input: cjs, external });
const cjsOutput = await cjsBundle.write({
  dir: dist,
  format: 'cjs',
  exports: 'named',
  generatedCode: 'es2015',
  entryFileNames: '[name].cjs',
  chunkFileNames: 'cjs/[name]-[hash].cjs',
  manualChunks,
});
await cjsBundle.close();

// The command's own modules are in dist/cli.js and its chunks now.
rmSync(join(dist, 'cli'), { recursive: true, force: true });

const chunks = (output, entries) => output.output.length - Object.keys(entries).length;
console.log(
  `dist/node/ and dist/cli.js: ${Object.keys(esm).length} entries, ${chunks(esmOutput, esm)} shared chunks; ` +
    `CommonJS: ${Object.keys(cjs).length} entries, ${chunks(cjsOutput, cjs)} shared chunks (core: ${core.size} modules)`,
);
