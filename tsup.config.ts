import { defineConfig, type Options } from 'tsup';

// One entry per public sub-path of the package; see "exports" in package.json.
export const entries = {
  index: 'src/index.ts',
  'http/index': 'src/http/index.ts',
  'stores/memory': 'src/stores/memory.ts',
  'stores/sqlite': 'src/stores/sqlite.ts',
  'stores/postgres': 'src/stores/postgres.ts',
  'bulk/index': 'src/bulk/index.ts',
  'testing/index': 'src/testing/index.ts',
  'client/index': 'src/client/index.ts',
};

type Plugin = NonNullable<Options['esbuildPlugins']>[number];

/**
 * The command loads a store only when `--db` names it (`await import('../stores/sqlite.js')`).
 * Bundled, that import would be inlined and its driver (`better-sqlite3`, `pg`) imported when the
 * command starts, so `truecost --help` would fail wherever the optional driver is not installed.
 * Instead the command imports the store entries the package already ships, next to it in `dist/`.
 */
const storesStayEntries: Plugin = {
  name: 'stores-stay-entries',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/stores\/(sqlite|postgres)\.js$/ }, (args) =>
      /[\\/]src[\\/]cli[\\/]/.test(args.importer) ? { path: args.path.replace('../', './'), external: true } : undefined,
    );
  },
};

const common = {
  target: 'node20',
  // fast-check is an optional peer of truecost/testing only; never bundled.
  external: ['fast-check'],
  // No source maps: the ES modules are the sources with their types removed, one file per module.
  sourcemap: false,
} satisfies Options;

// The four builds run at once: `npm run build` empties dist/ before them.
export default defineConfig([
  {
    // ES modules as they are in src/, one file per module, so that a user's bundler keeps only the
    // modules an import reaches ("sideEffects": false). The command has its own build below.
    ...common,
    entry: ['src/**/*.ts', '!src/cli/**'],
    format: ['esm'],
    bundle: false,
    dts: { entry: entries },
  },
  {
    // CommonJS: one bundle per entry, for require().
    ...common,
    entry: entries,
    format: ['cjs'],
    dts: true,
    splitting: false,
    treeshake: true,
    // import.meta.url in the CommonJS build (the Node adapter locates installed assets with it).
    shims: true,
  },
  {
    // ES modules for Node (the `node` condition of "exports"): one file per entry and the code the
    // entries share in a few chunks, since Node's loader pays for every file it reads; one copy of
    // each class across entries, so `instanceof` holds between them. Bundlers read the build above.
    ...common,
    entry: entries,
    outDir: 'dist/node',
    format: ['esm'],
    splitting: true,
  },
  {
    // The `truecost` command: one ES module, so that it starts by reading one file.
    ...common,
    entry: { cli: 'src/cli/index.ts' },
    format: ['esm'],
    splitting: false,
    treeshake: true,
    esbuildPlugins: [storesStayEntries],
  },
]);
