// A small benchmark harness: each measurement runs a function for a fixed wall-clock budget
// after a warm-up, and reports operations per second; `compare` prints a target against its
// baseline from the same run, as a ratio. Benchmarks never assert on time.

import { Agent, request } from 'node:http';

/** A server a keep-alive load is sent to: its port and API key, and its name for failures. */
export interface LoadTarget {
  readonly name: string;
  readonly port: number;
  readonly key: string;
}

/**
 * POSTs to `path` from `connections` keep-alive connections for `ms` milliseconds, each request
 * with the body `body()` gives (the same text, or a new one each time); resolves to how many
 * answers came, and throws on an answer that is not 2xx.
 */
export async function driveKeepAlive(server: LoadTarget, path: string, body: () => string, ms: number, connections: number): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const text = body();
      const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), 'x-api-key': server.key };
      const sent = request({ host: '127.0.0.1', port: server.port, path, method: 'POST', agent, headers }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      sent.on('error', reject);
      sent.end(text);
    });
  let done = 0;
  const end = performance.now() + ms;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const status = await once();
        if (status < 200 || status >= 300) throw new Error(`${server.name}: status ${status}`);
        done += 1;
      }
    }),
  );
  agent.destroy();
  return done;
}

export interface Measurement {
  readonly name: string;
  readonly opsPerSecond: number;
  readonly meanMicros: number;
  readonly samples: number;
}

export interface MeasureOptions {
  /** Wall-clock budget in milliseconds (default 1000). */
  readonly budgetMs?: number;
  /** Warm-up in milliseconds (default 200). */
  readonly warmupMs?: number;
}

/** Runs `fn` repeatedly (awaiting it when it returns a promise) and measures its rate. */
export async function measure(
  name: string,
  fn: () => unknown,
  options: MeasureOptions = {},
): Promise<Measurement> {
  const budgetMs = options.budgetMs ?? 1000;
  const warmupMs = options.warmupMs ?? 200;
  const warmupEnd = performance.now() + warmupMs;
  while (performance.now() < warmupEnd) await fn();
  let samples = 0;
  const start = performance.now();
  const end = start + budgetMs;
  while (performance.now() < end) {
    await fn();
    samples += 1;
  }
  const elapsedMs = performance.now() - start;
  return {
    name,
    opsPerSecond: (samples / elapsedMs) * 1000,
    meanMicros: (elapsedMs * 1000) / samples,
    samples,
  };
}

/** Prints a table of measurements, each with its ratio to the baseline (the first row). */
export function compare(title: string, baseline: Measurement, ...targets: Measurement[]): void {
  console.log(`\n## ${title}`);
  const rows = [baseline, ...targets].map((m) => ({
    name: m.name,
    'ops/s': Math.round(m.opsPerSecond).toLocaleString('en-US'),
    'mean µs': m.meanMicros.toFixed(2),
    'ratio to baseline': (m.opsPerSecond / baseline.opsPerSecond).toFixed(3),
  }));
  console.table(rows);
}
