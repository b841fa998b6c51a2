import { describe, expect, it } from 'vitest';
import { apiErrors } from '../../src/errors.js';
import { explainLogisticsTruecost, iso14083ReportSchema, logisticsReport, logisticsTruecost } from '../../src/index.js';
import { ambientWarehouseIntensity } from '../../src/data/logistics-hubs.js';
import { buildOpenApiDocument, routes } from '../../src/http/index.js';
import { reportCsv } from '../../src/cli/report-csv.js';
import { setup } from './support.js';

// Hubs among E11's legs (docs/api.md, "Hubs"), on both transports (support.ts).

const truck = { shipping_method: 'TRUCK_HEAVY', shipping_distance: 400, shipping_weight: 10 };
const warehouse = { hub_type: 'warehouse', shipping_weight: 10 };
const shipment = { queries: { legs: [warehouse, truck, { hub_type: 'container_terminal', shipping_weight: 10, intensity: 1.2 }] } };

describe('a hub among the legs of E11', () => {
  it('adds 10 t handled at an ambient warehouse at its cited intensity, at its position', async () => {
    const { call } = await setup();
    const alone = (await call('POST', '/v3/logistics', { queries: { legs: [truck] } })).json.truecost.total_truecost;
    const answer = await call('POST', '/v3/logistics', shipment);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual(logisticsTruecost(shipment as never));
    // 10 t x 5.4 kg CO2e/t = 54 kg; the terminal's own 1.2 kg/t: 12 kg.
    expect(ambientWarehouseIntensity.value).toBe(5.4);
    expect(answer.json.truecost.legs).toEqual([0.054, alone, 0.012]);
    expect(answer.json.truecost.total_truecost).toBeCloseTo(0.054 + alone + 0.012, 6);
  });

  it('explains a hub: its type, temperature, tonnes, intensity, category, data type and source', async () => {
    const { call } = await setup();
    const answer = await call('POST', '/v3/logistics?explain=true', shipment);
    expect(answer.json.explanations).toEqual(JSON.parse(JSON.stringify(explainLogisticsTruecost(shipment as never).items)));
    const [hub, , terminal] = answer.json.explanations;
    expect(hub.quantities).toEqual({
      hub_type: 'warehouse',
      temperature: 'ambient',
      weight_t: 10,
      intensity_kg_per_tonne: 5.4,
      operation_category: 'Hub: warehouse, ambient',
      data_type: 'default',
    });
    expect(hub.factors.map((factor: { value: number }) => factor.value)).toEqual([5.4]);
    expect(hub.factors[0].source).toContain('Fraunhofer IML');
    expect(hub.assumptions.join(' ')).toContain('intensity was not sent');
    expect(terminal.quantities).toMatchObject({ data_type: 'primary', intensity_kg_per_tonne: 1.2, operation_category: 'Hub: maritime container terminal, ambient' });
  });

  it('counts a hub whole on the tank-to-wheel basis: its intensity is not split', async () => {
    const { call } = await setup();
    const answer = await call('POST', '/v3/logistics?basis=ttw', { queries: { legs: [warehouse] } });
    expect(answer.json.truecost.legs).toEqual([0.054]);
  });

  it('lists the hubs in the ISO 14083 report as hub elements, apart from the tonne-km', async () => {
    const { call } = await setup();
    const answer = await call('POST', '/v3/logistics?report=iso14083', shipment);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual(JSON.parse(JSON.stringify(logisticsReport(shipment as never))));
    expect(iso14083ReportSchema.safeParse(answer.json).success).toBe(true);
    const [hub, leg, terminal] = answer.json.report.transport_chain_elements;
    expect(hub).toEqual({
      element: 0,
      hub_type: 'warehouse',
      temperature: 'ambient',
      hub_operation_category: 'Hub: warehouse, ambient',
      mass_t: 10,
      tank_to_wheel_kg: 54,
      well_to_tank_kg: 0,
      well_to_wheel_kg: 54,
      intensity_kg_per_tonne: 5.4,
      data_type: 'default',
      sources: [{ name: ambientWarehouseIntensity.name, value: 5.4, unit: 'kg CO2e/t handled', source: ambientWarehouseIntensity.source }],
    });
    expect(leg.mode).toBe('road');
    expect(terminal).toMatchObject({ element: 2, data_type: 'primary', well_to_wheel_kg: 12 });
    const { totals } = answer.json.report;
    expect(totals.tonne_km).toBe(4000);
    expect(totals.well_to_wheel_kg).toBeCloseTo(54 + leg.well_to_wheel_kg + 12, 3);
    expect(totals.primary_data_share).toBeCloseTo(12 / totals.well_to_wheel_kg, 6);
  });

  it.each([
    [{ hub_type: 'warehouse', temperature: 'chilled', shipping_weight: 10 }, 'queries.legs.0.intensity', 'no cited default intensity for a warehouse hub at chilled temperature'],
    [{ hub_type: 'transhipment', shipping_weight: 10 }, 'queries.legs.0.intensity', 'no cited default intensity for a transhipment hub at ambient temperature'],
    [{ hub_type: 'wharehouse', shipping_weight: 10 }, 'queries.legs.0.hub_type', 'Must be one of'],
    [{ hub_type: 'warehouse' }, 'queries.legs.0.shipping_weight', 'the tonnes handled at the hub'],
    [{ hub_type: 'warehouse', shipping_weight: 10, intensity: -1 }, 'queries.legs.0.intensity', 'greater than 0'],
    [{ hub_type: 'warehouse', shipping_weight: 10, temperature: 'frozen' }, 'queries.legs.0.temperature', 'Must be one of'],
    [{ shipping_method: 'TRUCK_HEEVY' }, 'queries.legs.0.shipping_method', 'Must be one of'],
    [{ shipping_distance: 10 }, 'queries.legs.0.shipping_method', 'Required.'],
  ])('answers the element %j with a 400 naming %s', async (element, path, reason) => {
    const { call } = await setup();
    const answer = await call('POST', '/v3/logistics', { queries: { legs: [element] } });
    expect(answer.status).toBe(400);
    expect(answer.json.message).toBe(apiErrors.badRequest.message);
    expect(answer.json.error.path).toBe(path);
    expect(answer.json.error.reason).toContain(reason);
  });

  it('takes an element with shipping_method as a leg, and names a hub_type sent with it as ignored', async () => {
    const { call } = await setup();
    const answer = await call('POST', '/v3/logistics', { queries: { legs: [{ ...truck, hub_type: 'warehouse' }] } });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual(logisticsTruecost({ queries: { legs: [truck] } } as never));
    expect(answer.headers.get('x-truecost-ignored-fields')).toContain('queries.legs.0.hub_type');
  });

  it('writes a hub as a row of the report\'s CSV, its mode cell hub and no distance or tonne-km', () => {
    const [header, hub, leg] = reportCsv(logisticsReport(shipment as never)).split('\n');
    expect(header!.split(',').slice(0, 6)).toEqual(['element', 'mode', 'transport_operation_category', 'distance_km', 'mass_t', 'tonne_km']);
    expect(hub!.startsWith('0,hub,"Hub: warehouse, ambient",,10,,54,0,54,,,"default, 5.4 kg CO2e/t handled",')).toBe(true);
    expect(leg!.startsWith('1,road,')).toBe(true);
  });

  it('documents hubs in the OpenAPI body and report of E11', () => {
    const document = buildOpenApiDocument(routes) as any;
    const body = JSON.stringify(document.paths['/v3/logistics'].post.requestBody);
    for (const field of ['hub_type', 'intensity', 'container_terminal']) expect(body).toContain(`"${field}"`);
    expect(JSON.stringify(document.paths['/v3/logistics'].post.responses['200'])).toContain('hub_operation_category');
  });
});
