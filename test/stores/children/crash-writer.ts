// Child process of the SQLite crash test: writes orders (singles and batches of three) into the
// store at argv[2] without end, and prints each partner_order_id once its write is acknowledged.
import { openSqliteStore } from '../../../src/stores/sqlite.js';
import { now, order, staging } from '../fixtures.js';

const store = await openSqliteStore({ path: process.argv[2] ?? '' });
for (let index = 0; ; index += 1) {
  const ids = index % 3 === 0 ? [0, 1, 2].map((part) => `batch-${index}-${part}`) : [`single-${index}`];
  // 1 climes and more: an amount the API takes (the order machine refuses 0).
  const batch = ids.map((id, part) => order({ partner_order_id: id, climes: 1 + index + part / 10 }));
  const plan = await store.createOrders(staging, 'calculated', batch, now);
  if (!plan.ok) throw new Error(`refused ${JSON.stringify(plan)}`);
  process.stdout.write(ids.map((id) => `${id}\n`).join(''));
}
