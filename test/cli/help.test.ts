import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { parseServeOptions } from '../../src/cli/serve.js';
import { configurationTable, SERVE_SETTINGS } from '../../src/cli/settings.js';
import { dbUrlOf, DEFAULT_DB_URL } from '../../src/cli/store-url.js';
import { UsageError } from '../../src/cli/usage.js';
import { root, truecost } from '../e2e/serve-process.js';

const version = (JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string }).version;

describe('truecost --help and --version', () => {
  it('--version prints the package version', () => {
    for (const flag of ['--version', '-v']) {
      const result = truecost([flag]);
      expect(result.status).toBe(0);
      expect(result.stdout).toBe(`${version}\n`);
    }
  });

  it.each([
    [['serve'], 'truecost serve [--port'],
    [['flight'], 'truecost flight FROM TO'],
    [['calc'], 'truecost calc flight|cars'],
    [['keys', 'create'], 'truecost keys create --partner'],
    [['keys', 'revoke'], 'truecost keys revoke KEY'],
    [['partners', 'set-endpoint'], 'truecost partners set-endpoint'],
    [['partners', 'set-events-endpoint'], 'truecost partners set-events-endpoint'],
    [['partners', 'set-profile'], 'truecost partners set-profile --partner ID [--display-name NAME] [--kg-per-clime N] [--locale en|hi]'],
    [['projects', 'add'], 'truecost projects add --partner ID --id ID --name NAME [--registry NAME] [--registry-url URL]'],
    [['jobs'], 'truecost jobs list'],
    [['jobs'], 'truecost jobs redrive [--partner ID] [--since ISO] [--until ISO]'],
    [['worker'], 'truecost worker ['],
    [['report'], 'truecost report emissions --partner ID'],
    [['calculations'], 'truecost calculations delete --partner ID --before'],
  ])('%j --help prints the usage of that command and exits 0', (command, line) => {
    for (const flag of ['--help', '-h']) {
      const result = truecost([...command, flag]);
      expect(result.status).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout).toContain(line);
      // Only that command's lines, not the whole usage.
      expect(result.stdout.match(/^ {2}truecost /gm)!.length).toBeLessThan(5);
    }
  });

  it('--help, and help COMMAND, print the usage', () => {
    expect(truecost(['--help']).stdout).toContain('truecost worker [');
    expect(truecost(['help', 'serve']).stdout).toContain('env PORT');
    // The usage lines that continue a command's first line are part of its help.
    expect(truecost(['serve', '--help']).stdout).toMatch(/^ +\[--request-timeout/m);
  });
});

describe('serve --help and the README, one list of settings', () => {
  const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1));
  const table = section.split('\n').filter((line) => line.startsWith('|')).join('\n');

  it("the README's Configuration table is the settings list, row for row", () => {
    expect(table).toBe(configurationTable());
  });

  it('serve --help names every variable of the README table, with its flag and default', () => {
    const help = truecost(['serve', '--help']).stdout;
    const variables = [...table.matchAll(/`([A-Z][A-Z_]+)`/g)].map(([, name]) => name!);
    expect(variables).toEqual(expect.arrayContaining(['TRUECOST_DB_TIMEOUT', 'TRUECOST_DB_CONNECT_TIMEOUT', 'TRUECOST_STALE_KEY_WINDOW', 'TRUECOST_RATE_LIMIT']));
    for (const setting of SERVE_SETTINGS) {
      const line = help.split('\n').find((candidate) => candidate.startsWith(`  ${setting.env.join(', then ')} `));
      expect(line, setting.env.join()).toBeDefined();
      expect(line).toContain(`${setting.flag.split(' ')[0]}, default ${setting.fallback.replaceAll('`', '')}`);
    }
    for (const name of variables) expect(help, name).toContain(name);
  });

  it.each(SERVE_SETTINGS.filter((setting) => / (N|MS|HOURS)$/.test(setting.flag)).map((setting) => [setting.env[0]!, setting.flag.split(' ')[0]!]))(
    'serve reads %s, and a bad value is refused naming %s',
    (variable, flag) => {
      const saved = process.env[variable];
      process.env[variable] = 'not-a-number';
      try {
        expect(() => parseServeOptions(['--db', 'memory:'])).toThrow(UsageError);
        expect(() => parseServeOptions(['--db', 'memory:'])).toThrow(flag);
      } finally {
        if (saved === undefined) delete process.env[variable];
        else process.env[variable] = saved;
      }
    },
  );
});

describe('configuration by environment', () => {
  it('a --db flag wins over TRUECOST_DB, which wins over DATABASE_URL', () => {
    expect(dbUrlOf('memory:', { TRUECOST_DB: 'sqlite:a.db', DATABASE_URL: 'postgres://x/y' })).toBe('memory:');
    expect(dbUrlOf(undefined, { TRUECOST_DB: 'sqlite:a.db', DATABASE_URL: 'postgres://x/y' })).toBe('sqlite:a.db');
    expect(dbUrlOf(undefined, { DATABASE_URL: 'postgres://x/y' })).toBe('postgres://x/y');
    expect(dbUrlOf(undefined, { TRUECOST_DB: '' })).toBe(DEFAULT_DB_URL);
    expect(dbUrlOf(undefined, {})).toBe(DEFAULT_DB_URL);
  });

  /** Runs `truecost serve` with only environment variables and waits for its address line. */
  async function serveWith(env: Record<string, string>, args: string[] = []): Promise<{ base: string; stop: () => void }> {
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(root, 'src/cli/index.ts'), 'serve', ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const base = await new Promise<string>((done, fail) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        const match = /^truecost listening on (http:\/\/\S+)$/.exec(line);
        if (match !== null) done(match[1]!);
      });
      child.once('exit', (code) => fail(new Error(`serve exited with ${code}: ${stderr}`)));
    });
    return { base, stop: () => child.kill('SIGTERM') };
  }

  it('serve reads PORT, HOST, TRUECOST_DB and TRUECOST_RATE_LIMIT', async () => {
    const service = await serveWith({ PORT: '0', HOST: '127.0.0.1', TRUECOST_DB: 'memory:', TRUECOST_RATE_LIMIT: '1' });
    try {
      expect(service.base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${service.base}/healthz`)).status).toBe(200);
    } finally {
      service.stop();
    }
  });

  it('a flag wins over its variable', async () => {
    const service = await serveWith({ PORT: 'not-a-port', HOST: '::', DATABASE_URL: 'mysql://nowhere', TRUECOST_RATE_LIMIT: '0' }, [
      '--port', '0', '--host', '127.0.0.1', '--db', 'memory:', '--rate-limit', '50',
    ]);
    try {
      expect(service.base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    } finally {
      service.stop();
    }
  });

  it('a bad variable is a usage error: exit code 2, nothing served', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', resolve(root, 'src/cli/index.ts'), 'serve'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, PORT: 'eighty', TRUECOST_DB: 'memory:' },
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--port must be a whole number');
  });
});
