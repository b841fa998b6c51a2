import { describe, expect, it } from 'vitest';
import { apiErrors } from '../../src/errors.js';
import { freightReport, iso14083ReportSchema, logisticsReport, logisticsTruecost, explainLogisticsTruecost } from '../../src/index.js';
import { buildOpenApiDocument, routes } from '../../src/http/index.js';
import { setup } from './support.js';

// Shared loads, the carrier's fuel and `?report=iso14083` on E11 and E13, on both transports (support.ts).

const parcel = { shipping_method: 'TRUCK_HEAVY', shipping_distance: 800, shipping_weight: 0.002 };
const shipment = {
  queries: {
    legs: [
      { ...parcel, load: 'shared' },
      { shipping_method: 'TRAIN', shipping_distance: 1200, shipping_weight: 0.002 },
      { ...parcel, fuel_type: 'diesel', fuel_amount: 100 },
    ],
  },
};
const freight = {
  configs: { region: 'IN', transportation_type: 'truck' },
  queries: {
    legs: [
      { shipping_method: 'container', container_type: '42GP', weight: 18, distance: 400, load: 'shared' },
      { shipping_method: 'loose', weight: 4, distance: 120, fuel_type: 'cng', fuel_amount: 30, fuel_unit: 'kg' },
    ],
  },
};

describe('E11 and E13 with shared loads and the carrier fuel', () => {
  it('answers the contract figure without load, and the shared and primary figures of the library', async () => {
    const { call } = await setup();
    expect((await call('POST', '/v3/logistics', { queries: { legs: [parcel] } })).json.truecost.total_truecost).toBe(0.481389);
    const answer = await call('POST', '/v3/logistics', shipment);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual(logisticsTruecost(shipment as never));
    expect(answer.json.truecost.legs[0] * 1000).toBeGreaterThan(0.05);
    expect(answer.json.truecost.legs[0] * 1000).toBeLessThan(0.5);
    expect(answer.json.truecost.legs[2]).toBe(0.328564);
    expect(answer.headers.get('x-truecost-ignored-fields')).toBeNull();
  });

  it('explains each leg with its tonne-km, intensities, operation category and data type', async () => {
    const { call } = await setup();
    const answer = await call('POST', '/v3/logistics?explain=true', shipment);
    expect(answer.json.explanations).toEqual(JSON.parse(JSON.stringify(explainLogisticsTruecost(shipment as never).items)));
    const [shared, train, fuel] = answer.json.explanations;
    expect(shared.quantities).toMatchObject({ tonne_km: 1.6, data_type: 'default', operation_category: 'Road: rigid HGV >17 t, diesel, average laden' });
    expect(train.quantities.data_type).toBe('default');
    expect(fuel.quantities).toMatchObject({ data_type: 'primary', fuel_type: 'diesel', fuel_l: 100 });
    for (const item of [shared, train, fuel]) {
      for (const key of ['intensity_tank_to_wheel_kg_per_tonne_km', 'intensity_well_to_tank_kg_per_tonne_km', 'intensity_well_to_wheel_kg_per_tonne_km']) {
        expect(typeof item.quantities[key]).toBe('number');
      }
    }
  });

  it.each([
    [{ queries: { legs: [{ ...parcel, load: 'full' }] } }, 'queries.legs.0.load'],
    [{ queries: { legs: [parcel, { ...parcel, fuel_type: 'diesel', fuel_amount: -100 }] } }, 'queries.legs.1.fuel_amount'],
    [{ queries: { legs: [{ ...parcel, fuel_type: 'electricity', fuel_amount: 10 }] } }, 'queries.legs.0.grid'],
    [{ queries: { legs: [{ ...parcel, fuel_type: 'hydrogen', fuel_amount: 10 }] } }, 'queries.legs.0.fuel_type'],
  ])('answers %j with a 400 naming %s', async (body, path) => {
    const { call } = await setup();
    const answer = await call('POST', '/v3/logistics', body);
    expect(answer.status).toBe(400);
    expect(answer.json.message).toBe(apiErrors.badRequest.message);
    expect(answer.json.error.path).toBe(path);
  });
});

