import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../bulk/receiver.js';
import { calculatorSamples, samples } from '../schemas/samples.js';
import { parsePrometheus, scrape, send, sendJson, valueOf, waitFor } from '../e2e/ops.js';
import { Registry } from 'prom-client';
import { registerQueueMetrics } from '../../src/cli/queue-metrics.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import { openSqliteStore } from '../../src/stores/sqlite.js';
import { startService, truecost } from '../e2e/serve-process.js';

// `GET /metrics` of `truecost serve`, scraped and parsed as Prometheus would, before and after
// traffic: the counters move by exactly what was sent, labelled by route template, never by key.

const work = mkdtempSync(join(tmpdir(), 'truecost-metrics-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const ORDER_ROUTE = '/v3/integrations/{variant}/order';

describe('GET /metrics', () => {
  it('counts requests by route template, method and status, their latency, and refused order changes by reason', async () => {
    const db = `sqlite:${join(work, 'metrics.db')}`;
    const key = truecost(['keys', 'create', '--partner', 'acme', '--env', 'staging', '--db', db]).stdout.trim();
    const service = await startService(['--db', db, '--drain-delay', '0']);
    try {
      const metricsUrl = `${service.base}/metrics`;
      const before = await scrape(metricsUrl);
      expect(valueOf(before, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);

      const api = `${service.base}/v3/integrations/vote`;
      expect((await sendJson(`${api}/order`, key, samples.createOrder)).status).toBe(201);
      expect((await sendJson(`${api}/order`, key, samples.createOrder)).status).toBe(201); // a safe retry
      const conflicting = { order: { ...samples.createOrder.order, climes: 99 } };
      expect((await sendJson(`${api}/order`, key, conflicting)).status).toBe(409);
      expect((await sendJson(`${api}/order/add`, key, { climes: 1, partner_order_id: 'ORD-404' }, 'PATCH')).status).toBe(404);
      expect((await sendJson(`${api}/order/cancel`, key, { climes: 500, partner_order_id: 'ORD-1001' }, 'PATCH')).status).toBe(409);
      expect((await send(`${api}/order/ORD-1001`, { headers: { 'x-api-key': key } })).status).toBe(200);
      expect((await send(`${api}/order/ORD-404`, { headers: { 'x-api-key': key } })).status).toBe(404);
      expect((await sendJson(`${api}/order`, 'truecost_staging_not-a-key', samples.createOrder)).status).toBe(401);
      expect((await send(`${service.base}/no/such/path`)).status).toBe(404);

      const text = (await send(metricsUrl)).body;
      for (const secret of [key, 'acme', 'ORD-1001', 'ORD-404', '/no/such/path']) expect(text).not.toContain(secret);
      const after = await scrape(metricsUrl);
      const moved = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);

      expect(moved('truecost_http_requests_total', { route: ORDER_ROUTE, method: 'POST', status: '201' })).toBe(2);
      expect(moved('truecost_http_requests_total', { route: ORDER_ROUTE, method: 'POST', status: '409' })).toBe(1);
      expect(moved('truecost_http_requests_total', { route: ORDER_ROUTE, method: 'POST', status: '401' })).toBe(1);
      expect(moved('truecost_http_requests_total', { route: `${ORDER_ROUTE}/{partner_order_id}`, method: 'GET', status: '404' })).toBe(1);
      expect(moved('truecost_http_requests_total', { route: 'unmatched', method: 'GET', status: '404' })).toBe(1);
      expect(moved('truecost_http_request_duration_seconds_count', { route: ORDER_ROUTE, method: 'POST', status: '201' })).toBe(2);
      expect(moved('truecost_http_request_duration_seconds_bucket', { route: ORDER_ROUTE, method: 'POST', status: '201', le: '+Inf' })).toBe(2);
      expect(moved('truecost_http_request_duration_seconds_sum', { route: ORDER_ROUTE, method: 'POST', status: '201' })).toBeGreaterThan(0);
      // Refusals of order writes, by the order machine's reason; a read's 404 is not a refused change.
      expect(moved('truecost_order_changes_refused_total', { reason: 'conflict' })).toBe(1);
      expect(moved('truecost_order_changes_refused_total', { reason: 'not_found' })).toBe(1);
      expect(moved('truecost_order_changes_refused_total', { reason: 'insufficient_climes' })).toBe(1);
      // Scrapes are not requests of the API.
      expect([...after.keys()].some((name) => name.includes('/metrics'))).toBe(false);
    } finally {
      expect(await service.stop()).toBe(0);
    }
  }, 60_000);

  it('counts bulk jobs by state and their delivery attempts and failures', async () => {
    const db = `sqlite:${join(work, 'bulk.db')}`;
    const key = truecost(['keys', 'create', '--partner', 'acme', '--env', 'staging', '--db', db]).stdout.trim();
    let secret = '';
    // The first delivery of each job is refused, the retry (about 5 s later) accepted.
    const receiver = await startReceiver(() => secret, (_delivery, nth) => (nth === 1 ? 503 : 200));
    const service = await startService(['--db', db, '--drain-delay', '0', '--allow-private-endpoints']);
    try {
      secret = truecost(['partners', 'set-endpoint', '--partner', 'acme', '--url', receiver.url, '--allow-private-endpoints', '--db', db]).stdout.trim();
      const metricsUrl = `${service.base}/metrics`;
      const before = await scrape(metricsUrl);
      expect((await sendJson(`${service.base}/v3/flight/bulk`, key, calculatorSamples.bulkFlight)).status).toBe(200);
      await receiver.waitFor(2);
      const after = await waitFor(async () => {
        const samples = await scrape(metricsUrl);
        return valueOf(samples, 'truecost_bulk_jobs_total', { state: 'delivered' }) > valueOf(before, 'truecost_bulk_jobs_total', { state: 'delivered' })
          ? samples
          : undefined;
      }, 'the delivery to be counted');
      const moved = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);
      expect(moved('truecost_bulk_jobs_total', { state: 'queued' })).toBe(1);
      expect(moved('truecost_bulk_jobs_total', { state: 'delivered' })).toBe(1);
      expect(moved('truecost_bulk_jobs_total', { state: 'failed' })).toBe(0);
      expect(moved('truecost_bulk_delivery_attempts_total', { outcome: 'retry' })).toBe(1);
      expect(moved('truecost_bulk_delivery_attempts_total', { outcome: 'delivered' })).toBe(1);
      expect(moved('truecost_bulk_delivery_failures_total')).toBe(1);
    } finally {
      expect(await service.stop()).toBe(0);
      await receiver.close();
    }
  }, 60_000);

  it('reports the queue read from the store, once whatever the number of workers: depth by state and the longest wait', async () => {
    const path = join(work, 'queue.db');
    const now = Date.now();
    const store = await openSqliteStore({ path });
    try {
      const job = (jobId: string, createdAt: number) => store.enqueueJob({ jobId, request: {}, createdAt, partnerId: 'acme', environment: 'staging' });
      // Failed for good; held by a worker that died an hour ago, its lease another hour; and queued for later.
      await job('failed', now - 30_000);
      await store.claimJob('gone', now - 20_000, 1_000);
      await store.startAttempt('failed', 'gone', now - 20_000);
      await store.recordAttempt('failed', 'gone', { delivered: false, at: now - 20_000, error: 'gone', nextAttemptAt: null });
      await job('held', now - 10_000);
      await store.claimJob('dead', now - 5_000, 3_600_000);
      await job('later-1', now + 3_600_000);
      await job('later-2', now + 7_200_000);
    } finally {
      await store.close();
    }
    const service = await startService(['--db', `sqlite:${path}`, '--workers', '2', '--drain-delay', '0']);
    try {
      const samples = await scrape(`${service.base}/metrics`);
      expect(valueOf(samples, 'truecost_bulk_queue_jobs', { state: 'queued' })).toBe(2);
      expect(valueOf(samples, 'truecost_bulk_queue_jobs', { state: 'delivering' })).toBe(1);
      expect(valueOf(samples, 'truecost_bulk_queue_jobs', { state: 'failed' })).toBe(1);
      expect(samples.has('truecost_bulk_queue_oldest_due_seconds')).toBe(true);
      expect(valueOf(samples, 'truecost_bulk_queue_oldest_due_seconds')).toBe(0);
    } finally {
      expect(await service.stop()).toBe(0);
    }
  }, 60_000);

  it('gives the wait of the job due the longest without a worker, and no figure when the store cannot answer', async () => {
    const store = createMemoryStore();
    const now = 1_800_000_000_000;
    await store.enqueueJob({ jobId: 'a', request: {}, createdAt: now - 90_000, partnerId: 'acme', environment: 'staging' });
    await store.enqueueJob({ jobId: 'b', request: {}, createdAt: now - 30_000, partnerId: 'acme', environment: 'staging' });
    const registry = new Registry();
    registerQueueMetrics(registry, store, () => now);
    const samples = parsePrometheus(await registry.metrics());
    expect(valueOf(samples, 'truecost_bulk_queue_oldest_due_seconds')).toBe(90);
    expect(valueOf(samples, 'truecost_bulk_queue_jobs', { state: 'queued' })).toBe(2);

    const down = new Registry();
    registerQueueMetrics(down, { ...store, jobQueueHealth: () => Promise.reject(new Error('down')) }, () => now);
    const text = await down.metrics();
    expect(text).not.toMatch(/^truecost_bulk_queue_jobs\{/m);
    // prom-client writes NaN as "Nan", which Prometheus reads case-insensitively.
    expect(text).toMatch(/^truecost_bulk_queue_oldest_due_seconds nan$/im);
  });

  it('moves to its own port with --metrics-port, and leaves the main port', async () => {
    const service = await startService(['--db', 'memory:', '--metrics-port', '0', '--drain-delay', '0']);
    try {
      const line = await waitFor(() => service.lines.find((text) => text.startsWith('truecost metrics on ')), 'the metrics address');
      const metricsUrl = line.slice('truecost metrics on '.length);
      expect((await send(`${service.base}/metrics`)).status).toBe(404);
      const before = await scrape(metricsUrl);
      expect((await send(`${service.base}/healthz`)).status).toBe(200);
      const after = await scrape(metricsUrl);
      const healthz = { route: '/healthz', method: 'GET', status: '200' };
      expect(valueOf(after, 'truecost_http_requests_total', healthz) - valueOf(before, 'truecost_http_requests_total', healthz)).toBe(1);
      expect((await send(metricsUrl.replace('/metrics', '/healthz'))).status).toBe(404);
    } finally {
      expect(await service.stop()).toBe(0);
    }
  }, 60_000);
});
