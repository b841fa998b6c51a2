// The check of the seat maps by operating carrier (data/flight/carrier_seat_maps.yaml), run in CI
// with `npm test`: every row cited with the date read (Wikipedia rows with a revision id), cabins
// that make a total, a seat area within the bounds, totals that agree with T-100 where T-100 has the
// carrier and type (or a listed exception), and the generated module exactly what the script makes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { aircraftType, resolveAircraft, seatAreaTotal } from '../../src/calculators/flight/aircraft.js';
import { carrierFamilyMember } from '../../src/calculators/flight/carrier-aircraft.js';
import { AIRCRAFT_FAMILY_MEMBERS } from '../../scripts/aircraft-families.js';
import { carrierFamilies } from '../../scripts/carrier-families.js';
import { carrierSeatChoice, carrierSeatMapKeys } from '../../src/calculators/flight/carrier.js';
import { T100_MONTHS } from '../../src/data/flight/t100.js';
import {
  carrierEntries,
  carrierRoutes,
  fleetFamilyMember,
  readCarrierTable,
  SEAT_AREA_BOUNDS,
  tableProblems,
  type CarrierTable,
} from '../../scripts/carrier-seat-maps.js';
import { readTypeMap } from '../../scripts/t100.js';

const root = resolve(import.meta.dirname, '../..');
const source = join(root, 'data', 'flight');
const read = (name: string) => readFileSync(join(source, name), 'utf8');
const table = readCarrierTable(read('carrier_seat_maps.yaml'));
const routes = carrierRoutes(
  T100_MONTHS.map((month) => ({ month, text: read(join('t100', `t100i_segment_all_carriers_${month}.csv`)) })),
  readTypeMap(read('t100_aircraft_types.csv')),
);
const areaOf = ([f, j, w, y]: readonly number[], body: 'narrow' | 'wide') =>
  seatAreaTotal({ FIRST: f ?? 0, BUSINESS: j ?? 0, PREMIUM_ECONOMY: w ?? 0, ECONOMY: y ?? 0 }, body);
const problemsOf = (changed: CarrierTable) => tableProblems(changed, routes, aircraftType, areaOf);

