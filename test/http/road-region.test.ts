import { describe, expect, it } from 'vitest';
import { ROAD_REGIONS, freightReport, logisticsTruecost } from '../../src/index.js';
import { setup } from './support.js';

// Each road leg's region over HTTP, on both transports (support.ts): a Dutch leg takes GLEC's
// European factor, an unsupported region is a 400 naming the regions there are.

const dutch = { queries: { legs: [{ shipping_method: 'TRUCK_HEAVY', shipping_distance: 400, shipping_weight: 10, region: 'NL' }] } };
const freight = (region: string) => ({
  configs: { region, transportation_type: 'truck' },
  queries: { legs: [{ shipping_method: 'container', container_type: '42GP', weight: 18, distance: 400 }] },
});

describe('a road leg in its region over HTTP', () => {
  it('answers a Dutch E11 leg with the European factor and says so in its explanation', async () => {
    const { call } = await setup();
    const answer = await call('POST', '/v3/logistics', dutch);
    expect(answer.status).toBe(200);
    expect(answer.json.truecost.legs).toEqual([0.368]);
    expect(answer.json).toEqual(logisticsTruecost(dutch as never));
    const explained = await call('POST', '/v3/logistics?explain=true', dutch);
    expect(explained.json.explanations[0].assumptions[0]).toMatch(/^region NL: GLEC's European default/);
  });

  it('reports a Dutch E13 truck leg as a default road element with the European intensity', async () => {
    const { call } = await setup();
    const answer = await call('POST', '/v3/logistics/freight?report=iso14083', freight('NL'));
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual(freightReport(freight('NL') as never));
    expect(answer.json.report.transport_chain_elements[0]).toMatchObject({ mode: 'road', data_type: 'default', intensity_well_to_wheel_kg_per_tonne_km: 0.092 });
  });

  it.each([
    ['/v3/logistics', { queries: { legs: [{ ...dutch.queries.legs[0], region: 'US' }] } }, 'queries.legs.0.region'],
    ['/v3/logistics/freight', freight('US'), 'configs.region'],
    ['/logistics/freight', freight('CH'), 'configs.region'],
  ])('refuses an unsupported region on %s with a 400 listing the regions there are', async (path, body, field) => {
    const { call } = await setup();
    const answer = await call('POST', path, body);
    expect(answer.status).toBe(400);
    expect(answer.json.error.path).toBe(field);
    for (const region of ROAD_REGIONS) expect(answer.json.error.reason).toContain(`"${region}"`);
  });
});
