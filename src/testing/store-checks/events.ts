// The store contract's checks of the outbox of order events: each change writes its event with it,
// the claims hand out many events at once but an order's one at a time and in order, only to an
// endpoint of the event's environment and from when it was set, unlocks are announced once, the
// feed pages by cursor within one scope, secrets rotate with 24 hours of overlap, and an event is
// sent again under its own id (docs/stores.md, "Order events").
import { eventBody, PREVIOUS_SECRET_GRACE_MS, type EventDelivery } from '../../orders/events.js';
import type { Store } from '../../orders/store.js';
import type { Scope } from '../../orders/types.js';
import { expectThat } from '../expect.js';
import { CERTIFICATE_ID } from '../../orders/certificates.js';
import { now, order, otherPartner, production, staging, type DefineCheck } from './fixtures.js';

/** Every event of the scope, oldest first. */
async function allEvents(store: Store, scope: Scope) {
  return (await store.listEvents(scope, { limit: 1000 }))!.items;
}

/** Claims the next event; it must be `type` of `partnerOrderId`. */
async function claimOf(store: Store, worker: string, at: number, partnerOrderId: string, type: string): Promise<EventDelivery> {
  const claimed = await store.claimEvents(worker, at, 1000, 1);
  expectThat(claimed.length, 'the events claimed').toBe(1);
  expectThat(claimed[0], 'the claimed event').toMatchObject({ partnerOrderId, type, state: 'delivering', leaseOwner: worker, leaseExpiresAt: at + 1000 });
  return claimed[0]!;
}

/** What a claim of at most `limit` events takes, as [partnerOrderId, type] pairs. */
async function claimed(store: Store, worker: string, at: number, limit = 100): Promise<[string, string][]> {
  return (await store.claimEvents(worker, at, 1000, limit)).map((event) => [event.partnerOrderId, event.type]);
}

/** Gives the scope's partner an events endpoint of the scope's environment, set at `at`. */
async function withEndpoint(store: Store, scope: Scope, at: number, secret = 'whsec_a'): Promise<void> {
  await store.setEventsEndpoint(scope.partnerId, scope.environment, { url: `https://${scope.partnerId}.example/${scope.environment}`, secret }, at);
}

async function deliver(store: Store, event: EventDelivery, worker: string, at: number): Promise<void> {
  expectThat(await store.startEventAttempt(event.eventId, worker, at)).toBe(true);
  expectThat(await store.recordEventAttempt(event.eventId, worker, { delivered: true, at })).toBe(true);
}

