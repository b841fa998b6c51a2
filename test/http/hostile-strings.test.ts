import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createHandler, type FetchHandler } from '../../src/http/index.js';
import type { Store } from '../../src/orders/store.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import { openPostgresStore } from '../../src/stores/postgres.js';
import { openSqliteStore } from '../../src/stores/sqlite.js';
import { calculatorSamples, orderSample } from '../schemas/samples.js';
import { addKey, BASE } from './support.js';
import { dropSchema } from '../setup/pg-schema.js';

// Every string field of every route, fed arbitrary strings (NUL and lone surrogates included)
// through the handler on each store: the answer is a 2xx or a 4xx with a message, never a 500;
// a string no store can keep is refused with a 400 naming the field; and a safe retry stays safe.

const pgUrl = process.env['TRUECOST_TEST_PG_URL'];
const directory = mkdtempSync(join(tmpdir(), 'truecost-hostile-'));
const pgSchema = `hostile_${process.pid}_${Math.floor(Math.random() * 1e9)}`;

afterAll(async () => {
  rmSync(directory, { recursive: true, force: true });
  if (pgUrl === undefined) return;
  await dropSchema(pgUrl, pgSchema);
});

const stores: { name: string; skip: boolean; open: () => Promise<Store> }[] = [
  { name: 'memory', skip: false, open: async () => createMemoryStore() },
  { name: 'SQLite', skip: false, open: () => openSqliteStore({ path: join(directory, 'hostile.db') }) },
  { name: 'PostgreSQL', skip: pgUrl === undefined, open: () => openPostgresStore({ connectionString: pgUrl ?? '', schema: pgSchema, poolSize: 2 }) },
];

/** A string no store can keep the same: a NUL, or a UTF-16 code unit of a surrogate pair alone. */
function isHostile(value: string): boolean {
  return value.includes('\u0000') || !value.isWellFormed();
}

const hostileCases = ['\u0000', 'x\u0000y', '\ud800', '\udfff', 'sur\ud800x', 'a\udc00\ud800b', '\ud83d\ude00\ud83d'];
/** Arbitrary strings: any UTF-16 code units, whole grapheme clusters, and the hostile cases above. */
const anyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary-ascii', maxLength: 20 }),
  fc.constantFrom(...hostileCases),
);

/** One string field of a route: where it goes in the body, and the `error.path` a refusal names. */
interface FieldCase {
  readonly method: string;
  readonly path: string;
  readonly field: string;
  body(value: string): unknown;
}

const withOrderField = (field: string) => (value: string) => ({ ...orderSample, cart_id: undefined, [field]: value });
const orderFields = ['partner_order_id', 'customer_email', 'customer_name', 'customer_phone', 'cart_id', 'project_id'];
const flight = calculatorSamples.flight.queries.flights[0]!;
const bulkFlight = calculatorSamples.bulkFlight[0]!;
const car = calculatorSamples.car.queries.cars[0]!;

