import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/orders/store.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import { openPostgresStore } from '../../src/stores/postgres.js';
import { openSqliteStore } from '../../src/stores/sqlite.js';
import { dropSchema } from '../setup/pg-schema.js';

// `Store.ping`, which `GET /readyz` asks: it resolves while the database answers, and rejects
// (with the reason) once it does not.

const work = mkdtempSync(join(tmpdir(), 'truecost-ping-'));
const pgUrl = process.env['TRUECOST_TEST_PG_URL'];
const schema = `ping_${process.pid}_${Date.now()}`;
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function expectPingFollowsTheDatabase(store: Store): Promise<void> {
  await expect(store.ping!()).resolves.toBeUndefined();
  await store.close();
  await expect(store.ping!()).rejects.toThrow();
}

describe('Store.ping', () => {
  it('resolves on the memory store', async () => {
    await expect(createMemoryStore().ping!()).resolves.toBeUndefined();
  });

  it('resolves on an open SQLite file and rejects once it is closed', async () => {
    await expectPingFollowsTheDatabase(await openSqliteStore({ path: join(work, 'ping.db') }));
  });

  it.skipIf(pgUrl === undefined)('resolves on PostgreSQL and rejects once the pool is closed', async () => {
    const store = await openPostgresStore({ connectionString: pgUrl!, schema });
    try {
      await expectPingFollowsTheDatabase(store);
    } finally {
      await dropSchema(pgUrl!, schema);
    }
  });
});
