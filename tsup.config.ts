import { readFile } from 'node:fs/promises';
import { transform } from 'esbuild';
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
  'places/index': 'src/places/index.ts',
  'checkout/index': 'src/checkout/index.ts',
};

type Plugin = NonNullable<Options['esbuildPlugins']>[number];

/**
 * zod/mini's schema functions are free of side effects (zod marks them `@__NO_SIDE_EFFECTS__`), but
 * a bundler such as esbuild reads that mark only on calls within the file that declares the
 * function. A schema of truecost is nested calls (`z.object({ id: z.string().check(z.minLength(1)) })`):
 * without a mark on each, a user's bundler keeps every schema of a module it imports, used or not,
 * and every schema those reach. This marks each call to a zod/mini function, and to the schema
 * helpers of src/schemas/ (`storableString`, `storable`, `rule`, `uniqueBy`), `/* @__PURE__ *\/`
 * in the published files, so that an unused schema costs nothing. Only modules that import
 * zod/mini are touched; the parse and JSON Schema functions, whose results are always used, are not
 * marked. The TypeScript is compiled first, so that no mark lands in a comment or a string's text.
 */
const PURE = '/* @__PURE__ */ ';
const schemaCalls =
  /(?<!@__PURE__ \*\/ \(?)(?<![\w$.])(?<!function )(?:z\.(?!toJSONSchema\b|safeParse\b|parse\b|safeParseAsync\b|parseAsync\b)[A-Za-z_$][\w$]*|storableString|storable|rule|uniqueBy)\(/g;
const tsconfigRaw = await readFile(new URL('./tsconfig.json', import.meta.url), 'utf8');
export const pureSchemaCalls: Plugin = {
  name: 'pure-schema-calls',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes("from 'zod/mini'")) return undefined;
      const { code } = await transform(source, { loader: 'ts', format: 'esm', target: 'esnext', tsconfigRaw, sourcefile: args.path });
      return { contents: code.replace(schemaCalls, (call) => PURE + call), loader: 'js' };
    });
  },
};

const common = {
  target: 'node20',
  // fast-check is an optional peer of truecost/testing only; never bundled.
  external: ['fast-check'],
  // No source maps: the ES modules are the sources with their types removed, one file per module.
  sourcemap: false,
} satisfies Options;

/**
 * ES modules as they are in src/, one file per module, so that a user's bundler keeps only the
 * modules an import reaches ("sideEffects": false). The command's modules (src/cli/) are built
 * too, for scripts/build-node.mjs to bundle into dist/cli.js; it then removes them.
 */
export const moduleBuild: Options = {
  ...common,
  entry: ['src/**/*.ts'],
  format: ['esm'],
  bundle: false,
  dts: { entry: entries },
  esbuildPlugins: [pureSchemaCalls],
};

// The three builds run at once: `npm run build` empties dist/ before them, and then bundles the
// ES modules of the first with rollup (scripts/build-node.mjs) into the files Node loads: the ES
// modules of dist/node/, the command (dist/cli.js) and the CommonJS entries (dist/*.cjs), which
// share their chunks, so the data tables are in the package once per format. `npm start` builds
// only the first, without declarations, then runs scripts/build-node.mjs (tsup.service.config.ts).
export default defineConfig([
  moduleBuild,
  {
    // The declarations of the CommonJS entries (.d.cts); their code is bundled by scripts/build-node.mjs.
    ...common,
    entry: entries,
    format: ['cjs'],
    dts: { only: true },
  },
  {
    // truecost/checkout as one minified ES module for a shop to serve itself
    // (`<script type="module" src="/truecost-checkout.js">`); docs/checkout.md.
    entry: { 'checkout/truecost-checkout': 'src/checkout/index.ts' },
    format: ['esm'],
    platform: 'browser',
    target: 'es2022',
    minify: true,
    splitting: false,
    treeshake: true,
    sourcemap: false,
  },
]);
