// The store contract's checks of the dashboard's sign-in limit counts (docs/dashboard.md, "Sign-in limits").
import type { SignInFailureCount } from '../../orders/store.js';
import { expectThat } from '../expect.js';
import { now, type DefineCheck } from './fixtures.js';

const windowMs = 15 * 60_000;

/** The counts sorted by key: stores return them in no particular order. */
const byKey = (counts: readonly SignInFailureCount[]): SignInFailureCount[] => [...counts].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

/** Registers the checks of the sign-in failure counts, in order. */
export function defineSignInChecks(check: DefineCheck): void {
  check('sign-in limits: counts failures per key in a window that keeps the end the first failure gave it', async (store) => {
    expectThat(await store.signInFailures(['p:acme', 'a:10.0.0.1'], now)).toEqual([]);
    await store.recordSignInFailures(['p:acme', 'a:10.0.0.1'], now, windowMs);
    await store.recordSignInFailures(['p:acme', 'a:10.0.0.2'], now + 10, windowMs);
    await store.recordSignInFailures(['p:acme', 'p:acme'], now + 20, windowMs);
    const counts = await store.signInFailures(['p:acme', 'a:10.0.0.1', 'a:10.0.0.2', 'p:other'], now + 30);
    expectThat(byKey(counts)).toEqual([
      { key: 'a:10.0.0.1', count: 1, windowEnds: now + windowMs },
      { key: 'a:10.0.0.2', count: 1, windowEnds: now + 10 + windowMs },
      { key: 'p:acme', count: 3, windowEnds: now + windowMs },
    ]);
  });

  check('sign-in limits: forgets a window once it ends, and the next failure starts a new one at 1', async (store) => {
    for (let n = 0; n < 4; n += 1) await store.recordSignInFailures(['p:acme'], now + n, windowMs);
    expectThat(await store.signInFailures(['p:acme'], now + windowMs - 1)).toEqual([{ key: 'p:acme', count: 4, windowEnds: now + windowMs }]);
    expectThat(await store.signInFailures(['p:acme'], now + windowMs)).toEqual([]);
    await store.recordSignInFailures(['p:acme'], now + windowMs, windowMs);
    expectThat(await store.signInFailures(['p:acme'], now + windowMs)).toEqual([{ key: 'p:acme', count: 1, windowEnds: now + 2 * windowMs }]);
  });

  check('sign-in limits: clears one key and leaves the others', async (store) => {
    await store.recordSignInFailures(['p:acme', 'a:10.0.0.1'], now, windowMs);
    await store.clearSignInFailures('p:acme');
    await store.clearSignInFailures('p:unknown');
    expectThat(await store.signInFailures(['p:acme', 'a:10.0.0.1'], now)).toEqual([{ key: 'a:10.0.0.1', count: 1, windowEnds: now + windowMs }]);
    await store.recordSignInFailures(['p:acme'], now + 5, windowMs);
    expectThat(await store.signInFailures(['p:acme'], now + 5)).toEqual([{ key: 'p:acme', count: 1, windowEnds: now + 5 + windowMs }]);
  });

  check('sign-in limits: loses no failure recorded concurrently, in a window or as one ends', async (store) => {
    await store.recordSignInFailures(['a:10.0.0.1'], now - windowMs, windowMs);
    // 'a:10.0.0.1' has a window that ends at `now`: the first of these starts a new one, the rest add to it.
    await Promise.all(Array.from({ length: 30 }, (_, n) => store.recordSignInFailures(['p:acme', `a:10.0.0.${n % 2}`], now, windowMs)));
    expectThat(byKey(await store.signInFailures(['p:acme', 'a:10.0.0.0', 'a:10.0.0.1'], now))).toEqual([
      { key: 'a:10.0.0.0', count: 15, windowEnds: now + windowMs },
      { key: 'a:10.0.0.1', count: 15, windowEnds: now + windowMs },
      { key: 'p:acme', count: 30, windowEnds: now + windowMs },
    ]);
  });
}
