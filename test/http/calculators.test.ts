import { describe, expect, it } from 'vitest';
import { METHODOLOGY_VERSION } from '../../src/data/version.js';
import { apiErrors } from '../../src/errors.js';
import { calculatorRouteCases, calculatorSamples } from '../schemas/samples.js';
import { setup } from './support.js';

describe('the calculators E8 to E13 over HTTP', () => {
  it.each(calculatorRouteCases)('POST %s answers 200 with the contract message and the methodology header', async (path, body, message) => {
    const { call } = await setup();
    const answer = await call('POST', path, body);
    expect(answer.status).toBe(200);
    expect(answer.json.message).toBe(message);
    expect(answer.headers.get('x-truecost-methodology')).toBe(METHODOLOGY_VERSION);
  });

  it('answers the freight alias exactly as the /v3 path', async () => {
    const { call } = await setup();
    const v3 = await call('POST', '/v3/logistics/freight', calculatorSamples.freight);
    const alias = await call('POST', '/logistics/freight', calculatorSamples.freight);
    expect(alias.json).toEqual(v3.json);
  });

  it('reports the path of the first problem of a bus or SUV body', async () => {
    const { call } = await setup();
    const bus = await call('POST', '/v3/transportation', { ...calculatorSamples.bus, queries: { seats: [{ seat_type: 'BED' }] } });
    expect(bus.status).toBe(400);
    expect(bus.json.message).toBe(apiErrors.badRequest.message);
    expect(bus.json.error.path).toBe('queries.seats.0.seat_type');
    const cars = await call('POST', '/v3/cars', { queries: { cars: [] } });
    expect(cars.json.error.path).toBe('queries.cars');
  });
});
