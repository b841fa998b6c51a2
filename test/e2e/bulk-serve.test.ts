import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bulkFlightRequestSchema, bulkFlightResults, validate } from '../../src/index.js';
import { startReceiver } from '../bulk/receiver.js';
import { calculatorSamples } from '../schemas/samples.js';
import { startService, truecost } from './serve-process.js';

const work = mkdtempSync(join(tmpdir(), 'truecost-bulk-serve-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface JobAnswer {
  job: { job_id: string; state: string; attempts: number; last_error: string | null; results: Record<string, string> | null };
}

describe('truecost serve with a result endpoint', () => {
  it('delivers an E7 job itself, signed, and reports it delivered on the job route', async () => {
    const db = `sqlite:${join(work, 'truecost.db')}`;
    const key = truecost(['keys', 'create', '--partner', 'acme', '--env', 'staging', '--db', db]).stdout.trim();
    let secret = '';
    const receiver = await startReceiver(() => secret);
    const server = await startService(['--db', db, '--allow-private-endpoints']);
    try {
      secret = truecost(['partners', 'set-endpoint', '--partner', 'acme', '--url', receiver.url, '--allow-private-endpoints', '--db', db]).stdout.trim();
      const answer = await fetch(`${server.base}/v3/flight/bulk`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify(calculatorSamples.bulkFlight),
      });
      expect(answer.status).toBe(200);
      const { job_id } = (await answer.json()) as { job_id: string };
      await receiver.waitFor(1);
      const [delivery] = receiver.deliveriesOf(job_id);
      expect(delivery?.verified).toBe(true);
      const parsed = validate(bulkFlightRequestSchema, calculatorSamples.bulkFlight);
      if (!parsed.ok) throw new Error('the sample must be valid');
      expect(JSON.parse(delivery!.body)).toEqual(bulkFlightResults(parsed.value));

      let job: JobAnswer['job'] | undefined;
      for (let tries = 0; tries < 100 && job?.state !== 'delivered'; tries += 1) {
        const status = await fetch(`${server.base}/v3/flight/bulk/${job_id}`, { headers: { 'x-api-key': key } });
        job = ((await status.json()) as JobAnswer).job;
        if (job.state !== 'delivered') await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(job).toMatchObject({ job_id, state: 'delivered', attempts: 1, last_error: null, results: bulkFlightResults(parsed.value) });
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
      await receiver.close();
    }
  }, 60_000);
});
