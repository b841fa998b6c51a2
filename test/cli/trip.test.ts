import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tripTruecost } from '../../src/calculators/trip/index.js';
import { requestSamples } from '../../src/testing/index.js';
import { truecost } from '../e2e/serve-process.js';

const directory = mkdtempSync(join(tmpdir(), 'truecost-trip-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(directory, name);
  writeFileSync(path, text);
  return path;
}

const booking = requestSamples.trip;

describe('truecost trip FILE', () => {
  it('prints one line per leg and the total, the library figures', () => {
    const result = truecost(['trip', file('booking.json', JSON.stringify(booking))]);
    expect(result.status).toBe(0);
    const expected = tripTruecost(booking).trip;
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(expected.legs.length + 1);
    expect(lines[0]).toBe(`leg-1  flight: ${expected.legs[0]!.kg} kg CO2e (tank-to-wheel ${expected.legs[0]!.tank_to_wheel_kg}, well-to-tank ${expected.legs[0]!.well_to_tank_kg})`);
    expect(lines[4]).toBe('leg-5  hotel: 117.8 kg CO2e (hotel stay)');
    expect(lines.at(-1)).toBe(`PNR-1001: ${expected.total_kg} kg CO2e in total (transport well-to-wheel)`);
  });

  it('--json --basis ttw prints the API body, as calc trip does', () => {
    const path = file('booking.json', JSON.stringify(booking));
    const result = truecost(['trip', path, '--json', '--basis', 'ttw']);
    expect(JSON.parse(result.stdout)).toEqual(tripTruecost(booking, { basis: 'ttw' }));
    const calc = truecost(['calc', 'trip', '--basis', 'ttw'], JSON.stringify(booking));
    expect(JSON.parse(calc.stdout)).toEqual(JSON.parse(result.stdout));
  });

  it('names the refused leg, and exits 2 for a file it cannot read or that is not JSON', () => {
    const bad = truecost(['trip', file('bad.json', JSON.stringify({ trip: { legs: [{ mode: 'taxi', distance_km: 2 }, { mode: 'hotel', country: 'IN' }] } }))]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('trip.legs.1.nights: Required.');
    expect(truecost(['trip', join(directory, 'missing.json')]).status).toBe(2);
    expect(truecost(['trip', file('text.json', 'not json')]).stderr).toContain('not JSON');
    expect(truecost(['trip']).status).toBe(2);
  });
});
