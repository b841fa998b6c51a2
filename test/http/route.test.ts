import { describe, expect, expectTypeOf, it } from 'vitest';
import type { PathParamNames, PathParams } from '../../src/http/route.js';
import { createRouter } from '../../src/http/router.js';
import { routes } from '../../src/http/routes.js';

describe('typed path parameters', () => {
  it('are the {name} segments of the path template', () => {
    expectTypeOf<PathParamNames<'/v3/integrations/{variant}/order/{partner_order_id}/cancel'>>().toEqualTypeOf<
      'variant' | 'partner_order_id'
    >();
    expectTypeOf<PathParams<'/v3/flight/bulk/{job_id}'>>().toEqualTypeOf<{ readonly job_id: string }>();
    expectTypeOf<PathParams<'/healthz'>>().toEqualTypeOf<{}>();
    expectTypeOf<PathParams<string>>().toEqualTypeOf<Readonly<Record<string, string>>>();
    const params: PathParams<'/v3/flight/bulk/{job_id}'> = { job_id: 'j' };
    // @ts-expect-error a name that is not in the path does not exist
    expect(params.jobId).toBeUndefined();
  });

  it('are filled by the router, every name of each route\'s template and no other', () => {
    const route = createRouter(routes);
    for (const entry of routes) {
      const names = [...entry.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const path = entry.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'variant' ? 'vote' : `some-${name}`));
      const match = route(entry.method, path);
      expect(match.kind, `${entry.method} ${path}`).toBe('found');
      if (match.kind === 'found') expect(Object.keys(match.params).sort()).toEqual(names.sort());
    }
  });
});
