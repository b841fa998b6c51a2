import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The versions the repository names agree (docs/versioning.md): a `@remarks Since x.y.z` tag names a
// version that shipped or the next one, and CHANGELOG.md has a section for every version up to
// package.json's. `npm run version-packages` keeps them so.
const root = resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };

type Version = readonly [number, number, number];

function parse(text: string): Version {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (match === null) throw new Error(`not a version: ${text}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** The version a new name takes: the next minor (also while 0.x, where a breaking change is a minor too). */
function nextMinor([major, minor]: Version): Version {
  return [major, minor + 1, 0];
}

function sources(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx|mts|cts)$/.test(entry.name) ? [path] : [];
  });
}

/** Every `@remarks Since x.y.z` tag of src/ with where it stands. */
function sinceTags(): { version: string; at: string }[] {
  const tags: { version: string; at: string }[] = [];
  for (const file of sources(join(root, 'src'))) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, index) => {
      for (const match of line.matchAll(/@remarks Since (\S+)/g)) {
        // The version may end a sentence or a clause: `Since 0.1.0.`, `Since 0.1.0; options since 0.5.0`.
        tags.push({ version: (match[1] ?? '').replace(/[.,;:)]+$/, ''), at: `${relative(root, file)}:${index + 1}` });
      }
    });
  }
  return tags;
}

/** The versions CHANGELOG.md has a section for (`## x.y.z`). */
function changelogVersions(): string[] {
  const text = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
  return [...text.matchAll(/^## (\d+\.\d+\.\d+)\s*$/gm)].map((match) => match[1] ?? '');
}

describe('the versions', () => {
  const current = parse(manifest.version);

  it('of every @remarks Since tag in src/ shipped already or are the next minor', () => {
    const tags = sinceTags();
    expect(tags.length).toBeGreaterThan(50);
    const limit = nextMinor(current);
    const beyond = tags.filter((tag) => !/^\d+\.\d+\.\d+$/.test(tag.version) || compare(parse(tag.version), limit) > 0);
    expect(beyond, `tags beyond ${limit.join('.')} (package.json is ${manifest.version})`).toEqual([]);
  });

  it('that shipped each have a section in CHANGELOG.md, newest first', () => {
    const listed = changelogVersions();
    const expected = new Set<string>([manifest.version]);
    // Every minor of the 0.x series up to package.json's (0.1.0 was the first release), and the
    // first release of every major after it.
    const lastZeroMinor = current[0] === 0 ? current[1] : Math.max(0, ...listed.map(parse).filter((v) => v[0] === 0).map((v) => v[1]));
    for (let minor = 1; minor <= lastZeroMinor; minor += 1) expected.add(`0.${minor}.0`);
    for (let major = 1; major <= current[0]; major += 1) expected.add(`${major}.0.0`);
    expect([...expected].filter((version) => !listed.includes(version))).toEqual([]);
    expect(listed.filter((version) => compare(parse(version), current) > 0)).toEqual([]);
    expect(listed).toEqual([...listed].sort((a, b) => compare(parse(b), parse(a))));
  });

  it('compare as semver does', () => {
    expect(compare(parse('0.10.0'), parse('0.9.3'))).toBeGreaterThan(0);
    expect(nextMinor(parse('0.4.0'))).toEqual([0, 5, 0]);
    expect(nextMinor(parse('1.2.3'))).toEqual([1, 3, 0]);
  });
});
