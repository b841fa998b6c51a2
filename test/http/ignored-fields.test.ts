import { describe, expect, it } from 'vitest';
import { routes } from '../../src/http/index.js';
import { requestSamples } from '../../src/testing/index.js';
import { bodies, withExtra } from './body-samples.js';
import { setup } from './support.js';

const HEADER = 'x-truecost-ignored-fields';

describe('the x-truecost-ignored-fields header', () => {
  it('names a misspelt field of E6 by its path, and the body is the one without it', async () => {
    const { call } = await setup();
    const flight = { departure: 'DEL', arrival: 'BOM', no_of_tickets: 1 };
    const misspelt = await call('POST', '/v3/flight', { queries: { flights: [{ ...flight, cabin: 'BUSINESS' }] }, note: 'x' });
    const plain = await call('POST', '/v3/flight', { queries: { flights: [flight] } });
    expect(misspelt.status).toBe(200);
    expect(misspelt.headers.get(HEADER)).toBe('queries.flights.0.cabin,note');
    expect(misspelt.text).toBe(plain.text);
    expect(plain.headers.get(HEADER)).toBeNull();
  });

  it('is absent when the body is refused', async () => {
    const { call } = await setup();
    const refused = await call('POST', '/v3/flight', { queries: { flights: [{ departure: 'DEL', arrival: 'DEL', no_of_tickets: 1, cabin: 'X' }] } });
    expect(refused.status).toBe(400);
    expect(refused.headers.get(HEADER)).toBeNull();
  });

  it('percent-encodes each path, so that a comma or a non-Latin key cannot break the list or the header', async () => {
    const { call } = await setup();
    const answer = await call('POST', '/v3/cars', { ...requestSamples.car, 'a,b': 1, 'ключ ✓': 2 });
    expect(answer.status).toBe(200);
    expect(answer.headers.get(HEADER)).toBe(`a%2Cb,${encodeURIComponent('ключ ✓')}`);
    expect(answer.headers.get(HEADER)!.split(',').map(decodeURIComponent)).toEqual(['a,b', 'ключ ✓']);
  });

  it('lists as many whole paths as fit in 4096 characters', async () => {
    const { call } = await setup();
    const extra = Object.fromEntries(Array.from({ length: 1000 }, (_, index) => [`unknown_field_${index}`, index]));
    const answer = await call('POST', '/v3/cars', { ...requestSamples.car, ...extra });
    const listed = answer.headers.get(HEADER)!.split(',');
    expect(listed.length).toBeGreaterThan(100);
    expect(listed.length).toBeLessThan(1000);
    expect(listed).toEqual(Object.keys(extra).slice(0, listed.length));
    expect(answer.headers.get(HEADER)!.length).toBeLessThanOrEqual(4096);
  });

  // The contract's routes; the service's own refuse such fields (test/http/strict.test.ts). The bulk
  // route checks only its list when it queues a job: the worker checks each body, refusing a field
  // the calculator does not read as that body's error (test/bulk/bodies.test.ts).
  const withBody = routes.filter((route) => route.body !== undefined && route.strictBody === undefined && route.operationId !== 'bulkTruecost');

  it('covers every route of the contract that reads a JSON body', () => {
    const own = routes.filter((route) => route.strictBody !== undefined).map((route) => route.operationId);
    expect([...withBody.map((route) => route.operationId), ...own].sort()).toEqual(Object.keys(bodies).sort());
  });

  it.each(withBody.map((route) => [route.method, route.path, route.operationId] as const))(
    '%s %s answers with the header naming an unknown field at the top and deeper',
    async (method, template, operationId) => {
      const { call } = await setup();
      const path = template.replace('{variant}', 'vote');
      // E3 and E4 need the order they change.
      if (operationId === 'addClimes' || operationId === 'removeClimes') {
        expect((await call('POST', '/v3/integrations/vote/order', requestSamples.createOrder)).status).toBe(201);
      }
      const body = bodies[operationId];
      const deeper: (string | number)[] = Array.isArray(body) ? [0] : typeof (body as Record<string, unknown>)['queries'] === 'object' ? ['queries'] : [];
      const top = Array.isArray(body) ? [0] : [];
      const answer = await call(method, path, withExtra(withExtra(body, top), deeper));
      expect(answer.status).toBeLessThan(500);
      const expected = [...new Set([[...top, 'misspelt'].join('.'), [...deeper, 'misspelt'].join('.')])];
      expect(answer.headers.get(HEADER)?.split(',').sort()).toEqual(expected.sort());
    },
  );
});
