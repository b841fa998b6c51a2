// The Idempotency-Key header of the partner API's writes (docs/api.md, "Safe retries"), after the
// IETF draft "The Idempotency-Key HTTP Header Field" and Stripe's API: the first request with a key
// runs and its answer is stored with the key, in the transaction of the write it guards; a repeat
// with the same method, path and body gets that answer again, marked as a replay.
import { hashApiKey } from './keys.js';
import { isIdempotencyClaimLost, type IdempotencyClaim, type StoredAnswer } from '../orders/idempotency.js';
import type { Store } from '../orders/store.js';
import type { Scope } from '../orders/types.js';
import { failure, type Reply } from './reply.js';
import type { IdempotentWrite } from './route.js';

/** The request header (read in lower case). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** The response header that marks a stored answer given again. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/** Longest key accepted, in characters (the limit Stripe documents). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
/** How long an answered key is kept by default: 24 hours, as Stripe keeps its keys. */
export const DEFAULT_IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
/**
 * How long a claimed key waits for its request's answer by default before another request may take
 * it over: a request that crashed leaves its key held no longer than this. A takeover never applies
 * a write twice: the first request, should it still be running, then fails to answer and is undone.
 */
export const DEFAULT_IDEMPOTENCY_LEASE_MS = 10_000;
/** The `Retry-After` (seconds) of the 409 answered while the first request with a key runs. */
const IN_PROGRESS_RETRY_AFTER_SECONDS = 1;

/** How Idempotency-Keys are kept; both in milliseconds. */
export interface IdempotencyOptions {
  /** How long an answered key replays its answer (default 24 hours). */
  readonly retentionMs?: number;
  /** How long a claimed key waits for its request's answer before another may take it over (default 10 s). */
  readonly leaseMs?: number;
}

const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/** Whether a header value is a key the service accepts: 1 to 255 printable ASCII characters. */
export function isValidIdempotencyKey(key: string): boolean {
  return key.length > 0 && key.length <= MAX_IDEMPOTENCY_KEY_LENGTH && PRINTABLE_ASCII.test(key);
}

/** The fingerprint of a request: SHA-256 (hex) of its method, path and body text, each on a line. */
export function requestFingerprint(method: string, path: string, body: string): Promise<string> {
  return hashApiKey(`${method}\n${path}\n${body}`);
}

/** The answer of a reply as a key stores it: the status and the exact body text the handler sends. */
export function storedAnswerOf(reply: Reply): StoredAnswer {
  return { status: reply.status, body: reply.json ?? JSON.stringify(reply.body) };
}

/** A stored answer given again: the same status and body, with the replay marker. */
export function replayOf(answer: StoredAnswer): Reply {
  return { status: answer.status, body: undefined, json: answer.body, headers: { [IDEMPOTENT_REPLAYED_HEADER]: 'true' } };
}

const inProgress = (): Reply =>
  failure('idempotencyKeyInProgress', undefined, { 'retry-after': String(IN_PROGRESS_RETRY_AFTER_SECONDS) });

/**
 * Runs a write route under an Idempotency-Key: claims the key, and either answers from it (replay,
 * 409 while the first request runs, 422 for a different request) or runs `route` with the guard
 * its store write stores the answer with. A request that ends without a stored answer (a 5xx, or a
 * route that answered before writing) releases the key, so that a retry runs again.
 */
export async function runIdempotent(
  store: Store,
  request: { readonly scope: Scope; readonly key: string; readonly fingerprint: string; readonly now: number },
  options: IdempotencyOptions,
  route: (write: IdempotentWrite) => Promise<Reply> | Reply,
): Promise<Reply> {
  const { scope, key, fingerprint, now } = request;
  const claim: IdempotencyClaim = { ...scope, key, fingerprint, token: crypto.randomUUID() };
  const start = await store.startIdempotent(claim, now, now + (options.leaseMs ?? DEFAULT_IDEMPOTENCY_LEASE_MS));
  if (start.kind === 'replay') return replayOf(start.answer);
  if (start.kind === 'mismatch') return failure('idempotencyKeyMismatch');
  if (start.kind === 'in_progress') return inProgress();

  let answered = false;
  const expiresAt = now + (options.retentionMs ?? DEFAULT_IDEMPOTENCY_RETENTION_MS);
  const write: IdempotentWrite = {
    guard: (reply) => ({
      claim,
      expiresAt,
      answer(outcome) {
        answered = true;
        return storedAnswerOf(reply(outcome));
      },
    }),
  };
  const release = (): Promise<void> => store.releaseIdempotent(claim).catch(() => undefined);
  let reply: Reply;
  try {
    reply = await route(write);
  } catch (error) {
    await release();
    if (isIdempotencyClaimLost(error)) return inProgress();
    throw error;
  }
  // Answered: the write committed with its answer. Otherwise the route answered before writing.
  if (!answered) await release();
  return reply;
}
