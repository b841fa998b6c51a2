import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The version of the installed truecost package: read from the nearest `package.json` named
 * truecost above this module (`dist/` when installed, `src/cli/` in a checkout).
 */
export function packageVersion(from: string = import.meta.url): string {
  let directory = dirname(fileURLToPath(from));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      if (manifest.name === 'truecost' && typeof manifest.version === 'string') return manifest.version;
    } catch {
      // No readable package.json here: look one folder up.
    }
    const parent = dirname(directory);
    if (parent === directory) throw new Error('The truecost package.json was not found above the command.');
    directory = parent;
  }
}
