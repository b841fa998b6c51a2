// Cuts a release from the pending changesets (npm run version-packages): `changeset version`
// writes CHANGELOG.md, bumps package.json and deletes the changesets it used; then, while the
// package is 0.x, a breaking change (a `major` changeset) moves the minor version instead of
// making 1.0.0, as docs/versioning.md says; last, src/version.ts is written from package.json.
//
//   node scripts/version-packages.mjs               the next version from the changesets
//   node scripts/version-packages.mjs --leave-zero  let a major changeset make 1.0.0
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const manifestPath = join(root, 'package.json');
const lockPath = join(root, 'package-lock.json');
const changelogPath = join(root, 'CHANGELOG.md');

const readVersion = () => JSON.parse(readFileSync(manifestPath, 'utf8')).version;
const parse = (version) => {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!match) throw new Error(`version-packages: package.json's version ${version} is not x.y.z`);
  return match.slice(1).map(Number);
};

const leaveZero = process.argv.includes('--leave-zero');
const before = readVersion();
const [major] = parse(before);

execFileSync(join(root, 'node_modules/.bin/changeset'), ['version'], { cwd: root, stdio: 'inherit' });

let after = readVersion();
if (after === before) {
  console.log(`version-packages: no pending changeset; the version stays ${before}`);
} else if (major === 0 && parse(after)[0] > 0 && !leaveZero) {
  const [, minor] = parse(before);
  const capped = `0.${minor + 1}.0`;
  // package.json keeps its formatting: only the version string changes.
  const manifest = readFileSync(manifestPath, 'utf8');
  writeFileSync(manifestPath, manifest.replace(`"version": "${after}"`, `"version": "${capped}"`));
  const changelog = readFileSync(changelogPath, 'utf8');
  writeFileSync(changelogPath, changelog.replace(`\n## ${after}\n`, `\n## ${capped}\n`));
  console.log(`version-packages: breaking changes while 0.x: ${capped}, not ${after} (docs/versioning.md)`);
  after = capped;
}

// The lock file names the package's own version twice: at its top and as the root package.
if (existsSync(lockPath)) {
  const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
  if (lock.version !== after || lock.packages?.['']?.version !== after) {
    lock.version = after;
    if (lock.packages?.['']) lock.packages[''].version = after;
    writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  }
}

execFileSync(process.execPath, [join(root, 'scripts/write-version.mjs')], { cwd: root, stdio: 'inherit' });
console.log(`version-packages: ${before} -> ${after}`);
