import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { setEndpointCommand, setEventsEndpointCommand } from '../../src/cli/admin.js';
import { openSqliteStore } from '../../src/stores/sqlite.js';
import { UsageError } from '../../src/cli/usage.js';
import { truecost } from '../e2e/serve-process.js';

// `truecost partners set-endpoint` and `set-events-endpoint` check the URL against the endpoint policy before storing it.
const internal = [
  'http://127.0.0.1/results',
  'http://[::1]/results',
  'http://0x7f000001/results',
  'http://2130706433/results',
  'http://0177.0.0.1/results',
  'http://169.254.169.254/latest/meta-data/',
  'http://10.1.2.3/results',
  'http://172.16.0.1/results',
  'http://192.168.0.10/results',
  'http://[fc00::1]/results',
  'http://[fe80::1]/results',
  'http://[::]/results',
  'http://0.0.0.0/results',
  'http://[::ffff:127.0.0.1]/results',
  'http://100.64.0.1/results',
  'https://localhost:8443/results',
];

const directory = mkdtempSync(join(tmpdir(), 'truecost-set-endpoint-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const commands = { 'set-endpoint': setEndpointCommand, 'set-events-endpoint': setEventsEndpointCommand };

describe.each(Object.entries(commands))('partners %s', (name, command) => {
  // The events command's http URLs are for staging: production takes https only.
  const environment = name === 'set-events-endpoint' ? ['--env', 'staging'] : [];
  const setEndpoint = (url: string, ...flags: string[]) =>
    command(['--partner', 'acme', '--url', url, ...environment, ...flags, '--db', `sqlite:${join(directory, 'truecost.db')}`]);

  it.each(internal)('refuses %s, naming the address, unless private endpoints are allowed', async (url) => {
    await expect(setEndpoint(url)).rejects.toThrow(UsageError);
    await expect(setEndpoint(url)).rejects.toThrow(/^--url is refused: The endpoint's host .+ is a [a-z-]+ address\. Pass --allow-private-endpoints/);
    await expect(setEndpoint(url, '--allow-private-endpoints')).resolves.toMatch(/^whsec_/);
  });

  it('refuses a URL with credentials, even with private endpoints allowed', async () => {
    await expect(setEndpoint('https://user:pass@partner.example/results', '--allow-private-endpoints')).rejects.toThrow(
      '--url is refused: The endpoint must not carry a user name or password.',
    );
  });

  it('takes a public https or http URL', async () => {
    await expect(setEndpoint('https://partner.example/results')).resolves.toMatch(/^whsec_/);
    await expect(setEndpoint('http://93.184.216.34/results')).resolves.toMatch(/^whsec_/);
  });
});

describe('partners set-events-endpoint', () => {
  const inFile = (path: string) => async <T>(read: (store: Awaited<ReturnType<typeof openSqliteStore>>) => Promise<T>): Promise<T> => {
    const store = await openSqliteStore({ path });
    try {
      return await read(store);
    } finally {
      await store.close();
    }
  };

  it("stores the events endpoint of both environments with the printed secret, apart from the bulk results' endpoint, and rotates it when set again", async () => {
    const path = join(directory, 'events.db');
    const bulk = await setEndpointCommand(['--partner', 'acme', '--url', 'https://acme.example/bulk', '--db', `sqlite:${path}`]);
    const first = await setEventsEndpointCommand(['--partner', 'acme', '--url', 'https://acme.example/events', '--db', `sqlite:${path}`]);
    const second = await setEventsEndpointCommand(['--partner', 'acme', '--url', 'https://acme.example/events2', '--db', `sqlite:${path}`]);
    expect(second).not.toBe(first);
    await inFile(path)(async (store) => {
      for (const environment of ['staging', 'production'] as const) {
        // The secret it replaced signs beside it for 24 hours.
        expect(await store.getEventsEndpoint('acme', environment)).toMatchObject({ url: 'https://acme.example/events2', secret: second, previousSecret: first });
      }
      expect(await store.getResultEndpoint('acme')).toEqual({ url: 'https://acme.example/bulk', secret: bulk });
    });
  });

  it('sets one environment with --env, each with its own URL and secret, leaving the other as it was', async () => {
    const path = join(directory, 'per-environment.db');
    const set = (...flags: string[]) => setEventsEndpointCommand(['--partner', 'acme', ...flags, '--db', `sqlite:${path}`]);
    const staging = await set('--url', 'http://93.184.216.34/staging', '--env', 'staging');
    const production = await set('--url', 'https://acme.example/live', '--env', 'production');
    expect(production).not.toBe(staging);
    await inFile(path)(async (store) => {
      expect(await store.getEventsEndpoint('acme', 'staging')).toMatchObject({ url: 'http://93.184.216.34/staging', secret: staging, previousSecret: null });
      expect(await store.getEventsEndpoint('acme', 'production')).toMatchObject({ url: 'https://acme.example/live', secret: production, allowHttp: false });
    });
    await expect(set('--url', 'https://acme.example/x', '--env', 'live')).rejects.toThrow('--env must be staging or production; got "live".');
  });

  it('refuses an http URL for production, with --env production or without --env, unless --allow-insecure-endpoint', async () => {
    const path = join(directory, 'insecure.db');
    const set = (...flags: string[]) => setEventsEndpointCommand(['--partner', 'acme', '--url', 'http://93.184.216.34/events', ...flags, '--db', `sqlite:${path}`]);
    await expect(set('--env', 'production')).rejects.toThrow(UsageError);
    await expect(set('--env', 'production')).rejects.toThrow(
      '--url is refused: production events go to https URLs only. Pass --allow-insecure-endpoint to allow http (for local testing).',
    );
    await expect(set()).rejects.toThrow('--url is refused: production events go to https URLs only (without --env the URL serves production too).');
    await inFile(path)(async (store) => expect(await store.getEventsEndpoint('acme', 'staging')).toBeUndefined());
    const secret = await set('--env', 'production', '--allow-insecure-endpoint');
    await inFile(path)(async (store) => expect(await store.getEventsEndpoint('acme', 'production')).toMatchObject({ secret, allowHttp: true }));
  });

  it('exits with code 2, the code of every usage error, for a production http URL', () => {
    const result = truecost(['partners', 'set-events-endpoint', '--partner', 'acme', '--url', 'http://93.184.216.34/events', '--env', 'production', '--db', `sqlite:${join(directory, 'exit.db')}`]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('truecost: --url is refused: production events go to https URLs only.');
    expect(result.stdout).toBe('');
  });
});
