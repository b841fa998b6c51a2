import { describe, expect, it } from 'vitest';
import { validate } from '../../src/validation/validate.js';
import { listEventsResponseSchema, MAX_EVENTS_LIMIT } from '../../src/schemas/events.js';
import { addKey, order, setup } from './support.js';

// GET /v3/integrations/events: the key's partner's and environment's order events, oldest first,
// paged by cursor, with the bodies the webhooks carry.
describe('the events feed', () => {
  it('pages through the events of E1, E3, E4 and a cancellation by cursor, oldest first, in the schema', async () => {
    const { call } = await setup();
    await call('POST', '/v3/integrations/vote/order', { order: order('o1', { customer_phone: '+1 555 0100' }) });
    expect((await call('PATCH', '/v3/integrations/vote/order/add', { partner_order_id: 'o1', climes: 2 })).status).toBe(200);
    expect((await call('PATCH', '/v3/integrations/vote/order/cancel', { partner_order_id: 'o1', climes: 1 })).status).toBe(200);
    await call('POST', '/v3/integrations/calculated/order', { order: order('o2') });
    expect((await call('DELETE', '/v3/integrations/calculated/order/o2/cancel')).status).toBe(200);
    const seen: unknown[] = [];
    let after: string | undefined;
    for (let page = 0; page < 3; page += 1) {
      const answer = await call('GET', `/v3/integrations/events?limit=2${after === undefined ? '' : `&after=${after}`}`);
      expect(answer.status).toBe(200);
      expect(validate(listEventsResponseSchema, answer.json).ok).toBe(true);
      seen.push(...answer.json.events);
      expect(answer.json.has_more).toBe(page < 2);
      after = answer.json.events.at(-1)?.id;
    }
    expect(seen.map((event: any) => [event.type, event.data.order.partner_order_id, event.data.order.climes])).toEqual([
      ['order.created', 'o1', 10],
      ['order.climes_added', 'o1', 12],
      ['order.climes_removed', 'o1', 11],
      ['order.created', 'o2', 10],
      ['order.cancelled', 'o2', 0],
    ]);
    expect(JSON.stringify(seen)).not.toMatch(/ada@example|Ada Lovelace|555 0100|customer_/);
    const all = await call('GET', '/v3/integrations/events');
    expect(all.json).toEqual({ events: seen, has_more: false });
  });

  it("shows no other partner's events, nor the other environment's, and takes no other scope's id as a cursor", async () => {
    const { call, store, production } = await setup();
    const other = await addKey(store, 'globex', 'staging');
    await call('POST', '/v3/integrations/vote/order', { order: order('mine') });
    await call('POST', '/v3/integrations/vote/order', { order: order('theirs') }, { 'x-api-key': other });
    await call('POST', '/v3/integrations/vote/order', { order: order('prod') }, { 'x-api-key': production });
    const mine = await call('GET', '/v3/integrations/events');
    expect(mine.json.events.map((event: any) => event.data.order.partner_order_id)).toEqual(['mine']);
    const theirs = await call('GET', '/v3/integrations/events', undefined, { 'x-api-key': other });
    expect(theirs.json.events.map((event: any) => event.data.order.partner_order_id)).toEqual(['theirs']);
    const crossed = await call('GET', `/v3/integrations/events?after=${theirs.json.events[0].id}`);
    expect(crossed.status).toBe(400);
    expect(crossed.json.error.path).toBe('after');
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=ten', 'limit'],
    [`limit=${MAX_EVENTS_LIMIT + 1}`, 'limit'],
    ['limit=1&limit=2', 'limit'],
    ['after=', 'after'],
    ['after=evt_00000000000000000000000000000000', 'after'],
    ['after=a&after=b', 'after'],
    // Not a contract endpoint: a parameter it does not read is refused, not ignored.
    ['limt=5', 'limt'],
    ['limit=5&strict=true', 'strict'],
  ])('answers 400 naming the parameter for ?%s', async (query, path) => {
    const { call } = await setup();
    const answer = await call('GET', `/v3/integrations/events?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.json.error.path).toBe(path);
  });

  it('needs a key', async () => {
    const { call } = await setup();
    expect((await call('GET', '/v3/integrations/events', undefined, { 'x-api-key': '' })).status).toBe(401);
  });
});
