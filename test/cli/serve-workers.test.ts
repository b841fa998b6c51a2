import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { alive, pidsOf, scrape, send, valueOf, waitFor } from '../e2e/ops.js';
import { startService, truecost } from '../e2e/serve-process.js';

// `truecost serve --workers N`: N processes on one port and one SQLite file, as a partner and an
// operator see them: the pids of the request log, the metrics summed over the workers, a killed
// worker replaced, and a drain on SIGTERM.

const work = mkdtempSync(join(tmpdir(), 'truecost-workers-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const listeningPids = (lines: readonly string[]) => pidsOf(lines, (line) => line['event'] === 'worker-listening');
const healthzPids = (lines: readonly string[]) => pidsOf(lines, (line) => line['path'] === '/healthz');

describe('truecost serve --workers', () => {
  it('refuses more than one worker on memory: with one line and exit code 2', () => {
    const result = truecost(['serve', '--workers', '2', '--db', 'memory:']);
    expect(result.status).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(
      'truecost: --workers 2 needs a database the processes share: memory: lives in one process; use sqlite:PATH or postgres://...',
    );
  });

  it('refuses a count that is not a whole number or auto', () => {
    const result = truecost(['serve', '--workers', 'many', '--db', 'memory:']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--workers must be a whole number');
  });

  it('answers on one port from two processes, sums their metrics, replaces a killed one and drains on SIGTERM', async () => {
    const service = await startService(['--workers', '2', '--db', `sqlite:${join(work, 'cluster.db')}`, '--drain-delay', '1500']);
    try {
      const workers = await waitFor(() => {
        const pids = listeningPids(service.lines);
        return pids.size === 2 ? [...pids] : undefined;
      }, 'two listening workers');
      expect(workers).not.toContain(service.child.pid);
      // The primary made the new database's first key, once, before the workers opened it.
      expect(service.lines.filter((line) => line.startsWith('staging key (partner local): truecost_staging_'))).toHaveLength(1);

      // The primary hands each new connection to the next worker in turn.
      const before = await scrape(`${service.base}/metrics`);
      for (let index = 0; index < 20; index += 1) expect((await send(`${service.base}/healthz`)).status).toBe(200);
      await waitFor(() => (healthzPids(service.lines).size === 2 ? true : undefined), 'requests answered by both workers');
      expect([...healthzPids(service.lines)].sort()).toEqual([...workers].sort());
      const after = await scrape(`${service.base}/metrics`);
      const healthz = { route: '/healthz', method: 'GET', status: '200' };
      expect(valueOf(after, 'truecost_http_requests_total', healthz) - valueOf(before, 'truecost_http_requests_total', healthz)).toBe(20);

      // A worker killed outright is replaced by a new process; requests keep succeeding.
      const [victim, survivor] = workers as [number, number];
      process.kill(victim, 'SIGKILL');
      await waitFor(() => (alive(victim) ? undefined : true), 'the killed worker to be gone');
      for (let index = 0; index < 10; index += 1) expect((await send(`${service.base}/healthz`)).status).toBe(200);
      const replacement = await waitFor(() => [...listeningPids(service.lines)].find((pid) => !workers.includes(pid)), 'a replacement worker');
      expect(alive(replacement)).toBe(true);
      expect(alive(survivor)).toBe(true);
      await waitFor(async () => {
        expect((await send(`${service.base}/healthz`)).status).toBe(200);
        return healthzPids(service.lines).has(replacement) ? true : undefined;
      }, 'a request answered by the replacement');

      // SIGTERM: readiness fails first while the port still answers, then every process exits.
      service.child.kill('SIGTERM');
      const draining = await waitFor(async () => {
        const answer = await send(`${service.base}/readyz`);
        return answer.status === 503 ? answer : undefined;
      }, '/readyz to answer 503');
      expect(JSON.parse(draining.body)).toEqual({
        message: 'Service Unavailable! Not ready to take requests.',
        checks: { store: 'ok', shutdown: 'in progress' },
      });
      expect((await send(`${service.base}/healthz`)).status).toBe(200);
      expect(await service.stop()).toBe(0);
      expect(alive(survivor)).toBe(false);
      expect(alive(replacement)).toBe(false);
    } finally {
      await service.stop('SIGKILL');
    }
  }, 90_000);
});
