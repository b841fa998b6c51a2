// Packs the package and runs publint --strict and arethetypeswrong on the tarball.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const work = mkdtempSync(join(tmpdir(), 'truecost-pack-'));
try {
  execFileSync('npm', ['pack', '--silent', '--pack-destination', work], { stdio: 'inherit' });
  const tarball = join(work, readdirSync(work).find((file) => file.endsWith('.tgz')));
  execFileSync('npx', ['publint', '--strict', tarball], { stdio: 'inherit' });
  // node10 resolution predates "exports" and cannot see sub-paths such as truecost/http.
  execFileSync('npx', ['attw', tarball, '--profile', 'node16'], { stdio: 'inherit' });
} finally {
  rmSync(work, { recursive: true, force: true });
}