const bodyCases: FieldCase[] = [
  ...(['vote', 'calculated'] as const).flatMap((variant) =>
    orderFields.flatMap((field): FieldCase[] => [
      { method: 'POST', path: `/v3/integrations/${variant}/order`, field: `order.${field}`, body: (value) => ({ order: withOrderField(field)(value) }) },
      { method: 'POST', path: `/v3/integrations/${variant}/orders`, field: `orders.0.${field}`, body: (value) => ({ orders: [withOrderField(field)(value)] }) },
    ]),
  ),
  ...['add', 'cancel'].map((change): FieldCase => ({
    method: 'PATCH',
    path: `/v3/integrations/vote/order/${change}`,
    field: 'partner_order_id',
    body: (value) => ({ climes: 1, partner_order_id: value }),
  })),
  { method: 'POST', path: '/v3/integrations/vote/opt-in', field: 'cart_id', body: (value) => ({ cart_id: value, opted_in: true, climes: 1 }) },
  ...['flight_id', 'departure', 'arrival', 'aircraft_model', 'flight_class', 'flight_type'].map((field): FieldCase => ({
    method: 'POST',
    path: '/v3/flight',
    field: `queries.flights.0.${field}`,
    body: (value) => ({ queries: { flights: [{ ...flight, [field]: value }] } }),
  })),
  ...['flight_id', 'departure', 'arrival', 'aircraft_model', 'flight_class', 'flight_type'].map((field): FieldCase => ({
    method: 'POST',
    path: '/v3/flight/bulk',
    field: `0.${field}`,
    body: (value) => [{ ...bulkFlight, [field]: value }],
  })),
  ...['car_id', 'body_type', 'fuel_type'].map((field): FieldCase => ({
    method: 'POST',
    path: '/v3/cars',
    field: `queries.cars.0.${field}`,
    body: (value) => ({ queries: { cars: [{ ...car, [field]: value }] } }),
  })),
  { method: 'POST', path: '/v3/transportation', field: 'queries.seats.0.seat_type', body: (value) => ({ ...calculatorSamples.bus, queries: { seats: [{ seat_type: value }] } }) },
  { method: 'POST', path: '/v3/transportation', field: 'configs.vehicle_type', body: (value) => ({ configs: { ...calculatorSamples.suv.configs, vehicle_type: value } }) },
  { method: 'POST', path: '/v3/logistics', field: 'queries.legs.0.shipping_method', body: (value) => ({ queries: { legs: [{ ...calculatorSamples.logistics.queries.legs[1]!, shipping_method: value }] } }) },
  { method: 'POST', path: '/v3/commute', field: 'queries.legs.0.commute_method', body: (value) => ({ queries: { legs: [{ commute_method: value }] } }) },
  ...['/v3/logistics/freight', '/logistics/freight'].flatMap((path): FieldCase[] => [
    { method: 'POST', path, field: 'configs.region', body: (value) => ({ ...calculatorSamples.freight, configs: { ...calculatorSamples.freight.configs, region: value } }) },
    { method: 'POST', path, field: 'configs.transportation_type', body: (value) => ({ ...calculatorSamples.freight, configs: { ...calculatorSamples.freight.configs, transportation_type: value } }) },
    { method: 'POST', path, field: 'queries.legs.0.shipping_method', body: (value) => ({ ...calculatorSamples.freight, queries: { legs: [{ ...calculatorSamples.freight.queries.legs[1]!, shipping_method: value }] } }) },
    { method: 'POST', path, field: 'queries.legs.0.container_type', body: (value) => ({ ...calculatorSamples.freight, queries: { legs: [{ ...calculatorSamples.freight.queries.legs[0]!, container_type: value }] } }) },
  ]),
];

/** Routes with a string in the path; `{}` stands for the percent-encoded value. */
const pathCases: { method: string; path: string }[] = [
  { method: 'GET', path: '/v3/integrations/vote/order/{}' },
  { method: 'GET', path: '/v3/integrations/calculated/order/{}' },
  { method: 'DELETE', path: '/v3/integrations/vote/order/{}/cancel' },
  { method: 'GET', path: '/v3/integrations/vote/opt-in/{}' },
  { method: 'GET', path: '/v3/flight/bulk/{}' },
];

/**
 * Percent-encodes every UTF-16 code unit as the bytes a client sending it would: a lone surrogate
 * as its three generalised UTF-8 bytes (which are not UTF-8), everything else as UTF-8.
 */
