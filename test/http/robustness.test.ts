import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { routes } from '../../src/http/index.js';
import { setup } from './support.js';

// Arbitrary input at every route must get a 4xx with a JSON message (or, by luck, a success):
// never a 500 and never a crash.
const bodyRoutes = routes.filter((route) => route.body !== undefined);
const paramRoutes = routes.filter((route) => route.path.includes('{'));

function concretePath(path: string, value: string): string {
  return path.replace('{variant}', 'vote').replace(/\{[^}]+\}/g, encodeURIComponent(value));
}

/** A request to `path` with a valid staging key and a JSON content type. */
function keyedRequest(key: string, method: string, path: string, body: BodyInit | null): Request {
  return new Request(`http://x${path}`, { method, headers: { 'x-api-key': key, 'content-type': 'application/json' }, body });
}

async function expectClientAnswer(response: Response): Promise<void> {
  expect(response.status).toBeLessThan(500);
  if (response.status >= 400) {
    const body = (await response.json()) as { message?: unknown };
    expect(typeof body.message).toBe('string');
  }
}

describe('the handler under arbitrary input', () => {
  it('answers any JSON value at any body route with a 4xx and a message', async () => {
    const { handler, staging } = await setup();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...bodyRoutes), fc.jsonValue(), async (route, value) => {
        const response = await handler(
          keyedRequest(staging, route.method, concretePath(route.path, 'id'), JSON.stringify(value)),
        );
        await expectClientAnswer(response);
      }),
      { numRuns: 400 },
    );
  });

  it('answers bodies shaped like the real ones but with arbitrary leaves with a 4xx and a message', async () => {
    const { handler, staging } = await setup();
    const leaf = fc.oneof(fc.jsonValue(), fc.constant(1e308), fc.constant(-0), fc.string(), fc.constant('DEL'));
    const shaped = fc.oneof(
      fc.record({ order: fc.dictionary(fc.constantFrom('climes', 'partner_order_id', 'customer_email', 'customer_name', 'unlock_date', 'cart_id'), leaf) }),
      fc.record({ orders: fc.array(fc.dictionary(fc.string(), leaf), { maxLength: 3 }) }),
      fc.record({ queries: fc.record({ flights: fc.array(fc.dictionary(fc.constantFrom('departure', 'arrival', 'no_of_tickets', 'flight_id'), leaf), { maxLength: 3 }) }) }),
      fc.array(fc.dictionary(fc.string(), leaf), { maxLength: 3 }),
      fc.record({ configs: fc.dictionary(fc.constantFrom('vehicle_type', 'distance', 'region'), leaf), queries: fc.dictionary(fc.constantFrom('legs', 'seats', 'cars'), fc.array(fc.dictionary(fc.string(), leaf), { maxLength: 3 })) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...bodyRoutes), shaped, async (route, value) => {
        const response = await handler(
          keyedRequest(staging, route.method, concretePath(route.path, 'id'), JSON.stringify(value)),
        );
        await expectClientAnswer(response);
      }),
      { numRuns: 400 },
    );
  });

  it('answers bytes that are not JSON (or not UTF-8) with a 400', async () => {
    const { handler, staging } = await setup();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...bodyRoutes), fc.uint8Array({ maxLength: 64 }), async (route, bytes) => {
        const response = await handler(
          keyedRequest(staging, route.method, concretePath(route.path, 'id'), bytes),
        );
        await expectClientAnswer(response);
      }),
      { numRuns: 300 },
    );
  });

  it('answers arbitrary path parameters without a 500', async () => {
    const { handler, staging } = await setup();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paramRoutes), fc.string({ minLength: 1 }), async (route, value) => {
        const response = await handler(
          keyedRequest(staging, route.method, concretePath(route.path, value), route.body === undefined ? null : '{}'),
        );
        await expectClientAnswer(response);
      }),
      { numRuns: 300 },
    );
  });

  it('answers arbitrary paths and methods without a 500', async () => {
    const { handler, staging } = await setup();
    const segment = fc.oneof(fc.constantFrom('v3', 'integrations', 'vote', 'order', 'flight', 'bulk', 'logistics', 'freight', 'opt-in', 'cancel', 'add'), fc.string());
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS'),
        fc.array(segment, { maxLength: 6 }),
        async (method, segments) => {
          const path = `/${segments.map(encodeURIComponent).join('/')}`;
          const response = await handler(
            keyedRequest(staging, method, path, method === 'GET' ? null : '{}'),
          );
          await expectClientAnswer(response);
        },
      ),
      { numRuns: 300 },
    );
  });
});
