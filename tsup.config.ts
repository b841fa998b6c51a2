import { defineConfig } from 'tsup';

// One entry per public sub-path of the package; see "exports" in package.json.
export const entries = {
  index: 'src/index.ts',
  'http/index': 'src/http/index.ts',
  'stores/memory': 'src/stores/memory.ts',
  'stores/sqlite': 'src/stores/sqlite.ts',
  'stores/postgres': 'src/stores/postgres.ts',
  cli: 'src/cli/index.ts',
  'bulk/index': 'src/bulk/index.ts',
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
  // import.meta.url in the CommonJS build (the CLI and the Node adapter locate installed assets with it).
  shims: true,
});
