import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiEntries, apiReports, lineDiff, staleReports } from '../scripts/api-report.js';

// The API report (api/*.api.md): every exported name of every entry point with its type or
// signature, built again from the sources and held to the committed files, so that a change of the
// public API is never silent. `npm run api:report` writes them; docs/versioning.md says which bump
// the change takes.
const root = resolve(import.meta.dirname, '..');

describe('the API report', () => {
  it('has one report per entry point of package.json', () => {
    const specifiers = apiEntries(root).map((entry) => entry.specifier);
    expect(specifiers).toContain('truecost');
    expect(specifiers).toContain('truecost/http');
    expect(new Set(apiEntries(root).map((entry) => entry.report)).size).toBe(specifiers.length);
  });

  it('is the committed api/*.api.md (else run `npm run api:report` and commit it)', () => {
    const problems = staleReports(root, apiReports(root));
    if (problems.length > 0) expect.fail(`\n${problems.join('\n\n')}`);
  }, 60_000);

  it('diffs by line, naming what was removed and what was added', () => {
    expect(lineDiff('a\nb\nc', 'a\nc\nd')).toBe('- b\n+ d');
    expect(lineDiff('same', 'same')).toBe('');
  });
});
