import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSigningSecret } from '../../src/bulk/signing.js';
import { runWorker, workerLogLine } from '../../src/cli/worker.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import { enqueue, fixedTruecost, scope, waitForJob, localEndpoints } from '../bulk/helpers.js';
import { startReceiver } from '../bulk/receiver.js';

function capture() {
  const lines = { stdout: [] as string[], stderr: [] as string[] };
  return { lines, output: { out: (line: string) => void lines.stdout.push(line), err: (line: string) => void lines.stderr.push(line) } };
}

describe('truecost worker', () => {
  it('delivers queued jobs, logs each delivery, and stops cleanly when its signal is aborted', async () => {
    const store = createMemoryStore();
    const secret = generateSigningSecret();
    const receiver = await startReceiver(secret, (_, nth) => (nth === 1 ? 500 : 200));
    try {
      await store.setResultEndpoint(scope.partnerId, { url: receiver.url, secret }, Date.now());
      const jobId = await enqueue(store);
      const controller = new AbortController();
      const { lines, output } = capture();
      const exit = runWorker(store, output, controller.signal, { compute: fixedTruecost, retryDelaysMs: [10], pollIntervalMs: 10, ...localEndpoints });
      await waitForJob(store, jobId, ['delivered']);
      controller.abort();
      expect(await exit).toBe(0);
      const events = lines.stdout.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(events).toMatchObject([
        { level: 'warn', event: 'bulk-retry', job_id: jobId, attempts: 1, error: 'The endpoint answered 500.' },
        { level: 'info', event: 'bulk-delivered', job_id: jobId, attempts: 2 },
      ]);
      expect(lines.stdout.at(-1)).toBe('truecost worker stopped');
      expect(lines.stderr).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it('exits 0 after SIGTERM when run as a process', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'truecost-worker-'));
    const db = `sqlite:${join(directory, 'truecost.db')}`;
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'fixtures', 'worker-until-signal.ts'), '--db', db], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.setEncoding('utf8');
    const started = new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: string) => {
        stdout += chunk;
        if (stdout.includes('until SIGTERM')) resolve();
      });
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await started;
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout).toContain('truecost worker stopped');
    rmSync(directory, { recursive: true, force: true });
  });
});

describe('the worker log line', () => {
  it('is one JSON object with the time, a level, the event and its fields', () => {
    const at = Date.UTC(2030, 0, 1);
    expect(JSON.parse(workerLogLine({ type: 'failed', jobId: 'j', attempts: 8, error: 'No answer within 10000 ms.' }, at))).toEqual({
      time: '2030-01-01T00:00:00.000Z',
      level: 'error',
      event: 'bulk-failed',
      job_id: 'j',
      attempts: 8,
      error: 'No answer within 10000 ms.',
    });
    expect(JSON.parse(workerLogLine({ type: 'retry', jobId: 'j', attempts: 1, error: 'e', nextAttemptAt: at }, at))['next_attempt_at']).toBe('2030-01-01T00:00:00.000Z');
  });
});
