import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { aircraftType, resolveAircraft, seatAreaTotal } from '../../src/calculators/flight/aircraft.js';
import fc from 'fast-check';
import { aircraftMappingRows } from '../../src/data/flight/aircraft-mapping.js';
import { packMappingRow, packSeatRow, unpackMappingRows, unpackSeatRows } from '../../src/data/flight/aircraft-rows-format.js';
import { fuelBurnRows, seatMapRows } from '../../src/data/flight/aircraft-performance.js';
import { GENERIC_AIRCRAFT } from '../../src/data/flight/factors.js';

const root = resolve(import.meta.dirname, '../..');
// The generator's raw inputs, checked in with the repository.
const source = join(root, 'data', 'flight');

describe('the generated flight data', () => {
  it('has, for every ICAO type, a seat map with seats and CCD fuel that grows with distance', () => {
    for (const [icao, [ltoKg, points]] of Object.entries(fuelBurnRows())) {
      const seats = seatMapRows()[icao];
      expect(seats, icao).toBeDefined();
      expect(ltoKg).toBeGreaterThan(0);
      expect(points.length % 2).toBe(0);
      for (let i = 2; i < points.length; i += 2) {
        expect(points[i] as number).toBeGreaterThan(points[i - 2] as number);
        expect(points[i + 1] as number).toBeGreaterThanOrEqual(points[i - 1] as number);
      }
      const type = aircraftType(icao);
      expect(type && seatAreaTotal(type.seats, type.body)).toBeGreaterThan(0);
    }
  });

  it('gives back the EEA fuel table exactly from its packed form', () => {
    const eea = JSON.parse(readFileSync(join(source, 'eea_mec_2023_v1.5_fuel_burn.json'), 'utf8')) as {
      aircraft: Record<string, { lto_kg: number; ccd: [number, number][] }>;
    };
    const types = Object.keys(fuelBurnRows());
    expect(types).toHaveLength(104);
    for (const icao of types) {
      const { lto_kg: lto, ccd } = eea.aircraft[icao]!;
      const points = [...ccd].sort((a, b) => a[0] - b[0]).flat();
      expect(fuelBurnRows()[icao], icao).toEqual([lto, points]);
    }
  });

  it('gives back TIM\'s aircraft mapping exactly from its packed form, in IATA order', () => {
    const tim = JSON.parse(readFileSync(join(source, 'tim_3.0.0_aircraft_mapping.json'), 'utf8')) as {
      mappings: { iata: string; icao: string; support: string; name: string }[];
    };
    const expected = tim.mappings.map(({ iata, icao, support, name }) => [iata, icao, support, name]).sort(([a], [b]) => (a! < b! ? -1 : 1));
    expect(aircraftMappingRows()).toEqual(expected);
  });

  it('packs any seat map and mapping row into a form the readers give back', () => {
    const seatRow = fc.tuple(
      fc.constantFrom('narrow' as const, 'wide' as const),
      fc.nat(99),
      fc.nat(99),
      fc.nat(99),
      fc.nat(999),
      fc.constantFrom('t100' as const, 'typical' as const),
    );
    const code = fc.stringMatching(/^[A-Z0-9]{3,4}$/);
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(code, seatRow), { minLength: 1, selector: ([icao]) => icao }), (rows) => {
        expect(unpackSeatRows(rows.map(([icao, row]) => packSeatRow(icao, row)).join('|'))).toEqual(Object.fromEntries(rows));
      }),
    );
    const mappingRow = fc.tuple(
      code,
      code,
      fc.constantFrom('direct' as const, 'winglet' as const, 'previous-gen' as const, 'least-in-family' as const, 'similar' as const),
      fc.stringMatching(/^[A-Za-z0-9 ()-]{1,30}$/),
    );
    fc.assert(
      fc.property(fc.array(mappingRow, { minLength: 1 }), (rows) => {
        expect(unpackMappingRows(rows.map(packMappingRow).join('|'))).toEqual(rows);
      }),
    );
    expect(() => packMappingRow(['100', 'F100', 'direct', 'Fokker, 100'])).toThrow(/separator/);
  });

  it('resolves an IATA aircraft code exactly when its ICAO type has fuel and seat data', () => {
    for (const [iata, icao] of aircraftMappingRows()) {
      expect(resolveAircraft(iata) !== undefined, iata).toBe(aircraftType(icao) !== undefined);
    }
    expect(aircraftMappingRows().filter(([iata]) => resolveAircraft(iata) !== undefined)).toHaveLength(126);
    expect(resolveAircraft('320')?.type.icao).toBe('A320');
    expect(resolveAircraft('73H')?.fuelFactor).toBe(0.97);
  });

  it('has the generic narrow-body and wide-body', () => {
    expect(aircraftType(GENERIC_AIRCRAFT.narrowBody)?.body).toBe('narrow');
    expect(aircraftType(GENERIC_AIRCRAFT.wideBody)?.body).toBe('wide');
  });

  it('is exactly what scripts/generate-flight-data.ts makes from the sources, docs/flight-seat-maps.md included', () => {
    const out = mkdtempSync(join(tmpdir(), 'truecost-flight-data-'));
    const docs = mkdtempSync(join(tmpdir(), 'truecost-flight-docs-'));
    try {
      execFileSync('node', ['--import', 'tsx', 'scripts/generate-flight-data.ts', source, out, docs], { cwd: root });
      const committed = join(root, 'src', 'data', 'flight');
      for (const file of readdirSync(out)) {
        expect(readFileSync(join(out, file), 'utf8'), file).toBe(readFileSync(join(committed, file), 'utf8'));
      }
      expect(readdirSync(docs)).toEqual(['flight-seat-maps.md']);
      expect(readFileSync(join(docs, 'flight-seat-maps.md'), 'utf8')).toBe(readFileSync(join(root, 'docs', 'flight-seat-maps.md'), 'utf8'));
    } finally {
      rmSync(out, { recursive: true, force: true });
      rmSync(docs, { recursive: true, force: true });
    }
  });
});
