import { Validator } from '@seriousme/openapi-schema-validator';
import { safeParse } from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { apiErrors } from '../../src/errors.js';
import { buildOpenApiDocument, routes } from '../../src/http/index.js';
import { failuresOf } from '../../src/http/route.js';
import { setup } from './support.js';

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(buildOpenApiDocument(routes, { serverUrl: 'http://127.0.0.1:8080' }));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('documents the order events webhook: its Standard Webhooks headers and the event body with every type', () => {
    const document = buildOpenApiDocument(routes) as any;
    const post = document.webhooks.orderEvent.post;
    expect(post.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    const schema = post.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(['id', 'type', 'environment', 'created_at', 'data']);
    expect(schema.properties.environment.enum).toEqual(['staging', 'production']);
    expect(schema.properties.type.enum).toEqual(['order.created', 'order.climes_added', 'order.climes_removed', 'order.cancelled', 'order.unlocked']);
    expect(Object.keys(schema.properties.data.properties.order.properties).filter((name) => name.startsWith('customer_'))).toEqual([]);
  });

  it('has one operation per row of the route table, with every status the route can answer', () => {
    const document = buildOpenApiDocument(routes) as { paths: Record<string, Record<string, { responses: object }>> };
    for (const route of routes) {
      const operation = document.paths[route.path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      const statuses = Object.keys(operation!.responses).map(Number).sort();
      const expected = [
        ...new Set([...route.responses.map((answer) => answer.status), ...failuresOf(route).map((name) => apiErrors[name].status)]),
      ].sort();
      expect(statuses).toEqual(expected);
    }
  });

  it('documents 503 with Retry-After on every route that needs a key, and 507 on the writes of orders, opt-ins and jobs', () => {
    type Responses = Record<string, { headers?: Record<string, unknown>; content?: { 'application/json'?: { examples?: object } } }>;
    const document = buildOpenApiDocument(routes) as { paths: Record<string, Record<string, { responses: Responses }>> };
    const keyed = routes.filter((route) => route.auth);
    expect(keyed.length).toBeGreaterThan(0);
    for (const route of keyed) {
      const responses = document.paths[route.path]![route.method.toLowerCase()]!.responses;
      expect(responses['503']?.headers?.['retry-after'], `${route.method} ${route.path}`).toBeDefined();
      expect(responses['503']?.content?.['application/json']?.examples).toHaveProperty('storeUnavailable');
    }
    const createOrder = document.paths['/v3/integrations/{variant}/order']!['post']!.responses;
    expect(createOrder['507']?.headers?.['retry-after']).toBeDefined();
    // A calculator writes only when its body carries `record`: then a full disk is its 507 too.
    expect(document.paths['/v3/cars']!['post']!.responses['507']).toBeDefined();
    expect(document.paths['/v3/calculations']!['get']!.responses['507']).toBeUndefined();
    expect(document.paths['/healthz']!['get']!.responses['503']).toBeUndefined();
  });

  it('lists the 404 of a path parameter the route refuses, which the service answers', async () => {
    const document = buildOpenApiDocument(routes) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const { call } = await setup();
    const parameterised = routes.filter((route) => route.params !== undefined && Object.keys(route.params).length > 0);
    expect(parameterised.length).toBeGreaterThan(0);
    for (const route of parameterised) {
      // A value the parameter's schema refuses: an unknown variant, or an id holding a NUL.
      const refused = (name: string): string => {
        const schema = route.params?.[name];
        if (schema === undefined) return 'ORD-1';
        return ['bogus', '%00'].find((candidate) => !safeParse(schema, decodeURIComponent(candidate)).success) ?? 'bogus';
      };
      const path = route.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => refused(name));
      const answer = await call(route.method, path, route.body === undefined ? undefined : {});
      expect(answer.status, `${route.method} ${path}`).toBe(404);
      expect(answer.json).toEqual({ message: 'Not Found' });
      expect(Object.keys(document.paths[route.path]![route.method.toLowerCase()]!.responses), `${route.method} ${route.path}`).toContain('404');
    }
    const order = await call('POST', '/v3/integrations/bogus/order', { order: {} });
    expect(order.status).toBe(404);
    expect(document.paths['/v3/integrations/{variant}/order']!['post']!.responses['404']).toBeDefined();
  });

  it('describes a request body from its schema, with the contract field names', () => {
    const document = buildOpenApiDocument(routes) as any;
    const schema = document.paths['/v3/integrations/{variant}/order'].post.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(['order']);
    expect(Object.keys(schema.properties.order.properties)).toContain('partner_order_id');
    // Our extension: the recorded calculations an order neutralises, and the CO2e they sum to in every view of it.
    expect(schema.properties.order.properties.calculation_ids).toMatchObject({ type: 'array', minItems: 1, maxItems: 50 });
    expect(schema.properties.order.required).not.toContain('calculation_ids');
    const read = document.paths['/v3/integrations/{variant}/order/{partner_order_id}'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(read.properties.order.properties)).toEqual(expect.arrayContaining(['calculation_ids', 'co2e_kg']));
    expect(Object.keys(document.webhooks.orderEvent.post.requestBody.content['application/json'].schema.properties.data.properties.order.properties)).toContain('co2e_kg');
    const certificate = document.paths['/certificates/{certificate_id}'].get;
    expect(certificate.parameters.map((parameter: { name: string }) => parameter.name)).toContain('lang');
    expect(Object.keys(certificate.responses['200'].content['application/json'].schema.properties.certificate.properties)).toEqual(
      expect.arrayContaining(['shop_name', 'co2e_kg', 'co2e_basis', 'calculations', 'project', 'statement', 'language']),
    );
    expect(document.paths['/v3/integrations/{variant}/order'].post.parameters[0].schema.enum).toEqual(['vote', 'calculated']);
  });

  it('documents x-truecost-ignored-fields on the answers of every contract route that reads a body, and only there', () => {
    const document = buildOpenApiDocument(routes) as any;
    for (const route of routes) {
      const success = document.paths[route.path][route.method.toLowerCase()].responses[String(route.responses[0]!.status)];
      expect(success.headers?.['x-truecost-ignored-fields'] !== undefined, `${route.method} ${route.path}`).toBe(route.body !== undefined && route.strictBody === undefined);
    }
    expect(document.paths['/v3/flight'].post.responses['200'].headers['x-truecost-methodology']).toBeDefined();
    expect(document.paths['/v3/integrations/{variant}/order'].post.responses['409'].headers['x-truecost-ignored-fields']).toBeDefined();
    expect(document.paths['/v3/integrations/{variant}/order'].post.responses['415'].headers['x-truecost-ignored-fields']).toBeUndefined();
  });

  it('documents the RateLimit fields on every answer to a keyed request, with Retry-After on the 429', () => {
    const document = buildOpenApiDocument(routes) as any;
    const { headers } = document.components;
    expect(headers.RateLimitPolicy.description).toContain('"default";q=20;w=1');
    expect(headers.RateLimit.description).toContain('"default";r=0;t=1');
    for (const route of routes) {
      for (const [status, response] of Object.entries<any>(document.paths[route.path][route.method.toLowerCase()].responses)) {
        const keyed = route.auth && status !== '401';
        expect(response.headers?.['ratelimit-policy']?.$ref === '#/components/headers/RateLimitPolicy', `${route.path} ${status}`).toBe(keyed);
        expect(response.headers?.ratelimit?.$ref === '#/components/headers/RateLimit', `${route.path} ${status}`).toBe(keyed);
      }
    }
    expect(Object.keys(document.paths['/v3/flight'].post.responses['429'].headers).sort()).toEqual(['ratelimit', 'ratelimit-policy', 'retry-after']);
  });

  it('is served at GET /openapi.json without a key', async () => {
    const { handler } = await setup();
    const response = await handler(new Request('http://x/openapi.json'));
    expect(response.status).toBe(200);
    expect((await response.json()).openapi).toBe('3.1.0');
  });
});

describe('the API reference page', () => {
  it('serves the page and its script from truecost itself, never a CDN', async () => {
    const { handler } = await setup({ apiReferenceScript: 'window.Scalar = {};' });
    const page = await handler(new Request('http://x/docs'));
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain("'/docs/scalar.js'");
    expect(html).not.toMatch(/https?:\/\//);
    const script = await handler(new Request('http://x/docs/scalar.js'));
    expect(await script.text()).toBe('window.Scalar = {};');
  });

  it('answers 404 when the service runs without the page assets', async () => {
    const { handler } = await setup();
    expect((await handler(new Request('http://x/docs'))).status).toBe(404);
  });
});
