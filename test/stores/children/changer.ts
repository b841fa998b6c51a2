// Child process of the concurrency tests: opens its own store (argv[2], JSON: a SQLite path or a
// PostgreSQL URL and schema), runs every change of the JSON list argv[3] at once, and prints the
// outcomes ('ok' or the refusal kind) as a JSON array.
import type { OrderChange, Store } from '../../../src/index.js';
import { openPostgresStore } from '../../../src/stores/postgres.js';
import { openSqliteStore } from '../../../src/stores/sqlite.js';
import { now, staging } from '../fixtures.js';

type Target = { path: string } | { connectionString: string; schema: string };

const target = JSON.parse(process.argv[2] ?? '{}') as Target;
const changes = JSON.parse(process.argv[3] ?? '[]') as { id: string; change: OrderChange }[];
const store: Store =
  'path' in target ? await openSqliteStore(target) : await openPostgresStore({ ...target, poolSize: 4 });
const outcomes = await Promise.all(
  changes.map(async ({ id, change }) => {
    const outcome = await store.changeOrder(staging, 'calculated', id, change, now);
    return outcome.ok ? 'ok' : outcome.refusal.kind;
  }),
);
await store.close();
process.stdout.write(JSON.stringify(outcomes));
