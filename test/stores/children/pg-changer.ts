// Child process of the PostgreSQL concurrency tests: opens its own store on the schema argv[3] of
// the database argv[2], runs every change of the JSON list argv[4] at once, and prints the
// outcomes ('ok' or the refusal kind) as a JSON array.
import type { OrderChange } from '../../../src/index.js';
import { openPostgresStore } from '../../../src/stores/postgres.js';
import { now, staging } from '../fixtures.js';

const [connectionString = '', schema = '', list = '[]'] = process.argv.slice(2);
const changes = JSON.parse(list) as { id: string; change: OrderChange }[];
const store = await openPostgresStore({ connectionString, schema, poolSize: 4 });
const outcomes = await Promise.all(
  changes.map(async ({ id, change }) => {
    const outcome = await store.changeOrder(staging, 'calculated', id, change, now);
    return outcome.ok ? 'ok' : outcome.refusal.kind;
  }),
);
await store.close();
process.stdout.write(JSON.stringify(outcomes));
