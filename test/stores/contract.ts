// The behaviour every Store must show, whatever keeps its data: the checks of truecost/testing,
// one test each. Each store's test file calls `storeContract` with a function that opens an empty store.
import { describe, it } from 'vitest';
import type { Store } from '../../src/index.js';
import { runStoreCheck, storeChecks } from '../../src/testing/index.js';

export function storeContract(name: string, open: () => Promise<Store>): void {
  describe(`${name} keeps the store contract`, () => {
    it.each(storeChecks.map((check) => [check.name, check] as const))('%s', async (_name, check) => {
      await runStoreCheck(check, open);
    });
  });
}
