// The ES modules for Node (dist/node/, the `node` condition of "exports"), built by rollup from the
// one-file-per-module build in dist/ once tsup has written it (`npm run build`).
//
// Node's loader pays for every file it reads (resolving, reading, compiling each apart: about half
// a millisecond a file here), so `import('truecost')` should read as few files as possible. Every
// module the root entry reaches goes into one chunk: the root entry reads two files (its own, which
// names the exports, and that chunk). The other entries share that chunk and the chunks rollup
// makes of what they share among themselves, so each class is defined once across entries and
// `instanceof` holds between them. Entries come from the `node` conditions of package.json's
// "exports": `./dist/node/X.js` is built from `./dist/X.js`. See docs/bundle-size.md, "Cold start".
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { rollup } from 'rollup';

const root = resolve(import.meta.dirname, '..');
const NODE_BUILD = './dist/node/';

/** `{ 'http/index': '<root>/dist/http/index.js', ... }`: each entry of dist/node/ and the module it is built from. */
function entriesOf(exportsMap) {
  const entries = {};
  for (const conditions of Object.values(exportsMap)) {
    const target = conditions?.import?.node;
    if (typeof target !== 'string' || !target.startsWith(NODE_BUILD) || !target.endsWith('.js')) continue;
    const name = target.slice(NODE_BUILD.length, -'.js'.length);
    entries[name] = join(root, 'dist', `${name}.js`);
  }
  return entries;
}

// Packages (zod, the database drivers, Node's built-ins) are imported, never bundled.
const external = (id) => !id.startsWith('.') && !id.startsWith('/');

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const input = entriesOf(manifest.exports);
if (input.index === undefined) throw new Error('package.json names no ./dist/node/index.js');

// The modules `import('truecost')` reaches.
const core = new Set();
const rootBundle = await rollup({ input: input.index, external, cache: true, logLevel: 'silent' });
for (const module of rootBundle.cache.modules) core.add(module.id);
await rootBundle.close();

const bundle = await rollup({ input, external });
const { output } = await bundle.write({
  dir: join(root, 'dist', 'node'),
  format: 'es',
  entryFileNames: '[name].js',
  chunkFileNames: '[name]-[hash].js',
  manualChunks: (id) => (core.has(id) ? 'core' : undefined),
});
await bundle.close();
console.log(`dist/node/: ${Object.keys(input).length} entries, ${output.length - Object.keys(input).length} shared chunks (core: ${core.size} modules)`);
