// The packed tarball installed as a user installs it: `npm pack`, then `npm install` of the
// tarball into a fresh project outside the repository, without any optional package or peer. The package
// is built and packed from a copy of the checkout, so that its build never empties the checkout's
// dist/ while another suite packs it.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The root of the checkout. */
export const root = resolve(import.meta.dirname, '../..');

/** Runs a command to its end and returns its stdout; throws when it fails. */
export function run(command: string, args: string[], cwd = root): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** A project with the packed truecost installed, and how to remove it. */
export interface PackedConsumer {
  /** The tarball `npm pack` made. */
  readonly tarball: string;
  /** The project's folder; truecost is in its node_modules. */
  readonly consumer: string;
  /** Links packages of this checkout's node_modules into the project (frameworks, tsx, peers). */
  link(...packages: string[]): void;
  remove(): void;
}

/** What the build and `npm pack` read from the checkout. */
const PACKED_SOURCES = ['package.json', 'README.md', 'NOTICE.md', 'tsup.config.ts', 'tsconfig.json', 'src', 'scripts'];

/** Packs (a copy of) the checkout and installs the tarball into a fresh project (truecost and zod only; link the rest). */
export function installPacked(): PackedConsumer {
  const work = mkdtempSync(join(tmpdir(), 'truecost-package-'));
  const checkout = join(work, 'checkout');
  for (const path of PACKED_SOURCES) cpSync(join(root, path), join(checkout, path), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(checkout, 'node_modules'), 'dir');
  run('npm', ['pack', '--silent', '--pack-destination', work], checkout);
  const name = readdirSync(work).find((file) => file.endsWith('.tgz'));
  if (name === undefined) throw new Error('npm pack produced no tarball');
  const consumer = join(work, 'consumer');
  mkdirSync(consumer);
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--omit=optional', '--omit=peer', join(work, name)], consumer);
  return {
    tarball: join(work, name),
    consumer,
    link(...packages) {
      for (const name of packages) {
        const target = join(consumer, 'node_modules', name);
        mkdirSync(resolve(target, '..'), { recursive: true });
        symlinkSync(join(root, 'node_modules', name), target, 'dir');
      }
    },
    remove: () => rmSync(work, { recursive: true, force: true }),
  };
}