function percentEncode(value: string): string {
  let encoded = '';
  for (const unit of value.match(/[\ud800-\udbff][\udc00-\udfff]|[\s\S]/g) ?? []) {
    const code = unit.codePointAt(0)!;
    const bytes = code >= 0xd800 && code <= 0xdfff
      ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
      : [...Buffer.from(unit, 'utf8')];
    encoded += bytes.map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return encoded;
}

async function send(handler: FetchHandler, key: string, method: string, path: string, body?: unknown) {
  const init: RequestInit = { method, headers: { 'x-api-key': key, 'content-type': 'application/json' } };
  if (body !== undefined) init.body = JSON.stringify(body);
  const response = await handler(new Request(BASE + path, init));
  const text = await response.text();
  return { status: response.status, json: JSON.parse(text || 'null') as any };
}

function expectNoServerError(answer: { status: number; json: any }): void {
  expect(answer.status, JSON.stringify(answer.json)).toBeLessThan(500);
  if (answer.status >= 400) expect(typeof answer.json?.message).toBe('string');
}

for (const target of stores) {
  describe.skipIf(target.skip)(`hostile strings on the ${target.name} store`, () => {
    async function setup() {
      const store = await target.open();
      const partner = `acme-${Math.floor(Math.random() * 1e9)}`;
      const key = await addKey(store, partner, 'staging');
      // E7 needs a result endpoint; nothing is delivered in this test.
      await store.setResultEndpoint(partner, { url: 'https://results.example.com/truecost', secret: 'whsec_c2VjcmV0' }, 0);
      return { store, key, handler: createHandler({ store }) };
    }

    it('answers any string in any body field with a 2xx or a 4xx, and refuses NUL and lone surrogates naming the field', async () => {
      const { store, key, handler } = await setup();
      try {
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...bodyCases), anyString, async (field, value) => {
            const answer = await send(handler, key, field.method, field.path, field.body(value));
            expectNoServerError(answer);
            if (isHostile(value)) {
              expect(answer.status).toBe(400);
              expect(answer.json.error?.path).toBe(field.field);
            }
          }),
          { numRuns: target.name === 'memory' ? 600 : 250 },
        );
        // Each hostile case at each field, not left to chance.
        for (const field of bodyCases) {
          for (const value of hostileCases) {
            const answer = await send(handler, key, field.method, field.path, field.body(value));
            expect(answer.status, `${field.path} ${field.field} ${JSON.stringify(value)}`).toBe(400);
            expect(answer.json.error?.path).toBe(field.field);
          }
        }
      } finally {
        await store.close();
      }
    });

    it('answers any string in a path parameter with a 2xx or a 4xx', async () => {
      const { store, key, handler } = await setup();
      try {
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...pathCases), fc.oneof(anyString.filter((value) => value !== ''), fc.constantFrom('%00', '%ED%A0%80', '%C0%80', '%FF', '%')), async (route, value) => {
            const encoded = /^%/.test(value) ? value : percentEncode(value);
            expectNoServerError(await send(handler, key, route.method, route.path.replace('{}', encoded)));
          }),
          { numRuns: target.name === 'memory' ? 400 : 150 },
        );
      } finally {
        await store.close();
      }
    });

    it('keeps a safe retry safe for any partner_order_id: the same E1 twice is 201 twice, and E3 echoes the id', async () => {
      const { store, key, handler } = await setup();
      let sequence = 0;
      try {
        await fc.assert(
          fc.asyncProperty(anyString, fc.constantFrom('', 'sur', '\u0000'), async (id, prefix) => {
            // A prefix per run, so that runs never share an order.
            const partnerOrderId = `${prefix}${(sequence += 1)}-${id}`.slice(0, 255);
            const body = { order: { ...orderSample, cart_id: undefined, partner_order_id: partnerOrderId } };
            const first = await send(handler, key, 'POST', '/v3/integrations/vote/order', body);
            expectNoServerError(first);
            if (isHostile(partnerOrderId)) {
              expect(first.status).toBe(400);
              expect(first.json.error.path).toBe('order.partner_order_id');
              return;
            }
            expect(first.status).toBe(201);
            const again = await send(handler, key, 'POST', '/v3/integrations/vote/order', body);
            expect(again.status).toBe(201);
            expect(again.json.partner_order_id).toBe(partnerOrderId);
            const added = await send(handler, key, 'PATCH', '/v3/integrations/vote/order/add', { climes: 1, partner_order_id: partnerOrderId });
            expect(added.status).toBe(200);
            expect(added.json.partner_order_id).toBe(partnerOrderId);
            const read = await send(handler, key, 'GET', `/v3/integrations/vote/order/${percentEncode(partnerOrderId)}`);
            expect(read.status).toBe(200);
            expect(read.json.order.partner_order_id).toBe(partnerOrderId);
          }),
          { numRuns: target.name === 'memory' ? 300 : 120, examples: [['sur\ud800x', ''], ['\ud800', 'sur'], ['x', '\u0000']] },
        );
      } finally {
        await store.close();
      }
    });
  });
}