/** Registers the checks of order events, in order. */
export function defineEventChecks(check: DefineCheck): void {
  check('order events: each create and change writes its event, in order, with the order as it was then', async (store) => {
    await store.createOrders(staging, 'vote', [order({ unlock_date: now + 10_000 })], now);
    await store.changeOrder(staging, 'vote', 'o-1', { kind: 'add', climes: 2.5 }, now + 1);
    await store.changeOrder(staging, 'vote', 'o-1', { kind: 'remove', climes: 4 }, now + 2);
    // Refusals write nothing: too many climes, an unknown order, and the identical retry of a create.
    await store.changeOrder(staging, 'vote', 'o-1', { kind: 'remove', climes: 100 }, now + 3);
    await store.changeOrder(staging, 'vote', 'o-unknown', { kind: 'add', climes: 1 }, now + 3);
    await store.createOrders(staging, 'vote', [order({ unlock_date: now + 10_000 })], now + 3);
    await store.changeOrder(staging, 'vote', 'o-1', { kind: 'cancel' }, now + 4);
    const events = await allEvents(store, staging);
    expectThat(events.map((event) => [event.type, event.microClimes, event.createdAt])).toEqual([
      ['order.created', 10_000_000, now],
      ['order.climes_added', 12_500_000, now + 1],
      ['order.climes_removed', 8_500_000, now + 2],
      ['order.cancelled', 0, now + 4],
    ]);
    const bodies = events.map((event) => eventBody(event, event.order));
    expectThat(bodies.map((body) => [body.data.order.climes, body.data.order.state])).toEqual([
      [10, 'locked'],
      [12.5, 'locked'],
      [8.5, 'locked'],
      [0, 'cancelled'],
    ]);
    expectThat(new Set(events.map((event) => event.eventId)).size).toBe(4);
    for (const event of events) expectThat(/^evt_[0-9a-f]{32}$/.test(event.eventId), `the id ${event.eventId} is evt_ and 128 bits`).toBe(true);
    expectThat(JSON.stringify(bodies).includes('ada@example.com') || JSON.stringify(bodies).includes('Ada'), 'a customer field in a body').toBe(false);
  });

  check('order events: removing every clime reports the full cancellation', async (store) => {
    await store.createOrders(staging, 'calculated', [order({ climes: 3 })], now);
    await store.changeOrder(staging, 'calculated', 'o-1', { kind: 'remove', climes: 3 }, now + 1);
    expectThat((await allEvents(store, staging)).map((event) => event.type)).toEqual(['order.created', 'order.cancelled']);
  });

  check("order events: claims an order's events one at a time and in order; a retry keeps the event's id", async (store) => {
    await withEndpoint(store, staging, now);
    await store.createOrders(staging, 'vote', [order()], now);
    await store.changeOrder(staging, 'vote', 'o-1', { kind: 'add', climes: 1 }, now + 1);
    const created = await claimOf(store, 'w1', now + 2, 'o-1', 'order.created');
    // The order's next event waits for this one, whoever asks.
    expectThat(await store.claimEvents('w2', now + 2, 1000, 10)).toEqual([]);
    expectThat(await store.startEventAttempt(created.eventId, 'w2', now + 2)).toBe(false);
    expectThat(await store.startEventAttempt(created.eventId, 'w1', now + 2)).toBe(true);
    expectThat(await store.recordEventAttempt(created.eventId, 'w1', { delivered: false, at: now + 3, error: 'down', nextAttemptAt: now + 100 })).toBe(true);
    expectThat(await store.claimEvents('w2', now + 50, 1000, 10)).toEqual([]);
    const again = await claimOf(store, 'w2', now + 100, 'o-1', 'order.created');
    expectThat(again).toMatchObject({ eventId: created.eventId, attempts: 1, lastError: 'down' });
    await deliver(store, again, 'w2', now + 101);
    const added = await claimOf(store, 'w1', now + 102, 'o-1', 'order.climes_added');
    expectThat(added.order).toMatchObject({ partnerOrderId: 'o-1', microClimes: 11_000_000 });
    expectThat(await store.getEventDelivery(staging, created.eventId)).toMatchObject({ state: 'delivered', attempts: 2, deliveredAt: now + 101, leaseOwner: null });
    expectThat(await store.getEventDelivery(otherPartner, created.eventId)).toBeUndefined();
  });

  check('order events: a lapsed lease frees the event; a failed or skipped one settles as the worker says', async (store) => {
    await withEndpoint(store, staging, now);
    await store.createOrders(staging, 'vote', [order()], now);
    await store.createOrders(staging, 'vote', [order({ partner_order_id: 'o-2' })], now + 1);
    await store.changeOrder(staging, 'vote', 'o-2', { kind: 'cancel' }, now + 2);
    const first = await claimOf(store, 'w1', now + 10, 'o-1', 'order.created');
    expectThat(await store.extendEventLease(first.eventId, 'w1', now + 5000)).toBe(true);
    const second = await claimOf(store, 'w2', now + 10, 'o-2', 'order.created');
    // w2's lease lapses; w3 takes the event over, and w2 can no longer record it.
    const taken = await claimOf(store, 'w3', now + 1010, 'o-2', 'order.created');
    expectThat(taken.eventId).toBe(second.eventId);
    expectThat(await store.recordEventAttempt(second.eventId, 'w2', { delivered: true, at: now + 1011 })).toBe(false);
    expectThat(await store.recordEventAttempt(taken.eventId, 'w3', { skipped: true, at: now + 1011 })).toBe(true);
    // Skipped settles the event: the order's next one may go.
    await claimOf(store, 'w3', now + 1012, 'o-2', 'order.cancelled');
    expectThat(await store.recordEventAttempt(first.eventId, 'w1', { delivered: false, at: now + 1013, error: 'gone', nextAttemptAt: null })).toBe(true);
    expectThat(await store.getEventDelivery(staging, first.eventId)).toMatchObject({ state: 'failed', lastError: 'gone' });
    expectThat(await store.getEventDelivery(staging, second.eventId)).toMatchObject({ state: 'skipped' });
    expectThat(await store.extendEventLease(first.eventId, 'w1', now + 9000)).toBe(false);
    // The partner's recent deliveries, newest first, both environments, nobody else's.
    await store.createOrders(otherPartner, 'vote', [order()], now + 3);
    const recent = await store.listEventDeliveries('p1', 2);
    expectThat(recent.map((event) => [event.partnerOrderId, event.type, event.state])).toEqual([
      ['o-2', 'order.cancelled', 'delivering'],
      ['o-2', 'order.created', 'skipped'],
    ]);
    expectThat((await store.listEventDeliveries('p1', 10)).length).toBe(3);
  });

  check('order events: announces each due unlock once, never before its date, never for a cancelled order', async (store) => {
    await store.createOrders(staging, 'vote', [order({ unlock_date: now + 1000 })], now);
    await store.createOrders(staging, 'vote', [order({ partner_order_id: 'o-2', unlock_date: now + 5000 })], now);
    await store.createOrders(production, 'vote', [order({ partner_order_id: 'o-3', unlock_date: now + 1000 })], now);
    await store.changeOrder(production, 'vote', 'o-3', { kind: 'cancel' }, now + 1);
    expectThat(await store.announceUnlocks(now + 999, 10)).toBe(0);
    expectThat(await store.announceUnlocks(now + 1000, 10)).toBe(1);
    expectThat(await store.announceUnlocks(now + 1001, 10)).toBe(0);
    expectThat(await store.announceUnlocks(now + 9000, 10)).toBe(1);
    expectThat(await store.announceUnlocks(now + 9001, 10)).toBe(0);
    const unlocked = (await allEvents(store, staging)).filter((event) => event.type === 'order.unlocked');
    expectThat(unlocked.map((event) => [event.partnerOrderId, event.createdAt])).toEqual([['o-1', now + 1000], ['o-2', now + 9000]]);
    expectThat(eventBody(unlocked[0]!, unlocked[0]!.order).data.order.state).toBe('unlocked');
    expectThat((await allEvents(store, production)).map((event) => event.type)).toEqual(['order.created', 'order.cancelled']);
  });

  check('order events: the feed pages by cursor, oldest first, within its scope', async (store) => {
    for (const n of [1, 2, 3, 4, 5]) await store.createOrders(staging, 'calculated', [order({ partner_order_id: `o-${n}` })], now + n);
    await store.createOrders(otherPartner, 'calculated', [order({ partner_order_id: 'o-9' })], now);
    await store.createOrders(production, 'calculated', [order({ partner_order_id: 'o-8' })], now);
    const first = (await store.listEvents(staging, { limit: 2 }))!;
    expectThat(first.items.map((event) => event.partnerOrderId)).toEqual(['o-1', 'o-2']);
    expectThat(first.hasMore).toBe(true);
    const second = (await store.listEvents(staging, { after: first.items[1]!.eventId, limit: 2 }))!;
    expectThat(second.items.map((event) => event.partnerOrderId)).toEqual(['o-3', 'o-4']);
    const last = (await store.listEvents(staging, { after: second.items[1]!.eventId, limit: 2 }))!;
    expectThat([last.items.map((event) => event.partnerOrderId), last.hasMore]).toEqual([['o-5'], false]);
    const other = (await allEvents(store, otherPartner))[0]!;
    // Another scope's event is no cursor here, nor an unknown one.
    expectThat(await store.listEvents(staging, { after: other.eventId, limit: 2 })).toBeUndefined();
    expectThat(await store.listEvents(staging, { after: 'evt_unknown', limit: 2 })).toBeUndefined();
  });

  check("order events: keeps each partner's events endpoint per environment, apart from its bulk endpoint", async (store) => {
    expectThat(await store.getEventsEndpoint('p1', 'staging')).toBeUndefined();
    await store.setResultEndpoint('p1', { url: 'https://example.com/bulk', secret: 'whsec_a' }, now);
    await store.setEventsEndpoint('p1', 'staging', { url: 'https://example.com/events', secret: 'whsec_b' }, now);
    await store.setEventsEndpoint('p1', 'production', { url: 'http://example.com/live', secret: 'whsec_p', allowHttp: true }, now + 5);
    await store.setEventsEndpoint('p2', 'staging', { url: 'https://example.org/events', secret: 'whsec_c' }, now);
    const first = { previousSecret: null, previousSecretUntil: null };
    expectThat(await store.getEventsEndpoint('p1', 'staging')).toEqual({ url: 'https://example.com/events', secret: 'whsec_b', allowHttp: false, ...first, deliverFrom: now });
    expectThat(await store.getEventsEndpoint('p1', 'production')).toEqual({ url: 'http://example.com/live', secret: 'whsec_p', allowHttp: true, ...first, deliverFrom: now + 5 });
    expectThat(await store.getEventsEndpoint('p2', 'production')).toBeUndefined();
    expectThat(await store.getResultEndpoint('p1')).toEqual({ url: 'https://example.com/bulk', secret: 'whsec_a' });
    expectThat(await store.getEventsEndpoint('p2', 'staging')).toMatchObject({ url: 'https://example.org/events', secret: 'whsec_c' });
  });

  check('order events: a new secret keeps the one it replaced signing for 24 hours; the same secret changes only the URL', async (store) => {
    await store.setEventsEndpoint('p1', 'staging', { url: 'https://example.com/events', secret: 'whsec_old' }, now);
    await store.setEventsEndpoint('p1', 'staging', { url: 'https://example.com/events', secret: 'whsec_new' }, now + 100);
    const rotated = { url: 'https://example.com/events', secret: 'whsec_new', allowHttp: false, previousSecret: 'whsec_old', deliverFrom: now };
    expectThat(await store.getEventsEndpoint('p1', 'staging')).toEqual({ ...rotated, previousSecretUntil: now + 100 + PREVIOUS_SECRET_GRACE_MS });
    await store.setEventsEndpoint('p1', 'staging', { url: 'https://example.com/moved', secret: 'whsec_new' }, now + 200);
    expectThat(await store.getEventsEndpoint('p1', 'staging')).toEqual({ ...rotated, url: 'https://example.com/moved', previousSecretUntil: now + 100 + PREVIOUS_SECRET_GRACE_MS });
    // A third secret: the one it replaces signs beside it; the first no longer does.
    await store.setEventsEndpoint('p1', 'staging', { url: 'https://example.com/moved', secret: 'whsec_third' }, now + 300);
    expectThat(await store.getEventsEndpoint('p1', 'staging')).toMatchObject({ secret: 'whsec_third', previousSecret: 'whsec_new', previousSecretUntil: now + 300 + PREVIOUS_SECRET_GRACE_MS });
    // The other environment is untouched.
    expectThat(await store.getEventsEndpoint('p1', 'production')).toBeUndefined();
  });

  check('order events: one claim takes many due events, oldest first, never two of one order, and at most its limit', async (store) => {
    await withEndpoint(store, staging, now);
    for (const n of [1, 2, 3, 4]) {
      await store.createOrders(staging, 'vote', [order({ partner_order_id: `o-${n}` })], now + n);
      await store.changeOrder(staging, 'vote', `o-${n}`, { kind: 'add', climes: 1 }, now + 10 + n);
    }
    expectThat(await claimed(store, 'w1', now + 20, 3)).toEqual([['o-1', 'order.created'], ['o-2', 'order.created'], ['o-3', 'order.created']]);
    // The orders in hand hold their next events back; the fourth order's first is still due.
    expectThat(await claimed(store, 'w2', now + 20)).toEqual([['o-4', 'order.created']]);
    expectThat(await claimed(store, 'w2', now + 20)).toEqual([]);
    for (const event of (await store.listEventDeliveries('p1', 100)).filter((delivery) => delivery.state === 'delivering')) {
      await deliver(store, event as EventDelivery, event.leaseOwner!, now + 21);
    }
    expectThat((await claimed(store, 'w1', now + 22)).map(([id, type]) => `${id} ${type}`).sort()).toEqual(
      ['o-1', 'o-2', 'o-3', 'o-4'].map((id) => `${id} order.climes_added`),
    );
  });

  check('order events: the events of an environment without an endpoint stay in the feed only, unclaimed and unchanged', async (store) => {
    await withEndpoint(store, staging, now);
    await store.createOrders(production, 'vote', [order()], now + 1);
    await store.createOrders(otherPartner, 'vote', [order()], now + 1);
    await store.createOrders(staging, 'vote', [order({ partner_order_id: 'o-2' })], now + 2);
    expectThat(await claimed(store, 'w1', now + 10)).toEqual([['o-2', 'order.created']]);
    expectThat(await claimed(store, 'w1', now + 11)).toEqual([]);
    for (const scope of [production, otherPartner]) {
      const [event] = await allEvents(store, scope);
      expectThat(await store.getEventDelivery(scope, event!.eventId)).toMatchObject({ state: 'queued', attempts: 0, leaseOwner: null, nextAttemptAt: now + 1 });
    }
  });

  check('order events: an endpoint set later is sent the events from then on; the older ones stay in the feed only and hold no order back', async (store) => {
    await store.createOrders(staging, 'vote', [order()], now);
    await store.changeOrder(staging, 'vote', 'o-1', { kind: 'add', climes: 1 }, now + 1);
    await store.createOrders(staging, 'vote', [order({ partner_order_id: 'o-2' })], now + 2);
    await withEndpoint(store, staging, now + 10);
    expectThat(await claimed(store, 'w1', now + 20)).toEqual([]);
    await store.changeOrder(staging, 'vote', 'o-1', { kind: 'add', climes: 1 }, now + 30);
    expectThat(await claimed(store, 'w1', now + 40)).toEqual([['o-1', 'order.climes_added']]);
    // The feed lists every event, under the ids it had.
    expectThat((await allEvents(store, staging)).map((event) => [event.partnerOrderId, event.type])).toEqual([
      ['o-1', 'order.created'],
      ['o-1', 'order.climes_added'],
      ['o-2', 'order.created'],
      ['o-1', 'order.climes_added'],
    ]);
  });

  check('order events: sends a failed, skipped or feed-only event again under its own id, due now; refuses the rest, saying why', async (store) => {
    await store.createOrders(staging, 'vote', [order({ partner_order_id: 'early' })], now);
    await store.createOrders(production, 'vote', [order({ partner_order_id: 'live' })], now);
    await withEndpoint(store, staging, now + 10);
    await store.createOrders(staging, 'vote', [order({ partner_order_id: 'o-1' })], now + 20);
    await store.createOrders(staging, 'vote', [order({ partner_order_id: 'o-2' })], now + 20);
    const [early, one, two] = await allEvents(store, staging);
    const [live] = await allEvents(store, production);
    expectThat(await store.resendEvent('p1', 'evt_unknown', now + 30)).toEqual({ resent: false, refusal: 'unknown' });
    expectThat(await store.resendEvent('p2', one!.eventId, now + 30)).toEqual({ resent: false, refusal: 'unknown' });
    expectThat(await store.resendEvent('p1', live!.eventId, now + 30)).toEqual({ resent: false, refusal: 'no-endpoint' });
    expectThat(await store.resendEvent('p1', one!.eventId, now + 30)).toEqual({ resent: false, refusal: 'on-its-way' });
    const [first, second] = await store.claimEvents('w1', now + 30, 1000, 2);
    expectThat(await store.resendEvent('p1', first!.eventId, now + 31)).toEqual({ resent: false, refusal: 'on-its-way' });
    await deliver(store, first!, 'w1', now + 31);
    expectThat(await store.startEventAttempt(second!.eventId, 'w1', now + 31)).toBe(true);
    expectThat(await store.recordEventAttempt(second!.eventId, 'w1', { delivered: false, at: now + 32, error: 'gone', nextAttemptAt: null })).toBe(true);
    expectThat(await store.resendEvent('p1', first!.eventId, now + 40)).toEqual({ resent: false, refusal: 'delivered' });
    // The failed one, and the one in the feed only, go again under their ids, due at once, with no attempt counted.
    expectThat(await store.resendEvent('p1', second!.eventId, now + 40)).toEqual({ resent: true, environment: 'staging' });
    expectThat(await store.resendEvent('p1', early!.eventId, now + 41)).toEqual({ resent: true, environment: 'staging' });
    expectThat(await store.resendEvent('p1', early!.eventId, now + 41)).toEqual({ resent: false, refusal: 'on-its-way' });
    expectThat(await store.getEventDelivery(staging, second!.eventId)).toMatchObject({ state: 'queued', attempts: 0, lastError: null, nextAttemptAt: now + 40 });
    const again = await store.claimEvents('w2', now + 41, 1000, 10);
    expectThat(again.map((event) => event.eventId)).toEqual([second!.eventId, early!.eventId]);
    expectThat(new Set([first!.eventId, second!.eventId])).toEqual(new Set([one!.eventId, two!.eventId]));
  });

  check('certificates: gives each order its certificate id when it is created, and finds the order by it', async (store) => {
    await store.createOrders(staging, 'vote', [order()], now);
    await store.createOrders(production, 'vote', [order()], now);
    expectThat(await store.certificateOf(staging, 'o-unknown')).toBeUndefined();
    const stagingId = await store.certificateOf(staging, 'o-1');
    const productionId = await store.certificateOf(production, 'o-1');
    expectThat(CERTIFICATE_ID.test(stagingId ?? ''), `${stagingId} is a certificate id`).toBe(true);
    expectThat(CERTIFICATE_ID.test(productionId ?? ''), `${productionId} is a certificate id`).toBe(true);
    expectThat(productionId === stagingId, 'two orders share a certificate id').toBe(false);
    // The same id on every read, and after the order changed.
    await store.changeOrder(staging, 'vote', 'o-1', { kind: 'add', climes: 1 }, now + 1);
    expectThat(await store.certificateOf(staging, 'o-1')).toBe(stagingId);
    expectThat(await store.orderByCertificate(stagingId!)).toMatchObject({ ...staging, partnerOrderId: 'o-1' });
    expectThat(await store.orderByCertificate(productionId!)).toMatchObject({ ...production, partnerOrderId: 'o-1' });
    expectThat(await store.orderByCertificate('a'.repeat(32))).toBeUndefined();
  });
}
