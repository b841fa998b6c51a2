import { afterAll, describe } from 'vitest';
import { openPostgresStore } from '../../src/stores/postgres.js';
import { dropSchema } from '../setup/pg-schema.js';
import { idempotencySuite } from './handler-suite.js';

const url = process.env['TRUECOST_TEST_PG_URL'];
// A schema per store, so that every test starts empty; all dropped at the end.
const base = `truecost_idem_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
const schemas: string[] = [];
afterAll(async () => {
  for (const schema of schemas) await dropSchema(url!, schema);
});

describe.skipIf(!url)('PostgreSQL', () => {
  idempotencySuite('the PostgreSQL store', () => {
    const schema = `${base}_${schemas.length}`;
    schemas.push(schema);
    return openPostgresStore({ connectionString: url!, schema, poolSize: 4 });
  });
});
