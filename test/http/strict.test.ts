import { describe, expect, it } from 'vitest';
import { apiErrors } from '../../src/errors.js';
import { buildOpenApiDocument, routes } from '../../src/http/index.js';
import { requestSamples } from '../../src/testing/index.js';
import { bodies, withExtra } from './body-samples.js';
import { setup } from './support.js';

const HEADER = 'x-truecost-ignored-fields';
// The bulk route checks only its list when it queues a job: the worker checks each body, refusing a
// field the calculator does not read as that body's error (test/bulk/bodies.test.ts).
const withBody = routes.filter((route) => route.body !== undefined && route.strictBody === undefined && route.operationId !== 'bulkTruecost');
const ownWithBody = routes.filter((route) => route.body !== undefined && route.strictBody !== undefined);
const flight = { departure: 'DEL', arrival: 'BOM', no_of_tickets: 1 };

describe('?strict=true', () => {
  it('refuses a misspelt flight_clas with a 400 naming it, where the default computes economy', async () => {
    const { call } = await setup();
    const misspelt = { queries: { flights: [{ ...flight, flight_clas: 'BUSINESS' }] } };
    const strict = await call('POST', '/v3/flight?strict=true', misspelt);
    expect(strict.status).toBe(400);
    expect(strict.json).toEqual({
      message: apiErrors.badRequest.message,
      error: { path: 'queries.flights.0.flight_clas', reason: 'Unknown fields: queries.flights.0.flight_clas.' },
    });
    expect(strict.headers.get(HEADER)).toBeNull();
    const lenient = await call('POST', '/v3/flight', misspelt);
    expect(lenient.status).toBe(200);
    expect(lenient.headers.get(HEADER)).toBe('queries.flights.0.flight_clas');
    expect(lenient.text).toBe((await call('POST', '/v3/flight', { queries: { flights: [flight] } })).text);
  });

  it('names every unknown field in the reason, the first as the path', async () => {
    const { call } = await setup();
    const answer = await call('POST', '/v3/cars?explain=false&strict=true', { ...requestSamples.car, note: 1, 'a,b': 2 });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toEqual({ path: 'note', reason: 'Unknown fields: note, a,b.' });
  });

  it('answers a body without unknown fields as the default does', async () => {
    const { call } = await setup();
    const strict = await call('POST', '/v3/flight?strict=true', requestSamples.flight);
    expect(strict.status).toBe(200);
    expect(strict.text).toBe((await call('POST', '/v3/flight', requestSamples.flight)).text);
  });

  it.each([['strict=false'], ['strict=TRUE'], ['strict=1'], ['strictly=true'], ['nonstrict=true']])('?%s leaves unknown fields ignored', async (query) => {
    const { call } = await setup();
    const answer = await call('POST', `/v3/flight?${query}`, { queries: { flights: [{ ...flight, cabin: 'X' }] } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get(HEADER)).toBe('queries.flights.0.cabin');
  });

  it.each(withBody.map((route) => [route.method, route.path, route.operationId] as const))(
    '%s %s refuses an unknown field under strict=true',
    async (method, template, operationId) => {
      const { call } = await setup();
      if (operationId === 'addClimes' || operationId === 'removeClimes') {
        expect((await call('POST', '/v3/integrations/vote/order', requestSamples.createOrder)).status).toBe(201);
      }
      const body = bodies[operationId];
      const top = Array.isArray(body) ? [0] : [];
      const answer = await call(method, `${template.replace('{variant}', 'vote')}?strict=true`, withExtra(body, top));
      const path = [...top, 'misspelt'].join('.');
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({ message: apiErrors.badRequest.message, error: { path, reason: `Unknown fields: ${path}.` } });
    },
  );

  it('is in the OpenAPI document of every contract route that reads a body, as an optional query parameter', () => {
    const document = buildOpenApiDocument(routes) as { paths: Record<string, Record<string, { parameters?: { name: string; in: string; required: boolean }[] }>> };
    for (const route of withBody) {
      const operation = document.paths[route.path]![route.method.toLowerCase()]!;
      expect(operation.parameters, route.operationId).toContainEqual(expect.objectContaining({ name: 'strict', in: 'query', required: false }));
    }
  });
});

describe("the service's own endpoints", () => {
  const contract = new Set(['createOrder', 'createOrders', 'addClimes', 'removeClimes', 'setOptIn', 'flightTruecost', 'bulkFlightTruecost', 'carTruecost', 'transportationTruecost', 'logisticsTruecost', 'commuteTruecost', 'freightTruecost', 'freightTruecostAlias']);

  it('are every route with a body outside the contract (E1 to E13 and the freight alias)', () => {
    // The bulk route reads only its list when it queues a job; the worker refuses a field a body's
    // calculator does not read as that body's error (test/bulk/bodies.test.ts).
    for (const route of routes.filter((route) => route.body !== undefined && route.operationId !== 'bulkTruecost')) {
      expect(route.strictBody !== undefined, route.operationId).toBe(!contract.has(route.operationId));
    }
    expect(ownWithBody.map((route) => route.path)).toContain('/v3/trip');
  });

  it.each(ownWithBody.map((route) => [route.method, route.path, route.operationId] as const))(
    '%s %s refuses a field it does not read without ?strict=true, naming its path',
    async (method, template, operationId) => {
      const { call } = await setup();
      const body = bodies[operationId];
      const top = Array.isArray(body) ? [0] : [];
      const answer = await call(method, template, withExtra(body, top));
      const path = [...top, 'misspelt'].join('.');
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({ message: apiErrors.badRequest.message, error: { path, reason: 'This endpoint does not read this field.' } });
      expect(answer.headers.get(HEADER)).toBeNull();
      expect((await call(method, template, body)).status).toBe(200);
    },
  );

  it('say on a trip leg what to send in place of the E6 fields a leg states its own way', async () => {
    const { call } = await setup();
    const leg = { mode: 'flight', departure: 'DEL', arrival: 'BOM', flight_class: 'BUSINESS' };
    expect((await call('POST', '/v3/trip', { trip: { legs: [leg] } })).status).toBe(200);
    for (const [field, value, reason] of [
      ['no_of_tickets', 2, '`no_of_tickets` is `passengers` on a trip leg.'],
      ['flight_type', 'ROUND_TRIP', '`flight_type` is `round_trip: true` on a trip leg (one way when absent).'],
      ['flight_id', 'f-1', '`flight_id` is `leg_id` on a trip leg.'],
    ] as const) {
      const answer = await call('POST', '/v3/trip', { trip: { legs: [{ mode: 'hotel', country: 'IN', nights: 1 }, { ...leg, [field]: value }] } });
      expect(answer.status, field).toBe(400);
      expect(answer.json.error, field).toEqual({ path: `trip.legs.1.${field}`, reason });
    }
  });

  it('name the other fields they do not read in the reason, the first as the path', async () => {
    const { call } = await setup();
    const answer = await call('POST', '/v3/trip', { trip: { legs: [{ mode: 'hotel', country: 'IN', nights: 1, distance_km: 3, no_of_tickets: 1 }], note: 'x' } });
    expect(answer.json.error).toEqual({ path: 'trip.legs.0.distance_km', reason: 'This endpoint does not read this field. Nor does it read trip.legs.0.no_of_tickets, trip.note.' });
  });

  it('say so in their OpenAPI description, and take no ?strict parameter', () => {
    const document = buildOpenApiDocument(routes) as { paths: Record<string, Record<string, { description?: string; parameters?: { name: string }[] }>> };
    for (const route of ownWithBody) {
      const operation = document.paths[route.path]![route.method.toLowerCase()]!;
      expect(operation.description, route.operationId).toContain('does not read is a 400');
      expect(operation.parameters?.map((parameter) => parameter.name), route.operationId).not.toContain('strict');
    }
  });
});

describe('a body that is not JSON', () => {
  it.each([
    ['{"order":', /^The body is not JSON: .+\.$/],
    ['{not json', /^The body is not JSON: .*position 1.*\.$/],
    ['', /^The body is not JSON: Unexpected end of JSON input\.$/],
  ])('%j is a 400 whose reason says the body is not JSON, and where parsing stopped', async (body, reason) => {
    const { call } = await setup();
    const answer = await call('POST', '/v3/integrations/vote/order', body, { 'content-type': 'application/json' });
    expect(answer.status).toBe(400);
    expect(answer.json.message).toBe(apiErrors.invalidJson.message);
    expect(answer.json.error.path).toBe('');
    expect(answer.json.error.reason).toMatch(reason);
  });

  it('names bytes that are not UTF-8', async () => {
    const { handler, staging } = await setup();
    const response = await handler(
      new Request('http://truecost.test/v3/cars', {
        method: 'POST',
        headers: { 'x-api-key': staging, 'content-type': 'application/json' },
        body: new Uint8Array([0x7b, 0xff, 0x7d]),
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: apiErrors.invalidJson.message,
      error: { path: '', reason: 'The body is not JSON: its bytes are not UTF-8.' },
    });
  });
});
