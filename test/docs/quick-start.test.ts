import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The README's quick start, run as a newcomer runs it: `npm start` (serve, no --db) in a directory
// without a database, then the shell session that follows, with the key serve printed.
const root = resolve(import.meta.dirname, '../..');
const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const quickStart = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('\n## ', readme.indexOf('## Quick start') + 1));
const blocks = [...quickStart.matchAll(/```(\w*)\n([\s\S]*?)```/g)].map(([, lang, body]) => ({ lang: lang!, body: body! }));
const directory = mkdtempSync(join(tmpdir(), 'truecost-quick-start-'));

afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** The commands (`$ ` lines with their continuations) and the output the README shows after them. */
function session(body: string): { script: string; expected: string[] } {
  const commands: string[] = [];
  const expected: string[] = [];
  let continuing = false;
  for (const line of body.trimEnd().split('\n')) {
    if (line.startsWith('$ ')) commands.push(line.slice(2));
    else if (continuing) commands[commands.length - 1] += `\n${line}`;
    else expected.push(line);
    continuing = (line.startsWith('$ ') || continuing) && line.endsWith('\\');
  }
  // curl -s prints the body without a newline: an echo after each command keeps one answer a line.
  return { script: commands.map((command) => (command.startsWith('curl') ? `${command}\necho` : command)).join('\n'), expected };
}

/** `truecost serve` (from the sources) in the quick start's directory, once it listens. */
async function serveInDirectory(): Promise<{ lines: string[]; port: string; stop: () => Promise<void> }> {
  const tsx = pathToFileURL(resolve(root, 'node_modules/tsx/dist/loader.mjs')).href;
  const child = spawn(process.execPath, ['--import', tsx, resolve(root, 'src/cli/index.ts'), 'serve', '--port', '0', '--no-request-log', '--drain-delay', '0'], {
    cwd: directory,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('close', () => done()));
  const lines: string[] = [];
  const port = await new Promise<string>((done, fail) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      const match = /^truecost listening on http:\/\/127\.0\.0\.1:(\d+)$/.exec(line);
      if (match !== null) done(match[1]!);
    });
    void exited.then(() => fail(new Error('serve exited before it listened')));
  });
  return {
    lines,
    port,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

describe('the README quick start, on a fresh clone', () => {
  it('npm start serves the default store, ./truecost.db', () => {
    expect(manifest.scripts['start']).toBe('node scripts/start.mjs');
    expect(readme).toContain('`npm start` is `node scripts/start.mjs`');
    expect(blocks[0]!.body.trim()).toBe('npm ci && npm start');
  });

  it('prints a staging key at first start, and the curl session works with it as written', async () => {
    const { lines, port, stop } = await serveInDirectory();
    try {
      // What the README shows serve printing, the key and the port aside.
      const shown = blocks[1]!.body.trimEnd().split('\n');
      expect(lines.map((line) => line.replace(/truecost_staging_\S+/, 'KEY').replace(/:\d+$/, ':PORT'))).toEqual(
        shown.map((line) => line.replace(/truecost_staging_\S+/, 'KEY').replace(/:8080$/, ':PORT')),
      );
      const key = /^staging key \(partner local\): (truecost_staging_\S+)$/.exec(lines[0]!)![1]!;

      const { script, expected } = session(blocks[2]!.body);
      expect(script).toMatch(/^KEY=truecost_staging_\S+\n/);
      const asWritten = script.replace(/^KEY=\S+/, `KEY=${key}`).replaceAll('127.0.0.1:8080', `127.0.0.1:${port}`);
      const answered = execFileSync('sh', ['-c', asWritten], { encoding: 'utf8' });
      expect(answered.trimEnd().split('\n')).toEqual(expected);
    } finally {
      await stop();
    }
  });

  it('prints no key at the next start: the database holds the first one', async () => {
    const { lines, stop } = await serveInDirectory();
    await stop();
    // The JSON lines of the log (draining, closing) may come before the process ends; no other line.
    expect(lines.filter((line) => !line.startsWith('{"level":'))).toEqual([expect.stringMatching(/^truecost listening on /)]);
    expect(lines.join('\n')).not.toMatch(/truecost_staging_/);
  });
});
