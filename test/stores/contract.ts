// The behaviour every Store must show, whatever keeps its data: the checks of truecost/testing,
// one test each, and the dashboard's queries. Each store's test file calls `storeContract` with a
// function that opens an empty store.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderState, type Store } from '../../src/index.js';
import { runStoreCheck, storeChecks } from '../../src/testing/index.js';
import { day, now, order, otherPartner, production, staging } from './fixtures.js';

export function storeContract(name: string, open: () => Promise<Store>): void {
  describe(`${name} keeps the store contract`, () => {
    it.each(storeChecks.map((check) => [check.name, check] as const))('%s', async (_name, check) => {
      await runStoreCheck(check, open);
    });
  });

  describe(`${name} keeps the dashboard's part of the store contract`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    describe('the dashboard: keys', () => {
      it('lists a partner\'s keys newest first, with prefix and last use, and nobody else\'s', async () => {
        await store.addApiKey({ keyHash: 'h-old', partnerId: 'p1', environment: 'staging', createdAt: now });
        await store.addApiKey({ keyHash: 'h-new', partnerId: 'p1', environment: 'production', createdAt: now + 1, prefix: 'truecost_prod_abcdef' });
        await store.addApiKey({ keyHash: 'h-other', partnerId: 'p2', environment: 'staging', createdAt: now });
        await store.touchApiKey('h-old', now + 60_000);
        await store.revokeApiKey('h-new', now + 5);
        expect(await store.listApiKeys('p1')).toEqual([
          { keyHash: 'h-new', partnerId: 'p1', environment: 'production', createdAt: now + 1, revokedAt: now + 5, prefix: 'truecost_prod_abcdef', lastUsedAt: null },
          { keyHash: 'h-old', partnerId: 'p1', environment: 'staging', createdAt: now, revokedAt: null, prefix: null, lastUsedAt: now + 60_000 },
        ]);
        expect(await store.listApiKeys('p3')).toEqual([]);
        // Touching an unknown key is harmless.
        await store.touchApiKey('h-unknown', now);
        expect(await store.findApiKey('h-unknown')).toBeUndefined();
      });
    });

    describe('the dashboard: order history and listings', () => {
      it('records every create, addition, removal and cancellation, oldest first, and no refused change', async () => {
        await store.createOrders(staging, 'vote', [order({ climes: 1 })], now);
        await store.changeOrder(staging, 'vote', 'o-1', { kind: 'add', climes: 0.5 }, now + 1);
        await store.changeOrder(staging, 'vote', 'o-1', { kind: 'remove', climes: 5 }, now + 2);
        await store.changeOrder(staging, 'vote', 'o-1', { kind: 'remove', climes: 0.25 }, now + 3);
        await store.changeOrder(staging, 'vote', 'o-1', { kind: 'cancel' }, now + 4);
        await store.createOrders(staging, 'vote', [order({ climes: 1 })], now + 5);
        expect(await store.orderHistory(staging, 'o-1')).toEqual([
          { kind: 'create', deltaMicroClimes: 1e6, microClimesAfter: 1e6, at: now },
          { kind: 'add', deltaMicroClimes: 5e5, microClimesAfter: 1.5e6, at: now + 1 },
          { kind: 'remove', deltaMicroClimes: -25e4, microClimesAfter: 1.25e6, at: now + 3 },
          { kind: 'cancel', deltaMicroClimes: -1.25e6, microClimesAfter: 0, at: now + 4 },
        ]);
        expect(await store.orderHistory(production, 'o-1')).toEqual([]);
        expect(await store.orderHistory(otherPartner, 'o-1')).toEqual([]);
      });

      it('lists one partner\'s orders in one environment, newest first, by page, variant, state and search', async () => {
        const ids = ['a', 'b', 'c', 'd', 'e'];
        for (const [index, id] of ids.entries()) {
          const variant = index % 2 === 0 ? 'vote' : 'calculated';
          await store.createOrders(staging, variant, [order({ partner_order_id: id, cart_id: `cart-${id}`, unlock_date: now + (index + 1) * day })], now + index);
        }
        await store.createOrders(production, 'vote', [order({ partner_order_id: 'prod' })], now);
        await store.createOrders(otherPartner, 'vote', [order({ partner_order_id: 'other' })], now);
        await store.changeOrder(staging, 'vote', 'a', { kind: 'cancel' }, now + 10);
        const base = { environment: 'staging' as const, now: now + 2.5 * day, limit: 2 };
        const ids_ = (page: { items: { partnerOrderId: string }[] }): string[] => page.items.map((record) => record.partnerOrderId);
        const first = await store.listOrders('p1', base);
        expect([ids_(first), first.hasMore]).toEqual([['e', 'd'], true]);
        const last = await store.listOrders('p1', { ...base, after: { at: now + 1, id: 'b' } });
        expect([ids_(last), last.hasMore]).toEqual([['a'], false]);
        const back = await store.listOrders('p1', { ...base, before: { at: now + 1, id: 'b' } });
        expect([ids_(back), back.hasMore]).toEqual([['d', 'c'], true]);
        expect(ids_(await store.listOrders('p1', { ...base, limit: 10, variant: 'calculated' }))).toEqual(['d', 'b']);
        expect(ids_(await store.listOrders('p1', { ...base, limit: 10, state: 'cancelled' }))).toEqual(['a']);
        expect(ids_(await store.listOrders('p1', { ...base, limit: 10, state: 'unlocked' }))).toEqual(['b']);
        expect(ids_(await store.listOrders('p1', { ...base, limit: 10, state: 'locked' }))).toEqual(['e', 'd', 'c']);
        expect(ids_(await store.listOrders('p1', { ...base, limit: 10, search: 'c' }))).toEqual(['c']);
        // A vote order is found by its cart too.
        expect(ids_(await store.listOrders('p1', { ...base, limit: 10, search: 'cart-e' }))).toEqual(['e']);
        expect(ids_(await store.listOrders('p1', { ...base, limit: 10, environment: 'production' }))).toEqual(['prod']);
        expect(ids_(await store.listOrders('p2', { ...base, limit: 10 }))).toEqual(['other']);
        expect(ids_(await store.listOrders('p1', { ...base, limit: 10, search: 'other' }))).toEqual([]);
      });

      it('lists every unlocked order, announced or still due, newest first, page by page both ways', async () => {
        // [id, made at (ms after now), unlock (days after now)]: announced up to day 2, listed at day 5.
        const made: [string, number, number][] = [['o1', 0, 1], ['o2', 1, 3], ['o3', 2, 1], ['o4', 3, 9], ['o5', 4, 2], ['o6', 5, 4], ['o7', 6, 8], ['o8', 7, 1.5]];
        for (const [id, at, unlock] of made) {
          await store.createOrders(staging, at % 2 === 0 ? 'vote' : 'calculated', [order({ partner_order_id: id, cart_id: `cart-${id}`, unlock_date: now + unlock * day })], now + at);
        }
        // Two in the same millisecond: oA announced, o9 due; ids break the tie.
        await store.createOrders(staging, 'vote', [order({ partner_order_id: 'o9', cart_id: 'cart-o9', unlock_date: now + 4.5 * day }), order({ partner_order_id: 'oA', cart_id: 'cart-oA', unlock_date: now + day })], now + 8);
        await store.createOrders(production, 'vote', [order({ partner_order_id: 'prod', unlock_date: now + day })], now);
        await store.createOrders(otherPartner, 'vote', [order({ partner_order_id: 'other', unlock_date: now + 3 * day })], now);
        await store.changeOrder(staging, 'vote', 'o3', { kind: 'cancel' }, now + 10);
        expect(await store.announceUnlocks(now + 2 * day, 100)).toBe(5);
        const base = { environment: 'staging' as const, now: now + 5 * day, state: 'unlocked' as const, limit: 2 };
        const page = async (bounds: Partial<Parameters<Store['listOrders']>[1]>) => {
          const { items, hasMore } = await store.listOrders('p1', { ...base, ...bounds });
          return [items.map((record) => record.partnerOrderId), hasMore];
        };
        expect(await page({ limit: 10 })).toEqual([['oA', 'o9', 'o8', 'o6', 'o5', 'o2', 'o1'], false]);
        expect(await page({})).toEqual([['oA', 'o9'], true]);
        expect(await page({ after: { at: now + 8, id: 'oA' } })).toEqual([['o9', 'o8'], true]);
        expect(await page({ after: { at: now + 7, id: 'o8' } })).toEqual([['o6', 'o5'], true]);
        expect(await page({ after: { at: now + 4, id: 'o5' } })).toEqual([['o2', 'o1'], false]);
        expect(await page({ before: { at: now + 1, id: 'o2' } })).toEqual([['o6', 'o5'], true]);
        expect(await page({ before: { at: now + 5, id: 'o6' } })).toEqual([['o9', 'o8'], true]);
        expect(await page({ before: { at: now + 8, id: 'o9' } })).toEqual([['oA'], false]);
        expect(await page({ before: { at: now + 1, id: 'o2' }, limit: 10 })).toEqual([['oA', 'o9', 'o8', 'o6', 'o5'], false]);
        // Only announced orders, or only due ones, on a page of their own.
        expect(await page({ now: now + 2 * day, limit: 10 })).toEqual([['oA', 'o8', 'o5', 'o1'], false]);
        expect(await page({ after: { at: now + 1, id: 'o2' }, now: now + 2 * day })).toEqual([['o1'], false]);
        // With a variant or a search, from the same orders.
        expect(await page({ variant: 'calculated', limit: 10 })).toEqual([['o8', 'o6', 'o2'], false]);
        expect(await page({ variant: 'vote', after: { at: now + 8, id: 'oA' } })).toEqual([['o9', 'o5'], true]);
        expect(await page({ search: 'cart-o9' })).toEqual([['o9'], false]);
        expect(await page({ search: 'o4' })).toEqual([[], false]);
        expect(await page({ environment: 'production', limit: 10 })).toEqual([['prod'], false]);
        // The partner's order whose unlock is due and not announced stays with its partner.
        expect((await store.listOrders('p2', { ...base, limit: 10 })).items.map((record) => record.partnerOrderId)).toEqual(['other']);
      });

      it('lists one partner\'s opt-ins in one environment, newest first, by page and cart', async () => {
        for (const [index, cart] of ['x', 'y', 'z'].entries()) {
          await store.saveOptIn(staging, { cart_id: cart, opted_in: index !== 1, climes: 1 }, now + index);
        }
        await store.saveOptIn(production, { cart_id: 'x', opted_in: true, climes: 1 }, now);
        await store.saveOptIn(otherPartner, { cart_id: 'w', opted_in: true, climes: 1 }, now);
        const first = await store.listOptIns('p1', { environment: 'staging', limit: 2 });
        expect([first.items.map((record) => record.cartId), first.hasMore]).toEqual([['z', 'y'], true]);
        expect((await store.listOptIns('p1', { environment: 'staging', limit: 2, after: { at: now + 1, id: 'y' } })).items).toEqual([
          { ...staging, cartId: 'x', optedIn: true, microClimes: 1e6, updatedAt: now },
        ]);
        expect((await store.listOptIns('p1', { environment: 'staging', limit: 5, search: 'y' })).items).toHaveLength(1);
        expect((await store.listOptIns('p1', { environment: 'production', limit: 5 })).items).toHaveLength(1);
      });

      it('lists one partner\'s jobs in one environment, newest first, by state', async () => {
        await store.enqueueJob({ ...staging, jobId: 'j-1', request: { flights: [] }, createdAt: now });
        await store.enqueueJob({ ...staging, jobId: 'j-2', request: { flights: [] }, createdAt: now + 1 });
        await store.enqueueJob({ ...production, jobId: 'j-3', request: { flights: [] }, createdAt: now });
        await store.enqueueJob({ ...otherPartner, jobId: 'j-4', request: { flights: [] }, createdAt: now });
        await store.claimJob('w', now + 2, 1000);
        await store.startAttempt('j-1', 'w', now + 2);
        await store.recordAttempt('j-1', 'w', { delivered: false, at: now + 3, error: 'The endpoint answered 500.', nextAttemptAt: null });
        const all = await store.listPartnerJobs(staging, { limit: 1 });
        expect([all.items.map((job) => job.jobId), all.hasMore]).toEqual([['j-2'], true]);
        const failed = await store.listPartnerJobs(staging, { state: 'failed', limit: 10 });
        expect(failed.items).toMatchObject([{ jobId: 'j-1', attempts: 1, lastError: 'The endpoint answered 500.' }]);
        expect((await store.listPartnerJobs(production, { limit: 10 })).items.map((job) => job.jobId)).toEqual(['j-3']);
      });
    });

    describe('the dashboard: sign-in', () => {
      const invite = { tokenHash: 'inv-1', partnerId: 'p1', createdAt: now, expiresAt: now + day };

      it('redeems an invitation once, before it expires, setting the partner\'s password', async () => {
        await store.createInvite(invite);
        expect(await store.findInvite('inv-1')).toEqual({ ...invite, usedAt: null });
        expect(await store.getPasswordHash('p1')).toBeUndefined();
        expect(await store.redeemInvite('inv-1', 'scrypt$hash-1', now + 1)).toBe('p1');
        expect(await store.getPasswordHash('p1')).toBe('scrypt$hash-1');
        expect(await store.redeemInvite('inv-1', 'scrypt$hash-2', now + 2)).toBeUndefined();
        expect(await store.getPasswordHash('p1')).toBe('scrypt$hash-1');
        expect(await store.findInvite('inv-1')).toEqual({ ...invite, usedAt: now + 1 });
        await store.createInvite({ ...invite, tokenHash: 'inv-2' });
        expect(await store.redeemInvite('inv-2', 'scrypt$hash-3', now + day)).toBeUndefined();
        expect(await store.redeemInvite('inv-unknown', 'scrypt$hash-3', now)).toBeUndefined();
        // A new invitation replaces the password (a partner who forgot it is invited again).
        await store.createInvite({ ...invite, tokenHash: 'inv-3', partnerId: 'p1' });
        expect(await store.redeemInvite('inv-3', 'scrypt$hash-4', now + 5)).toBe('p1');
        expect(await store.getPasswordHash('p1')).toBe('scrypt$hash-4');
      });

      it('keeps sessions by hash and revokes them once', async () => {
        await store.createInvite(invite);
        const session = { tokenHash: 's-1', partnerId: 'p1', createdAt: now, expiresAt: now + day };
        await store.createSession(session);
        expect(await store.findSession('s-1')).toEqual({ ...session, revokedAt: null });
        await store.revokeSession('s-1', now + 5);
        await store.revokeSession('s-1', now + 9);
        expect(await store.findSession('s-1')).toEqual({ ...session, revokedAt: now + 5 });
        expect(await store.findSession('s-unknown')).toBeUndefined();
      });
    });

    it('reads the order an unlock date puts in the past as unlocked', async () => {
      await store.createOrders(staging, 'calculated', [order({ unlock_date: now + day })], now);
      const record = await store.getOrder(staging, 'o-1');
      expect(record && orderState(record, now + day)).toBe('unlocked');
    });
  });
}
