import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emissionsReportCsv } from '../../src/http/emissions-csv.js';
import { readEmissionsReport } from '../../src/orders/emissions-report.js';
import { openSqliteStore } from '../../src/stores/sqlite.js';
import { truecost } from '../e2e/serve-process.js';
import { calculationRecord } from '../fixtures/calculations.js';

// `truecost report emissions` and `truecost calculations delete` on a SQLite file.

const directory = mkdtempSync(join(tmpdir(), 'truecost-calculations-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const records = [
  calculationRecord({ id: 'c1', partnerId: 'acme', occurredAt: '2026-10-30', scope3Category: 6, km: 120 }),
  calculationRecord({ id: 'c2', partnerId: 'acme', occurredAt: '2026-11-02T10:00:00Z', scope3Category: 6 }),
  calculationRecord({ id: 'c3', partnerId: 'acme', occurredAt: '2026-11-20', scope3Category: 4, km: 300 }),
  calculationRecord({ id: 'c4', partnerId: 'acme', occurredAt: '2026-11-03', environment: 'production' }),
  calculationRecord({ id: 'c5', partnerId: 'other', occurredAt: '2026-11-03' }),
];

async function storeWithRecords(name: string): Promise<string> {
  const path = join(directory, name);
  const store = await openSqliteStore({ path });
  await store.recordCalculations(records);
  await store.close();
  return path;
}

describe('truecost report emissions', () => {
  let db: string;
  beforeAll(async () => {
    db = `sqlite:${await storeWithRecords('report.db')}`;
  });

  it("prints the statement's CSV, that of the library on the same store", async () => {
    const result = truecost(['report', 'emissions', '--partner', 'acme', '--env', 'staging', '--from', '2026-11-01', '--to', '2026-12-01', '--db', db]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const store = await openSqliteStore({ path: db.slice('sqlite:'.length) });
    const report = await readEmissionsReport(store, { partnerId: 'acme', environment: 'staging' }, { from: '2026-11-01', to: '2026-12-01', groupBy: 'scope3_category' });
    await store.close();
    expect(result.stdout).toBe(emissionsReportCsv(report));
    expect(report.rows.map((row) => [row.group, row.count])).toEqual([['4', 1], ['6', 1]]);
    const byMonth = truecost(['report', 'emissions', '--partner', 'acme', '--env', 'staging', '--from', '2026-10-01', '--to', '2026-12-01', '--group-by', 'month', '--db', db]);
    expect(byMonth.stdout).toContain('\n2026-10,1,');
    expect(byMonth.stdout).toContain('\n2026-11,2,');
  });

  it.each([
    [['--from', '2026-11-31', '--to', '2026-12-01'], '--from "2026-11-31" is refused: from must be a day written YYYY-MM-DD'],
    [['--from', '2026-11-01', '--to', '2026-11-01'], '--to "2026-11-01" is refused: to must be after from'],
    [['--from', '2026-11-01', '--to', '2026-12-01', '--group-by', 'day'], '--group-by "day" is refused: group_by must be one of scope3_category, endpoint, month, client.'],
    [['--to', '2026-12-01'], 'Missing --from.'],
  ])('%j is a usage error naming the option, exit code 2', (period, message) => {
    const result = truecost(['report', 'emissions', '--partner', 'acme', '--env', 'staging', ...period, '--db', 'memory:']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain("Run 'truecost report --help' for usage.");
  });
});

describe('truecost calculations delete', () => {
  it('deletes the calculations before the day in one environment, then in both, and says how many', async () => {
    const db = `sqlite:${await storeWithRecords('delete.db')}`;
    const staging = truecost(['calculations', 'delete', '--partner', 'acme', '--before', '2026-11-03', '--env', 'staging', '--db', db]);
    expect(staging.status).toBe(0);
    expect(staging.stdout.trim()).toBe('Deleted 2 recorded calculations of partner acme (staging) that occurred before 2026-11-03.');
    const both = truecost(['calculations', 'delete', '--partner', 'acme', '--before', '2027-01-01', '--db', db]);
    expect(both.stdout.trim()).toBe('Deleted 2 recorded calculations of partner acme (staging and production) that occurred before 2027-01-01.');
    const store = await openSqliteStore({ path: db.slice('sqlite:'.length) });
    expect(await store.getCalculation({ partnerId: 'other', environment: 'staging' }, 'c5')).toBeDefined();
    expect(await store.getCalculation({ partnerId: 'acme', environment: 'staging' }, 'c3')).toBeUndefined();
    await store.close();
  });

  it('refuses memory:, a day that is not one, and a missing --before', () => {
    const memory = truecost(['calculations', 'delete', '--partner', 'acme', '--before', '2026-11-03', '--db', 'memory:']);
    expect(memory.status).toBe(2);
    expect(memory.stderr).toContain('calculations delete cannot write to a memory: store');
    expect(truecost(['calculations', 'delete', '--partner', 'acme', '--before', '3/11/2026', '--db', 'memory:']).stderr).toContain(
      '--before must be a day written YYYY-MM-DD (UTC); got "3/11/2026".',
    );
    expect(truecost(['calculations', 'delete', '--partner', 'acme']).stderr).toContain('Missing --before.');
  });
});
