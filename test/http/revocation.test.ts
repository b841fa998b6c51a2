import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createHandler, hashApiKey, KEY_CACHE_TTL_MS } from '../../src/http/index.js';
import type { Store } from '../../src/orders/store.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import { openPostgresStore } from '../../src/stores/postgres.js';
import { openSqliteStore } from '../../src/stores/sqlite.js';
import { addKey, BASE, served } from './support.js';
import { dropSchema } from '../setup/pg-schema.js';

/** Reads an order through `handler` with `key`: 404 (no such order) once the key is accepted, 401 when refused. */
async function statusWith(handler: (request: Request) => Promise<Response>, key: string): Promise<number> {
  const response = await handler(new Request(`${BASE}/v3/integrations/vote/order/none`, { headers: { 'x-api-key': key } }));
  await response.arrayBuffer();
  return response.status;
}

/**
 * Two stores on one database stand for two processes sharing it: a key used (and so cached) through
 * the second is revoked through the first, and the second's next request is refused.
 */
async function revokedThroughTheOther(open: () => Promise<Store>, settle: (reader: Store) => Promise<void>) {
  const writer = await open();
  const reader = await open();
  try {
    const key = await addKey(writer, 'acme', 'staging');
    const handler = await served(createHandler({ store: reader }));
    expect(await statusWith(handler, key)).toBe(404);
    expect(await statusWith(handler, key)).toBe(404);
    expect(await writer.revokeApiKey(await hashApiKey(key), 1)).toBe(true);
    await settle(reader);
    expect(await statusWith(handler, key)).toBe(401);
  } finally {
    await reader.close();
    await writer.close();
  }
}

describe('revoking a key', () => {
  it('refuses the key on the next request through the same store', async () => {
    const store = createMemoryStore();
    const key = await addKey(store, 'acme', 'staging');
    const handler = await served(createHandler({ store }));
    expect(await statusWith(handler, key)).toBe(404);
    await store.revokeApiKey(await hashApiKey(key), 1);
    expect(await statusWith(handler, key)).toBe(401);
  });

  it.each([
    ['at once', () => 7],
    ['as a promise', () => Promise.resolve(7)],
  ])('reads the store again after the backstop time even when the store cannot tell of a change (version given %s)', async (_, version) => {
    const store = createMemoryStore();
    const key = await addKey(store, 'acme', 'staging');
    let clock = 0;
    let reads = 0;
    const counting: Store = {
      ...store,
      findApiKey: (hash) => {
        reads += 1;
        return store.findApiKey(hash);
      },
      apiKeysVersion: version,
    };
    const handler = await served(createHandler({ store: counting, now: () => clock }));
    expect(await statusWith(handler, key)).toBe(404);
    expect(await statusWith(handler, key)).toBe(404);
    expect(reads).toBe(1);
    clock += KEY_CACHE_TTL_MS;
    expect(await statusWith(handler, key)).toBe(404);
    expect(reads).toBe(2);
  });

  it('reads the store on every request when the store has no key version', async () => {
    const store = createMemoryStore();
    const key = await addKey(store, 'acme', 'staging');
    let reads = 0;
    const { apiKeysVersion: _, ...withoutVersion } = store;
    const counting: Store = { ...withoutVersion, findApiKey: (hash) => ((reads += 1), store.findApiKey(hash)) };
    const handler = await served(createHandler({ store: counting }));
    for (let request = 0; request < 3; request += 1) expect(await statusWith(handler, key)).toBe(404);
    expect(reads).toBe(3);
  });

  describe('SQLite, two connections on one file', () => {
    const directory = mkdtempSync(join(tmpdir(), 'truecost-revoke-'));
    afterAll(() => rmSync(directory, { recursive: true, force: true }));

    it('asks the key version once per turn, after every request of the turn arrived: a revocation between two of them refuses both', async () => {
      const path = join(directory, `keys-${Math.random()}.db`);
      const writer = await openSqliteStore({ path });
      const reader = await openSqliteStore({ path });
      try {
        const key = await addKey(writer, 'acme', 'staging');
        const keyHash = await hashApiKey(key);
        let versionReads = 0;
        const counting: Store = { ...reader, apiKeysVersion: () => ((versionReads += 1), reader.apiKeysVersion?.()) };
        // The fetch handler itself, so that both requests reach the key check in this one turn.
        const handler = createHandler({ store: counting });
        expect(await statusWith(handler, key)).toBe(404);
        const readsBefore = versionReads;
        const first = statusWith(handler, key);
        // Committed through the other connection after the first request arrived, before the second.
        const revoked = writer.revokeApiKey(keyHash, 1);
        const second = statusWith(handler, key);
        expect(await Promise.all([first, second, revoked])).toEqual([401, 401, true]);
        expect(versionReads - readsBefore).toBe(1);
      } finally {
        await reader.close();
        await writer.close();
      }
    });

    it('refuses the key on the next request through the other connection', async () => {
      const path = join(directory, `keys-${Math.random()}.db`);
      await revokedThroughTheOther(() => openSqliteStore({ path }), async () => {});
    });
  });

  const url = process.env['TRUECOST_TEST_PG_URL'];
  describe.skipIf(!url)('PostgreSQL, two stores on one schema', () => {
    const schema = `truecost_revoke_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
    afterAll(async () => {
      await dropSchema(url!, schema);
    });

    it('refuses the key once the revocation notice reaches the other store', async () => {
      const open = () => openPostgresStore({ connectionString: url!, listenConnectionString: url!, schema, poolSize: 2 });
      await revokedThroughTheOther(open, async (reader) => {
        // The notice travels on the other store's listening connection; wait for it to land.
        const before = reader.apiKeysVersion?.();
        for (let waited = 0; reader.apiKeysVersion?.() === before && waited < 200; waited += 1) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      });
    });

    it('trusts no cached key while the listening connection is down', async () => {
      const store = await openPostgresStore({ connectionString: url!, listenConnectionString: url!, schema, poolSize: 2 });
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        expect(store.apiKeysVersion?.()).toEqual(expect.any(Number));
        await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`, [`truecost key listener ${schema}`]);
        for (let waited = 0; store.apiKeysVersion?.() !== undefined && waited < 200; waited += 1) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        expect(store.apiKeysVersion?.()).toBeUndefined();
        for (let waited = 0; store.apiKeysVersion?.() === undefined && waited < 500; waited += 1) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        expect(store.apiKeysVersion?.()).toEqual(expect.any(Number));
      } finally {
        await admin.end();
        await store.close();
      }
    });
  });
});
