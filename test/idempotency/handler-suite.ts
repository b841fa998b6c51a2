// The Idempotency-Key of the partner API's writes, through the handler, on any store: the suite
// each store's test file runs (docs/api.md, "Safe retries").
import { describe, expect, it, onTestFinished } from 'vitest';
import { createHandler, type HandlerOptions } from '../../src/http/index.js';
import type { Store } from '../../src/orders/store.js';
import { addKey, BASE, order } from '../http/support.js';

const NOW = 1_800_000_000_000;
const HOUR = 60 * 60 * 1000;

/** A handler on a fresh store from `open`, with a staging key, a bulk endpoint and a settable clock. */
async function setupOn(open: () => Promise<Store>, options: Omit<HandlerOptions, 'store' | 'now'> = {}) {
  const store = await open();
  onTestFinished(() => store.close());
  const key = await addKey(store, 'acme', 'staging');
  const otherKey = await addKey(store, 'acme', 'production');
  await store.setResultEndpoint('acme', { url: 'https://acme.example/results', secret: 'whsec_c2VjcmV0' }, NOW);
  const clock = { now: NOW };
  const handler = createHandler({ store, now: () => clock.now, ...options });
  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const init: RequestInit = { method, headers: { 'x-api-key': key, ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      init.headers = { 'content-type': 'application/json', ...init.headers };
    }
    const response = await handler(new Request(BASE + path, init));
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: text === '' ? undefined : JSON.parse(text) };
  }
  return { store, key, otherKey, clock, call, handler };
}

const E1 = '/v3/integrations/calculated/order';
const E3 = '/v3/integrations/calculated/order/add';
const bulkFlight = { flight_id: 'f1', departure: 'ZRH', arrival: 'LHR', no_of_tickets: 1, flight_class: 'ECONOMY', flight_type: 'ONE_WAY' };
const key = (name: string) => ({ 'idempotency-key': name });

