import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bulkFlightResults } from '../../src/calculators/flight/index.js';
import { bulkFlightRequestSchema } from '../../src/schemas/flight.js';
import { openSqliteStore } from '../../src/stores/sqlite.js';
import { validate } from '../../src/validation/validate.js';
import { waitForJob } from '../bulk/helpers.js';
import { startReceiver } from '../bulk/receiver.js';
import { calculatorSamples } from '../schemas/samples.js';
import { root, startService, truecost } from './serve-process.js';

// `truecost serve` killed with SIGKILL in the middle of delivering a job E7 accepted; a new process,
// `truecost worker` on the same database, delivers the job again once the dead server's lease ends
// (about 70 s, which the generous bound below allows). E7 stores the job before it answers, and an
// attempt is counted before its POST, so neither the job nor the cut attempt is lost.
const work = mkdtempSync(join(tmpdir(), 'truecost-bulk-crash-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a bulk job accepted by a server that is then killed', () => {
  it('is delivered, signed, by a worker process started afterwards on the same database', async () => {
    const db = `sqlite:${join(work, 'truecost.db')}`;
    const key = truecost(['keys', 'create', '--partner', 'acme', '--env', 'staging', '--db', db]).stdout.trim();
    let secret = '';
    // Until the server is killed the receiver never answers, so the server is killed mid-delivery:
    // only the process started afterwards can deliver the job.
    let serverKilled = false;
    const receiver = await startReceiver(() => secret, () => (serverKilled ? 200 : 'hang'));
    try {
      const set = truecost(['partners', 'set-endpoint', '--partner', 'acme', '--url', receiver.url, '--allow-private-endpoints', '--db', db]);
      expect(set.status).toBe(0);
      secret = set.stdout.trim();
      expect(secret).toMatch(/^whsec_/);

      const server = await startService(['--db', db, '--allow-private-endpoints']);
      const answer = await fetch(`${server.base}/v3/flight/bulk`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify(calculatorSamples.bulkFlight),
      });
      const accepted = (await answer.json()) as { job_id: string };
      expect(answer.status).toBe(200);
      await receiver.waitFor(1);
      expect(await server.stop('SIGKILL')).toBeNull();
      serverKilled = true;

      const worker = spawn(process.execPath, ['--import', 'tsx', join(root, 'test/cli/fixtures/worker-until-signal.ts'), '--db', db, '--allow-private-endpoints'], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const exited = new Promise<number | null>((resolve) => worker.once('exit', (code) => resolve(code)));
      const store = await openSqliteStore({ path: join(work, 'truecost.db') });
      try {
        const job = await waitForJob(store, accepted.job_id, ['delivered', 'failed'], 120_000, { partnerId: 'acme', environment: 'staging' });
        expect(job.state).toBe('delivered');
        // The POST the kill cut short, and the one that delivered.
        expect(job.attempts).toBe(2);
      } finally {
        worker.kill('SIGTERM');
        expect(await exited).toBe(0);
        await store.close();
      }

      const parsed = validate(bulkFlightRequestSchema, calculatorSamples.bulkFlight);
      if (!parsed.ok) throw new Error('the sample must be valid');
      const deliveries = receiver.deliveriesOf(accepted.job_id);
      expect(deliveries.length).toBe(2);
      expect(deliveries.at(-1)?.verified).toBe(true);
      for (const delivery of deliveries) {
        expect(delivery.verified).toBe(true);
        expect(JSON.parse(delivery.body)).toEqual(bulkFlightResults(parsed.value));
      }
    } finally {
      await receiver.close();
    }
  }, 180_000);
});
