import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freightReport, logisticsReport } from '../../src/index.js';
import { truecost } from '../e2e/serve-process.js';
import { legElements } from '../calculators/road-arbitraries.js';

// `truecost calc logistics|freight FILE --report csv|json`: the ISO 14083 report from the shell.

const directory = mkdtempSync(join(tmpdir(), 'truecost-report-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const shipment = {
  queries: {
    legs: [
      { shipping_method: 'TRUCK_LIGHT', shipping_distance: 30, shipping_weight: 0.002, load: 'shared' },
      { shipping_method: 'TRUCK_HEAVY', shipping_distance: 800, shipping_weight: 0.002, load: 'shared' },
      { shipping_method: 'TRAIN', shipping_distance: 1200, shipping_weight: 0.002 },
      { shipping_method: 'TRUCK_MEDIUM', shipping_distance: 40, shipping_weight: 0.002, fuel_type: 'diesel', fuel_amount: 0.5 },
    ],
  },
};

/** Splits CSV text into rows of fields (quoted fields may hold commas and doubled quotes). */
function parseCsv(text: string): string[][] {
  return text
    .trimEnd()
    .split('\n')
    .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, -1).map(([, value]) => (value!.startsWith('"') ? value!.slice(1, -1).replaceAll('""', '"') : value!)));
}

function file(name: string, body: unknown): string {
  const path = join(directory, name);
  writeFileSync(path, JSON.stringify(body));
  return path;
}

describe('truecost calc --report', () => {
  it('writes the E11 report as CSV: a header, one row per leg in order, and the totals, the figures of logisticsReport', () => {
    const result = truecost(['calc', 'logistics', file('shipment.json', shipment), '--report', 'csv']);
    expect(result.status).toBe(0);
    const [header, ...rows] = parseCsv(result.stdout);
    const { report } = logisticsReport(shipment as never);
    expect(header).toEqual([
      'element',
      'mode',
      'transport_operation_category',
      'distance_km',
      'mass_t',
      'tonne_km',
      'tank_to_wheel_kg',
      'well_to_tank_kg',
      'well_to_wheel_kg',
      'intensity_tank_to_wheel_kg_per_tonne_km',
      'intensity_well_to_wheel_kg_per_tonne_km',
      'data_type',
      'sources',
    ]);
    expect(rows).toHaveLength(report.transport_chain_elements.length + 1);
    legElements({ report }).forEach((element, index) => {
      const row = rows[index]!;
      expect(row.length).toBe(header!.length);
      expect(row.slice(0, 12)).toEqual([
        String(index),
        element.mode,
        element.transport_operation_category,
        String(element.distance_km),
        String(element.mass_t),
        String(element.tonne_km),
        String(element.tank_to_wheel_kg),
        String(element.well_to_tank_kg),
        String(element.well_to_wheel_kg),
        String(element.intensity_tank_to_wheel_kg_per_tonne_km),
        String(element.intensity_well_to_wheel_kg_per_tonne_km),
        element.data_type,
      ]);
    });
    expect(rows.map((row) => row[11])).toEqual(['default', 'default', 'default', 'primary', `primary data share ${report.totals.primary_data_share}`]);
    const totals = rows.at(-1)!;
    expect(totals[0]).toBe('total');
    expect(Number(totals[8])).toBe(report.totals.well_to_wheel_kg);
    expect(rows[1]![12]).toMatch(/27_304_3120_14_1/);
  });

  it('reads stdin without FILE, writes the E13 report as JSON with --report json', () => {
    const freight = {
      configs: { region: 'IN', transportation_type: 'truck' },
      queries: { legs: [{ shipping_method: 'loose', weight: 4, distance: 120, load: 'shared' }] },
    };
    const result = truecost(['calc', 'freight', '--report', 'json'], JSON.stringify(freight));
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(JSON.parse(JSON.stringify(freightReport(freight as never))));
  });

  it.each([
    [['calc', 'cars', '--report', 'csv'], '--report is for truecost calc logistics and freight only'],
    [['calc', 'logistics', '--report', 'pdf'], '--report must be csv or json'],
    [['calc', 'logistics', '--report', 'csv', '--explain'], 'does not take --explain'],
    [['calc', 'logistics', join(tmpdir(), 'truecost-no-such-file.json'), '--report', 'csv'], 'cannot read'],
  ])('refuses %j with a usage error', (args, message) => {
    const result = truecost(args, JSON.stringify(shipment));
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(message);
  });

  it('prints the 400 of a bad load with its path, exit code 2', () => {
    const body = { queries: { legs: [{ shipping_method: 'TRUCK_HEAVY', load: 'full' }] } };
    const result = truecost(['calc', 'logistics', file('bad.json', body), '--report', 'csv']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('queries.legs.0.load');
  });
});
