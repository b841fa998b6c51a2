import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Walks the relative imports of src/ (type-only ones included) and reports every circle: modules
// that import each other in a circle cannot be read, tested or loaded one at a time.
const src = resolve(import.meta.dirname, '../src');

function modulesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return modulesUnder(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The modules of src/ that `file` imports or re-exports, by absolute path. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'";]*?from\s*'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g)].map(
    (match) => match[1] ?? match[2] ?? '',
  );
  return specifiers.map((specifier) => resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
}

/** Every circle of imports among `files`, each as the list of its modules relative to src/. */
function importCycles(files: readonly string[]): string[][] {
  const known = new Set(files);
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    trail.push(file);
    for (const next of importsOf(file)) {
      if (!known.has(next)) continue;
      if (state.get(next) === 'open') cycles.push(trail.slice(trail.indexOf(next)).map((path) => relative(src, path)));
      else if (state.get(next) === undefined) visit(next);
    }
    trail.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (state.get(file) === undefined) visit(file);
  return cycles;
}

describe('the imports of src/', () => {
  it('form no circle', () => {
    expect(importCycles(modulesUnder(src))).toEqual([]);
  });

  it('are walked far enough to see a circle written on purpose', () => {
    const directory = mkdtempSync(join(tmpdir(), 'truecost-cycles-'));
    try {
      const write = (name: string, text: string) => writeFileSync(join(directory, name), text);
      write('a.ts', "import type { B } from './b.js';\nexport type A = B;\n");
      write('b.ts', "export { c } from './c.js';\nexport type B = string;\n");
      write('c.ts', "export const c = () => import('./a.js');\n");
      const files = ['a.ts', 'b.ts', 'c.ts'].map((name) => join(directory, name));
      expect(importCycles(files).map((cycle) => cycle.map((path) => path.slice(-4)))).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
