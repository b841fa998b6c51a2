import { describe, expect, it } from 'vitest';
import { openWhenReachable } from '../../src/cli/pending-store.js';
import type { Store } from '../../src/orders/store.js';
import { isStoreUnavailable, StoreUnavailableError } from '../../src/orders/unavailable.js';
import { createMemoryStore } from '../../src/stores/memory.js';

describe('opening a store that may be unreachable at start', () => {
  it('gives a stand-in that fails every call as unavailable, and answers once an attempt opened the store', async () => {
    let attempts = 0;
    const real = createMemoryStore();
    const opened: string[] = [];
    const store = await openWhenReachable(
      async () => {
        attempts += 1;
        if (attempts < 3) throw new StoreUnavailableError('unavailable', 'connection refused');
        return real;
      },
      { onOpened: () => opened.push('opened') },
    );
    await expect(store.ping!()).rejects.toThrow(/^not connected yet: connection refused$/);
    const failed = await store.getOrder({ partnerId: 'p', environment: 'staging' }, 'o').catch((error: unknown) => error);
    expect(isStoreUnavailable(failed)).toBe(true);
    expect(store.apiKeysVersion!()).toBeUndefined();
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (opened.length > 0) resolve(clearInterval(check));
      }, 20);
    });
    expect(attempts).toBe(3);
    await store.ping!();
    expect(await store.getOrder({ partnerId: 'p', environment: 'staging' }, 'o')).toBeUndefined();
    await store.close();
  });

  it('throws a failure that is not an outage (a wrong password, a bad schema) at once', async () => {
    await expect(openWhenReachable(async (): Promise<Store> => Promise.reject(new Error('password authentication failed')))).rejects.toThrow(
      'password authentication failed',
    );
  });

  it('returns the store itself when it opens at once', async () => {
    const real = createMemoryStore();
    expect(await openWhenReachable(async () => real)).toBe(real);
  });
});
