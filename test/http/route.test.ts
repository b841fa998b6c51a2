import { describe, expect, expectTypeOf, it } from 'vitest';
import fc from 'fast-check';
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
      // A variant, a certificate id, a bulk calculator and a bulk job id have a form of their own; any other parameter takes any id.
      const forms: Readonly<Record<string, string>> = { variant: 'vote', certificate_id: '0'.repeat(32), endpoint: 'logistics', job_id: '00000000-0000-4000-8000-000000000000' };
      const value = (name: string): string => forms[name] ?? `some-${name}`;
      const path = entry.path.replace(/\{(\w+)\}/g, (_, name: string) => value(name));
      const match = route(entry.method, path);
      expect(match.kind, `${entry.method} ${path}`).toBe('found');
      if (match.kind === 'found') expect(Object.keys(match.params).sort()).toEqual(names.sort());
    }
  });
});

describe('the router', () => {
  const methods = [...new Set(routes.map((entry) => entry.method)), 'PUT', 'OPTIONS', 'FOO'];
  const literalPaths = routes.map((entry) => entry.path).filter((path) => !path.includes('{'));
  const paths = fc.oneof(
    fc.constantFrom(...literalPaths),
    fc.constantFrom(...literalPaths).map((path) => `${path}/`),
    fc.constantFrom(...routes.map((entry) => entry.path)).chain((template) =>
      fc.array(fc.constantFrom('vote', 'add', 'x%20y', '%E0%A4', '', 'A'), { minLength: 3, maxLength: 3 }).map((values) => {
        let index = 0;
        return template.replace(/\{\w+\}/g, () => values[index++ % values.length]!);
      }),
    ),
    fc.string(),
  );

  it('answers a path the same on every request as on its first (remembered answers never drift)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...methods), paths), { minLength: 1, maxLength: 30 }), (requests) => {
        const reused = createRouter(routes);
        for (const [method, path] of requests) {
          expect(reused(method, path)).toEqual(createRouter(routes)(method, path));
        }
      }),
    );
  });

  it('hands out no parameters object a handler could change for the next request', () => {
    const route = createRouter(routes);
    const first = route('POST', '/v3/flight');
    expect(first.kind).toBe('found');
    if (first.kind === 'found') expect(Object.isFrozen(first.params)).toBe(true);
  });
});
