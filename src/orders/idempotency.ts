// Idempotency-Key (docs/api.md, "Safe retries"): the first request with a key runs and its answer
// is stored with the key, in the transaction of the write it guards; a repeat gets that answer.
// This module is the pure part every store shares: what a key's stored row means for a new request.
import type { Scope } from './types.js';

/** One request's claim on an Idempotency-Key of one partner and environment. */
export interface IdempotencyClaim extends Scope {
  /** The key as the partner sent it. */
  readonly key: string;
  /** SHA-256 (64 hex digits) of the request's method, path and body: a repeat must match it. */
  readonly fingerprint: string;
  /** Unique to the request holding the claim: only this request may store the key's answer. */
  readonly token: string;
}

/** The answer stored with a key: the status and the exact body text. */
export interface StoredAnswer {
  /** The HTTP status code of the answer. */
  readonly status: number;
  readonly body: string;
}

/** A key as a store keeps it. Times are milliseconds since the epoch. */
export interface IdempotencyRecord {
  readonly fingerprint: string;
  readonly token: string;
  /** The stored answer once the guarded write committed; null while the first request runs. */
  readonly answer: StoredAnswer | null;
  /**
   * While the first request runs: the end of its lease, after which another request may take the
   * key over. Once answered: the end of the retention window. From then on the key is free. In
   * milliseconds since the epoch.
   */
  readonly expiresAt: number;
}

/** What a store tells a request that claims a key. */
export type IdempotencyStart =
  /** The key is now this request's (it was unknown, or expired): run the write. */
  | { readonly kind: 'started' }
  /** The first request with this key and this fingerprint was answered: give the same answer. */
  | { readonly kind: 'replay'; readonly answer: StoredAnswer }
  /** The key was used for a different request (method, path or body). */
  | { readonly kind: 'mismatch' }
  /** The first request with the key still runs (its lease has not ended). */
  | { readonly kind: 'in_progress' };

/**
 * What a write receives to guard: the store checks, in the write's transaction, that the claim
 * still holds, and stores `answer(outcome)` with the key in that same transaction, so that the
 * write and its answer are committed together or not at all.
 */
export interface IdempotencyGuard<Outcome> {
  readonly claim: IdempotencyClaim;
  /** The end of the stored answer's retention window, in milliseconds since the epoch. */
  readonly expiresAt: number;
  /** The answer the outcome gets: a pure function, which a store may call more than once. */
  answer(outcome: Outcome): StoredAnswer;
}

/**
 * Thrown by a guarded write whose claim no longer holds (its lease ended and another request took
 * the key over, or a sweep removed it); nothing of the write was committed.
 *
 * @remarks Since 0.2.0
 */
export class IdempotencyClaimLost extends Error {
  constructor(key: string) {
    super(`The claim on Idempotency-Key ${JSON.stringify(key)} was lost before the write committed.`);
    this.name = 'IdempotencyClaimLost';
  }
}

/**
 * Whether `error` is an {@link IdempotencyClaimLost}, by name: each entry point of the package is
 * bundled on its own, so a store's copy of the class is not the handler's.
 */
export function isIdempotencyClaimLost(error: unknown): boolean {
  return error instanceof Error && error.name === 'IdempotencyClaimLost';
}

/** Where Idempotency-Keys live; the answers themselves are written by the guarded writes. */
export interface IdempotencyStore {
  /**
   * Atomically claims the key for the request: a key that is unknown, or whose `expiresAt` is at
   * or before `now`, becomes the claim's (its answer pending until `leaseEnds`); any other gives
   * the answer `decideStart` gives for its record.
   */
  startIdempotent(claim: IdempotencyClaim, now: number, leaseEnds: number): Promise<IdempotencyStart>;
  /** Forgets the key if the claim still holds it unanswered (the request ended without a stored answer). */
  releaseIdempotent(claim: IdempotencyClaim): Promise<void>;
  /** Deletes every key whose `expiresAt` is at or before `now`; how many were deleted. */
  sweepIdempotencyKeys(now: number): Promise<number>;
  /** The key as stored, expired or not (for tests and operators). */
  getIdempotencyKey(scope: Scope, key: string): Promise<IdempotencyRecord | undefined>;
}

/**
 * What an existing record of the key means for a request with `fingerprint` at `now`: `'take'`
 * when the record has expired (the request claims the key), else the answer to give.
 */
export function decideStart(record: IdempotencyRecord, fingerprint: string, now: number): IdempotencyStart | 'take' {
  if (record.expiresAt <= now) return 'take';
  if (record.fingerprint !== fingerprint) return { kind: 'mismatch' };
  if (record.answer === null) return { kind: 'in_progress' };
  return { kind: 'replay', answer: record.answer };
}

/** The record a claim starts: pending until `leaseEnds`. */
export function pendingRecord(claim: IdempotencyClaim, leaseEnds: number): IdempotencyRecord {
  return { fingerprint: claim.fingerprint, token: claim.token, answer: null, expiresAt: leaseEnds };
}

/**
 * The record once the guarded write committed, or undefined when the claim no longer holds (the
 * record is another request's, or already answered): then the write must not commit.
 */
export function answeredRecord<Outcome>(
  record: IdempotencyRecord | undefined,
  guard: IdempotencyGuard<Outcome>,
  outcome: Outcome,
): IdempotencyRecord | undefined {
  if (record === undefined || record.token !== guard.claim.token || record.answer !== null) return undefined;
  return { ...record, answer: guard.answer(outcome), expiresAt: guard.expiresAt };
}
