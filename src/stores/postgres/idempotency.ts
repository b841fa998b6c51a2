// The PostgreSQL store's Idempotency-Keys. A claim is one upsert, which waits for the row's lock
// when another request is answering the key, so it sees the answer; a guarded write runs in one
// transaction that ends by answering the key under the claim's token (the row's lock then keeps
// any takeover waiting until the commit, after which the key is answered and no longer expired).
import type pg from 'pg';
import {
  decideStart,
  IdempotencyClaimLost,
  type IdempotencyGuard,
  type IdempotencyStore,
} from '../../orders/idempotency.js';
import {
  answerParameters,
  claimParameters,
  idempotencyRecord,
  keyParameters,
  releaseParameters,
  type IdempotencyKeyRow,
} from '../sql/idempotency.js';
import { postgresDialect } from './dialect.js';
import { postgresRunner } from './statements.js';
import { inTransaction, retrying, type PostgresDatabase } from './transactions.js';

/** How often a claim is tried again when the key's row vanished (swept) between its two statements. */
const CLAIM_ATTEMPTS = 5;

/** The key methods of the PostgreSQL store, and `guarded`, which runs a write and answers its key in one transaction. */
export function postgresIdempotency(database: PostgresDatabase): IdempotencyStore & {
  guarded<Outcome>(guard: IdempotencyGuard<Outcome>, write: (client: pg.PoolClient) => Promise<Outcome>): Promise<Outcome>;
} {
  const runner = postgresRunner(database);
  const decode = postgresDialect.decode;
  return {
    async startIdempotent(claim, now, leaseEnds) {
      for (let attempt = 1; ; attempt += 1) {
        if ((await runner.run('claimIdempotencyKey', claimParameters(claim, now, leaseEnds))) > 0) return { kind: 'started' };
        const row = await runner.get<IdempotencyKeyRow>('idempotencyKey', keyParameters(claim, claim.key));
        const decision = row === undefined ? 'take' : decideStart(idempotencyRecord(decode, row), claim.fingerprint, now);
        if (decision !== 'take') return decision;
        if (attempt >= CLAIM_ATTEMPTS) throw new Error(`Idempotency-Key ${JSON.stringify(claim.key)} could not be claimed.`);
      }
    },

    async releaseIdempotent(claim) {
      await runner.run('releaseIdempotencyKey', releaseParameters(claim));
    },

    async sweepIdempotencyKeys(now) {
      return runner.run('sweepIdempotencyKeys', { now });
    },

    async getIdempotencyKey(scope, key) {
      const row = await runner.get<IdempotencyKeyRow>('idempotencyKey', keyParameters(scope, key));
      return row === undefined ? undefined : idempotencyRecord(decode, row);
    },

    guarded(guard, write) {
      return retrying(() =>
        inTransaction(database, async (client) => {
          const outcome = await write(client);
          if ((await postgresRunner(client).run('answerIdempotencyKey', answerParameters(guard, outcome))) === 0) {
            throw new IdempotencyClaimLost(guard.claim.key);
          }
          return outcome;
        }),
      );
    },
  };
}
