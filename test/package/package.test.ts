import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Tests the published artifact, not the sources: pack, lint the tarball, then import it
// from outside the repository as ESM and as CommonJS.
const root = resolve(import.meta.dirname, '../..');
let work: string;
let tarball: string;

function run(command: string, args: string[], cwd = root): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'truecost-package-'));
  run('npm', ['pack', '--silent', '--pack-destination', work]);
  const name = readdirSync(work).find((file) => file.endsWith('.tgz'));
  if (name === undefined) throw new Error('npm pack produced no tarball');
  tarball = join(work, name);
  const consumer = join(work, 'consumer');
  mkdirSync(join(consumer, 'node_modules', 'truecost'), { recursive: true });
  run('tar', ['-xzf', tarball, '-C', join(consumer, 'node_modules', 'truecost'), '--strip-components=1']);
  // The package's one run-time dependency, taken from this checkout instead of the registry.
  symlinkSync(join(root, 'node_modules', 'zod'), join(consumer, 'node_modules', 'zod'), 'dir');
}, 240_000);

afterAll(() => {
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

describe('the packed tarball', () => {
  it('passes publint --strict', () => {
    const output = run('npx', ['publint', '--strict', join(work, 'consumer', 'node_modules', 'truecost')]);
    expect(output).not.toMatch(/error|warning/i);
  });

  it('has correct types for ESM and CommonJS consumers (attw)', () => {
    // node10 resolution predates "exports" and cannot see sub-paths; every other profile must pass.
    // attw exits non-zero on any problem outside the ignored profile, which fails `run`.
    const report = JSON.parse(run('npx', ['attw', tarball, '--profile', 'node16', '--format', 'json'])) as {
      problems: Record<string, { resolutionKind?: string }[]>;
    };
    const counted = Object.values(report.problems)
      .flat()
      .filter((problem) => problem.resolutionKind !== 'node10');
    expect(counted).toEqual([]);
  }, 120_000);

  const script = (importLine: string) => `${importLine}
const result = truecost.validate(truecost.climesSchema, 0.5);
const refused = truecost.validate(truecost.climesSchema, -1);
const flight = truecost.validate(truecost.flightRequestSchema, {
  queries: { flights: [{ departure: 'del', arrival: 'BOM', no_of_tickets: 1 }] },
});
const badFlight = truecost.validate(truecost.flightRequestSchema, {
  queries: { flights: [{ departure: 'DEL', arrival: 'QQQ', no_of_tickets: 1 }] },
});
console.log(JSON.stringify({
  ok: result.ok,
  refusedPath: refused.ok ? null : refused.error.reason,
  flight: flight.ok ? truecost.flightTruecost(flight.value) : null,
  badFlightPath: badFlight.ok ? null : badFlight.error.path,
}));
`;
  const expected = {
    ok: true,
    refusedPath: 'Must be greater than 0.',
    flight: { message: 'Truecost calculated successfully', truecost: [{ flight_id: 'flight-1', truecost: '0.108396' }] },
    badFlightPath: 'queries.flights.0.arrival',
  };

  it('keeps the core bundle pure and within its size ceiling', () => {
    const core = ['index.js', 'index.cjs'].map((file) => readFileSync(join(work, 'consumer', 'node_modules', 'truecost', 'dist', file), 'utf8'));
    for (const bundle of core) {
      // 420 kB: about 160 kB of airport table, the other data tables and the calculators (zod stays external).
      expect(Buffer.byteLength(bundle)).toBeLessThan(420_000);
      // The core touches no Node built-in, no driver and no adapter code.
      for (const forbidden of ['node:', 'better-sqlite3', "'pg'", 'createHandler', 'toNodeListener', 'process.env', 'Date.now(']) {
        expect(bundle, forbidden).not.toContain(forbidden);
      }
    }
  });

  it('imports as ESM from outside the repository', () => {
    const file = join(work, 'consumer', 'esm.mjs');
    writeFileSync(file, script("import * as truecost from 'truecost';"));
    const output = JSON.parse(run('node', [file], join(work, 'consumer')));
    expect(output).toEqual(expected);
  });

  it('exports the checked-in public names (test/public-surface.json) as ESM and as CommonJS', () => {
    const surface = JSON.parse(readFileSync(join(root, 'test', 'public-surface.json'), 'utf8')) as Record<string, string[]>;
    // The stores need their drivers, which this consumer does not install; test/public-surface.test.ts covers them.
    const entries = ['truecost', 'truecost/http', 'truecost/bulk'];
    const esm = join(work, 'consumer', 'surface.mjs');
    writeFileSync(
      esm,
      `const names = {};\nfor (const entry of ${JSON.stringify(entries)}) names[entry] = Object.keys(await import(entry)).sort();\nconsole.log(JSON.stringify(names));\n`,
    );
    const cjs = join(work, 'consumer', 'surface.cjs');
    writeFileSync(
      cjs,
      `const names = {};\nfor (const entry of ${JSON.stringify(entries)}) names[entry] = Object.keys(require(entry)).sort();\nconsole.log(JSON.stringify(names));\n`,
    );
    const wanted = Object.fromEntries(entries.map((entry) => [entry, surface[entry]]));
    expect(JSON.parse(run('node', [esm], join(work, 'consumer')))).toEqual(wanted);
    expect(JSON.parse(run('node', [cjs], join(work, 'consumer')))).toEqual(wanted);
  });

  it('requires as CommonJS from outside the repository', () => {
    const file = join(work, 'consumer', 'cjs.cjs');
    writeFileSync(file, script("const truecost = require('truecost');"));
    const output = JSON.parse(run('node', [file], join(work, 'consumer')));
    expect(output).toEqual(expected);
  });
});
