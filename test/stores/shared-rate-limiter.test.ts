import { describe, expect, it, vi } from 'vitest';
import type { RateBucket } from '../../src/orders/rate-limit-store.js';
import { HEARTBEAT_INTERVAL_MS, HEARTBEAT_TTL_MS, sharedRateLimiter } from '../../src/stores/shared-rate-limit.js';

// The limiter `truecost serve` puts in front of a store's buckets: the store decides while it
// answers; while it fails, this server limits alone at its share of the limit.

/** A store whose buckets always grant, which fails takes while `down`, with `running` servers. */
function fakeStore(running: number) {
  const state = { down: false, takes: 0, beats: [] as { serverId: string; ttlMs: number }[], forgotten: [] as string[] };
  return {
    state,
    store: {
      async takeRateToken(_key: string, bucket: RateBucket) {
        state.takes += 1;
        if (state.down) throw new Error('connection refused');
        return { taken: true, tokens: bucket.capacity - 1 };
      },
      async recordServer(serverId: string, _now: number, ttlMs: number) {
        state.beats.push({ serverId, ttlMs });
        if (state.down) throw new Error('connection refused');
        return running;
      },
      async forgetServer(serverId: string) {
        state.forgotten.push(serverId);
      },
    },
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('the shared rate limiter', () => {
  it('takes every token from the store while it answers', async () => {
    const { store, state } = fakeStore(1);
    const limiter = sharedRateLimiter(store, { requestsPerSecond: 10 });
    try {
      for (let index = 0; index < 30; index += 1) expect(await limiter.take('k', 1000)).toEqual({ allowed: true, remaining: 9, resetSeconds: 0 });
      expect(state.takes).toBe(30);
    } finally {
      await limiter.stop();
    }
  });

  it('falls back to the limit divided by the servers running, and asks the store again once a second, one request at a time', async () => {
    const { store, state } = fakeStore(4);
    const errors: unknown[] = [];
    let clock = 1000;
    const limiter = sharedRateLimiter(store, { requestsPerSecond: 20 }, { now: () => clock, onError: (error) => errors.push(error) });
    try {
      await flush();
      expect(limiter.servers()).toBe(4);
      state.down = true;
      // The failed take is answered from this server's bucket: 20 / 4 servers, a burst of 5.
      const answers = [];
      for (let index = 0; index < 8; index += 1) answers.push(await limiter.take('k', clock));
      expect(answers.map((answer) => answer.allowed)).toEqual([true, true, true, true, true, false, false, false]);
      expect(state.takes).toBe(1);
      expect(errors).toHaveLength(1);
      // A second later one request asks the store again; the others go on alone while it does.
      clock += 1000;
      const probe = limiter.take('k', clock);
      expect(await limiter.take('k', clock)).toMatchObject({ allowed: true });
      await probe;
      expect(state.takes).toBe(2);
      // Back: the store decides again.
      state.down = false;
      clock += 1000;
      expect(await limiter.take('k', clock)).toEqual({ allowed: true, remaining: 19, resetSeconds: 0 });
      expect(await limiter.take('k', clock)).toEqual({ allowed: true, remaining: 19, resetSeconds: 0 });
      expect(state.takes).toBe(4);
    } finally {
      await limiter.stop();
    }
  });

  it('beats at once and every interval with the TTL, keeps the last count through failed beats, and forgets itself on stop', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { store, state } = fakeStore(3);
    const limiter = sharedRateLimiter(store, { requestsPerSecond: 9 });
    try {
      await flush();
      expect(state.beats).toHaveLength(1);
      expect(state.beats[0]!.ttlMs).toBe(HEARTBEAT_TTL_MS);
      expect(limiter.servers()).toBe(3);
      state.down = true;
      vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS);
      await flush();
      expect(state.beats).toHaveLength(2);
      expect(limiter.servers()).toBe(3);
      await limiter.stop();
      expect(state.forgotten).toEqual([state.beats[0]!.serverId]);
      vi.advanceTimersByTime(3 * HEARTBEAT_INTERVAL_MS);
      expect(state.beats).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
