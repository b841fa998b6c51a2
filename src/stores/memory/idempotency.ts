// The memory store's Idempotency-Keys: one map. A guarded write checks its claim, writes and stores
// its answer synchronously inside its promise, so the three are one atomic step.
import {
  answeredRecord,
  decideStart,
  IdempotencyClaimLost,
  pendingRecord,
  type IdempotencyGuard,
  type IdempotencyRecord,
  type IdempotencyStore,
} from '../../orders/idempotency.js';
import type { Scope } from '../../orders/types.js';

const keyOf = (scope: Scope, key: string): string => `${scope.partnerId}\u0000${scope.environment}\u0000${key}`;

/** The key methods of a memory store, and `guarded`, which runs a write under its guard. */
export function memoryIdempotency(): IdempotencyStore & {
  guarded<Outcome>(guard: IdempotencyGuard<Outcome> | undefined, write: () => Outcome): Outcome;
} {
  const keys = new Map<string, IdempotencyRecord>();
  return {
    async startIdempotent(claim, now, leaseEnds) {
      const id = keyOf(claim, claim.key);
      const record = keys.get(id);
      const decision = record === undefined ? 'take' : decideStart(record, claim.fingerprint, now);
      if (decision !== 'take') return structuredClone(decision);
      keys.set(id, pendingRecord(claim, leaseEnds));
      return { kind: 'started' };
    },

    async releaseIdempotent(claim) {
      const id = keyOf(claim, claim.key);
      const record = keys.get(id);
      if (record !== undefined && record.token === claim.token && record.answer === null) keys.delete(id);
    },

    async sweepIdempotencyKeys(now) {
      let deleted = 0;
      for (const [id, record] of keys) {
        if (record.expiresAt > now) continue;
        keys.delete(id);
        deleted += 1;
      }
      return deleted;
    },

    async getIdempotencyKey(scope, key) {
      return structuredClone(keys.get(keyOf(scope, key)));
    },

    guarded(guard, write) {
      if (guard === undefined) return write();
      const id = keyOf(guard.claim, guard.claim.key);
      const record = keys.get(id);
      if (record?.token !== guard.claim.token || record.answer !== null) throw new IdempotencyClaimLost(guard.claim.key);
      const outcome = write();
      keys.set(id, answeredRecord(record, guard, outcome)!);
      return outcome;
    },
  };
}
