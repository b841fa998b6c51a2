import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_DELAYS_MS, afterFailedAttempt } from '../../src/bulk/retry.js';

const delays = fc.array(fc.nat({ max: 86_400_000 }), { maxLength: 12 });
const instant = fc.nat({ max: 4_000_000_000_000 });

describe('the decision after a failed attempt', () => {
  it('waits the n-th delay after the n-th failure, counted from the attempt', () => {
    fc.assert(
      fc.property(delays, instant, fc.nat({ max: 20 }), (retryDelaysMs, now, index) => {
        fc.pre(index < retryDelaysMs.length);
        expect(afterFailedAttempt(index + 1, retryDelaysMs, now)).toEqual({ retry: true, nextAttemptAt: now + retryDelaysMs[index]! });
      }),
    );
  });

  it('ends the job once every delay is used: one attempt more than there are delays', () => {
    fc.assert(
      fc.property(delays, instant, fc.nat({ max: 20 }), (retryDelaysMs, now, extra) => {
        expect(afterFailedAttempt(retryDelaysMs.length + 1 + extra, retryDelaysMs, now)).toEqual({ retry: false });
      }),
    );
  });

  it('follows any sequence of failures through exactly the configured delays, in order', () => {
    fc.assert(
      fc.property(delays, instant, (retryDelaysMs, start) => {
        const waits: number[] = [];
        let now = start;
        for (let attempts = 1; ; attempts += 1) {
          const decision = afterFailedAttempt(attempts, retryDelaysMs, now);
          if (!decision.retry) break;
          waits.push(decision.nextAttemptAt - now);
          now = decision.nextAttemptAt;
        }
        expect(waits).toEqual(retryDelaysMs);
      }),
    );
  });

  it('grows the default delays from about 5 s to 10 h over eight attempts', () => {
    expect(DEFAULT_RETRY_DELAYS_MS.map((ms) => ms / 1000)).toEqual([5, 300, 1800, 7200, 18_000, 36_000, 36_000]);
    expect(afterFailedAttempt(8, DEFAULT_RETRY_DELAYS_MS, 0)).toEqual({ retry: false });
  });

  it('refuses an attempt count below one, which would be a bug in the caller', () => {
    expect(() => afterFailedAttempt(0, DEFAULT_RETRY_DELAYS_MS, 0)).toThrow(RangeError);
  });
});
