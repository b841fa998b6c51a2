import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The run-time names each entry point of the package exports, against the checked-in list in
// test/public-surface.json, so that adding or removing a public name is a deliberate change:
// update the list (and write a changeset) in the same commit.
const root = resolve(import.meta.dirname, '..');

const sources: Readonly<Record<string, string>> = {
  truecost: '../src/index.js',
  'truecost/http': '../src/http/index.js',
  'truecost/bulk': '../src/bulk/index.js',
  'truecost/client': '../src/client/index.js',
  'truecost/places': '../src/places/index.js',
  'truecost/checkout': '../src/checkout/index.js',
  'truecost/stores/memory': '../src/stores/memory.js',
  'truecost/stores/sqlite': '../src/stores/sqlite.js',
  'truecost/stores/postgres': '../src/stores/postgres.js',
  'truecost/testing': '../src/testing/index.js',
};

const expected = JSON.parse(readFileSync(resolve(root, 'test/public-surface.json'), 'utf8')) as Record<string, string[]>;

describe('the public surface', () => {
  it('covers every entry point of package.json', () => {
    const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    const entries = Object.keys(pkg.exports)
      .filter((path) => path !== './package.json')
      .map((path) => (path === '.' ? 'truecost' : `truecost/${path.slice(2)}`));
    expect(entries.sort()).toEqual(Object.keys(sources).sort());
    expect(Object.keys(expected).sort()).toEqual(Object.keys(sources).sort());
  });

  for (const [entry, source] of Object.entries(sources)) {
    it(`of ${entry} is the checked-in list`, async () => {
      const module = (await import(source)) as Record<string, unknown>;
      expect(Object.keys(module).sort()).toEqual(expected[entry]);
    });
  }

  it('keeps the internals of the core out of truecost', () => {
    const names = expected['truecost'] ?? [];
    for (const internal of ['createLookups', 'hasAtMostSixDecimals', 'isTruckMethod', 'cngToPetrolRatio']) {
      expect(names).not.toContain(internal);
    }
  });
});
