import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, routes } from '../../src/http/index.js';

type Operation = { parameters?: { name: string; in: string }[]; responses: Record<string, { headers?: Record<string, unknown> }> };

describe('the OpenAPI document and Idempotency-Key', () => {
  const document = buildOpenApiDocument(routes) as { paths: Record<string, Record<string, Operation>> };
  const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));

  it('documents the header, the replay marker, 409 and 422 on every write, and on nothing else', () => {
    const writes = ['/v3/integrations/{variant}/order', '/v3/integrations/{variant}/orders', '/v3/integrations/{variant}/order/add', '/v3/integrations/{variant}/order/cancel', '/v3/integrations/vote/opt-in', '/v3/flight/bulk', '/v3/bulk/{endpoint}', '/v3/integrations/{variant}/order/{partner_order_id}/cancel'];
    for (const { path, method, operation } of operations) {
      const takesKey = operation.parameters?.some((parameter) => parameter.name === 'Idempotency-Key' && parameter.in === 'header') === true;
      const isWrite = writes.includes(path) && method !== 'get';
      expect(takesKey, `${method} ${path}`).toBe(isWrite);
      if (!isWrite) continue;
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['400', '409', '422']));
      const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'))![1];
      expect(success.headers).toHaveProperty('idempotent-replayed');
    }
  });
});
