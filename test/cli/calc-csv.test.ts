import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { flightTruecost, freightTruecost, logisticsTruecost, transportationTruecost, tripTruecost } from '../../src/index.js';
import { csvColumnsOf } from '../../src/cli/calc-csv.js';
import { csvRecords, CsvSyntaxError } from '../../src/cli/csv-read.js';
import { root, truecost } from '../e2e/serve-process.js';

// `truecost calc NAME FILE.csv`: one request per row, one result row per input row, in order.

const directory = mkdtempSync(join(tmpdir(), 'truecost-calc-csv-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(directory, name);
  writeFileSync(path, text);
  return path;
}

/** Tonnes of the API's answer in kilograms, to the gram, as the command writes them. */
const kg = (tonnes: number | string): string => String(Math.round(Number(tonnes) * 1_000_000) / 1000);

const cells = (text: string): string[][] => csvRecords(text).map((record) => [...record.cells]);

describe('csvRecords', () => {
  it('reads quoted commas, doubled quotes, line breaks inside quotes, CRLF, a byte order mark and no final line break', () => {
    const records = csvRecords('\uFEFFid,note\r\n1,"a, b"\r\n2,"say ""hi"""\r\n3,"two\nlines"\r\n\r\n4,');
    expect(records.map((record) => record.cells)).toEqual([['id', 'note'], ['1', 'a, b'], ['2', 'say "hi"'], ['3', 'two\nlines'], ['4', '']]);
    expect(records.map((record) => record.line)).toEqual([1, 2, 3, 4, 7]);
  });

  it('refuses an unclosed quote and text after a closing quote, naming the line', () => {
    expect(() => csvRecords('a,b\n1,"open\n')).toThrow(new CsvSyntaxError('The quoted field that opens on line 2 is never closed.'));
    expect(() => csvRecords('a\n"x"y\n')).toThrow(/Line 2/);
  });
});

describe('truecost calc NAME FILE.csv', () => {
  it('answers every row in order, the bad ones with the column and reason the API gives, and exits 1', () => {
    const path = file(
      'legs.csv',
      ['id,shipping_method,shipping_distance,shipping_weight', 'a,TRUCK_HEAVY,350,3', 'b,TRAIN,"1,200",2', 'c,BOAT,10,1', 'd,SHIP,5000,'].join('\n'),
    );
    const result = truecost(['calc', 'logistics', path]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('2 of 4 rows refused');
    const [header, ...rows] = cells(result.stdout);
    expect(header).toEqual(['id', 'kg_co2e', 't_co2e', 'error_path', 'error_reason']);
    expect(rows.map((row) => row[0])).toEqual(['a', 'b', 'c', 'd']);
    const heavy = logisticsTruecost({ queries: { legs: [{ shipping_method: 'TRUCK_HEAVY', shipping_distance: 350, shipping_weight: 3 }] } });
    expect(rows[0]).toEqual(['a', kg(heavy.truecost.total_truecost), String(heavy.truecost.total_truecost), '', '']);
    expect(rows[1]).toEqual(['b', '', '', 'shipping_distance', 'Expected number, received string.']);
    expect(rows[2]!.slice(0, 4)).toEqual(['c', '', '', 'shipping_method']);
    // An empty cell is left out: the API's default weight.
    const ship = logisticsTruecost({ queries: { legs: [{ shipping_method: 'SHIP', shipping_distance: 5000 }] } });
    expect(rows[3]).toEqual(['d', kg(ship.truecost.total_truecost), String(ship.truecost.total_truecost), '', '']);
  });

  it('takes a hub or a leg per row of a logistics file, with the hub\'s and the truck\'s new columns', () => {
    const path = file(
      'chain.csv',
      ['shipping_method,shipping_distance,shipping_weight,hub_type,intensity,empty_distance_factor', ',,10,warehouse,,', 'TRUCK_HEAVY,400,10,,,0.5', ',,10,transhipment,,'].join('\n'),
    );
    const result = truecost(['calc', 'logistics', path]);
    const [, warehouse, truck, transhipment] = cells(result.stdout);
    expect(warehouse).toEqual(['1', '54', '0.054', '', '']);
    const leg = logisticsTruecost({ queries: { legs: [{ shipping_method: 'TRUCK_HEAVY', shipping_distance: 400, shipping_weight: 10, empty_distance_factor: 0.5 }] } });
    expect(truck).toEqual(['2', kg(leg.truecost.total_truecost), String(leg.truecost.total_truecost), '', '']);
    expect(transhipment!.slice(0, 4)).toEqual(['3', '', '', 'intensity']);
  });

  it('exits 0 when every row is answered, numbering the rows of a file without an id column', () => {
    const path = file('flights.csv', 'departure,arrival,no_of_tickets,flight_class,seat_map.economy,seat_map.business,seat_map.first,seat_map.premium_economy\nDEL,BOM,2,BUSINESS,,,,\nLHR,JFK,1,,180,20,0,0\n');
    const result = truecost(['calc', 'flight', path]);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    const rows = cells(result.stdout).slice(1);
    const first = flightTruecost({ queries: { flights: [{ departure: 'DEL', arrival: 'BOM', no_of_tickets: 2, flight_class: 'BUSINESS' }] } });
    const second = flightTruecost({
      queries: { flights: [{ departure: 'LHR', arrival: 'JFK', no_of_tickets: 1, seat_map: { economy: 180, business: 20, first: 0, premium_economy: 0 } }] },
    });
    expect(rows).toEqual([
      ['1', kg(first.truecost[0]!.truecost), first.truecost[0]!.truecost, '', ''],
      ['2', kg(second.truecost[0]!.truecost), second.truecost[0]!.truecost, '', ''],
    ]);
  });

  it('puts the request-level columns in configs or trip, and reads booleans; kg calculators have no tonnes column', () => {
    const freight = truecost(['calc', 'freight', file('freight.csv', 'region,transportation_type,shipping_method,weight,distance,container_type,dry_run\nIN,truck,container,18,400,42GP,true\n')]);
    const expected = freightTruecost({
      configs: { region: 'IN', transportation_type: 'truck' },
      queries: { legs: [{ shipping_method: 'container', weight: 18, distance: 400, container_type: '42GP', dry_run: true }] },
    });
    expect(cells(freight.stdout)[1]!.slice(0, 3)).toEqual(['1', kg(expected.truecost.total_truecost), String(expected.truecost.total_truecost)]);

    const seats = truecost(['calc', 'transportation', file('seats.csv', 'id,vehicle_type,distance,seat_type,no_of_seats,total_capacity,seats_occupied\nbus,BUS,300,SLEEPER,2,,\nsuv,SUV,42,,,8,3\n')]);
    const bus = transportationTruecost({ configs: { vehicle_type: 'BUS', distance: 300 }, queries: { seats: [{ seat_type: 'SLEEPER', no_of_seats: 2 }] } });
    const suv = transportationTruecost({ configs: { vehicle_type: 'SUV', distance: 42, total_capacity: 8, seats_occupied: 3 } });
    expect(cells(seats.stdout)).toEqual([
      ['id', 'kg_co2e', 'error_path', 'error_reason'],
      ['bus', String((bus.truecost as { total: number }).total), '', ''],
      ['suv', String((suv.truecost as { entire_suv_truecost: number }).entire_suv_truecost), '', ''],
    ]);

    const trip = truecost(['calc', 'trip', file('trip.csv', 'trip_id,mode,departure,arrival,round_trip,country,nights\nT1,flight,DEL,BOM,true,,\nT1,hotel,,,,IN,0\n')]);
    expect(trip.status).toBe(1);
    const flight = tripTruecost({ trip: { legs: [{ mode: 'flight', departure: 'DEL', arrival: 'BOM', round_trip: true }] } });
    expect(cells(trip.stdout).slice(1)).toEqual([
      ['1', String(flight.trip.total_kg), '', ''],
      ['2', '', 'nights', 'Must be greater than 0.'],
    ]);
  });

  it('refuses, with exit code 2, a column the calculator does not take, a broken file and the options of a JSON body', () => {
    const unknown = truecost(['calc', 'commute', file('commute.csv', 'commute_method,cost\nAUTO,3\n')]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('truecost calc commute takes no column "cost"; its columns are id, commute_method, commute_distance.');
    expect(truecost(['calc', 'commute', file('open.csv', 'commute_method\n"AUTO\n')]).stderr).toContain('is not CSV: The quoted field that opens on line 2');
    expect(truecost(['calc', 'commute', file('empty.csv', '')]).status).toBe(2);
    expect(truecost(['calc', 'commute', file('ok.csv', 'commute_method\nAUTO\n'), '--explain']).stderr).toContain('--explain is for a JSON request body');
  });

  it('offers the columns of the API schemas: the element fields, nested ones dotted', () => {
    expect(csvColumnsOf('cars').element).toEqual(['car_id', 'body_type', 'fuel_type', 'registration_year', 'mileage', 'distance_travelled']);
    expect(csvColumnsOf('flight').element).toContain('seat_map.economy');
    expect(csvColumnsOf('freight').request).toEqual(['region', 'transportation_type']);
    expect(csvColumnsOf('trip').request).toEqual(['trip_id']);
  });

  it('answers 50 000 rows in a few seconds', () => {
    const lines = ['id,shipping_method,shipping_distance,shipping_weight'];
    for (let row = 0; row < 50_000; row += 1) lines.push(`r${row},TRUCK_HEAVY,${100 + (row % 500)},${1 + (row % 7)}`);
    const path = file('many.csv', lines.join('\n'));
    const started = performance.now();
    // Its answer is larger than spawnSync's default buffer.
    const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/cli/index.ts'), 'calc', 'logistics', path], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const seconds = (performance.now() - started) / 1000;
    expect(result.status).toBe(0);
    const out = result.stdout.trimEnd().split('\n');
    expect(out).toHaveLength(50_001);
    expect(out.at(-1)!.startsWith('r49999,')).toBe(true);
    expect(seconds).toBeLessThan(20);
  });
});
