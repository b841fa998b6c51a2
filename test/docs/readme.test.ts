import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The README is the package's page on npm, where the repository's files are not: every link must
// be absolute, and a link into the repository must name a file or folder that exists.
const root = resolve(import.meta.dirname, '../..');
const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as Record<string, any>;
const REPOSITORY = 'https://github.com/truecost/truecost';

describe('the README, as npm shows it', () => {
  const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map(([, target]) => target!);

  it('links only to absolute https addresses', () => {
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) expect(link, link).toMatch(/^https:\/\//);
  });

  it('links into the repository only to files and folders that exist on its main branch', () => {
    for (const link of links.filter((target) => target.startsWith(`${REPOSITORY}/`))) {
      const match = /^https:\/\/github\.com\/truecost\/truecost\/(blob|tree)\/main\/([^#]+)(#.*)?$/.exec(link);
      expect(match, link).not.toBeNull();
      const [, kind, path] = match!;
      const file = resolve(root, path!);
      expect(existsSync(file), link).toBe(true);
      expect(statSync(file).isDirectory(), link).toBe(kind === 'tree');
    }
  });

  it('is reached from package.json: repository, homepage and bugs name the repository', () => {
    expect(manifest['repository']).toEqual({ type: 'git', url: `git+${REPOSITORY}.git` });
    expect(manifest['homepage']).toBe(`${REPOSITORY}#readme`);
    expect(manifest['bugs']).toEqual({ url: `${REPOSITORY}/issues` });
  });

  it('shows an example of every calculator of the package', () => {
    for (const name of ['flightTruecost', 'bulkFlightResults', 'carTruecost', 'transportationTruecost', 'logisticsTruecost', 'commuteTruecost', 'freightTruecost', 'tripTruecost']) {
      expect(readme).toMatch(new RegExp(`^${name}\\(`, 'm'));
    }
    expect(readme).toContain('generateApiKey(');
  });
});
