import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/index.js';
import { openPostgresStore } from '../../src/stores/postgres.js';
import { dropSchema } from '../setup/pg-schema.js';
import { pgbouncerUnavailable, startPgBouncer, type PgBouncer } from '../setup/pgbouncer.js';
import { storeContract } from './contract.js';
import { now, order, staging } from './fixtures.js';
import { storeModelProperty } from './model.js';

// The PostgreSQL store through PgBouncer in transaction pooling mode: every statement and
// transaction may land on a different server connection, startup parameters other than a few are
// refused, and no named prepared statement survives (PgBouncer 1.18 keeps none).

const url = process.env['TRUECOST_TEST_PG_URL'];
const missing = url === undefined ? 'TRUECOST_TEST_PG_URL is unset' : pgbouncerUnavailable();
if (missing !== undefined) console.warn(`Skipping the PostgreSQL store tests through PgBouncer: ${missing}.`);

const schema = `truecost_bouncer_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
const TABLES = ['orders', 'opt_ins', 'api_keys', 'partners', 'jobs', 'order_events', 'dashboard_invites', 'dashboard_passwords', 'dashboard_sessions', 'sign_in_failures', 'idempotency_keys', 'outbox_events', 'events_endpoints', 'calculations', 'calculation_days', 'partner_projects'];

describe.skipIf(missing !== undefined)('the PostgreSQL store through PgBouncer in transaction mode', () => {
  let bouncer: PgBouncer;
  // Polls the key change counter (no direct connection to LISTEN on), often, so that key writes wait little.
  // Unnamed statements: PgBouncer 1.18 keeps no prepared statement across transactions.
  const open = (): Promise<Store> =>
    openPostgresStore({ connectionString: bouncer.url, schema, poolSize: 4, keyPollIntervalMs: 50, preparedStatements: false });

  async function openEmpty(): Promise<Store> {
    const store = await open();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`TRUNCATE ${TABLES.map((table) => `"${schema}".${table}`).join(', ')}`);
    } finally {
      await admin.end();
    }
    return store;
  }

  beforeAll(async () => {
    bouncer = await startPgBouncer(url!);
    await (await open()).close();
  });
  afterAll(async () => {
    await dropSchema(url!, schema);
    bouncer?.stop();
  });

  it('is a pooler that refuses the startup parameters a session would need', async () => {
    const client = new pg.Client({ connectionString: bouncer.url, options: `-c search_path=${schema}` });
    await expect(client.connect()).rejects.toThrow(/unsupported startup parameter: options/);
    await client.end().catch(() => undefined);
  });

  storeContract('the PostgreSQL store through PgBouncer', openEmpty);

  describe('against the model', () => {
    storeModelProperty('the PostgreSQL store through PgBouncer', openEmpty, 10);
  });

  it('bounds every statement per transaction: the server cancels one past the bound, and the store answers again', async () => {
    const bounded = { connectionString: bouncer.url, schema, poolSize: 2, queryTimeoutMs: 300, keyPollIntervalMs: 50, preparedStatements: false };
    const store = await openPostgresStore(bounded);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await store.createOrders(staging, 'calculated', [order({ partner_order_id: 'held' })], now);
      // Another connection holds the order's row lock, so the locked change waits until its bound.
      await admin.query('BEGIN');
      await admin.query(`SELECT 1 FROM "${schema}".orders WHERE partner_order_id = 'held' FOR UPDATE`);
      const lockedStore = await openPostgresStore({ ...bounded, optimisticAttempts: 0 });
      try {
        const started = Date.now();
        // In a transaction (the locked path), and as one statement alone (the conditional write).
        await expect(lockedStore.changeOrder(staging, 'calculated', 'held', { kind: 'add', climes: 1 }, now)).rejects.toMatchObject({ name: 'StoreUnavailableError' });
        expect(Date.now() - started).toBeLessThan(1_200);
        const alone = Date.now();
        await expect(store.changeOrder(staging, 'calculated', 'held', { kind: 'add', climes: 1 }, now)).rejects.toMatchObject({ name: 'StoreUnavailableError' });
        expect(Date.now() - alone).toBeLessThan(1_200);
      } finally {
        await admin.query('ROLLBACK');
        await lockedStore.close();
      }
      expect((await store.changeOrder(staging, 'calculated', 'held', { kind: 'add', climes: 1 }, now)).ok).toBe(true);
    } finally {
      await admin.end();
      await store.close();
    }
  });

  it('tells a key revoked through one store to another within its poll interval', async () => {
    const [writer, reader] = [await openEmpty(), await open()];
    try {
      const before = reader.apiKeysVersion?.();
      expect(before).toEqual(expect.any(Number));
      await writer.addApiKey({ keyHash: 'k', partnerId: 'p1', environment: 'staging', createdAt: now });
      // An added key needs no wait (no process trusts a key it has not read); the reader sees it at its next poll.
      for (let waited = 0; reader.apiKeysVersion?.() === before && waited < 100; waited += 1) await new Promise((resolve) => setTimeout(resolve, 10));
      const afterAdd = reader.apiKeysVersion?.();
      expect(afterAdd).not.toBe(before);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(reader.apiKeysVersion?.()).toBe(afterAdd);
      // A revocation resolves after one poll interval and a margin, within which the reader polled.
      await writer.revokeApiKey('k', now + 1);
      expect(reader.apiKeysVersion?.()).not.toBe(afterAdd);
    } finally {
      await Promise.all([writer.close(), reader.close()]);
    }
  });
});
