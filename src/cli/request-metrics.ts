// The request counter and latency histogram of `truecost serve`, kept in plain accumulators (one per
// route, method and status) and turned into prom-client's export form only when scraped. A prom-client
// Counter and Histogram validate and hash the label object on every call (about 5 µs a request);
// here a request costs three Map lookups and a short bucket search. The scrape text, the JSON of
// `getMetricsAsJSON` and therefore the cluster sum of `AggregatorRegistry` are those prom-client's
// Counter and Histogram would give for the same requests (test/cli/request-metrics.test.ts).
import type { Metric, Registry } from 'prom-client';

/** Latency buckets in seconds: from a cached calculation to a slow database write. */
export const LATENCY_BUCKETS: readonly number[] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const REQUESTS_NAME = 'truecost_http_requests_total';
const REQUESTS_HELP = 'HTTP requests answered, by route template, method and status.';
const LATENCY_NAME = 'truecost_http_request_duration_seconds';
const LATENCY_HELP = 'Time from the start of handling to the answer, by route template, method and status.';

/** The labels of one series, in the order they are printed: route, method, status, as before. */
interface RequestLabels {
  readonly route: string;
  readonly method: string;
  readonly status: string;
}

/** What the requests of one label set added up to. */
interface Accumulator {
  readonly labels: RequestLabels;
  count: number;
  /** Sum of the durations in seconds, added in arrival order as prom-client does (same rounding). */
  sum: number;
  /**
   * Requests per bucket, not cumulative: `[i]` counts durations above bound `i - 1` and at most
   * bound `i` (prom-client's `le`); the last slot counts those above every bound (only `+Inf` has them).
   */
  readonly buckets: Float64Array;
}

/** One exported value, in the shape of prom-client's `get()` (`metricName` and `exemplar` for histograms). */
interface ExportedValue {
  readonly value: number;
  readonly labels: Readonly<Record<string, string | number>>;
  readonly metricName?: string;
  readonly exemplar?: null;
}

/** What a metric's `get()` returns, the shape prom-client's Registry prints and `AggregatorRegistry` sums. */
interface ExportedMetric {
  readonly name: string;
  readonly help: string;
  readonly type: 'counter' | 'histogram';
  readonly values: ExportedValue[];
  readonly aggregator: 'sum';
}

/** The request metrics of one registry. */
export interface RequestMetrics {
  /** Counts one request answered with `status` after `seconds` (a finite duration, 0 or more). */
  observe(route: string, method: string, status: number, seconds: number): void;
}

/**
 * Registers `truecost_http_requests_total` and `truecost_http_request_duration_seconds` (labels
 * `route`, `method`, `status`) in `registry`, in that order, and returns what feeds them.
 */
export function registerRequestMetrics(registry: Registry): RequestMetrics {
  const store = new RequestStore();
  register(registry, {
    name: REQUESTS_NAME,
    help: REQUESTS_HELP,
    type: 'counter',
    values: () => store.counterValues(),
    reset: () => store.reset(),
  });
  register(registry, {
    name: LATENCY_NAME,
    help: LATENCY_HELP,
    type: 'histogram',
    values: () => store.histogramValues(LATENCY_NAME),
    reset: () => store.reset(),
  });
  return { observe: (route, method, status, seconds) => store.observe(route, method, status, seconds) };
}

/** The accumulators of every label set seen, found by route, then method, then status. */
class RequestStore {
  #byRoute = new Map<string, Map<string, Map<number, Accumulator>>>();
  /** The accumulators in the order their label sets were first seen: prom-client exports in that order. */
  #ordered: Accumulator[] = [];

  observe(route: string, method: string, status: number, seconds: number): void {
    const accumulator = this.#byRoute.get(route)?.get(method)?.get(status) ?? this.#add(route, method, status);
    accumulator.count += 1;
    accumulator.sum += seconds;
    let index = 0;
    for (const bound of LATENCY_BUCKETS) {
      if (seconds <= bound) break;
      index += 1;
    }
    accumulator.buckets[index]! += 1;
  }

  #add(route: string, method: string, status: number): Accumulator {
    let byMethod = this.#byRoute.get(route);
    if (byMethod === undefined) this.#byRoute.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (byStatus === undefined) byMethod.set(method, (byStatus = new Map()));
    const accumulator: Accumulator = {
      labels: { route, method, status: String(status) },
      count: 0,
      sum: 0,
      buckets: new Float64Array(LATENCY_BUCKETS.length + 1),
    };
    byStatus.set(status, accumulator);
    this.#ordered.push(accumulator);
    return accumulator;
  }

  /** Forgets every request (prom-client's `registry.resetMetrics()` resets both metrics). */
  reset(): void {
    this.#byRoute = new Map();
    this.#ordered = [];
  }

  /** The counter's values, as prom-client's Counter exports them: one per label set. */
  counterValues(): ExportedValue[] {
    return this.#ordered.map((accumulator) => ({ value: accumulator.count, labels: { ...accumulator.labels } }));
  }

  /**
   * The histogram's values, as prom-client's Histogram exports them: per label set, the cumulative
   * buckets (`le` first among the labels, a number; then `+Inf`), `_sum` and `_count`.
   */
  histogramValues(name: string): ExportedValue[] {
    const bucket = `${name}_bucket`;
    const values: ExportedValue[] = [];
    for (const { labels, count, sum, buckets } of this.#ordered) {
      let cumulative = 0;
      LATENCY_BUCKETS.forEach((le, index) => {
        cumulative += buckets[index]!;
        values.push({ value: cumulative, metricName: bucket, exemplar: null, labels: { le, ...labels } });
      });
      values.push({ value: count, metricName: bucket, exemplar: null, labels: { le: '+Inf', ...labels } });
      values.push({ value: sum, metricName: `${name}_sum`, labels: { ...labels } });
      values.push({ value: count, metricName: `${name}_count`, labels: { ...labels } });
    }
    return values;
  }
}

interface MetricSource {
  readonly name: string;
  readonly help: string;
  readonly type: ExportedMetric['type'];
  readonly values: () => ExportedValue[];
  readonly reset: () => void;
}

/**
 * Registers a metric whose values are made when asked. prom-client's typings accept only its own
 * metric classes, but its Registry asks a metric for no more than `name` and `type` (text format),
 * `get()` (text, `getMetricsAsJSON` and so cluster aggregation) and `reset()` (`resetMetrics`).
 */
function register(registry: Registry, source: MetricSource): void {
  const metric = {
    // Writable, as on prom-client's metrics: an OpenMetrics registry renames counters.
    name: source.name,
    help: source.help,
    type: source.type,
    aggregator: 'sum' as const,
    get: (): Promise<ExportedMetric> =>
      Promise.resolve({ name: metric.name, help: source.help, type: source.type, values: source.values(), aggregator: 'sum' }),
    reset: source.reset,
  };
  registry.registerMetric(metric as unknown as Metric);
}
