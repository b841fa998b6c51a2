import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSigningSecret } from '../../src/bulk/signing.js';
import { runWorkerCommand } from '../../src/cli/worker.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import { enqueue, fixedTruecost, scope, waitForJob } from '../bulk/helpers.js';
import { startReceiver } from '../bulk/receiver.js';

function output() {
  let text = '';
  return { write: (chunk: string) => void (text += chunk), get text() { return text; } };
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
      const stdout = output();
      const stderr = output();
      const exit = runWorkerCommand({
        store,
        stdout,
        stderr,
        signal: controller.signal,
        worker: { compute: fixedTruecost, retryDelaysMs: [10], pollIntervalMs: 10 },
      });
      await waitForJob(store, jobId, ['delivered']);
      controller.abort();
      expect(await exit).toBe(0);
      expect(stdout.text).toContain(`attempt 1 of job ${jobId} failed: The endpoint answered 500.`);
      expect(stdout.text).toContain(`delivered job ${jobId} (attempt 2)`);
      expect(stdout.text.trim().split('\n').at(-1)).toBe('truecost worker stopped');
      expect(stderr.text).toBe('');
    } finally {
      await receiver.close();
    }
  });

  it('exits 0 after SIGTERM when run as a process', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'fixtures', 'worker-until-signal.ts')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.setEncoding('utf8');
    const started = new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: string) => {
        stdout += chunk;
        if (stdout.includes('started')) resolve();
      });
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await started;
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout).toContain('truecost worker stopped');
  });
});
