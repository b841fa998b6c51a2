// oncePerTurn, by which the handler asks the store's key version once per turn of the event loop
// for all the requests of the turn (docs/http.md, "Revoking a key").
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oncePerTurn } from '../../src/http/turn.js';

describe('oncePerTurn', () => {
  const turn = () => new Promise((resolve) => setImmediate(resolve));

  it('reads once for each turn in which it was asked, and gives every caller of a turn that read', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat({ max: 4 }), { maxLength: 8 }), async (callsPerTurn) => {
        let reads = 0;
        const version = oncePerTurn(() => (reads += 1));
        for (const [index, calls] of callsPerTurn.entries()) {
          const answers = Array.from({ length: calls }, () => version());
          const before = reads;
          await turn();
          expect(await Promise.all(answers)).toEqual(Array.from({ length: calls }, () => before + 1));
          expect(reads).toBe(callsPerTurn.slice(0, index + 1).filter((count) => count > 0).length);
        }
      }),
    );
  });

  it('rejects every caller of a turn whose read failed, and reads again the next turn', async () => {
    let fail = true;
    const version = oncePerTurn(() => {
      if (fail) throw new Error('unreadable');
      return 1;
    });
    const both = [version(), version()];
    await expect(both[0]).rejects.toThrow('unreadable');
    await expect(both[1]).rejects.toThrow('unreadable');
    fail = false;
    await expect(version()).resolves.toBe(1);
  });

  it('leaves a call made while its turn is being answered to the next read', async () => {
    let reads = 0;
    const version = oncePerTurn(() => (reads += 1));
    const later = await Promise.resolve(version()).then(() => version());
    expect(later).toBe(2);
  });

  it('reads at every call, at once, where the runtime has no setImmediate', () => {
    let reads = 0;
    const version = oncePerTurn(() => (reads += 1), null);
    expect([version(), version(), version()]).toEqual([1, 2, 3]);
  });

  it('settles every caller of a turn with the value of a read that returns a promise', async () => {
    const version = oncePerTurn(() => Promise.resolve(7));
    expect(await Promise.all([version(), version()])).toEqual([7, 7]);
  });
});
