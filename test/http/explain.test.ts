import { describe, expect, it } from 'vitest';
import { explainFlightTruecost } from '../../src/calculators/flight/index.js';
import { apiErrors } from '../../src/errors.js';
import { flightRequestSchema } from '../../src/schemas/flight.js';
import { validate } from '../../src/validation/validate.js';
import { itemExplanationSchema } from '../../src/http/explain.js';
import { buildOpenApiDocument, routes as allRoutes } from '../../src/http/index.js';
import { calculatorRouteCases, calculatorSamples } from '../schemas/samples.js';
import { setup } from './support.js';

// `?explain=true` on the calculators (E6, E8 to E13), on both transports (support.ts).
const routes = [['/v3/flight', calculatorSamples.flight, ''], ...calculatorRouteCases] as const;

describe('?explain=true on the calculator endpoints', () => {
  it.each(routes)('POST %s?explain=true adds one explanation per result element to the contract body', async (path, body) => {
    const { call } = await setup();
    const plain = await call('POST', path, body);
    const explained = await call('POST', `${path}?explain=true`, body);
    expect(explained.status).toBe(200);
    const { explanations, ...rest } = explained.json;
    expect(rest).toEqual(plain.json);
    expect(Array.isArray(explanations) && explanations.length).toBeGreaterThan(0);
    for (const item of explanations) {
      expect(itemExplanationSchema.safeParse(item).success).toBe(true);
      expect(item.factors.length + item.assumptions.length).toBeGreaterThan(0);
    }
  });

  it.each(routes)('POST %s with explain=false, or no explain, answers the contract body byte for byte', async (path, body) => {
    const { call } = await setup();
    const plain = await call('POST', path, body);
    expect(plain.json.explanations).toBeUndefined();
    for (const query of ['?explain=false', '?other=1', '?']) {
      const answer = await call('POST', `${path}${query}`, body);
      expect(answer.status).toBe(200);
      expect(answer.text).toBe(plain.text);
    }
  });

  it('gives E6 the flight explanations of the library, the cargo fraction and seat map among them', async () => {
    const { call } = await setup();
    const body = { queries: { flights: [{ flight_id: 'f', departure: 'DFW', arrival: 'DXB', no_of_tickets: 1, aircraft_model: '77W' }] } };
    const answer = await call('POST', '/v3/flight?explain=true', body);
    const parsed = validate(flightRequestSchema, body);
    if (!parsed.ok) throw new Error('sample invalid');
    expect(answer.json.explanations).toEqual(JSON.parse(JSON.stringify(explainFlightTruecost(parsed.value).items)));
    const [item] = answer.json.explanations;
    expect(item.item).toBe('f');
    expect(item.quantities.aircraft_used).toBe('B77W');
    expect(item.factors.some((factor: { name: string }) => factor.name.startsWith('Cargo mass fraction, wide-body'))).toBe(true);
    expect(item.assumptions.join(' ')).toMatch(/extrapolated linearly/);
  });

  it.each(['?explain=yes', '?explain=TRUE', '?explain=', '?explain=true&explain=true', '?explain=1'])(
    'answers %s with a 400 naming the parameter',
    async (query) => {
      const { call } = await setup();
      const answer = await call('POST', `/v3/cars${query}`, calculatorSamples.car);
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({
        message: apiErrors.badRequest.message,
        error: { path: 'explain', reason: 'explain must be true or false, given at most once.' },
      });
    },
  );

  it('validates the body before it reads explain', async () => {
    const { call } = await setup();
    const answer = await call('POST', '/v3/flight?explain=true', { queries: { flights: [] } });
    expect(answer.status).toBe(400);
    expect(answer.json.error.path).toBe('queries.flights');
  });

  it('is documented in the OpenAPI document on every calculator, with the explained answer', () => {
    const document = buildOpenApiDocument(allRoutes) as { paths: Record<string, Record<string, any>> };
    for (const path of ['/v3/flight', '/v3/cars', '/v3/transportation', '/v3/logistics', '/v3/commute', '/v3/logistics/freight', '/logistics/freight', '/v3/trip']) {
      const operation = document.paths[path]?.post;
      const parameter = operation?.parameters?.find((p: { name: string }) => p.name === 'explain');
      expect(parameter, path).toMatchObject({ in: 'query', required: false, schema: { enum: ['true', 'false'] } });
      expect(JSON.stringify(operation.responses['200'].content['application/json'].schema)).toContain('explanations');
    }
    // E7 reads no explain (its query parameter is strict, as on every route with a body).
    expect((document.paths['/v3/flight/bulk']?.post?.parameters ?? []).filter((parameter: { in: string }) => parameter.in === 'query').map((parameter: { name: string }) => parameter.name)).toEqual(['strict']);
  });
});

describe('?basis= on the calculator endpoints', () => {
  it.each(routes)('POST %s?basis=ttw answers the tank-to-wheel parts of the default answer, in its shape', async (path, body) => {
    const { call } = await setup();
    const wtw = await call('POST', `${path}?explain=true`, body);
    const ttw = await call('POST', `${path}?explain=true&basis=ttw`, body);
    expect(ttw.status).toBe(200);
    expect(Object.keys(ttw.json)).toEqual(Object.keys(wtw.json));
    ttw.json.explanations.forEach((item: any, index: number) => {
      const own = wtw.json.explanations[index];
      // A trip's hotel stay is not transport: the same on either basis.
      if (own.basis.scope === 'hotel-stay') return expect(item).toEqual(own);
      expect(item.basis.scope).toMatch(/^tank-to-(wheel|wake)$/);
      expect(own.basis.scope).toMatch(/^well-to-(wheel|wake)$/);
      expect(item.basis.well_to_tank).toBe(0);
      expect(Math.abs(item.unrounded - own.basis.tank_to_wheel)).toBeLessThanOrEqual(1e-12 * own.basis.tank_to_wheel);
      expect(Math.abs(own.basis.tank_to_wheel + own.basis.well_to_tank - own.unrounded)).toBeLessThanOrEqual(1e-12 * own.unrounded);
    });
    // basis=wtw is the default, byte for byte.
    expect((await call('POST', `${path}?basis=wtw`, body)).text).toBe((await call('POST', path, body)).text);
  });

  it.each([['wtt'], ['WTW'], [''], ['ttw&basis=ttw']])('answers 400 naming basis for basis=%s', async (value) => {
    const { call } = await setup();
    const answer = await call('POST', `/v3/cars?basis=${value}`, calculatorSamples.car);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      message: apiErrors.badRequest.message,
      error: { path: 'basis', reason: 'basis must be wtw or ttw, given at most once.' },
    });
  });

  it('is documented in the OpenAPI document on every calculator', () => {
    const document = buildOpenApiDocument(allRoutes) as { paths: Record<string, Record<string, any>> };
    for (const path of ['/v3/flight', '/v3/cars', '/v3/transportation', '/v3/logistics', '/v3/commute', '/v3/logistics/freight']) {
      const parameter = document.paths[path]?.post?.parameters?.find((p: { name: string }) => p.name === 'basis');
      expect(parameter, path).toMatchObject({ in: 'query', required: false, schema: { enum: ['wtw', 'ttw'] } });
    }
  });
});
