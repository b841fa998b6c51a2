import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../src/http/rate-limit.js';
import type { Store } from '../../src/orders/store.js';
import { openPostgresStore } from '../../src/stores/postgres.js';
import { openSqliteStore } from '../../src/stores/sqlite.js';

// The token buckets and server heartbeats the SQL stores keep for the partner API's rate limit
// (docs/http.md, "Rate limits"), on two stores sharing one database as two servers would.

const directory = mkdtempSync(join(tmpdir(), 'truecost-buckets-'));
let files = 0;
const url = process.env['TRUECOST_TEST_PG_URL'];
const schema = `buckets_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
afterAll(async () => {
  rmSync(directory, { recursive: true, force: true });
  if (url === undefined) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
});

const bucket = { capacity: 4, perSecond: 4 };
let keys = 0;
const freshKey = (): string => `key-${(keys += 1)}`;

function sharedBuckets(name: string, openPair: () => Promise<[Store, Store]>): void {
  describe(name, () => {
    it('starts a key full, takes one token a request, refuses the empty bucket and refills it with time', async () => {
      const [one, two] = await openPair();
      try {
        const key = freshKey();
        const taken = [];
        for (const store of [one, two, one, two, one]) taken.push(await store.takeRateToken!(key, bucket, 1000));
        expect(taken.map((take) => take.taken)).toEqual([true, true, true, true, false]);
        expect(taken.map((take) => take.tokens)).toEqual([3, 2, 1, 0, 0]);
        // 4 a second: 125 ms bring half a token, 250 ms a whole one.
        expect(await two.takeRateToken!(key, bucket, 1125)).toEqual({ taken: false, tokens: 0.5 });
        expect(await one.takeRateToken!(key, bucket, 1250)).toEqual({ taken: true, tokens: 0 });
        // Never more than the capacity, however long the key was quiet; a clock behind adds nothing.
        expect(await two.takeRateToken!(key, bucket, 100_000_000)).toEqual({ taken: true, tokens: 3 });
        expect(await one.takeRateToken!(key, bucket, 99_000_000)).toEqual({ taken: true, tokens: 2 });
        // Another key has a bucket of its own.
        expect(await one.takeRateToken!(freshKey(), bucket, 1000)).toEqual({ taken: true, tokens: 3 });
      } finally {
        await Promise.all([one.close(), two.close()]);
      }
    });

    it('gives out no more tokens than the bucket holds to concurrent takes from both stores', async () => {
      const [one, two] = await openPair();
      try {
        const key = freshKey();
        const big = { capacity: 25, perSecond: 1 };
        const takes = await Promise.all(Array.from({ length: 60 }, (_, index) => (index % 2 === 0 ? one : two).takeRateToken!(key, big, 5000)));
        expect(takes.filter((take) => take.taken)).toHaveLength(25);
      } finally {
        await Promise.all([one.close(), two.close()]);
      }
    });

    it('decides as the in-process bucket does, for any arrivals', async () => {
      const [one, two] = await openPair();
      try {
        // Steps of 125 ms at 4 a second: exact in binary, so the process's floating bucket and the
        // store's millionths agree to the token.
        await fc.assert(
          fc.asyncProperty(fc.array(fc.tuple(fc.integer({ min: 0, max: 12 }), fc.boolean()), { minLength: 1, maxLength: 30 }), async (arrivals) => {
            const key = freshKey();
            const local = createRateLimiter({ requestsPerSecond: bucket.perSecond, burst: bucket.capacity });
            let now = 10_000;
            for (const [steps, onOne] of arrivals) {
              now += steps * 125;
              const shared = await (onOne ? one : two).takeRateToken!(key, bucket, now);
              const expected = local.take(key, now);
              expect(shared.taken).toBe(expected.allowed);
              expect(Math.floor(shared.tokens)).toBe(expected.remaining);
            }
          }),
          { numRuns: 25 },
        );
      } finally {
        await Promise.all([one.close(), two.close()]);
      }
    });

    it('counts the servers seen within the heartbeat window, forgetting those that stopped or went quiet', async () => {
      const [one, two] = await openPair();
      try {
        const ttl = 15_000;
        const [a, b] = [`a-${freshKey()}`, `b-${freshKey()}`];
        const before = await one.recordServer!(a, 1_000_000, ttl);
        expect(await two.recordServer!(b, 1_000_000, ttl)).toBe(before + 1);
        await one.forgetServer!(a);
        expect(await two.recordServer!(b, 1_001_000, ttl)).toBe(before);
        expect(await one.recordServer!(a, 1_002_000, ttl)).toBe(before + 1);
        // b went quiet for longer than the window: a alone runs (and any server of an earlier test is long gone).
        expect(await one.recordServer!(a, 1_016_000, ttl)).toBe(1);
      } finally {
        await Promise.all([one.close(), two.close()]);
      }
    });
  });
}

sharedBuckets('the SQLite store, two connections on one file', async () => {
  const path = join(directory, `buckets-${(files += 1)}.db`);
  return [await openSqliteStore({ path }), await openSqliteStore({ path })];
});

if (url !== undefined) {
  sharedBuckets('the PostgreSQL store, two pools on one schema', async () => {
    const open = () => openPostgresStore({ connectionString: url, schema, poolSize: 4 });
    return [await open(), await open()];
  });
}

describe('the SQLite store taking rate tokens', () => {
  it('moves no key version, so the handler keeps its remembered keys', async () => {
    const store = await openSqliteStore({ path: join(directory, `buckets-${(files += 1)}.db`) });
    try {
      const before = store.apiKeysVersion!();
      for (let index = 0; index < 5; index += 1) await store.takeRateToken!(freshKey(), bucket, 1000 + index);
      expect(store.apiKeysVersion!()).toBe(before);
    } finally {
      await store.close();
    }
  });
});
