// Bundles fixed entry points of the installed truecost package as a user's bundler would
// (esbuild --bundle --minify, for the browser) and prints each bundle's size, minified and gzipped.
// Usage: node --import tsx scripts/bundle-sizes.ts DIRECTORY (a directory whose node_modules has truecost installed).
// The size test (test/package/bundle-size.test.ts) builds the same entries from the packed tarball.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The entry points measured. */
export type BundleName = 'car' | 'orders' | 'flight' | 'handler' | 'checkout';

/** Bytes of one bundle. */
export interface BundleSize {
  readonly minified: number;
  readonly gzipped: number;
}

/** What a user imports, each used so that a bundler must keep it. */
export const bundleEntries: Record<BundleName, string> = {
  car: `import { carRequestSchema, carTruecost, validate } from 'truecost';
const parsed = validate(carRequestSchema, globalThis.body);
console.log(parsed.ok ? carTruecost(parsed.value) : parsed.error);`,
  orders: `import { applyChange, optInView, orderView, planCreate, planOptIn } from 'truecost';
console.log(applyChange, optInView, orderView, planCreate, planOptIn);`,
  flight: `import { flightRequestSchema, flightTruecost, validate } from 'truecost';
const parsed = validate(flightRequestSchema, globalThis.body);
console.log(parsed.ok ? flightTruecost(parsed.value) : parsed.error);`,
  handler: `import { createHandler } from 'truecost/http';
import { createMemoryStore } from 'truecost/stores/memory';
export default createHandler({ store: createMemoryStore() });`,
  // A bare import: it defines <truecost-opt-in> and <truecost-success>, which the bundle must keep.
  checkout: `import 'truecost/checkout';`,
};

/** The minified browser bundle of `contents` (an entry's source), resolving `truecost` from `directory`. */
export async function bundleOf(contents: string, directory: string): Promise<Uint8Array> {
  const result = await build({
    stdin: { contents, resolveDir: directory, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.contents;
}

/** The size in bytes of each entry's bundle, minified and gzipped, resolving `truecost` from `directory`. */
export async function bundleSizes(directory: string): Promise<Record<BundleName, BundleSize>> {
  const sizes = {} as Record<BundleName, BundleSize>;
  for (const [name, contents] of Object.entries(bundleEntries) as [BundleName, string][]) {
    const code = await bundleOf(contents, directory);
    sizes[name] = { minified: code.byteLength, gzipped: gzipSync(code, { level: 9 }).byteLength };
  }
  return sizes;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const directory = resolve(process.argv[2] ?? '.');
  for (const [name, size] of Object.entries(await bundleSizes(directory))) {
    console.log(`${name.padEnd(8)} ${(size.minified / 1000).toFixed(1).padStart(7)} kB minified ${(size.gzipped / 1000).toFixed(1).padStart(6)} kB gzipped`);
  }
}
