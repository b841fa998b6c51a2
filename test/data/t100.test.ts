import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aircraftType } from '../../src/calculators/flight/aircraft.js';
import { cargoMassFraction } from '../../src/calculators/flight/cargo.js';
import { CARGO_MASS_FRACTION_ROWS, SEAT_MEDIAN_ROWS } from '../../src/data/flight/t100.js';
import { csvRecords, scaleSplit, type Cabins } from '../../scripts/t100.js';

// Recomputes figures of src/data/flight/t100.ts straight from the checked-in T-100 files, with a
// loop of its own, so that a slip in scripts/t100.ts (units, filters, weighting) shows here.
const dir = resolve(import.meta.dirname, '../../data/flight');
const records = ['2024-01', '2026-02'].flatMap((month) =>
  csvRecords(readFileSync(join(dir, 't100', `t100i_segment_all_carriers_${month}.csv`), 'utf8')),
);
const scheduledPassenger = records.filter(
  (r) => r.AIRCRAFT_CONFIG === '1' && r.CLASS === 'F' && Number(r.DEPARTURES_PERFORMED) > 0,
);

describe('the T-100 figures', () => {
  it('reads both months whole', () => {
    expect(records).toHaveLength(8640 + 8603);
  });

  it('gives the wide-body 6 000-7 000 km band the sum of freight and mail over that plus 100 kg per passenger', () => {
    // BTS codes of the wide-body types mapped in data/flight/t100_aircraft_types.csv.
    const wide = new Set([339, 359, 624, 625, 626, 627, 637, 687, 696, 819, 821, 824, 836, 837, 871, 874, 882, 887, 889]);
    let cargoLb = 0;
    let passengers = 0;
    for (const r of scheduledPassenger) {
      const km = Number(r.DISTANCE) * 1.609344;
      if (!wide.has(Number(r.AIRCRAFT_TYPE)) || km < 6000 || km >= 7000) continue;
      cargoLb += Number(r.FREIGHT) + Number(r.MAIL);
      passengers += Number(r.PASSENGERS);
    }
    const cargoKg = cargoLb * 0.45359237;
    const expected = cargoKg / (cargoKg + passengers * 100);
    const row = CARGO_MASS_FRACTION_ROWS.wide.find(([fromKm]) => fromKm === 6000);
    expect(row?.[1]).toBeCloseTo(expected, 4);
    expect(expected).toBeGreaterThan(0.2);
    expect(cargoMassFraction('wide', 6500)).toBe(row?.[1]);
  });

  it('keeps narrow-body cargo near zero in every band, and uses the last band beyond it', () => {
    for (const [, fraction] of CARGO_MASS_FRACTION_ROWS.narrow) expect(fraction).toBeLessThan(0.02);
    expect(cargoMassFraction('wide', 40000)).toBe(CARGO_MASS_FRACTION_ROWS.wide.at(-1)?.[1]);
    expect(cargoMassFraction('narrow', 0)).toBe(CARGO_MASS_FRACTION_ROWS.narrow[0]?.[1]);
  });

  it('gives the 787-9 the seats of its median departure over carriers', () => {
    const byCarrier = new Map<string, { departures: number; seats: number }>();
    for (const r of scheduledPassenger) {
      if (Number(r.AIRCRAFT_TYPE) !== 889 || !(Number(r.SEATS) > 0)) continue;
      const total = byCarrier.get(r.UNIQUE_CARRIER ?? '') ?? { departures: 0, seats: 0 };
      total.departures += Number(r.DEPARTURES_PERFORMED);
      total.seats += Number(r.SEATS);
      byCarrier.set(r.UNIQUE_CARRIER ?? '', total);
    }
    const configs = [...byCarrier.values()].map((t) => ({ d: t.departures, s: t.seats / t.departures })).sort((a, b) => a.s - b.s);
    const half = configs.reduce((sum, c) => sum + c.d, 0) / 2;
    let seen = 0;
    const median = configs.find((c) => (seen += c.d) >= half)?.s ?? 0;
    expect(SEAT_MEDIAN_ROWS.B789?.[0]).toBe(Math.round(median));
    const seats = aircraftType('B789')?.seats;
    expect(seats && seats.FIRST + seats.BUSINESS + seats.PREMIUM_ECONOMY + seats.ECONOMY).toBe(Math.round(median));
    expect(aircraftType('B789')?.seatsFrom).toBe('t100');
  });

  it('keeps the manufacturer map of a type T-100 does not show, marked as such', () => {
    expect(SEAT_MEDIAN_ROWS.A318).toBeUndefined();
    expect(aircraftType('A318')).toMatchObject({ seatsFrom: 'typical', seats: { FIRST: 0, BUSINESS: 8, PREMIUM_ECONOMY: 0, ECONOMY: 99 } });
  });

  it('scales a cabin split to any total: the cabins add up to it and none is negative', () => {
    const cabin = fc.integer({ min: 0, max: 100 });
    fc.assert(
      fc.property(fc.tuple(cabin, cabin, cabin, fc.integer({ min: 50, max: 400 })), fc.integer({ min: 30, max: 600 }), (typical, total) => {
        const scaled = scaleSplit(typical as unknown as Cabins, total);
        expect(scaled.reduce((a, b) => a + b, 0)).toBe(total);
        for (const n of scaled.slice(0, 3)) expect(n).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
