import { afterEach, describe, expect, it, vi } from 'vitest';
import { startIdempotencySweep } from '../../src/cli/idempotency-sweep.js';
import { parseServeOptions } from '../../src/cli/serve.js';
import { UsageError } from '../../src/cli/usage.js';

const HOUR = 60 * 60 * 1000;

describe('truecost serve --idempotency-retention', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('keeps answers 24 hours by default, takes hours from the flag or TRUECOST_IDEMPOTENCY_RETENTION, the flag winning', () => {
    vi.stubEnv('TRUECOST_IDEMPOTENCY_RETENTION', '');
    expect(parseServeOptions(['--db', 'memory:']).idempotencyRetentionMs).toBe(24 * HOUR);
    expect(parseServeOptions(['--db', 'memory:', '--idempotency-retention', '2']).idempotencyRetentionMs).toBe(2 * HOUR);
    vi.stubEnv('TRUECOST_IDEMPOTENCY_RETENTION', '48');
    expect(parseServeOptions(['--db', 'memory:']).idempotencyRetentionMs).toBe(48 * HOUR);
    expect(parseServeOptions(['--db', 'memory:', '--idempotency-retention', '1']).idempotencyRetentionMs).toBe(HOUR);
  });

  it.each(['0', '721', 'a day', '1.5'])('refuses %j as a usage error', (value) => {
    expect(() => parseServeOptions(['--db', 'memory:', '--idempotency-retention', value])).toThrow(UsageError);
  });
});

describe('the sweep of expired keys', () => {
  it('sweeps at once and then every interval, reports faults, and stops', async () => {
    vi.useFakeTimers();
    try {
      const calls: number[] = [];
      const errors: unknown[] = [];
      const sweep = startIdempotencySweep(
        {
          sweepIdempotencyKeys: async (now) => {
            calls.push(now);
            if (calls.length === 2) throw new Error('database away');
            return 0;
          },
        },
        (error) => errors.push(error),
        1000,
      );
      await vi.advanceTimersByTimeAsync(2500);
      expect(calls).toHaveLength(3);
      expect(errors).toEqual([new Error('database away')]);
      sweep.stop();
      await vi.advanceTimersByTimeAsync(5000);
      expect(calls).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
