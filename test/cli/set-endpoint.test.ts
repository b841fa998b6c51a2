import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { setEndpointCommand, setEventsEndpointCommand } from '../../src/cli/admin.js';
import { openSqliteStore } from '../../src/stores/sqlite.js';
import { UsageError } from '../../src/cli/usage.js';

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

describe.each(Object.entries(commands))('partners %s', (_name, command) => {
  const setEndpoint = (url: string, ...flags: string[]) =>
    command(['--partner', 'acme', '--url', url, ...flags, '--db', `sqlite:${join(directory, 'truecost.db')}`]);

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
  it("stores the events endpoint with the printed secret, apart from the bulk results' endpoint, and rotates it when set again", async () => {
    const path = join(directory, 'events.db');
    const bulk = await setEndpointCommand(['--partner', 'acme', '--url', 'https://acme.example/bulk', '--db', `sqlite:${path}`]);
    const first = await setEventsEndpointCommand(['--partner', 'acme', '--url', 'https://acme.example/events', '--db', `sqlite:${path}`]);
    const second = await setEventsEndpointCommand(['--partner', 'acme', '--url', 'https://acme.example/events2', '--db', `sqlite:${path}`]);
    expect(second).not.toBe(first);
    const store = await openSqliteStore({ path });
    try {
      expect(await store.getEventsEndpoint('acme')).toEqual({ url: 'https://acme.example/events2', secret: second });
      expect(await store.getResultEndpoint('acme')).toEqual({ url: 'https://acme.example/bulk', secret: bulk });
    } finally {
      await store.close();
    }
  });
});
