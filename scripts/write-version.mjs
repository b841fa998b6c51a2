// Writes src/version.ts from package.json's version, so that the library, the OpenAPI document
// and `truecost --version` name one version. Runs before every build and after `changeset version` (npm run version-packages);
// test/version.test.ts fails when the two differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const target = join(root, 'src/version.ts');
const text = `// Written by scripts/write-version.mjs from package.json; do not edit.

/**
 * The version of the truecost package, as in its package.json.
 *
 * @remarks Since 0.2.0
 */
export const PACKAGE_VERSION = '${version}';
`;
let current = '';
try {
  current = readFileSync(target, 'utf8');
} catch {
  // Not written yet.
}
if (current !== text) writeFileSync(target, text);
