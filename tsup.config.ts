import { defineConfig, type Options } from 'tsup';

// One entry per public sub-path of the package; see "exports" in package.json.
export const entries = {
  index: 'src/index.ts',
  'http/index': 'src/http/index.ts',
  'stores/memory': 'src/stores/memory.ts',
  'stores/sqlite': 'src/stores/sqlite.ts',
  'stores/postgres': 'src/stores/postgres.ts',
  cli: 'src/cli/index.ts',
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

export default defineConfig({
  entry: entries,
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
  splitting: false,
  treeshake: true,
  // fast-check is an optional peer of truecost/testing only; never bundled.
  external: ['fast-check'],
  esbuildPlugins: [storesStayEntries],
  // import.meta.url in the CommonJS build (the CLI and the Node adapter locate installed assets with it).
  shims: true,
});