describe('?report=iso14083', () => {
  it('answers E11 with the report of the library: every leg with its tonne-km, both parts, its total and data type', async () => {
    const { call } = await setup();
    const answer = await call('POST', '/v3/logistics?report=iso14083', shipment);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual(JSON.parse(JSON.stringify(logisticsReport(shipment as never))));
    expect(iso14083ReportSchema.safeParse(answer.json).success).toBe(true);
    const elements = answer.json.report.transport_chain_elements;
    expect(elements).toHaveLength(3);
    expect(elements.map((element: { data_type: string }) => element.data_type)).toEqual(['default', 'default', 'primary']);
    for (const element of elements) {
      expect(element.tonne_km).toBeCloseTo(element.mass_t * element.distance_km, 9);
      expect(element.well_to_wheel_kg).toBeCloseTo(element.tank_to_wheel_kg + element.well_to_tank_kg, 9);
    }
    expect(answer.json.report.totals.well_to_wheel_kg).toBeCloseTo(answer.json.report.totals.tank_to_wheel_kg + answer.json.report.totals.well_to_tank_kg, 9);
    // Each leg's total is the endpoint's figure for it, in kg.
    const figures = (await call('POST', '/v3/logistics', shipment)).json.truecost;
    expect(elements.map((element: { well_to_wheel_kg: number }) => element.well_to_wheel_kg)).toEqual(figures.legs.map((tonnes: number) => Math.round(tonnes * 1e6) / 1e3));
    expect(answer.json.report.totals.well_to_wheel_kg).toBe(Math.round(figures.total_truecost * 1e6) / 1e3);
    // The same figures whatever basis is asked: the report always gives both parts.
    expect((await call('POST', '/v3/logistics?report=iso14083&basis=ttw', shipment)).json).toEqual(answer.json);
  });

  it('answers E13 on both of its paths with freightReport', async () => {
    const { call } = await setup();
    for (const path of ['/v3/logistics/freight', '/logistics/freight']) {
      const answer = await call('POST', `${path}?report=iso14083`, freight);
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual(JSON.parse(JSON.stringify(freightReport(freight as never))));
      expect(answer.json.report.transport_chain_elements.map((element: { data_type: string }) => element.data_type)).toEqual(['default', 'primary']);
    }
  });

  it.each([
    ['/v3/logistics?report=csv', 'report'],
    ['/v3/logistics?report=iso14083&report=iso14083', 'report'],
    ['/v3/logistics?report=iso14083&explain=true', 'report'],
    ['/v3/commute?report=iso14083', 'report'],
  ])('answers POST %s with a 400 naming %s', async (target, path) => {
    const { call } = await setup();
    const body = target.startsWith('/v3/commute') ? { queries: { legs: [{ commute_method: 'TRAIN' }] } } : shipment;
    const answer = await call('POST', target, body);
    expect(answer.status).toBe(400);
    expect(answer.json.error.path).toBe(path);
  });

  it('refuses a bad body before the report, naming its field', async () => {
    const { call } = await setup();
    const answer = await call('POST', '/v3/logistics?report=iso14083', { queries: { legs: [{ ...parcel, load: 'full' }] } });
    expect(answer.status).toBe(400);
    expect(answer.json.error.path).toBe('queries.legs.0.load');
  });
});

describe('the OpenAPI document', () => {
  it('lists report on E11 and E13 only, the report schema among the answers, and the new leg fields', () => {
    const document = buildOpenApiDocument(routes) as any;
    const names = (path: string) => document.paths[path].post.parameters.map((parameter: { name: string }) => parameter.name);
    for (const path of ['/v3/logistics', '/v3/logistics/freight', '/logistics/freight']) {
      expect(names(path)).toContain('report');
      expect(JSON.stringify(document.paths[path].post.responses['200'])).toContain('transport_chain_elements');
      const body = JSON.stringify(document.paths[path].post.requestBody);
      for (const field of ['load', 'fuel_type', 'fuel_amount', 'fuel_unit', 'grid']) expect(body).toContain(`"${field}"`);
    }
    for (const path of ['/v3/cars', '/v3/commute', '/v3/flight']) expect(names(path)).not.toContain('report');
  });
});
