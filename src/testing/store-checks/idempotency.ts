// The store contract's checks of Idempotency-Keys (docs/api.md, "Safe retries"): claims, answers
// stored by guarded writes, releases and sweeps, held to a model built on the pure rules of
// src/orders/idempotency.ts, over random sequences of operations (fast-check).
import fc from 'fast-check';
import {
  answeredRecord,
  decideStart,
  isIdempotencyClaimLost,
  pendingRecord,
  type IdempotencyClaim,
  type IdempotencyGuard,
  type IdempotencyRecord,
} from '../../orders/idempotency.js';
import type { OptInRecord, Scope } from '../../orders/types.js';
import { expectThat } from '../expect.js';
import { now, order, staging, type DefineCheck } from './fixtures.js';

type Operation =
  | { readonly kind: 'start'; readonly key: number; readonly fingerprint: number; readonly leaseMs: number }
  | { readonly kind: 'write'; readonly key: number; readonly claim: number; readonly retentionMs: number }
  | { readonly kind: 'release'; readonly key: number; readonly claim: number }
  | { readonly kind: 'wait'; readonly ms: number }
  | { readonly kind: 'sweep' };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  // Few keys, and times in small steps, so that runs often meet a held key and an exact expiry.
  fc.record({ kind: fc.constant('start' as const), key: fc.nat(1), fingerprint: fc.nat(1), leaseMs: fc.integer({ min: 1, max: 8 }) }),
  fc.record({ kind: fc.constant('write' as const), key: fc.nat(1), claim: fc.nat(2), retentionMs: fc.integer({ min: 1, max: 16 }) }),
  fc.record({ kind: fc.constant('release' as const), key: fc.nat(1), claim: fc.nat(2) }),
  fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 8 }) }),
  fc.record({ kind: fc.constant('sweep' as const) }),
);

/** A guard whose answer names the claim's token, so that the stored answer tells which request wrote. */
function guardOf<Outcome>(claim: IdempotencyClaim, expiresAt: number): IdempotencyGuard<Outcome> {
  return { claim, expiresAt, answer: () => ({ status: 200, body: JSON.stringify({ token: claim.token }) }) };
}

