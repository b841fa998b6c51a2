import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { typeErrors } from '../typecheck.js';

// Every TypeScript snippet of README.md and docs/*.md compiles on its own, as a module of a
// `strict` project that installed truecost: all in one program, each snippet its own file.
const root = resolve(import.meta.dirname, '../..');
const documents = ['README.md', ...readdirSync(resolve(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

interface Snippet {
  /** Where the fence opens, as `file:line`. */
  readonly at: string;
  readonly code: string;
}

/** The ```ts and ```typescript blocks of a Markdown text, each with the line its fence opens on. */
export function typescriptSnippets(name: string, markdown: string): Snippet[] {
  const snippets: Snippet[] = [];
  const lines = markdown.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const open = /^(\s*)(`{3,}|~{3,})\s*(\S*)/.exec(lines[index]!);
    if (open === null) continue;
    const [, indent, fence, language] = open;
    const close = lines.findIndex((line, after) => after > index && line.trimStart().startsWith(fence!) && line.trim() === fence);
    const end = close === -1 ? lines.length : close;
    if (language === 'ts' || language === 'typescript') {
      const code = lines.slice(index + 1, end).map((line) => (line.startsWith(indent!) ? line.slice(indent!.length) : line));
      snippets.push({ at: `${name}:${index + 1}`, code: code.join('\n') });
    }
    index = end;
  }
  return snippets;
}

const snippets = documents.flatMap((name) => typescriptSnippets(name, readFileSync(resolve(root, name), 'utf8')));

describe('the TypeScript snippets of README.md and docs/', () => {
  it('are found in the README and in docs/', () => {
    expect(snippets.filter((snippet) => snippet.at.startsWith('README.md:')).length).toBeGreaterThanOrEqual(5);
    expect(snippets.filter((snippet) => snippet.at.startsWith('docs/')).length).toBeGreaterThanOrEqual(5);
  });

  it('each compile on their own under strict', () => {
    // Files that do not exist, in this test's folder: package.json's "type": "module" applies, and
    // `export {}` makes a snippet without imports a module of its own.
    const files = new Map(
      snippets.map((snippet) => [resolve(import.meta.dirname, `snippet-${snippet.at.replace(/[/:.]/g, '-')}.ts`), `${snippet.code}\nexport {};\n`]),
    );
    const names = new Map([...files.keys()].map((path, index) => [path, snippets[index]!.at]));
    const errors = typeErrors(files).map((error) => {
      const path = [...names.keys()].find((file) => error.startsWith(`${file}:`));
      if (path === undefined) return error;
      const [file, line] = names.get(path)!.split(':');
      const [, at, column, message] = /^:(\d+):(\d+): ([\s\S]*)$/.exec(error.slice(path.length))!;
      return `${file}:${Number(line) + Number(at)}:${column}: ${message}`;
    });
    expect(errors).toEqual([]);
  });

  it('reads a fence as TypeScript only when it says so, and catches a snippet that does not compile', () => {
    const markdown = ['```ts', "const n: number = 'one';", '```', '```sh', 'npm test', '```', '  ```typescript', '  let s: string = 1;', '  ```'].join('\n');
    const found = typescriptSnippets('x.md', markdown);
    expect(found).toEqual([
      { at: 'x.md:1', code: "const n: number = 'one';" },
      { at: 'x.md:7', code: 'let s: string = 1;' },
    ]);
    const errors = typeErrors(new Map([[resolve(import.meta.dirname, 'snippet-bad.ts'), `${found[0]!.code}\nexport {};\n`]]));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/Type 'string' is not assignable to type 'number'/);
  });
});
