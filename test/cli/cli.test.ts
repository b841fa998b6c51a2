import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { environmentOfKey } from '../../src/http/keys.js';
import { calculatorSamples } from '../schemas/samples.js';
import { root, truecost } from '../e2e/serve-process.js';

const directory = mkdtempSync(join(tmpdir(), 'truecost-cli-'));
const db = `sqlite:${join(directory, 'truecost.db')}`;
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('truecost partners set-profile and projects', () => {
  it('set-profile sets the flags given, keeps the others, and prints the profile', () => {
    const first = truecost(['partners', 'set-profile', '--partner', 'shop', '--display-name', 'Chai & Co', '--kg-per-clime', '10', '--db', db]);
    expect(first.status).toBe(0);
    expect(first.stdout).toBe('display name: Chai & Co\nkg per clime: 10\nlocale: (not set: English)\n');
    const second = truecost(['partners', 'set-profile', '--partner', 'shop', '--locale', 'hi', '--kg-per-clime', '2.5', '--db', db]);
    expect(second.stdout).toBe('display name: Chai & Co\nkg per clime: 2.5\nlocale: hi\n');
  });

  it.each([
    [['--kg-per-clime', '0'], '--kg-per-clime must be a number of kg above 0'],
    [['--kg-per-clime', '0.0001'], '--kg-per-clime must be a number of kg above 0'],
    [['--locale', 'fr'], '--locale must be en or hi'],
    [['--display-name', ' '], '--display-name is refused: it must not be empty'],
    [[], 'needs --display-name, --kg-per-clime or --locale'],
  ])('set-profile %j is a usage error (exit 2)', (flags, message) => {
    const result = truecost(['partners', 'set-profile', '--partner', 'shop', ...flags, '--db', db]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(message);
  });

  it('projects add, list and remove keep the catalogue, refusing a registry URL that is not http(s)', () => {
    const add = (id: string, ...more: string[]) => truecost(['projects', 'add', '--partner', 'shop', '--id', id, ...more, '--db', db]);
    expect(add('mangroves', '--name', 'Mangroves of the Sundarbans', '--registry', 'Verra', '--registry-url', 'https://registry.verra.org/app/projectDetail/VCS/1').status).toBe(0);
    expect(add('cookstoves', '--name', 'Clean cookstoves').status).toBe(0);
    for (const url of ['javascript:alert(1)', 'ftp://registry.example/1', 'data:text/html,x', '/relative']) {
      const refused = add('bad', '--name', 'Bad', '--registry-url', url);
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain('--registry-url is refused');
    }
    const listed = truecost(['projects', 'list', '--partner', 'shop', '--db', db]);
    expect(listed.stdout).toBe('cookstoves\tClean cookstoves\t-\t-\nmangroves\tMangroves of the Sundarbans\tVerra\thttps://registry.verra.org/app/projectDetail/VCS/1\n');
    expect(truecost(['projects', 'remove', '--partner', 'shop', '--id', 'cookstoves', '--db', db]).status).toBe(0);
    const again = truecost(['projects', 'remove', '--partner', 'shop', '--id', 'cookstoves', '--db', db]);
    expect(again.status).toBe(1);
    expect(again.stderr).toBe('No such project.\n');
    expect(truecost(['projects', 'list', '--partner', 'shop', '--db', db]).stdout).toMatch(/^mangroves\t/);
  });
});

describe('truecost keys and partners', () => {
  it('keys create prints the new key alone on stdout', () => {
    const result = truecost(['keys', 'create', '--partner', 'acme', '--env', 'production', '--db', db]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^truecost_prod_[A-Za-z0-9_-]{32}\n$/);
    expect(environmentOfKey(result.stdout.trim())).toBe('production');
  });

  it.each(['set-endpoint', 'set-events-endpoint'])('partners %s prints the signing secret alone on stdout', (command) => {
    const result = truecost(['partners', command, '--partner', 'acme', '--url', 'https://acme.example/hook', '--db', db]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^whsec_[A-Za-z0-9+/=]+\n$/);
  });

  it('keys revoke of a key the store does not know says so and exits 1', () => {
    const result = truecost(['keys', 'revoke', 'truecost_staging_unknownunknownunknown', '--db', db]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('No such key.');
  });

  it.each([
    [['keys', 'create', '--partner', 'acme', '--env', 'staging', '--db', 'memory:']],
    [['keys', 'revoke', 'truecost_staging_unknownunknownunknown', '--db', 'memory:']],
    [['partners', 'set-endpoint', '--partner', 'acme', '--url', 'https://acme.example/hook', '--db', 'memory:']],
    [['partners', 'set-events-endpoint', '--partner', 'acme', '--url', 'https://acme.example/hook', '--db', 'memory:']],
    [['partners', 'invite', '--partner', 'acme', '--db', 'memory:']],
    [['partners', 'set-profile', '--partner', 'acme', '--locale', 'hi', '--db', 'memory:']],
    [['projects', 'add', '--partner', 'acme', '--id', 'p', '--name', 'P', '--db', 'memory:']],
    [['jobs', 'retry', 'job-1', '--db', 'memory:']],
    [['worker', '--db', 'memory:']],
  ])('%j refuses memory:, whose writes would be lost at exit, with exit code 2 and nothing on stdout', (args) => {
    const result = truecost(args);
    expect(result.status).toBe(2);
    const command = args[0] === 'worker' ? 'worker' : `${args[0]} ${args[1]}`;
    expect(result.stderr).toBe(
      `truecost: ${command} cannot write to a memory: store: what it writes would be lost when it exits, and serve --db memory: keeps a store of its own. ` +
        `Use --db sqlite:PATH or postgres://..., the store serve uses.\nRun 'truecost ${args[0]} --help' for usage.\n`,
    );
    expect(result.stdout).toBe('');
  });

  it('refuses memory: from TRUECOST_DB as from --db', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/cli/index.ts'), 'keys', 'create', '--partner', 'acme', '--env', 'staging'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, TRUECOST_DB: 'memory:' },
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('keys create cannot write to a memory: store');
  });

  it.each([
    [['keys', 'create', '--partner', 'acme', '--env', 'prod', '--db', 'memory:'], '--env must be staging or production'],
    [['keys', 'create', '--env', 'staging', '--db', 'memory:'], 'Missing --partner'],
    [['partners', 'set-endpoint', '--partner', 'acme', '--url', 'ftp://x', '--db', 'memory:'], '--url must be an http or https URL'],
    [['partners', 'set-events-endpoint', '--partner', 'acme', '--url', 'ftp://x', '--db', 'memory:'], '--url must be an http or https URL'],
    [['serve', '--port', 'eighty'], '--port must be a whole number'],
    [['serve', '--public-url', 'ftp://truecost.example.com', '--db', 'memory:'], '--public-url must be an http or https URL'],
    [['serve', '--public-url', 'https://truecost.example.com/?a=1', '--db', 'memory:'], '--public-url must be an http or https URL'],
    [['serve', '--rate-limit', '0', '--db', 'memory:'], '--rate-limit must be a number'],
    [['keys', 'create', '--partner', 'a', '--env', 'staging', '--db', 'mysql://x'], 'Unknown --db'],
    [['frobnicate'], 'Unknown command'],
    [['flight', 'DEL'], 'needs a departure and an arrival'],
    [['flight', 'DEL', 'BOM', '--class', 'COACH'], '--class must be one of'],
    [['flight', 'DEL', 'BOM', '--class', 'business'], 'did you mean BUSINESS?'],
    [['calc', 'boats'], 'needs one calculator'],
    [['flight', 'DEL', 'BOM', '--seats', '2'], 'Unknown option --seats. The options are --class VALUE, --round-trip, --tickets VALUE, --aircraft VALUE, --carrier VALUE, --basis VALUE, --json, --explain.'],
    [['calc', '--method'], 'Unknown option --method. The options are --json, --explain, --basis VALUE, --report VALUE.'],
    [['calc', 'flight', '--basis'], '--basis needs a value.'],
    [['flight', 'DEL', 'XYZ'], 'truecost: the arrival airport "XYZ" is refused: Unknown IATA airport code.'],
    [['flight', 'XYZ', 'BOM'], 'truecost: the departure airport "XYZ" is refused: Unknown IATA airport code.'],
  ])('%j is a usage error: one line saying what was wrong, a pointer to --help, exit code 2', (args, message) => {
    const result = truecost(args);
    expect(result.status).toBe(2);
    const [problem, pointer, ...rest] = result.stderr.split('\n');
    expect(problem).toContain(message);
    expect(problem).toMatch(/^truecost: /);
    const command = args[0] === 'frobnicate' ? '' : `${args[0]} `;
    expect(pointer).toBe(`Run 'truecost ${command}--help' for usage.`);
    expect(rest).toEqual(['']);
    expect(result.stdout).toBe('');
  });

  it('names a refused airport in the command line\'s words, without the API\'s message or JSON path', () => {
    const result = truecost(['flight', 'del', 'xyz']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('"xyz"');
    expect(result.stderr).not.toContain('Bad Request');
    expect(result.stderr).not.toContain('queries.flights');
  });

  it('takes --class as the API takes flight_class: upper case only, so that the shell and the API agree', () => {
    const flight = (cabin: string) => ({ queries: { flights: [{ departure: 'DEL', arrival: 'BOM', no_of_tickets: 1, flight_class: cabin }] } });
    expect(truecost(['flight', 'DEL', 'BOM', '--class', 'economy']).status).toBe(2);
    expect(truecost(['calc', 'flight'], JSON.stringify(flight('economy'))).status).toBe(2);
    expect(truecost(['flight', 'DEL', 'BOM', '--class', 'PREMIUM_ECONOMY']).status).toBe(0);
    expect(truecost(['calc', 'flight'], JSON.stringify(flight('PREMIUM_ECONOMY'))).status).toBe(0);
  });
});

describe('calculations from the shell', () => {
  it('truecost flight prints the truecost of one flight', () => {
    const result = truecost(['flight', 'DEL', 'BOM', '--class', 'BUSINESS', '--round-trip', '--tickets', '2']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^DEL to BOM, BUSINESS, round trip, 2 ticket\(s\): \d+\.\d{6} t CO2e\n$/);
  });

  it('truecost flight --json prints the E6 body, the same as calc flight', () => {
    const flight = truecost(['flight', 'del', 'bom', '--aircraft', '320', '--json']);
    const calc = truecost(['calc', 'flight', '--json'], JSON.stringify({ queries: { flights: [{ departure: 'DEL', arrival: 'BOM', no_of_tickets: 1, aircraft_model: '320' }] } }));
    expect(JSON.parse(flight.stdout)).toEqual(JSON.parse(calc.stdout));
  });

  it('truecost flight --carrier flies the carrier\'s seat map, and refuses a malformed code in the command line\'s words', () => {
    const indigo = truecost(['flight', 'BOM', 'DEL', '--aircraft', '32Q', '--carrier', '6E', '--json']);
    const calc = truecost(['calc', 'flight', '--json'], JSON.stringify({ queries: { flights: [{ departure: 'BOM', arrival: 'DEL', no_of_tickets: 1, aircraft_model: '32Q', carrier: '6E' }] } }));
    expect(JSON.parse(indigo.stdout)).toEqual(JSON.parse(calc.stdout));
    const plain = truecost(['flight', 'BOM', 'DEL', '--aircraft', '32Q', '--json']);
    expect(Number(JSON.parse(indigo.stdout).truecost[0].truecost)).toBeLessThan(Number(JSON.parse(plain.stdout).truecost[0].truecost));
    const refused = truecost(['flight', 'BOM', 'DEL', '--carrier', 'IndiGo']);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('--carrier "IndiGo" is refused');
  });

  it('truecost flight --explain prints how the figure was computed under it', () => {
    const plain = truecost(['flight', 'DFW', 'DXB', '--aircraft', '77W']);
    const result = truecost(['flight', 'DFW', 'DXB', '--aircraft', '77W', '--explain']);
    expect(result.status).toBe(0);
    const [first, ...rest] = result.stdout.trim().split('\n');
    expect(first).toBe(plain.stdout.trim());
    const text = rest.join('\n');
    expect(text).toMatch(/^How flight-1 was computed \(CO2e, well-to-wake, IPCC AR5 GWP100\):\n  Parts: tank-to-wheel [0-9.]+ \+ well-to-tank [0-9.]+\n/);
    expect(text).toContain('    aircraft_used: B77W');
    expect(text).toMatch(/Cargo mass fraction, wide-body, great-circle 12 000 to 13 000 km: [0-9.]+ cargo mass/);
    expect(text).toContain('source: US DOT BTS T-100 International Segment');
    expect(text).toMatch(/- The distance .* exceeds the longest in the fuel table of B77W/);
  });

  it('truecost flight --basis ttw prints the tank-to-wake figure, and refuses another basis in the command line\'s words', () => {
    const ttw = truecost(['flight', 'DEL', 'BOM', '--basis', 'ttw']);
    expect(ttw.stdout.trim()).toBe('DEL to BOM, ECONOMY, one way, 1 ticket(s): 0.096417 t CO2e (tank-to-wake)');
    const wrong = truecost(['flight', 'DEL', 'BOM', '--basis', 'wtt']);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('--basis must be wtw (well-to-wheel, the default) or ttw (tank-to-wheel); got "wtt".');
  });

  it('truecost calc --explain and flight --json --explain add the explanations to the body', () => {
    const calc = truecost(['calc', 'cars', '--explain'], JSON.stringify(calculatorSamples.car));
    const plain = truecost(['calc', 'cars'], JSON.stringify(calculatorSamples.car));
    expect(calc.status).toBe(0);
    const { explanations, ...body } = JSON.parse(calc.stdout);
    expect(body).toEqual(JSON.parse(plain.stdout));
    expect(explanations.length).toBe(JSON.parse(plain.stdout).truecost.length);
    const flight = JSON.parse(truecost(['flight', 'DEL', 'BOM', '--json', '--explain']).stdout);
    expect(flight.explanations[0].quantities.aircraft_used).toBe('A320');
  });

  it('truecost calc reads a calculator body on stdin and prints the response body as JSON', () => {
    const result = truecost(['calc', 'cars', '--json'], JSON.stringify(calculatorSamples.car));
    expect(result.status).toBe(0);
    const body = JSON.parse(result.stdout);
    expect(body.message).toBe('Truecost calculated successfully');
    expect(body.truecost[0].car_id).toBe('C1');
  });

  it('truecost calc names the fields the API ignored on stderr, and prints the answer unchanged', () => {
    const body = { queries: { flights: [{ departure: 'DEL', arrival: 'BOM', no_of_tickets: 1, cabin: 'FIRST' }] } };
    const result = truecost(['calc', 'flight'], JSON.stringify(body));
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('Ignored fields: queries.flights.0.cabin\n');
    expect(JSON.parse(result.stdout).truecost).toEqual([{ flight_id: 'flight-1', truecost: '0.115961' }]);
  });

  it('truecost calc reports an invalid body with the path of the problem and exit code 2', () => {
    const result = truecost(['calc', 'freight'], JSON.stringify({ configs: { region: 'IN' } }));
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('configs.transportation_type');
  });
});
