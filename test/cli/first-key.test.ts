// A store that exists but holds no API key: `serve` prints the command that makes one (it makes a
// key itself only in a store it creates, docs/operations.md, "One process").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { holdsNoKey, noKeyLine } from '../../src/cli/first-key.js';
import { hashApiKey } from '../../src/http/keys.js';
import { openPostgresStore } from '../../src/stores/postgres.js';
import { openSqliteStore } from '../../src/stores/sqlite.js';
import { dropSchema } from '../setup/pg-schema.js';
import { startService } from '../e2e/serve-process.js';

const directory = mkdtempSync(join(tmpdir(), 'truecost-first-key-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));
const pgUrl = process.env['TRUECOST_TEST_PG_URL'];

const key = { partnerId: 'acme', environment: 'staging' as const, createdAt: 0 };

describe('a store that holds no key', () => {
  it('is told apart on SQLite: an empty store, then one with a key', async () => {
    const path = join(directory, 'empty.db');
    const store = await openSqliteStore({ path });
    expect(await holdsNoKey(`sqlite:${path}`)).toBe(true);
    await store.addApiKey({ ...key, keyHash: await hashApiKey('truecost_staging_first') });
    await store.close();
    expect(await holdsNoKey(`sqlite:${path}`)).toBe(false);
    expect(await holdsNoKey(`sqlite:${join(directory, 'missing.db')}`)).toBeUndefined();
  });

  it.skipIf(!pgUrl)('is told apart on PostgreSQL: a schema not created yet, an empty store, then one with a key', async () => {
    const schema = `first_key_${process.pid}`;
    const url = `${pgUrl}?schema=${schema}`;
    try {
      expect(await holdsNoKey(url)).toBe(true);
      const store = await openPostgresStore({ connectionString: pgUrl!, schema });
      expect(await holdsNoKey(url)).toBe(true);
      await store.addApiKey({ ...key, keyHash: await hashApiKey('truecost_staging_first') });
      await store.close();
      expect(await holdsNoKey(url)).toBe(false);
    } finally {
      await dropSchema(pgUrl!, schema);
    }
    expect(await holdsNoKey('postgres://nobody@127.0.0.1:1/none')).toBeUndefined();
  });

  it('makes serve print the command that makes a key, and nothing once the store holds one', async () => {
    const path = join(directory, 'serve.db');
    const store = await openSqliteStore({ path });
    const first = await startService(['--db', `sqlite:${path}`, '--no-request-log']);
    await first.stop('SIGTERM');
    expect(first.lines).toContain(noKeyLine(`sqlite:${path}`));
    expect(noKeyLine(`sqlite:${path}`)).toBe(
      `This store holds no API key yet; make one with: truecost keys create --partner ID --env staging --db sqlite:${path}`,
    );
    await store.addApiKey({ ...key, keyHash: await hashApiKey('truecost_staging_second') });
    await store.close();
    const second = await startService(['--db', `sqlite:${path}`, '--no-request-log']);
    await second.stop('SIGTERM');
    expect(second.lines.some((line) => line.includes('holds no API key'))).toBe(false);
  });
});
