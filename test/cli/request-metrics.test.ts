import fc from 'fast-check';
import { AggregatorRegistry, Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createServiceMetrics, UNMATCHED_ROUTE } from '../../src/cli/metrics.js';
import { LATENCY_BUCKETS, registerRequestMetrics } from '../../src/cli/request-metrics.js';

// The request metrics are kept in plain accumulators and exported on scrape: whatever the requests,
// a registry fed that way prints, exports as JSON and sums across processes exactly as one fed
// through prom-client's own Counter and Histogram.

const REQUESTS = 'truecost_http_requests_total';
const LATENCY = 'truecost_http_request_duration_seconds';

interface Observed {
  readonly route: string;
  readonly method: string;
  readonly status: number;
  readonly seconds: number;
}

/** The metrics as they were made with prom-client before: a Counter and a Histogram, fed label objects. */
function referenceRegistry(requests: readonly Observed[]): Registry {
  const registry = new Registry();
  const labelNames = ['route', 'method', 'status'] as const;
  const counter = new Counter({ name: REQUESTS, help: 'HTTP requests answered, by route template, method and status.', labelNames, registers: [registry] });
  const histogram = new Histogram({
    name: LATENCY,
    help: 'Time from the start of handling to the answer, by route template, method and status.',
    labelNames,
    buckets: [...LATENCY_BUCKETS],
    registers: [registry],
  });
  for (const { route, method, status, seconds } of requests) {
    const labels = { route, method, status: String(status) };
    counter.inc(labels);
    histogram.observe(labels, seconds);
  }
  return registry;
}

function accumulatedRegistry(requests: readonly Observed[]): Registry {
  const registry = new Registry();
  const metrics = registerRequestMetrics(registry);
  for (const { route, method, status, seconds } of requests) metrics.observe(route, method, status, seconds);
  return registry;
}

/** The JSON of a registry as a cluster worker sends it to the primary (IPC serialises it as JSON). */
async function sentJson(registry: Registry): Promise<unknown[]> {
  return JSON.parse(JSON.stringify(await registry.getMetricsAsJSON())) as unknown[];
}

const seconds = fc.oneof(
  fc.constant(0),
  fc.constantFrom(...LATENCY_BUCKETS), // exactly on a bound: counted in that bucket (`le`)
  fc.constantFrom(...LATENCY_BUCKETS).map((bound) => bound + Number.EPSILON * bound), // just above one
  fc.integer({ min: 0, max: 20_000 }).map((ms) => ms / 1000), // as the handler makes them, from milliseconds
  fc.double({ min: 0, max: 20, noNaN: true }),
  fc.double({ min: 10, max: 1e300, noNaN: true, noDefaultInfinity: true }), // above every bound
);
const observed: fc.Arbitrary<Observed> = fc.record({
  route: fc.constantFrom('/healthz', '/v3/integrations/{variant}/order', '/v3/integrations/{variant}/order/{partner_order_id}', '/v3/flight', UNMATCHED_ROUTE),
  method: fc.constantFrom('GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'OPTIONS'),
  status: fc.constantFrom(200, 201, 400, 401, 404, 405, 409, 413, 429, 500, 503),
  seconds,
});
const requests = fc.array(observed, { maxLength: 120 });

describe('request metrics', () => {
  it('print the same text as prom-client Counter and Histogram fed the same requests', async () => {
    await fc.assert(
      fc.asyncProperty(requests, async (sequence) => {
        expect(await accumulatedRegistry(sequence).metrics()).toBe(await referenceRegistry(sequence).metrics());
      }),
      { numRuns: 300 },
    );
  });

  it('export the same JSON, and two processes sum as prom-client sums them', async () => {
    await fc.assert(
      fc.asyncProperty(requests, requests, async (first, second) => {
        const ours = [await sentJson(accumulatedRegistry(first)), await sentJson(accumulatedRegistry(second))];
        const theirs = [await sentJson(referenceRegistry(first)), await sentJson(referenceRegistry(second))];
        expect(ours).toEqual(theirs);
        const summed = AggregatorRegistry.aggregate(ours);
        const reference = AggregatorRegistry.aggregate(theirs);
        expect(await summed.metrics()).toBe(await reference.metrics());
        expect(await summed.getMetricsAsJSON()).toEqual(await reference.getMetricsAsJSON());
      }),
      { numRuns: 150 },
    );
  });

  it('start again from nothing on resetMetrics', async () => {
    const registry = accumulatedRegistry([{ route: '/healthz', method: 'GET', status: 200, seconds: 0.002 }]);
    registry.resetMetrics();
    expect(await registry.metrics()).toBe(await referenceRegistry([]).metrics());
  });

  it('are what the service counts per request: the route or unmatched, the duration in seconds', async () => {
    const metrics = createServiceMetrics();
    const entries = [
      { method: 'GET', path: '/healthz', route: '/healthz', status: 200, durationMs: 0.4 },
      { method: 'GET', path: '/no/such/path', status: 404, durationMs: 2.5 },
      { method: 'POST', path: '/v3/integrations/vote/order', route: '/v3/integrations/{variant}/order', status: 201, durationMs: 1 },
      { method: 'GET', path: '/healthz', route: '/healthz', status: 200, durationMs: 12_000 },
    ];
    for (const entry of entries) metrics.request(entry);
    const reference = referenceRegistry(
      entries.map((entry) => ({ route: entry.route ?? UNMATCHED_ROUTE, method: entry.method, status: entry.status, seconds: entry.durationMs / 1000 })),
    );
    for (const name of [REQUESTS, LATENCY]) {
      expect(await metrics.registry.getSingleMetricAsString(name)).toBe(await reference.getSingleMetricAsString(name));
    }
    expect(await metrics.registry.getSingleMetricAsString(REQUESTS)).toContain(`${REQUESTS}{route="unmatched",method="GET",status="404"} 1`);
  });
});
