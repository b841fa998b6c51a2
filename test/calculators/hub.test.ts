import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HUB_TYPES, explainLogisticsTruecost, logisticsRequestSchema, validate } from '../../src/index.js';
import { ambientWarehouseIntensity, defaultHubIntensity } from '../../src/data/logistics-hubs.js';
import { logisticsRequest, near, positive } from './road-arbitraries.js';

// A hub among E11's legs: docs/methodology.md, "Hubs".

const hub = fc.record({
  hub_type: fc.constantFrom(...HUB_TYPES),
  temperature: fc.constantFrom('ambient' as const, 'chilled' as const),
  shipping_weight: positive(1e4),
  intensity: positive(100),
});

const unrounded = (legs: readonly object[]) =>
  explainLogisticsTruecost({ queries: { legs: [...legs] } } as never).items.filter((item) => item.item !== 'equivalents').map((item) => item.unrounded);

describe('a hub', () => {
  it('is its tonnes handled times its own intensity, wherever it stands among the legs', () => {
    fc.assert(
      fc.property(logisticsRequest, hub, fc.nat(), (request, sent, at) => {
        const legs: object[] = [...request.queries.legs];
        const position = at % (legs.length + 1);
        legs.splice(position, 0, sent);
        const figures = unrounded(legs);
        expect(near(figures[position], (sent.shipping_weight * sent.intensity) / 1000)).toBe(true);
        // The legs around it answer what they answer alone.
        expect(figures.filter((_, index) => index !== position)).toEqual(unrounded(request.queries.legs));
      }),
    );
  });

  it('takes the cited default without its own intensity, and is refused where there is none', () => {
    fc.assert(
      fc.property(hub, (sent) => {
        const { intensity: _, ...withoutIntensity } = sent;
        const parsed = validate(logisticsRequestSchema, { queries: { legs: [withoutIntensity] } });
        const cited = defaultHubIntensity(sent.hub_type, sent.temperature);
        if (cited === undefined) {
          expect(parsed.ok).toBe(false);
          if (!parsed.ok) expect(parsed.error.path).toBe('queries.legs.0.intensity');
          return;
        }
        expect(cited).toBe(ambientWarehouseIntensity);
        expect(near(unrounded([withoutIntensity])[0], (sent.shipping_weight * 5.4) / 1000)).toBe(true);
      }),
    );
  });

  it('refuses a weight or intensity that is not more than 0', () => {
    fc.assert(
      fc.property(hub, fc.constantFrom('shipping_weight', 'intensity'), fc.double({ max: 0, noNaN: true }), (sent, field, bad) => {
        const parsed = validate(logisticsRequestSchema, { queries: { legs: [{ ...sent, [field]: bad }] } });
        expect(parsed.ok).toBe(false);
        if (!parsed.ok) expect(parsed.error.path).toBe(`queries.legs.0.${field}`);
      }),
    );
  });
});

describe('the table of hub intensities', () => {
  it('cites each default with its publication and year, as docs/methodology.md lists it', () => {
    const methodology = readFileSync(resolve(import.meta.dirname, '../../docs/methodology.md'), 'utf8');
    const hubs = methodology.slice(methodology.indexOf('## Hubs (E11)'), methodology.indexOf('## Shared loads'));
    const cited = HUB_TYPES.flatMap((type) => (['ambient', 'chilled'] as const).map((temperature) => defaultHubIntensity(type, temperature))).filter((row) => row !== undefined);
    expect(cited.length).toBeGreaterThan(0);
    for (const row of new Set(cited)) {
      expect(row.source).toMatch(/Fraunhofer IML.*\b(19|20)\d\d\b/);
      expect(row.unit).toBe('kg CO2e/t handled');
      expect(hubs).toContain(`${row.value} kg CO2e/t handled`);
      expect(hubs).toContain('Fraunhofer IML');
    }
  });
});
