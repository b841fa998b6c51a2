import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler, createNodeServer, toNodeListener } from '../../src/http/index.js';
import { explainLogisticsTruecost } from '../../src/index.js';
import { places } from '../../src/places/index.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import { addKey } from './support.js';

// Legs given by places on a real server (docs/api.md, "Legs given by places"): the handler asks
// for truecost/places only for a request that has places.
let server: Server;
let base: string;
let key: string;
let loads = 0;

beforeAll(async () => {
  const store = createMemoryStore();
  key = await addKey(store, 'acme', 'staging');
  const loader = () => {
    loads += 1;
    return import('../../src/places/index.js').then((module) => module.places);
  };
  server = createNodeServer(toNodeListener(createHandler({ store, places: loader }))) as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function post(path: string, body: unknown): Promise<{ status: number; json: any; ignored: string | null }> {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, json: await response.json(), ignored: response.headers.get('x-truecost-ignored-fields') };
}

const ship = { shipping_method: 'SHIP', shipping_weight: 10, origin: { locode: 'INNSA' }, destination: { locode: 'NLRTM' } };

describe('legs given by places over HTTP', () => {
  it('answers E11 with the explanation of each distance, asking for the tables only for legs given by places', async () => {
    expect(loads).toBe(0);
    await post('/v3/logistics', { queries: { legs: [{ shipping_method: 'TRAIN', shipping_distance: 100 }] } });
    expect(loads).toBe(0);
    const body = { queries: { legs: [ship, { ...ship, avoid: ['suez'] }, { shipping_method: 'TRUCK_HEAVY', shipping_weight: 5, origin: { pin: '411001' }, destination: { pin: '400001' } }] } };
    const answer = await post('/v3/logistics?explain=true', body);
    expect(answer.status).toBe(200);
    expect(answer.ignored).toBeNull();
    expect((await post('/v3/logistics?strict=true', body)).status).toBe(200);
    expect(answer.json.explanations).toEqual(JSON.parse(JSON.stringify(explainLogisticsTruecost(body as never, { places }).items)));
    const [suez, cape, truck] = answer.json.explanations;
    expect(suez.quantities.distance_method).toBe('sea_route');
    expect(cape.quantities.distance_km).toBeGreaterThan(suez.quantities.distance_km);
    expect(truck.quantities).toMatchObject({ distance_method: 'road_circuity', origin_code: '411001' });
    expect(loads).toBe(2);
    await post('/v3/logistics', { queries: { legs: [{ shipping_method: 'TRAIN', shipping_distance: 100 }] } });
    expect(loads).toBe(2);
  });

  it('answers E13 on the sea route', async () => {
    const answer = await post('/v3/logistics/freight?explain=true', {
      configs: { region: 'IN', transportation_type: 'ship' },
      queries: { legs: [{ shipping_method: 'loose', weight: 3, origin: { locode: 'INNSA' }, destination: { locode: 'SGSIN' } }] },
    });
    expect(answer.status).toBe(200);
    expect(answer.ignored).toBeNull();
    expect(answer.json.explanations[0].quantities.distance_method).toBe('sea_route');
  });

  it.each([
    [{ queries: { legs: [{ ...ship, origin: { locode: 'ZZZZZ' } }] } }, 'queries.legs.0.origin.locode'],
    [{ queries: { legs: [{ ...ship, destination: { pin: '999999' } }] } }, 'queries.legs.0.destination.pin'],
    [{ queries: { legs: [{ shipping_method: 'SHIP', origin: { locode: 'INNSA' } }] } }, 'queries.legs.0.destination'],
    // A truck from a country without road factors: never India's in silence.
    [{ queries: { legs: [{ shipping_method: 'TRUCK_HEAVY', origin: { iata: 'JFK' }, destination: { iata: 'BOS' } }] } }, 'queries.legs.0.origin'],
  ])('answers 400 naming the path of an unknown or missing place', async (body, path) => {
    const answer = await post('/v3/logistics', body);
    expect(answer.status).toBe(400);
    expect(answer.json.error.path).toBe(path);
    expect(answer.json.error.reason).toMatch(/\S/);
  });

  it('answers 400 on an E13 leg with neither distance nor places', async () => {
    const answer = await post('/v3/logistics/freight', { configs: { region: 'IN', transportation_type: 'rail' }, queries: { legs: [{ shipping_method: 'loose', weight: 1 }] } });
    expect(answer.status).toBe(400);
    expect(answer.json.error.path).toBe('queries.legs.0.distance');
  });
});

describe('POST /v3/trip with legs given by places', () => {
  it('answers every field read, and the explanation of the distance', async () => {
    const answer = await post('/v3/trip?explain=true', { trip: { legs: [{ mode: 'taxi', origin: { pin: '400001' }, destination: { iata: 'BOM' } }] } });
    expect(answer.status).toBe(200);
    expect(answer.ignored).toBeNull();
    expect(answer.json.explanations[0].quantities.distance_method).toBe('road_circuity');
  });
});

describe('a handler without places', () => {
  it('answers 400 on a leg given by places, naming its origin', async () => {
    const store = createMemoryStore();
    const staging = await addKey(store, 'acme', 'staging');
    const handler = createHandler({ store });
    const response = await handler(
      new Request('http://truecost.test/v3/logistics', { method: 'POST', headers: { 'x-api-key': staging, 'content-type': 'application/json' }, body: JSON.stringify({ queries: { legs: [ship] } }) }),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { path: string } }).error.path).toBe('queries.legs.0.origin');
  });
});
