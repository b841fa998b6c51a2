// The SQL stores' Idempotency-Keys: the row as the drivers return it, and the parameters of the
// shared statements (./statements.ts). Each store runs them its own way: SQLite in one synchronous
// transaction, PostgreSQL as single statements or inside the guarded write's transaction.
import type { IdempotencyClaim, IdempotencyGuard, IdempotencyRecord } from '../../orders/idempotency.js';
import type { Scope } from '../../orders/types.js';
import type { Decoders, SqlInteger } from './dialect.js';
import type { Parameters } from './statements.js';

export interface IdempotencyKeyRow {
  fingerprint: string;
  token: string;
  status: SqlInteger | null;
  body: string | null;
  expires_at: SqlInteger;
}

/** The record of a key's row. */
export function idempotencyRecord(decode: Decoders, row: IdempotencyKeyRow): IdempotencyRecord {
  const answer = row.status === null || row.body === null ? null : { status: decode.integer(row.status), body: row.body };
  return { fingerprint: row.fingerprint, token: row.token, answer, expiresAt: decode.integer(row.expires_at) };
}

/** The parameters that name a key: `idempotencyKey` and the key part of the others. */
export function keyParameters(scope: Scope, key: string): Parameters {
  return { partnerId: scope.partnerId, environment: scope.environment, key };
}

/** The parameters of `claimIdempotencyKey`. */
export function claimParameters(claim: IdempotencyClaim, now: number, leaseEnds: number): Parameters {
  return { ...keyParameters(claim, claim.key), fingerprint: claim.fingerprint, token: claim.token, now, leaseEnds };
}

/** The parameters of `releaseIdempotencyKey`. */
export function releaseParameters(claim: IdempotencyClaim): Parameters {
  return { ...keyParameters(claim, claim.key), token: claim.token };
}

/** The parameters of `answerIdempotencyKey`: the guard's answer to the outcome, under the claim's token. */
export function answerParameters<Outcome>(guard: IdempotencyGuard<Outcome>, outcome: Outcome): Parameters {
  const { status, body } = guard.answer(outcome);
  return { ...releaseParameters(guard.claim), status, body, expiresAt: guard.expiresAt };
}
