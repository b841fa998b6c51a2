import { compare, measure } from './harness.js';
import {
  bulkFlightRequestSchema,
  bulkFlightResults,
  flightRequestSchema,
  flightTruecost,
  validate,
  type BulkFlightRequest,
  type FlightRequest,
} from '../src/index.js';

const routes = [
  ['DEL', 'BOM', '320'],
  ['LHR', 'JFK', '77W'],
  ['ZRH', 'SFO', '789'],
  ['SFO', 'JFK', '32N'],
  ['LHR', 'CDG', '73H'],
  ['SIN', 'SYD', '359'],
  ['FRA', 'MAD', '321'],
  ['NRT', 'LAX', 'xyz'],
  ['GRU', 'EZE', '738'],
  ['DXB', 'LHR', '388'],
] as const;
const classes = ['ECONOMY', 'PREMIUM_ECONOMY', 'BUSINESS', 'FIRST'] as const;

function flight(index: number) {
  const [departure, arrival, aircraft_model] = routes[index % routes.length] ?? routes[0];
  return {
    flight_id: `f${index}`,
    departure,
    arrival,
    no_of_tickets: 1 + (index % 3),
    aircraft_model,
    flight_class: classes[index % classes.length] ?? 'ECONOMY',
    flight_type: index % 2 === 0 ? 'ONE_WAY' : 'ROUND_TRIP',
  };
}

function parsed<T>(result: { ok: true; value: T } | { ok: false }): T {
  if (!result.ok) throw new Error('benchmark body does not validate');
  return result.value;
}

export default async function run(): Promise<void> {
  const e6Body = { queries: { flights: Array.from({ length: 10 }, (_, i) => flight(i)) } };
  const e6Text = JSON.stringify(e6Body);
  const e6: FlightRequest = parsed(validate(flightRequestSchema, e6Body));

  const e6Baseline = await measure('JSON.parse + JSON.stringify of a 10-flight E6 body', () =>
    JSON.stringify(JSON.parse(e6Text)),
  );
  const calculation = await measure('flightTruecost (10 flights, calculation alone)', () => flightTruecost(e6));
  const withValidation = await measure('validate + flightTruecost (10 flights)', () =>
    flightTruecost(parsed(validate(flightRequestSchema, JSON.parse(e6Text)))),
  );
  compare('E6: 10 flights per operation', e6Baseline, calculation, withValidation);
  console.log(
    `flights per second: calculation ${Math.round(calculation.opsPerSecond * 10).toLocaleString('en-US')}, ` +
      `with validation ${Math.round(withValidation.opsPerSecond * 10).toLocaleString('en-US')}`,
  );

  const e7Body = Array.from({ length: 499 }, (_, i) => flight(i));
  const e7Text = JSON.stringify(e7Body);
  const e7: BulkFlightRequest = parsed(validate(bulkFlightRequestSchema, e7Body));
  const e7Baseline = await measure('JSON.parse + JSON.stringify of a 499-flight E7 body', () =>
    JSON.stringify(JSON.parse(e7Text)),
  );
  const bulkOnly = await measure('bulkFlightResults (499 flights, calculation alone)', () => bulkFlightResults(e7));
  const bulk = await measure('validate + bulkFlightResults (499 flights)', () =>
    bulkFlightResults(parsed(validate(bulkFlightRequestSchema, JSON.parse(e7Text)))),
  );
  compare('E7: one 499-flight batch per operation', e7Baseline, bulkOnly, bulk);
}