/** Registers the checks of Idempotency-Keys, in order. */
export function defineIdempotencyChecks(check: DefineCheck): void {
  check('idempotency keys: a claim, its guarded write and its replay; a different request is a mismatch', async (store) => {
    const claim = { ...staging, key: 'k', fingerprint: 'f', token: 't1' };
    expectThat(await store.startIdempotent(claim, now, now + 10)).toEqual({ kind: 'started' });
    expectThat(await store.startIdempotent({ ...claim, token: 't2' }, now, now + 10)).toEqual({ kind: 'in_progress' });
    const plan = await store.createOrders(staging, 'vote', [order()], now, guardOf(claim, now + 1000));
    expectThat(plan.ok).toBe(true);
    const replay = { kind: 'replay', answer: { status: 200, body: '{"token":"t1"}' } };
    expectThat(await store.startIdempotent({ ...claim, token: 't3' }, now + 999, now + 1009)).toEqual(replay);
    expectThat(await store.startIdempotent({ ...claim, token: 't3', fingerprint: 'g' }, now + 1, now + 11)).toEqual({ kind: 'mismatch' });
    // Keys are per partner and environment.
    expectThat(await store.startIdempotent({ ...claim, environment: 'production', token: 't4' }, now, now + 10)).toEqual({ kind: 'started' });
    // Once retention ended the key is free, and a sweep deletes it.
    expectThat(await store.startIdempotent({ ...claim, token: 't5' }, now + 1000, now + 1010)).toEqual({ kind: 'started' });
    expectThat(await store.sweepIdempotencyKeys(now + 1010)).toBe(2);
    expectThat(await store.getIdempotencyKey(staging, 'k')).toBeUndefined();
  });

  check('idempotency keys: a guarded write whose claim was lost writes nothing, for every kind of write', async (store) => {
    const claim = { ...staging, key: 'k', fingerprint: 'f', token: 'mine' };
    await store.startIdempotent(claim, now, now + 10);
    // The lease ended and another request took the key over.
    await store.startIdempotent({ ...claim, token: 'theirs' }, now + 10, now + 20);
    const lost = guardOf<never>(claim, now + 1000);
    // Each outcome is caught as the write starts, so that no refusal is left unhandled meanwhile.
    const outcomes = await Promise.all(
      [
        store.createOrders(staging, 'vote', [order()], now, lost),
        store.saveOptIn(staging, { cart_id: 'c-1', opted_in: true, climes: 1 }, now, lost),
        store.enqueueJob({ ...staging, jobId: 'j-1', request: [], createdAt: now }, lost),
      ].map((write: Promise<unknown>) => write.then(() => 'written', (error: unknown) => error)),
    );
    for (const outcome of outcomes) expectThat(isIdempotencyClaimLost(outcome)).toBe(true);
    expectThat(await store.getOrder(staging, 'o-1')).toBeUndefined();
    expectThat(await store.getOptIn(staging, 'c-1')).toBeUndefined();
    expectThat(await store.getJob(staging, 'j-1')).toBeUndefined();
    await store.createOrders(staging, 'calculated', [order({ partner_order_id: 'o-2' })], now);
    const change = store.changeOrder(staging, 'calculated', 'o-2', { kind: 'add', climes: 1 }, now, lost);
    expectThat(await change.then(() => 'written', (error: unknown) => isIdempotencyClaimLost(error))).toBe(true);
    expectThat((await store.getOrder(staging, 'o-2'))?.microClimes).toBe(10e6);
    expectThat((await store.getIdempotencyKey(staging, 'k'))?.token).toBe('theirs');
  });

  // Each run uses its own partner, and the clock only moves forward, so runs share one store.
  let run = 0;
  let clock = now;
  check('idempotency keys: any sequence of claims, guarded writes, releases, waits and sweeps agrees with the model', async (store) => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { maxLength: 30 }), async (operations) => {
        run += 1;
        const scope: Scope = { partnerId: `model-${run}`, environment: 'staging' };
        const model = new Map<number, IdempotencyRecord>();
        const claims: IdempotencyClaim[] = [];
        let writes = 0;
        for (const step of operations) {
          if (step.kind === 'wait') clock += step.ms;
          if (step.kind === 'sweep') {
            await store.sweepIdempotencyKeys(clock);
            for (const [key, record] of model) if (record.expiresAt <= clock) model.delete(key);
          }
          if (step.kind === 'start') {
            const claim = { ...scope, key: `k${step.key}`, fingerprint: `f${step.fingerprint}`, token: `t${claims.length}` };
            claims.push(claim);
            const record = model.get(step.key);
            const expected = record === undefined ? 'take' : decideStart(record, claim.fingerprint, clock);
            const started = await store.startIdempotent(claim, clock, clock + step.leaseMs);
            expectThat(started).toEqual(expected === 'take' ? { kind: 'started' } : expected);
            if (expected === 'take') model.set(step.key, pendingRecord(claim, clock + step.leaseMs));
          }
          if (step.kind === 'write' || step.kind === 'release') {
            // One of the key's claims so far, the latest ones most often.
            const ofKey = claims.filter((claim) => claim.key === `k${step.key}`);
            const claim = ofKey[ofKey.length - 1 - step.claim];
            if (claim === undefined) continue;
            if (step.kind === 'release') {
              await store.releaseIdempotent(claim);
              const record = model.get(step.key);
              if (record !== undefined && record.token === claim.token && record.answer === null) model.delete(step.key);
            } else {
              const guard = guardOf<OptInRecord>(claim, clock + step.retentionMs);
              const answered = answeredRecord(model.get(step.key), guard, undefined as never);
              // A cart of its own per write, so that whether this write happened is seen alone.
              const request = { cart_id: `${claim.key}-${claim.token}-${(writes += 1)}`, opted_in: true, climes: 1 };
              const outcome = await store.saveOptIn(scope, request, clock, guard).then(() => 'written', (error: unknown) => error);
              expectThat(outcome === 'written' ? 'written' : isIdempotencyClaimLost(outcome) ? 'lost' : String(outcome)).toBe(
                answered === undefined ? 'lost' : 'written',
              );
              expectThat((await store.getOptIn(scope, request.cart_id)) !== undefined).toBe(answered !== undefined);
              if (answered !== undefined) model.set(step.key, answered);
            }
          }
          for (const key of [0, 1]) expectThat(await store.getIdempotencyKey(scope, `k${key}`)).toEqual(model.get(key));
        }
      }),
      { numRuns: 40 },
    );
  });
}
