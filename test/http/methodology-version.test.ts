import { describe, expect, it } from 'vitest';
import { METHODOLOGY_VERSION } from '../../src/data/version.js';
import { buildOpenApiDocument } from '../../src/http/openapi.js';
import { routes } from '../../src/http/routes.js';
import { calculatorRouteCases, calculatorSamples } from '../schemas/samples.js';
import { setup } from './support.js';

// Every calculator answer names the methodology that produced its figures in the
// `Truecost-Methodology-Version` header, beside `x-truecost-methodology`, with the body unchanged.
const calculatorCases = [['/v3/flight', calculatorSamples.flight, ''] as const, ...calculatorRouteCases];

describe('Truecost-Methodology-Version', () => {
  it.each(calculatorCases)('POST %s answers it, the same as x-truecost-methodology, with a body without it', async (path, body) => {
    const { call } = await setup();
    const answer = await call('POST', path, body);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Truecost-Methodology-Version')).toBe(METHODOLOGY_VERSION);
    expect(answer.headers.get('x-truecost-methodology')).toBe(METHODOLOGY_VERSION);
    expect(answer.text).not.toMatch(/methodology/i);
  });

  it.each(calculatorCases)('POST %s?explain=true answers it, and each explanation carries methodology_version', async (path, body) => {
    const { call } = await setup();
    const answer = await call('POST', `${path}?explain=true`, body);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Truecost-Methodology-Version')).toBe(METHODOLOGY_VERSION);
    expect(answer.json.explanations.length).toBeGreaterThan(0);
    for (const item of answer.json.explanations) expect(item.methodology_version).toBe(METHODOLOGY_VERSION);
  });

  it('is not on the answers of other routes', async () => {
    const { call } = await setup();
    const order = await call('POST', '/v3/integrations/vote/order', {
      order: { climes: 1, partner_order_id: 'ORD-MV-1', customer_email: 'a@example.com', customer_name: 'Asha' },
    });
    expect(order.status).toBe(201);
    expect(order.headers.get('Truecost-Methodology-Version')).toBeNull();
  });

  it('is documented on the success answers of every calculator route, and only there', () => {
    const document = buildOpenApiDocument(routes) as any;
    for (const route of routes) {
      const success = document.paths[route.path][route.method.toLowerCase()].responses[String(route.responses[0]!.status)];
      const header = success.headers?.['truecost-methodology-version'];
      expect(header !== undefined, `${route.method} ${route.path}`).toBe(route.methodology === true);
      if (header !== undefined) expect(header.description).toContain(METHODOLOGY_VERSION);
    }
    for (const path of ['/v3/flight', '/v3/cars', '/v3/transportation', '/v3/logistics', '/v3/commute', '/v3/logistics/freight', '/v3/trip']) {
      expect(document.paths[path].post.responses['200'].headers['truecost-methodology-version'], path).toBeDefined();
    }
  });
});
