import { describe, expect, it } from 'vitest';
import { legElements } from './road-arbitraries.js';
import {
  ROAD_REGIONS,
  explainFreightTruecost,
  explainLogisticsTruecost,
  freightReport,
  freightTruecost,
  logisticsTruecost,
  roadFactorSet,
  validate,
  freightRequestSchema,
  logisticsRequestSchema,
  type FreightRequestInput,
  type LogisticsRequestInput,
} from '../../src/index.js';

// Each road leg's region (docs/methodology.md, "Each road leg's region"): India keeps its own
// model, Great Britain takes DESNZ 2025, the EU member states GLEC's European default; any other
// region is refused, never given India's factors in silence.

const truckLeg = (region?: string, method = 'TRUCK_HEAVY'): LogisticsRequestInput => ({
  queries: { legs: [{ shipping_method: method as 'TRUCK_HEAVY', shipping_distance: 400, shipping_weight: 10, ...(region === undefined ? {} : { region: region as 'NL' }) }] },
});

describe('roadFactorSet', () => {
  it('maps India, Great Britain and the EU member states to their factor sets, and nothing else', () => {
    expect(roadFactorSet('IN')).toBe('india');
    expect(roadFactorSet('GB')).toBe('desnz-2025');
    for (const country of ['NL', 'DE', 'FR', 'IT', 'ES', 'PL']) expect(roadFactorSet(country)).toBe('glec-europe');
    for (const country of ['US', 'CH', 'NO', 'CN', 'XX', 'nl', '']) expect(roadFactorSet(country)).toBeUndefined();
    for (const region of ROAD_REGIONS) expect(roadFactorSet(region)).toBeDefined();
  });
});

describe('a road leg in its region', () => {
  it('gives a Dutch heavy truck leg the GLEC European default, 0.092 kg CO2e/t-km well-to-wheel, and says so', () => {
    // 10 t x 400 km = 4,000 t-km x 0.092 = 368 kg; tank-to-wheel 0.074 x 4,000 = 296 kg.
    expect(logisticsTruecost(truckLeg('NL')).truecost.legs).toEqual([0.368]);
    expect(logisticsTruecost(truckLeg('NL'), { basis: 'ttw' }).truecost.legs).toEqual([0.296]);
    const [item] = explainLogisticsTruecost(truckLeg('NL')).items;
    expect(item!.quantities).toMatchObject({ region: 'NL', data_type: 'default', operation_category: expect.stringContaining('Europe') });
    expect(item!.assumptions[0]).toMatch(/^region NL: GLEC's European default .*not India's factors/);
    expect(item!.factors.map((factor) => factor.source).join(' ')).toContain('GLEC Framework v2.0');
    expect(item!.factors.map((factor) => factor.name).join(' ')).not.toMatch(/HDV/);
  });

  it('gives a British truck leg the DESNZ 2025 average-laden intensity of its class', () => {
    // Rigid HGV 7.5-17 t: (0.36362 + 0.09246) kg CO2e/t-km x 4,000 t-km = 1,824.32 kg.
    expect(logisticsTruecost(truckLeg('GB', 'TRUCK_MEDIUM')).truecost.legs).toEqual([1.82432]);
    expect(explainLogisticsTruecost(truckLeg('GB', 'TRUCK_MEDIUM')).items[0]!.assumptions[0]).toMatch(/^region GB: DESNZ 2025's average laden/);
  });

  it('keeps India\'s own model for region IN, the same figure as without a region', () => {
    expect(logisticsTruecost(truckLeg('IN')).truecost).toEqual(logisticsTruecost(truckLeg()).truecost);
  });

  it('refuses a light or medium truck in the EU, where GLEC\'s European default is a heavy truck\'s, naming the regions that have one', () => {
    for (const method of ['TRUCK_LIGHT', 'TRUCK_MEDIUM']) {
      const parsed = validate(logisticsRequestSchema, truckLeg('FR', method));
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.error).toEqual({ path: 'queries.legs.0.region', reason: `No European factor for ${method}: IN, GB.` });
    }
  });

  it('refuses an unsupported region, naming the regions there are, and a region on a leg that is not a truck', () => {
    const unsupported = validate(logisticsRequestSchema, truckLeg('US'));
    expect(unsupported.ok).toBe(false);
    if (!unsupported.ok) {
      expect(unsupported.error.path).toBe('queries.legs.0.region');
      for (const region of ['"IN"', '"GB"', '"NL"', '"DE"']) expect(unsupported.error.reason).toContain(region);
    }
    const ship = validate(logisticsRequestSchema, { queries: { legs: [{ shipping_method: 'SHIP', region: 'NL' }] } });
    expect(ship.ok).toBe(false);
  });
});

