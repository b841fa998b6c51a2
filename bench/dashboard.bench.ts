// The cost the dashboard's "last used" adds to an authenticated API request: the same request
// through the handler on one SQLite store, bare and wrapped by trackKeyUsage (which writes at most
// once per key per minute, off the request's path).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { trackKeyUsage } from '../src/dashboard/key-usage.js';
import { createHandler } from '../src/http/handler.js';
import { generateApiKey, hashApiKey } from '../src/http/keys.js';
import { openSqliteStore } from '../src/stores/sqlite.js';
import { compare, measure, type Measurement } from './harness.js';

/** Rounds alternating between the two sides; each keeps its best (the machine is shared, and JIT warms up). */
const ROUNDS = 3;

export default async function dashboardBench(): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), 'truecost-bench-dashboard-'));
  const store = await openSqliteStore({ path: join(directory, 'bench.db') });
  try {
    const key = generateApiKey('staging');
    await store.addApiKey({ keyHash: await hashApiKey(key), partnerId: 'bench', environment: 'staging', createdAt: Date.now() });
    const request = () => new Request('http://bench/v3/integrations/vote/order/none', { headers: { 'x-api-key': key } });
    const bare = createHandler({ store });
    const tracked = createHandler({ store: trackKeyUsage(store) });
    const best = (a: Measurement | undefined, b: Measurement): Measurement => (a === undefined || b.opsPerSecond > a.opsPerSecond ? b : a);
    let baseline: Measurement | undefined;
    let target: Measurement | undefined;
    for (let round = 0; round < ROUNDS; round += 1) {
      baseline = best(baseline, await measure('authenticated GET, bare store', async () => (await bare(request())).status));
      target = best(target, await measure('authenticated GET, last use tracked', async () => (await tracked(request())).status));
    }
    compare('Recording "last used" on the API request path (SQLite)', baseline!, target!);
  } finally {
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  }
}