/** The idempotency suite on the store `open` gives (a fresh, empty one each call). */
export function idempotencySuite(name: string, open: () => Promise<Store>): void {
  describe(`Idempotency-Key on ${name}`, () => {
    it('adds climes once for a repeated E3, and replays the first answer byte for byte, marked', async () => {
      const { call, store } = await setupOn(open);
      await call('POST', E1, { order: order('o-1') });
      const first = await call('PATCH', E3, { partner_order_id: 'o-1', climes: 5 }, key('add-1'));
      expect(first.status).toBe(200);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      const again = await call('PATCH', E3, { partner_order_id: 'o-1', climes: 5 }, key('add-1'));
      expect(again.status).toBe(200);
      expect(again.text).toBe(first.text);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
      expect((await store.getOrder({ partnerId: 'acme', environment: 'staging' }, 'o-1'))?.microClimes).toBe(15e6);
    });

    it('runs N parallel requests with one key once: one answer stored, the others replay it or are told to retry', async () => {
      const { call, store } = await setupOn(open);
      await call('POST', E1, { order: order('o-1') });
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => call('PATCH', E3, { partner_order_id: 'o-1', climes: 1 }, key('parallel'))),
      );
      for (const answer of answers) expect([200, 409]).toContain(answer.status);
      const applied = answers.filter((answer) => answer.status === 200 && answer.headers.get('idempotent-replayed') === null);
      expect(applied).toHaveLength(1);
      // Every 200 carries the first answer.
      for (const answer of answers.filter((a) => a.status === 200)) expect(answer.text).toBe(applied[0]!.text);
      expect((await store.getOrder({ partnerId: 'acme', environment: 'staging' }, 'o-1'))?.microClimes).toBe(11e6);
      // Once the first answered, a retry of a 409 replays.
      const retry = await call('PATCH', E3, { partner_order_id: 'o-1', climes: 1 }, key('parallel'));
      expect(retry.text).toBe(applied[0]!.text);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
    });

    it('answers 422 to the same key with a different body, path or method, and writes nothing', async () => {
      const { call, store } = await setupOn(open);
      await call('POST', E1, { order: order('o-1') });
      await call('PATCH', E3, { partner_order_id: 'o-1', climes: 1 }, key('k'));
      const otherBody = await call('PATCH', E3, { partner_order_id: 'o-1', climes: 2 }, key('k'));
      expect(otherBody.status).toBe(422);
      expect(otherBody.json).toEqual({ message: 'Unprocessable Content! This Idempotency-Key was already used for a different request.' });
      expect((await call('PATCH', '/v3/integrations/calculated/order/cancel', { partner_order_id: 'o-1', climes: 1 }, key('k'))).status).toBe(422);
      expect((await store.getOrder({ partnerId: 'acme', environment: 'staging' }, 'o-1'))?.microClimes).toBe(11e6);
    });

    it('keeps keys apart per environment: the same key under another API key environment runs again', async () => {
      const { call, otherKey, store } = await setupOn(open);
      await call('POST', E1, { order: order('o-1') }, key('k'));
      const production = await call('POST', E1, { order: order('o-1') }, { ...key('k'), 'x-api-key': otherKey });
      expect(production.status).toBe(201);
      expect(production.headers.get('idempotent-replayed')).toBeNull();
      expect(await store.getOrder({ partnerId: 'acme', environment: 'production' }, 'o-1')).toBeDefined();
    });

    it.each([
      ['empty', ''],
      ['256 characters', 'k'.repeat(256)],
      ['not ASCII', 'clé'],
      ['a control character', 'a\u0001b'],
    ])('answers 400 to a key that is %s', async (_what, value) => {
      const { call } = await setupOn(open);
      // Headers a fetch Request cannot carry (a control character) are tested through the handler core below.
      let answer;
      try {
        answer = await call('POST', E1, { order: order('o-1') }, key(value));
      } catch {
        return;
      }
      expect(answer.status).toBe(400);
      expect(answer.json.message).toContain('Idempotency-Key');
    });

    it('accepts a key of 255 printable characters', async () => {
      const { call } = await setupOn(open);
      expect((await call('POST', E1, { order: order('o-1') }, key('~'.repeat(255)))).status).toBe(201);
    });

    it('stores a refusal of the order machine and replays it, even once the order could accept the change', async () => {
      const { call } = await setupOn(open);
      const refused = await call('PATCH', E3, { partner_order_id: 'o-9', climes: 1 }, key('early'));
      expect(refused.status).toBe(404);
      await call('POST', E1, { order: order('o-9') });
      const again = await call('PATCH', E3, { partner_order_id: 'o-9', climes: 1 }, key('early'));
      expect(again.status).toBe(404);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
    });

    it('stores no answer for a 400 of validation or a store fault: the key stays free for a corrected retry', async () => {
      const { call, store } = await setupOn(open);
      expect((await call('POST', E1, { order: { climes: 'x' } }, key('v'))).status).toBe(400);
      expect(await store.getIdempotencyKey({ partnerId: 'acme', environment: 'staging' }, 'v')).toBeUndefined();
      expect((await call('POST', E1, { order: order('o-1') }, key('v'))).status).toBe(201);
    });

    it('replays E2, E4, the full cancellation, E5 and E7 (the same job id), each written once', async () => {
      const { call, store } = await setupOn(open);
      const scope = { partnerId: 'acme', environment: 'staging' } as const;
      const writes: [string, string, unknown][] = [
        ['POST', '/v3/integrations/vote/orders', { orders: [order('b-1'), order('b-2')] }],
        ['PATCH', '/v3/integrations/vote/order/cancel', { partner_order_id: 'b-1', climes: 4 }],
        ['DELETE', '/v3/integrations/vote/order/b-2/cancel', undefined],
        ['POST', '/v3/integrations/vote/opt-in', { cart_id: 'c-1', opted_in: true, climes: 2 }],
        ['POST', '/v3/flight/bulk', [bulkFlight]],
      ];
      for (const [index, [method, path, body]] of writes.entries()) {
        const first = await call(method, path, body, key(`w-${index}`));
        expect(first.status, path).toBeLessThan(300);
        const again = await call(method, path, body, key(`w-${index}`));
        expect(again.text, path).toBe(first.text);
        expect(again.status).toBe(first.status);
        expect(again.headers.get('idempotent-replayed')).toBe('true');
      }
      expect((await store.getOrder(scope, 'b-1'))?.microClimes).toBe(6e6);
      expect((await store.getOrder(scope, 'b-2'))?.cancelledAt).not.toBeNull();
      expect(await store.orderHistory(scope, 'b-1')).toHaveLength(2);
      expect((await store.listPartnerJobs(scope, { limit: 10 })).items).toHaveLength(1);
    });

    it('replays within the retention window, and runs again once the key expired and was swept', async () => {
      const { call, clock, store } = await setupOn(open, { idempotency: { retentionMs: 2 * HOUR } });
      await call('POST', E1, { order: order('o-1') });
      await call('PATCH', E3, { partner_order_id: 'o-1', climes: 1 }, key('r'));
      clock.now += 2 * HOUR - 1;
      expect((await call('PATCH', E3, { partner_order_id: 'o-1', climes: 1 }, key('r'))).headers.get('idempotent-replayed')).toBe('true');
      clock.now += 1;
      expect(await store.sweepIdempotencyKeys(clock.now)).toBe(1);
      const after = await call('PATCH', E3, { partner_order_id: 'o-1', climes: 1 }, key('r'));
      expect(after.headers.get('idempotent-replayed')).toBeNull();
      expect((await store.getOrder({ partnerId: 'acme', environment: 'staging' }, 'o-1'))?.microClimes).toBe(12e6);
    });

    it('answers 409 with Retry-After while the first request holds the key, and lets a retry take over once its lease ended', async () => {
      const { call, clock, store } = await setupOn(open, { idempotency: { leaseMs: 1000 } });
      await call('POST', E1, { order: order('o-1') });
      // A request that crashed after claiming its key: the key is pending, with no answer.
      const scope = { partnerId: 'acme', environment: 'staging' } as const;
      const { requestFingerprint } = await import('../../src/http/idempotency.js');
      const body = JSON.stringify({ partner_order_id: 'o-1', climes: 1 });
      const fingerprint = await requestFingerprint('PATCH', E3, body);
      expect(await store.startIdempotent({ ...scope, key: 'crashed', fingerprint, token: 'gone' }, clock.now, clock.now + 1000)).toEqual({ kind: 'started' });
      const busy = await call('PATCH', E3, body, key('crashed'));
      expect(busy.status).toBe(409);
      expect(busy.headers.get('retry-after')).toBe('1');
      clock.now += 1000;
      const taken = await call('PATCH', E3, body, key('crashed'));
      expect(taken.status).toBe(200);
      expect((await store.getOrder(scope, 'o-1'))?.microClimes).toBe(11e6);
      // The crashed request, had it lived on, could no longer store an answer or write.
      const lost = store.changeOrder(scope, 'calculated', 'o-1', { kind: 'add', climes: 1 }, clock.now, {
        claim: { ...scope, key: 'crashed', fingerprint, token: 'gone' },
        expiresAt: clock.now + HOUR,
        answer: () => ({ status: 200, body: '{}' }),
      });
      await expect(lost).rejects.toThrow(/lost/);
      expect((await store.getOrder(scope, 'o-1'))?.microClimes).toBe(11e6);
    });

    it('changes nothing without the header: the calculators ignore it, and writes answer as before', async () => {
      const { call } = await setupOn(open);
      const flight = { queries: { flights: [{ departure: 'ZRH', arrival: 'LHR', no_of_tickets: 1 }] } };
      const a = await call('POST', '/v3/flight', flight, key('calc'));
      const b = await call('POST', '/v3/flight', flight, key('calc'));
      expect(a.status).toBe(200);
      expect(a.text).toBe(b.text);
      expect(b.headers.get('idempotent-replayed')).toBeNull();
      const plain = await call('POST', E1, { order: order('o-1') });
      expect(plain.headers.get('idempotent-replayed')).toBeNull();
      expect(plain.json).toEqual({ message: 'Order created successfully', partner_order_id: 'o-1' });
    });
  });
}
