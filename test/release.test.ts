import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// `npm run version-packages` (scripts/version-packages.mjs) on a copy of the release files: while
// the package is 0.x a major changeset makes the next minor, not 1.0.0 (docs/versioning.md), and
// package.json, package-lock.json, src/version.ts and CHANGELOG.md name the version it cut.
const root = resolve(import.meta.dirname, '..');
const made: string[] = [];

afterEach(() => {
  for (const directory of made.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function releaseCopy(version: string, changesets: Record<string, string>): string {
  const directory = mkdtempSync(join(tmpdir(), 'truecost-release-'));
  made.push(directory);
  mkdirSync(join(directory, 'scripts'));
  mkdirSync(join(directory, 'src'));
  mkdirSync(join(directory, '.changeset'));
  cpSync(join(root, 'scripts/version-packages.mjs'), join(directory, 'scripts/version-packages.mjs'));
  cpSync(join(root, 'scripts/write-version.mjs'), join(directory, 'scripts/write-version.mjs'));
  cpSync(join(root, '.changeset/config.json'), join(directory, '.changeset/config.json'));
  symlinkSync(join(root, 'node_modules'), join(directory, 'node_modules'));
  writeFileSync(join(directory, 'package.json'), `${JSON.stringify({ name: 'truecost', version, private: true }, null, 2)}\n`);
  const lock = { name: 'truecost', version, lockfileVersion: 3, requires: true, packages: { '': { name: 'truecost', version } } };
  writeFileSync(join(directory, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
  writeFileSync(join(directory, 'CHANGELOG.md'), `# truecost\n\n## ${version}\n\n### Minor Changes\n\n- The last release.\n`);
  for (const [name, text] of Object.entries(changesets)) writeFileSync(join(directory, '.changeset', `${name}.md`), text);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: directory, stdio: 'ignore' });
  git('init', '-q', '-b', 'main');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'add', '-A');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-qm', 'changesets');
  return directory;
}

function cut(directory: string, ...args: string[]): void {
  execFileSync(process.execPath, [join(directory, 'scripts/version-packages.mjs'), ...args], { cwd: directory, stdio: 'ignore' });
}

const changeset = (bump: string, text: string) => `---\n"truecost": ${bump}\n---\n\n${text}\n`;
const read = (directory: string, path: string) => readFileSync(join(directory, path), 'utf8');

describe('npm run version-packages', () => {
  it('makes the next minor of a 0.x package from a major changeset, listed under Major Changes', () => {
    const directory = releaseCopy('0.4.0', { removed: changeset('major', 'An export removed.'), added: changeset('minor', 'An option added.') });
    cut(directory);
    expect(JSON.parse(read(directory, 'package.json')).version).toBe('0.5.0');
    const lock = JSON.parse(read(directory, 'package-lock.json'));
    expect([lock.version, lock.packages[''].version]).toEqual(['0.5.0', '0.5.0']);
    expect(read(directory, 'src/version.ts')).toContain("PACKAGE_VERSION = '0.5.0'");
    const changelog = read(directory, 'CHANGELOG.md');
    expect(changelog).not.toContain('## 1.0.0');
    expect(changelog.indexOf('## 0.5.0')).toBeLessThan(changelog.indexOf('### Major Changes'));
    expect(changelog).toContain('An export removed.');
    expect(changelog.indexOf('## 0.5.0')).toBeLessThan(changelog.indexOf('## 0.4.0'));
  }, 60_000);

  it('makes a patch of patches, and 1.0.0 only when asked to leave 0.x', () => {
    const patched = releaseCopy('0.4.0', { fixed: changeset('patch', 'A fix.') });
    cut(patched);
    expect(JSON.parse(read(patched, 'package.json')).version).toBe('0.4.1');
    const leaving = releaseCopy('0.4.0', { stable: changeset('major', 'The stable API.') });
    cut(leaving, '--leave-zero');
    expect(JSON.parse(read(leaving, 'package.json')).version).toBe('1.0.0');
  }, 60_000);
});
