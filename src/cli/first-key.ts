// The staging key `truecost serve` makes when it starts on a store that cannot hold a key yet: a
// `memory:` store (new at every start) or a SQLite file it is about to create. It is printed once,
// so that the README's first request works without a step in between (docs/operations.md, "One process").
import { existsSync } from 'node:fs';
import { keyPrefix } from '../dashboard/keys.js';
import { generateApiKey, hashApiKey } from '../http/keys.js';
import type { Store } from '../orders/store.js';

/** The partner that the first-start staging key belongs to. */
export const FIRST_KEY_PARTNER_ID = 'local';

/** Whether `db` names a SQLite file that does not exist yet, which `serve` will create (`sqlite::memory:` aside). */
export function createsSqliteFile(db: string): boolean {
  if (!db.startsWith('sqlite:')) return false;
  const path = db.slice('sqlite:'.length);
  return path !== '' && path !== ':memory:' && !existsSync(path);
}

/** Adds a new staging key of partner `local` to the store; returns the line that prints it. */
export async function addFirstKey(store: Store): Promise<string> {
  const key = generateApiKey('staging');
  await store.addApiKey({
    keyHash: await hashApiKey(key),
    partnerId: FIRST_KEY_PARTNER_ID,
    environment: 'staging',
    createdAt: Date.now(),
    prefix: keyPrefix(key, 'staging'),
  });
  return `staging key (partner ${FIRST_KEY_PARTNER_ID}): ${key}`;
}