describe('the seat maps by operating carrier', () => {
  it('keep every rule of the table', () => {
    expect(problemsOf(table)).toEqual([]);
  });

  it('cover every Indian carrier', () => {
    const carriers = new Set(table.rows.map((row) => row.carrier));
    for (const carrier of ['6E', 'AI', 'IX', 'QP', 'SG']) expect(carriers.has(carrier), carrier).toBe(true);
  });

  it('refuse a row without a source, a date read, a revision id, a whole total, or T-100 agreement', () => {
    const [first, ...rest] = table.rows;
    const source = table.sources[first!.sources[0]!]!;
    const withSource = (changes: object): CarrierTable => ({ ...table, sources: { ...table.sources, [first!.sources[0]!]: { ...source, ...changes } } });
    expect(problemsOf({ ...table, rows: [{ ...first!, sources: [] }, ...rest] }).join()).toMatch(/no source/);
    expect(problemsOf(withSource({ retrieved: undefined })).join()).toMatch(/no retrieved date/);
    expect(problemsOf(withSource({ kind: 'wikipedia' })).join()).toMatch(/revision id/);
    expect(problemsOf(withSource({ url: 'https://www.seatguru.com/airlines/x' })).join()).toMatch(/SeatGuru/);
    expect(problemsOf({ ...table, rows: [{ ...first!, seats: [0, 0, -1, 180] }, ...rest] }).join()).toMatch(/whole seat counts/);
    // United's 787-9 flies 257 seats in T-100: a 250-seat row does not agree.
    const united = table.rows.findIndex((row) => row.carrier === 'UA' && row.type === 'B789');
    const rows = table.rows.map((row, index) => (index === united ? { ...row, seats: [0, 48, 21, 181] } : row));
    expect(problemsOf({ ...table, rows }).join()).toMatch(/UA B789 78P: total 250 is not within 3 seats/);
    expect(problemsOf({ ...table, rows, t100_exceptions: [{ carrier: 'UA', type: 'B789', id: '78P', reason: 'test' }] })).toEqual([]);
    // A wide-body may not take its economy from a T-100 total.
    const wide = table.rows.map((row, index) => {
      if (index !== united) return row;
      const { seats: _seats, ...rest } = row;
      return { ...rest, premium: [0, 48, 21], y_from: 't100' as const };
    });
    expect(problemsOf({ ...table, rows: wide }).join()).toMatch(/narrow-bodies only/);
  });

  it('refuse a load factor without a source or a period, or out of bounds', () => {
    const [first, ...rest] = table.load_factors;
    expect(first).toBeDefined();
    expect(problemsOf({ ...table, load_factors: [{ ...first!, sources: [] }, ...rest] }).join()).toMatch(/no source/);
    expect(problemsOf({ ...table, load_factors: [{ ...first!, period: '' }, ...rest] }).join()).toMatch(/no period/);
    expect(problemsOf({ ...table, load_factors: [{ ...first!, value: 94 }, ...rest] }).join()).toMatch(/outside 0.5-1/);
  });

  it('refuse a fleet statement without a known source, or between types of different bodies', () => {
    const [indigo] = table.fleet;
    expect(indigo).toEqual({ carrier: '6E', type: 'A321', flies_as: 'A21N', sources: ['indigo-2023'] });
    expect(problemsOf({ ...table, fleet: [{ ...indigo!, sources: [] }] }).join()).toMatch(/6E A321 flown as A21N: no source/);
    expect(problemsOf({ ...table, fleet: [{ ...indigo!, sources: ['nowhere'] }] }).join()).toMatch(/unknown source nowhere/);
    expect(problemsOf({ ...table, fleet: [{ ...indigo!, flies_as: 'A359' }] }).join()).toMatch(/different bodies/);
    expect(problemsOf({ ...table, fleet: [{ ...indigo!, flies_as: 'X999' }] }).join()).toMatch(/no fuel or seat data/);
  });

  it("refuse a family's fleet count that names no member most, a type outside the family or no known source", () => {
    const row = { carrier: 'KL', family: '737', counts: { B737: 15, B738: 31, B739: 8 }, sources: ['indigo-2023'] };
    expect(fleetFamilyMember(row)).toBe('B738');
    expect(problemsOf({ ...table, fleet_families: [row] })).toEqual([]);
    expect(fleetFamilyMember({ ...row, counts: { B737: 8, B739: 8 } })).toBeUndefined();
    expect(problemsOf({ ...table, fleet_families: [{ ...row, counts: { B737: 8, B739: 8 } }] }).join()).toMatch(/KL family 737: no member is listed most/);
    expect(problemsOf({ ...table, fleet_families: [{ ...row, counts: { A320: 40 } }] }).join()).toMatch(/A320 is not a member of the family/);
    expect(problemsOf({ ...table, fleet_families: [{ ...row, counts: { B738: 2.5 } }] }).join()).toMatch(/not a whole number/);
    expect(problemsOf({ ...table, fleet_families: [{ ...row, family: '999' }] }).join()).toMatch(/not a family code/);
    expect(problemsOf({ ...table, fleet_families: [{ ...row, sources: ['nowhere'] }] }).join()).toMatch(/unknown source nowhere/);
    expect(problemsOf({ ...table, fleet_families: [row, row] }).join()).toMatch(/listed twice/);
  });

  it('refuse a configuration whose seat area is outside the bounds of the typical map', () => {
    const [first, ...rest] = table.rows;
    const type = aircraftType(first!.type)!;
    const tooMany = Math.ceil(type.seatArea * SEAT_AREA_BOUNDS[1]) + 1;
    expect(problemsOf({ ...table, rows: [{ ...first!, seats: [0, 0, 0, tooMany] }, ...rest] }).join()).toMatch(/outside 0.7-1.4/);
  });

  it('are exactly what scripts/generate-carrier-seat-maps.ts makes from the table', () => {
    const out = mkdtempSync(join(tmpdir(), 'truecost-carrier-seat-maps-'));
    try {
      execFileSync('node', ['--import', 'tsx', 'scripts/generate-carrier-seat-maps.ts', source, out], { cwd: root });
      const file = 'carrier-seat-maps.ts';
      expect(readFileSync(join(out, file), 'utf8')).toBe(readFileSync(join(root, 'src', 'data', 'flight', file), 'utf8'));
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('decode at run time to the configurations of the table, each default and each route', () => {
    const entries = carrierEntries(table, routes);
    expect(carrierSeatMapKeys()).toEqual(entries.map((entry) => `${entry.carrier} ${entry.type}`));
    for (const entry of entries) {
      const type = aircraftType(entry.type)!;
      const fallback = carrierSeatChoice(entry.carrier, type, 'AAA', 'ZZZ')!;
      const expected =
        entry.fallback === 'mean'
          ? entry.configs.reduce((sum, config) => sum + config.seats[3], 0) / entry.configs.length
          : entry.configs[entry.fallback]!.seats[3];
      expect(fallback.seats.ECONOMY, `${entry.carrier} ${entry.type}`).toBe(expected);
      for (const [pair, index] of entry.routes) {
        const choice = carrierSeatChoice(entry.carrier, type, pair.slice(3), pair.slice(0, 3))!;
        expect(choice.step).toBe('carrier-route');
        expect(choice.row).toBe(`${entry.carrier} ${entry.type} ${entry.configs[index]!.id}`);
      }
    }
  });
});

describe('the family members by operating carrier (scripts/carrier-families.ts)', () => {
  const families = carrierFamilies(routes, AIRCRAFT_FAMILY_MEMBERS, (family) => resolveAircraft(family)?.type.icao ?? '');

  it('decode at run time to the member of every route and of every carrier, as T-100 gives them', () => {
    let checked = 0;
    for (const entry of families) {
      for (const [pair, icao] of entry.routes) {
        // Either direction of the pair flies its member.
        const [a, b] = [pair.slice(0, 3), pair.slice(3)];
        for (const [departure, arrival] of [[a, b], [b, a]] as const) {
          const member = carrierFamilyMember(entry.carrier, entry.family, departure, arrival);
          expect(member?.type.icao, `${entry.carrier} ${entry.family} ${pair}`).toBe(icao);
          expect(member?.step).toBe('carrier-route');
        }
        checked += 1;
      }
      if (entry.member !== undefined) {
        const elsewhere = carrierFamilyMember(entry.carrier, entry.family, 'ZZZ', 'ZZY');
        expect(elsewhere?.type.icao, `${entry.carrier} ${entry.family}`).toBe(entry.member);
        expect(elsewhere?.step).toBe('carrier-t100');
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
