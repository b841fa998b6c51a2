import { compare, measure } from './harness.js';
import { e6 } from './http-bodies.js';
import { climesSchema, flightRequestSchema, flightTruecost, validate } from '../src/index.js';

export default async function run(): Promise<void> {
  const text = '12.345678';
  const baseline = await measure('JSON.parse + JSON.stringify of one climes value', () =>
    JSON.stringify(JSON.parse(text)),
  );
  const target = await measure('validate(climesSchema)', () => validate(climesSchema, 12.345678));
  compare('Validation of one climes value', baseline, target);

  // The E6 body of the HTTP benchmark (10 flights): validation with its ignored-fields list, and a
  // calculator given validate's value (not checked again) or the plain object (checked inside).
  const parseOnly = await measure('JSON.parse of the E6 body', () => JSON.parse(e6.body));
  const validated = await measure('JSON.parse + validate(flightRequestSchema)', () => validate(flightRequestSchema, JSON.parse(e6.body)));
  const once = await measure('JSON.parse + validate + flightTruecost(value)', () => {
    const parsed = validate(flightRequestSchema, JSON.parse(e6.body));
    return parsed.ok ? flightTruecost(parsed.value) : undefined;
  });
  const inside = await measure('JSON.parse + flightTruecost(plain object)', () => flightTruecost(JSON.parse(e6.body)));
  compare('Validation of the E6 body (10 flights)', parseOnly, validated, once, inside);
}
