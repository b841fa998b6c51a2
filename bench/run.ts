// Runs every benchmark in bench/ (files named *.bench.ts, each exporting a default async
// function), or only those whose name contains the first argument: `npm run bench -- flight`.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const filter = process.argv[2] ?? '';
const files = readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith('.bench.ts') && file.includes(filter))
  .sort();

for (const file of files) {
  console.log(`\n# ${file}`);
  const module = (await import(pathToFileURL(join(import.meta.dirname, file)).href)) as {
    default: () => Promise<void>;
  };
  await module.default();
}