describe('an E13 truck leg in its region', () => {
  const container = (region: string): FreightRequestInput => ({
    configs: { region: region as 'NL', transportation_type: 'truck' },
    queries: { legs: [{ shipping_method: 'container', container_type: '42GP', weight: 18, distance: 400 }] },
  });

  it('gives a Dutch container truck the GLEC European default on the goods, and reports it', () => {
    // 18 t x 400 km = 7,200 t-km x 0.092 = 662.4 kg (the container's tare is inside the intensity per tonne of goods).
    expect(freightTruecost(container('NL')).truecost.legs).toEqual([0.6624]);
    const said = explainFreightTruecost(container('NL')).items[0]!.assumptions;
    expect(said.some((line) => /^region NL: GLEC's European default/.test(line))).toBe(true);
    expect(said.some((line) => line.includes('tare is not added'))).toBe(true);
    const [element] = legElements(freightReport(container('NL')));
    expect(element).toMatchObject({ mode: 'road', data_type: 'default', intensity_well_to_wheel_kg_per_tonne_km: 0.092 });
    expect(element!.transport_operation_category).toContain('Europe');
  });

  it('refuses dry_run outside India, and a light truck in the EU', () => {
    const dry = validate(freightRequestSchema, { ...container('DE'), queries: { legs: [{ shipping_method: 'loose', weight: 5, distance: 10, dry_run: true }] } });
    expect(dry.ok).toBe(false);
    if (!dry.ok) expect(dry.error.path).toBe('queries.legs.0.dry_run');
    const light = validate(freightRequestSchema, { ...container('DE'), queries: { legs: [{ shipping_method: 'loose', weight: 1, distance: 10, truck_max_capacity: 2 }] } });
    expect(light.ok).toBe(false);
    if (!light.ok) expect(light.error).toEqual({ path: 'queries.legs.0.region', reason: 'No European factor at 12 t gross or less: IN, GB.' });
  });

  it('leaves rail and ship legs on DESNZ whatever the region', () => {
    const rail = (region: string): FreightRequestInput => ({ configs: { region: region as 'NL', transportation_type: 'rail' }, queries: { legs: [{ shipping_method: 'loose', weight: 100, distance: 500 }] } });
    expect(freightTruecost(rail('NL')).truecost).toEqual(freightTruecost(rail('IN')).truecost);
  });
});

describe('an E13 truck leg with its own region', () => {
  const leg = { shipping_method: 'container', container_type: '42GP', weight: 18, distance: 400 } as const;
  const request = (configsRegion: string, ...legs: object[]): FreightRequestInput =>
    ({ configs: { region: configsRegion as 'IN', transportation_type: 'truck' }, queries: { legs } }) as FreightRequestInput;

  it('prices a leg in its own region over configs.region, and the other legs in configs.region', () => {
    const alone = (region: string) => freightTruecost(request(region, leg)).truecost.legs[0];
    const mixed = freightTruecost(request('IN', leg, { ...leg, region: 'NL' }, { ...leg, region: 'GB' })).truecost.legs;
    expect(mixed).toEqual([alone('IN'), alone('NL'), alone('GB')]);
    expect(mixed[1]).toBe(0.6624);
    expect(explainFreightTruecost(request('IN', { ...leg, region: 'NL' })).items[0]!.assumptions.some((line) => /^region NL: GLEC's European default/.test(line))).toBe(true);
  });

  it('checks a leg\'s own region as configs.region is checked, and refuses it off the truck', () => {
    const dry = validate(freightRequestSchema, request('IN', { ...leg, region: 'GB', dry_run: true }));
    expect(dry.ok || dry.error).toEqual({ path: 'queries.legs.0.dry_run', reason: 'Not in region GB.' });
    const light = validate(freightRequestSchema, request('IN', { shipping_method: 'loose', weight: 1, distance: 10, truck_max_capacity: 2, region: 'DE' }));
    expect(light.ok || light.error).toEqual({ path: 'queries.legs.0.region', reason: 'No European factor at 12 t gross or less: IN, GB.' });
    const rail = validate(freightRequestSchema, { configs: { region: 'IN', transportation_type: 'rail' }, queries: { legs: [{ ...leg, region: 'NL' }] } });
    expect(rail.ok || rail.error).toEqual({ path: 'queries.legs.0.region', reason: 'Allowed only when configs.transportation_type is truck.' });
    const unknown = validate(freightRequestSchema, request('IN', { ...leg, region: 'US' }));
    expect(unknown.ok || unknown.error.path).toBe('queries.legs.0.region');
  });
});

