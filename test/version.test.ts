import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, createHandler, routes } from '../src/http/index.js';
import { createMemoryStore } from '../src/stores/memory.js';
import { PACKAGE_VERSION } from '../src/version.js';

// One version everywhere: package.json, the library, the OpenAPI document and `truecost --version`
// (test/cli/help.test.ts). src/version.ts is written from package.json before every build
// (scripts/write-version.mjs); this fails when it was not.
const manifest = JSON.parse(readFileSync(resolve(import.meta.dirname, '..', 'package.json'), 'utf8')) as { version: string };

describe('the version', () => {
  it('of the library is the version of package.json', () => {
    expect(PACKAGE_VERSION).toBe(manifest.version);
  });

  it('of the OpenAPI document, built and served, is the version of package.json', async () => {
    expect((buildOpenApiDocument(routes) as { info: { version: string } }).info.version).toBe(manifest.version);
    const handler = createHandler({ store: createMemoryStore() });
    const served = (await (await handler(new Request('http://truecost.test/openapi.json'))).json()) as { info: { version: string } };
    expect(served.info.version).toBe(manifest.version);
  });
});
