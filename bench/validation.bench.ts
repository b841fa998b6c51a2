import { compare, measure } from './harness.js';
import { climesSchema, validate } from '../src/index.js';

export default async function run(): Promise<void> {
  const text = '12.345678';
  const baseline = await measure('JSON.parse + JSON.stringify of one climes value', () =>
    JSON.stringify(JSON.parse(text)),
  );
  const target = await measure('validate(climesSchema)', () => validate(climesSchema, 12.345678));
  compare('Validation of one climes value', baseline, target);
}
