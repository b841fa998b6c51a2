// The bulk queue's health in /metrics (docs/bulk.md, "The queue's health"): read from the store at
// each scrape, so every process on a shared database reports the same figures. In a cluster the
// primary keeps the highest of the workers' values (aggregator 'max'), not their sum.
import { Gauge, type Registry } from 'prom-client';
import { jobQueueHealth } from '../orders/queue.js';
import type { JobQueueHealth } from '../orders/store.js';

/** The states `truecost_bulk_queue_jobs` reports. */
const QUEUE_STATES = ['queued', 'delivering', 'failed'] as const;

/**
 * Registers `truecost_bulk_queue_jobs{state}` and `truecost_bulk_queue_oldest_due_seconds`, read
 * from `store` at each scrape (one statement). When the store cannot answer, the counts are left
 * out of that scrape and the wait is NaN, rather than either reported stale.
 */
export function registerQueueMetrics(registry: Registry, store: Parameters<typeof jobQueueHealth>[0], now: () => number = Date.now): void {
  let health: JobQueueHealth | undefined;
  let reading: Promise<void> | undefined;
  // Both gauges share one read per scrape.
  const read = (): Promise<void> =>
    (reading ??= jobQueueHealth(store, now())
      .then(
        (read) => void (health = read),
        () => void (health = undefined),
      )
      .finally(() => setImmediate(() => (reading = undefined))));

  new Gauge({
    name: 'truecost_bulk_queue_jobs',
    help: 'Bulk jobs in the store by state: queued (waiting for an attempt), delivering (held by a worker), failed (for good, until retried or redriven).',
    labelNames: ['state'] as const,
    registers: [registry],
    aggregator: 'max',
    async collect() {
      await read();
      this.reset();
      if (health !== undefined) for (const state of QUEUE_STATES) this.set({ state }, health[state]);
    },
  });
  new Gauge({
    name: 'truecost_bulk_queue_oldest_due_seconds',
    help: 'How long the bulk job due the longest has waited for a worker, in seconds (0 when none is waiting).',
    registers: [registry],
    aggregator: 'max',
    async collect() {
      await read();
      if (health === undefined) this.set(Number.NaN);
      else this.set(health.oldestDueAt === null ? 0 : Math.max(0, now() - health.oldestDueAt) / 1000);
    },
  });
}
