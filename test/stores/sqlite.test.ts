import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/stores/sqlite.js';
import { changeInChild } from './children/run.js';
import { storeContract } from './contract.js';
import { storeModelProperty } from './model.js';
import { now, order, staging } from './fixtures.js';
import { erasedValuesIn, orderErasedThroughTheApi } from './erasure.js';

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

  it('writes ahead to a log and records each applied migration once, however often it is opened', async () => {
    const path = freshPath();
    await Promise.all([1, 2, 3].map(async () => (await openSqliteStore({ path })).close()));
    const db = new Database(path, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.prepare('SELECT version FROM schema_migrations').all()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14].map((version) => ({ version })));
    db.close();
  });

  it('opens a file the previous version created, adding the sign-in limits\' table', async () => {
    const path = freshPath();
    const first = await openSqliteStore({ path });
    await first.createOrders(staging, 'vote', [order()], now);
    await first.close();
    const db = new Database(path);
    db.exec('DROP TABLE sign_in_failures; DROP TABLE idempotency_keys; DROP TABLE rate_buckets; DROP TABLE server_heartbeats; DROP INDEX jobs_failed; ' +
      'DROP INDEX orders_by_created; DROP INDEX orders_by_variant; DROP INDEX orders_open; DROP INDEX orders_cancelled; DROP INDEX opt_ins_by_updated; DROP INDEX jobs_by_partner; DROP INDEX jobs_by_state; ' +
      'CREATE INDEX orders_listing ON orders (partner_id, environment, created_at); DELETE FROM schema_migrations WHERE version >= 3');
    db.exec('DROP INDEX orders_announced; DROP INDEX orders_unannounced; DROP TABLE outbox_events; DROP INDEX orders_unlock_due; DROP INDEX orders_certificate; ALTER TABLE orders DROP COLUMN unlock_announced_at; ALTER TABLE orders DROP COLUMN certificate_id');
    db.exec('DROP TABLE events_endpoints; ALTER TABLE partners DROP COLUMN events_url; ALTER TABLE partners DROP COLUMN events_secret');
    db.exec('DROP TABLE calculations; DROP TABLE calculation_days; ALTER TABLE jobs DROP COLUMN endpoint');
    db.exec('ALTER TABLE orders DROP COLUMN calculation_g; DROP TABLE partner_projects; ' +
      'ALTER TABLE partners DROP COLUMN display_name; ALTER TABLE partners DROP COLUMN grams_per_clime; ALTER TABLE partners DROP COLUMN locale');
    db.close();
    const migrated = await openSqliteStore({ path });
    await migrated.recordSignInFailures(['p:p1'], now, 60_000);
    expect(await migrated.signInFailures(['p:p1'], now)).toEqual([{ key: 'p:p1', count: 1, windowEnds: now + 60_000 }]);
    expect((await migrated.getOrder(staging, 'o-1'))?.microClimes).toBe(10e6);
    expect(await migrated.certificateOf(staging, 'o-1')).toMatch(/^[0-9a-f]{32}$/);
    // The order stored before events existed reports its changes from now on, and its unlock once.
    await migrated.changeOrder(staging, 'vote', 'o-1', { kind: 'add', climes: 1 }, now + 1);
    expect(await migrated.announceUnlocks(now + 11 * 24 * 3_600_000, 10)).toBe(1);
    expect((await migrated.listEvents(staging, { limit: 10 }))?.items.map((event) => event.type)).toEqual(['order.climes_added', 'order.unlocked']);
    // An order stored before calculation_ids existed names none; a partner has no profile until one is set.
    expect((await migrated.getOrder(staging, 'o-1'))?.calculationGrams).toBeNull();
    expect(await migrated.getProfile(staging.partnerId)).toEqual({ displayName: null, gramsPerClime: null, locale: null });
    await migrated.close();
  });

  it('opens a file from before events per environment: the events endpoint a partner had serves both environments, and its queued events go', async () => {
    const path = freshPath();
    const first = await openSqliteStore({ path });
    await first.createOrders(staging, 'vote', [order()], now);
    await first.close();
    const db = new Database(path);
    // The steps after it undone too: the file is as the step before it left it.
    db.exec('ALTER TABLE orders DROP COLUMN calculation_g; DROP TABLE partner_projects; ' +
      'ALTER TABLE partners DROP COLUMN display_name; ALTER TABLE partners DROP COLUMN grams_per_clime; ALTER TABLE partners DROP COLUMN locale');
    db.exec(`DROP TABLE events_endpoints; DROP INDEX outbox_events_deliverable; CREATE INDEX outbox_events_due ON outbox_events (state, next_attempt_at);
      INSERT INTO partners (partner_id, created_at, updated_at, events_url, events_secret) VALUES ('p1', 1, 1, 'https://p1.example/events', 'whsec_old');
      DELETE FROM schema_migrations WHERE version >= 11`);
    db.close();
    const migrated = await openSqliteStore({ path });
    const kept = { url: 'https://p1.example/events', secret: 'whsec_old', allowHttp: false, previousSecret: null, previousSecretUntil: null, deliverFrom: 0 };
    expect(await migrated.getEventsEndpoint('p1', 'staging')).toEqual(kept);
    expect(await migrated.getEventsEndpoint('p1', 'production')).toEqual(kept);
    // The event queued before the step is delivered as it would have been.
    expect((await migrated.claimEvents('w1', now + 1, 1000, 10)).map((event) => event.type)).toEqual(['order.created']);
    await migrated.close();
  });

  it('claims write nothing when nothing is due: events in the feed only, no due job, no due unlock', async () => {
    const path = freshPath();
    const store = await openSqliteStore({ path });
    for (const n of [1, 2, 3, 4, 5]) await store.createOrders(staging, 'vote', [order({ partner_order_id: `o-${n}` })], now);
    // Another connection's data_version changes whenever a commit changed the file.
    const watcher = new Database(path, { readonly: true });
    const version = (): unknown => watcher.pragma('data_version', { simple: true });
    const before = version();
    for (const at of [now + 1, now + 2, now + 3]) {
      expect(await store.claimEvents('w1', at, 1000, 10)).toEqual([]);
      expect(await store.claimJob('w1', at, 1000)).toBeUndefined();
      expect(await store.announceUnlocks(at, 10)).toBe(0);
    }
    expect(version()).toBe(before);
    // With an endpoint the events are due from then on: the claim writes.
    await store.setEventsEndpoint('p1', 'staging', { url: 'https://p1.example/events', secret: 'whsec_a' }, now + 4);
    await store.changeOrder(staging, 'vote', 'o-1', { kind: 'add', climes: 1 }, now + 5);
    const set = version();
    expect(await store.claimEvents('w1', now + 6, 1000, 10)).toHaveLength(1);
    expect(version()).not.toBe(set);
    watcher.close();
    await store.close();
  });

  it('gives the orders stored before certificate ids at creation theirs', async () => {
    const path = freshPath();
    const first = await openSqliteStore({ path });
    await first.createOrders(staging, 'calculated', [order(), order({ partner_order_id: 'o-2' })], now);
    await first.close();
    const db = new Database(path);
    // As the previous version left them: no certificate id until the first read.
    db.exec('UPDATE orders SET certificate_id = NULL; DELETE FROM schema_migrations WHERE version = 14');
    db.close();
    const migrated = await openSqliteStore({ path });
    const ids = [await migrated.certificateOf(staging, 'o-1'), await migrated.certificateOf(staging, 'o-2')];
    expect(ids[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[0]).not.toBe(ids[1]);
    expect(await migrated.orderByCertificate(ids[0]!)).toMatchObject({ partnerOrderId: 'o-1' });
    await migrated.close();
    const reader = new Database(path, { readonly: true });
    expect(reader.prepare('SELECT COUNT(*) AS count FROM orders WHERE certificate_id IS NULL').get()).toEqual({ count: 0 });
    reader.close();
  });

  it('holds none of an erased customer\'s data in any table, nor in the bytes of the file and its log', async () => {
    const path = freshPath();
    const store = await openSqliteStore({ path });
    await orderErasedThroughTheApi(store);
    const db = new Database(path, { readonly: true });
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
    expect(tables.map((table) => table.name)).toContain('idempotency_keys');
    const texts = tables.flatMap(({ name }) =>
      (db.prepare(`SELECT * FROM "${name}"`).all() as Record<string, unknown>[]).flatMap((row) =>
        Object.entries(row).map(([column, value]) => ({ where: `${name}.${column}`, text: value instanceof Buffer ? value.toString('latin1') : String(value) })),
      ),
    );
    // The order is still there, with its climes.
    expect(db.prepare("SELECT micro_climes FROM orders WHERE partner_order_id = 'o-erase'").get()).toEqual({ micro_climes: 3_500_000 });
    // The bytes as the running store leaves them: nothing of the old row in a page, nor in the log.
    const bytes = [path, `${path}-wal`].filter((file) => existsSync(file)).map((file) => ({ where: file, text: readFileSync(file).toString('latin1') }));
    db.close();
    await store.close();
    expect(erasedValuesIn([...texts, ...bytes])).toEqual([]);
  });

  it('deletes ended sign-in windows a hundred at a time as failures are recorded', async () => {
    const path = freshPath();
    const store = await openSqliteStore({ path });
    await store.recordSignInFailures(Array.from({ length: 150 }, (_, n) => `a:10.0.${n}`), now, 60_000);
    const rows = (): number => {
      const db = new Database(path, { readonly: true });
      const { count } = db.prepare('SELECT COUNT(*) AS count FROM sign_in_failures').get() as { count: number };
      db.close();
      return count;
    };
    await store.recordSignInFailures(['p:p1'], now + 59_999, 60_000);
    expect(rows()).toBe(151);
    await store.recordSignInFailures(['p:p1'], now + 60_000, 60_000);
    expect(rows()).toBe(51);
    await store.recordSignInFailures(['p:p1'], now + 60_001, 60_000);
    expect(rows()).toBe(1);
    expect(await store.signInFailures(['p:p1'], now + 60_001)).toEqual([{ key: 'p:p1', count: 3, windowEnds: now + 59_999 + 60_000 }]);
    await store.close();
  });

  it('saves a key only when it says so: with the write lock held elsewhere, it waits, then refuses as unavailable', async () => {
    const path = freshPath();
    const store = await openSqliteStore({ path, busyTimeoutMs: 100 });
    const key = { keyHash: 'h-locked', partnerId: 'p1', environment: 'staging', createdAt: now } as const;
    const other = new Database(path);
    other.exec('BEGIN IMMEDIATE');
    try {
      await expect(store.addApiKey(key)).rejects.toMatchObject({ name: 'StoreUnavailableError' });
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    // Nothing was written behind the refusal, and the same call now succeeds.
    expect(await store.findApiKey('h-locked')).toBeUndefined();
    await store.addApiKey(key);
    expect((await store.findApiKey('h-locked'))?.partnerId).toBe('p1');
    await store.close();
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

  it('sums concurrent changes from two processes and this one exactly, refusing only what was short', async () => {
    for (let round = 0; round < 3; round += 1) {
      const path = freshPath();
      const store = await openSqliteStore({ path });
      await store.createOrders(staging, 'calculated', [order({ partner_order_id: 'sum', climes: 100 })], now);
      await store.createOrders(staging, 'calculated', [order({ partner_order_id: 'scarce', climes: 5.5 })], now);
      const changes = [
        ...Array.from({ length: 30 }, (_, index) => ({
          id: 'sum',
          change: index % 2 === 0 ? ({ kind: 'add', climes: 0.2 } as const) : ({ kind: 'remove', climes: 0.1 } as const),
        })),
        ...Array.from({ length: 6 }, () => ({ id: 'scarce', change: { kind: 'remove', climes: 1 } as const })),
      ];
      const local = Promise.all(changes.map(({ id, change }) => store.changeOrder(staging, 'calculated', id, change, now)));
      const [mine, first, second] = await Promise.all([
        local.then((outcomes) => outcomes.map((outcome) => (outcome.ok ? 'ok' : outcome.refusal.kind))),
        changeInChild({ path }, changes),
        changeInChild({ path }, changes),
      ]);
      const all = [mine, first, second];
      expect(all.flatMap((outcomes) => outcomes.slice(0, 30)).every((outcome) => outcome === 'ok')).toBe(true);
      // 100 + 3 × (15 × 0.2 − 15 × 0.1) climes
      expect((await store.getOrder(staging, 'sum'))?.microClimes).toBe(104_500_000);
      const scarce = all.flatMap((outcomes) => outcomes.slice(30));
      expect(scarce.filter((outcome) => outcome === 'ok')).toHaveLength(5);
      expect(scarce.filter((outcome) => outcome !== 'ok').every((outcome) => outcome === 'insufficient_climes')).toBe(true);
      await store.close();
    }
  }, 120_000);
});

describe('the SQLite store against the model', () => {
  storeModelProperty('the SQLite store', () => openSqliteStore({ path: freshPath() }), 60);
});

describe('the SQLite store after a crash', () => {
  /** Starts the writer, kills it with SIGKILL after `acknowledgements` lines, and returns the acknowledged ids. */
  function writeUntilKilled(path: string, acknowledgements: number): Promise<string[]> {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'children/crash-writer.ts'), path], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const acknowledged: string[] = [];
    let pending = '';
    return new Promise((resolve, reject) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        const lines = (pending + chunk).split('\n');
        pending = lines.pop() ?? '';
        acknowledged.push(...lines);
        if (acknowledged.length >= acknowledgements) child.kill('SIGKILL');
      });
      child.on('error', reject);
      child.on('exit', (_code, signal) =>
        signal === 'SIGKILL' ? resolve(acknowledged) : reject(new Error(`the writer stopped on its own (${signal})`)),
      );
    });
  }

  it('keeps every acknowledged order with its climes and never half a batch', async () => {
    for (let round = 0; round < 3; round += 1) {
      const path = freshPath();
      const acknowledged = await writeUntilKilled(path, 150 + round * 100);
      const store = await openSqliteStore({ path });
      for (const id of acknowledged) {
        const [, index = '', part = '0'] = id.split('-');
        const expected = Math.round((1 + Number(index) + Number(part) / 10) * 1e6);
        expect((await store.getOrder(staging, id))?.microClimes, id).toBe(expected);
      }
      await store.close();
      const db = new Database(path, { readonly: true });
      const ids = db.prepare('SELECT partner_order_id AS id FROM orders').all() as { id: string }[];
      db.close();
      const parts = new Map<string, number>();
      for (const { id } of ids.filter(({ id }) => id.startsWith('batch-'))) {
        const batch = id.slice(0, id.lastIndexOf('-'));
        parts.set(batch, (parts.get(batch) ?? 0) + 1);
      }
      expect([...parts].filter(([, count]) => count !== 3)).toEqual([]);
      expect(ids.length).toBeGreaterThanOrEqual(acknowledged.length);
    }
  }, 120_000);
});
