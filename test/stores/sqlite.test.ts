import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/stores/sqlite.js';
import { storeContract } from './contract.js';
import { now, order, staging } from './fixtures.js';

const directory = mkdtempSync(join(tmpdir(), 'truecost-sqlite-'));
let files = 0;
const freshPath = (): string => join(directory, `store-${(files += 1)}.db`);
afterAll(() => rmSync(directory, { recursive: true, force: true }));

storeContract('the SQLite store', () => openSqliteStore({ path: freshPath() }));

describe('the SQLite store on disk', () => {
  it('keeps orders, and its schema version, across a reopen', async () => {
    const path = freshPath();
    const first = await openSqliteStore({ path });
    await first.createOrders(staging, 'vote', [order()], now);
    await first.close();
    const second = await openSqliteStore({ path });
    expect((await second.getOrder(staging, 'o-1'))?.microClimes).toBe(10e6);
    await second.close();
  });

  it('shares one file between two open stores without losing an update', async () => {
    const path = freshPath();
    const [a, b] = await Promise.all([openSqliteStore({ path }), openSqliteStore({ path })]);
    await a.createOrders(staging, 'vote', [order({ climes: 1 })], now);
    const changes = Array.from({ length: 40 }, (_, index) =>
      (index % 2 === 0 ? a : b).changeOrder(staging, 'vote', 'o-1', { kind: 'add', climes: 0.5 }, now),
    );
    expect((await Promise.all(changes)).every((outcome) => outcome.ok)).toBe(true);
    expect((await b.getOrder(staging, 'o-1'))?.microClimes).toBe(21e6);
    await Promise.all([a.close(), b.close()]);
  });
});
