// truecost/client's order events against a real `truecost serve`: the feed by cursor, and the
// check of a delivery signed as Standard Webhooks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { generateSigningSecret } from '../../src/bulk/signing.js';
import { createTruecostClient, TruecostApiError, verifyOrderEvent } from '../../src/client/index.js';
import { startService, type Service } from '../e2e/serve-process.js';

let server: Service;
let apiKey: string;

beforeAll(async () => {
  server = await startService(['--db', 'memory:', '--no-request-log']);
  apiKey = /staging key \(partner [^)]+\): (\S+)/.exec(server.lines.join('\n'))![1]!;
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('client.events', () => {
  it('lists the order events page by page, oldest first, and refuses a bad limit with a typed error', async () => {
    const truecost = createTruecostClient({ baseUrl: server.base, apiKey });
    await truecost.createOrder('vote', { order: { partner_order_id: 'e-1', climes: 3, customer_email: 'ada@example.com', customer_name: 'Ada' } });
    await truecost.addClimes('vote', { partner_order_id: 'e-1', climes: 1 });
    await truecost.cancelOrder('vote', 'e-1');
    const types: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await truecost.events.list(after === undefined ? { limit: 1 } : { after, limit: 1 });
      types.push(...page.events.map((event) => event.type));
      after = page.events.at(-1)?.id;
      if (!page.has_more) break;
    }
    expect(types).toEqual(['order.created', 'order.climes_added', 'order.cancelled']);
    expect((await truecost.events.list()).events).toHaveLength(3);
    await expect(truecost.events.list({ limit: 0 })).rejects.toBeInstanceOf(TruecostApiError);
    await expect(truecost.events.list({ limit: 0 })).rejects.toMatchObject({ status: 400 });
  });
});

describe('verifyOrderEvent', () => {
  it('returns the event of an authentic delivery, and undefined for a forged, stale or foreign one', async () => {
    const secret = generateSigningSecret();
    const truecost = createTruecostClient({ baseUrl: server.base, apiKey });
    const [event] = (await truecost.events.list({ limit: 1 })).events;
    const body = JSON.stringify(event);
    const now = new Date();
    const signature = new Webhook(secret).sign(event!.id, now, body);
    const headers = { 'webhook-id': event!.id, 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)), 'webhook-signature': signature };
    expect(await verifyOrderEvent(secret, headers, body)).toEqual(event);
    expect(await verifyOrderEvent(generateSigningSecret(), headers, body)).toBeUndefined();
    expect(await verifyOrderEvent(secret, headers, body.replace('"climes":3', '"climes":30'))).toBeUndefined();
    const stale = { ...headers, 'webhook-timestamp': String(Math.floor(now.getTime() / 1000) - 3600) };
    expect(await verifyOrderEvent(secret, stale, body)).toBeUndefined();
    // A bulk result body, signed alike, is no order event.
    const bulk = JSON.stringify({ 'f-1': '0.1' });
    const bulkHeaders = { ...headers, 'webhook-signature': new Webhook(secret).sign(event!.id, now, bulk) };
    expect(await verifyOrderEvent(secret, bulkHeaders, bulk)).toBeUndefined();
  });

  it("names the event's environment, refuses a body without one, and verifies under either of a rotation's two secrets", async () => {
    const truecost = createTruecostClient({ baseUrl: server.base, apiKey });
    const [event] = (await truecost.events.list({ limit: 1 })).events;
    expect(event!.environment).toBe('staging');
    const [oldSecret, newSecret] = [generateSigningSecret(), generateSigningSecret()];
    const now = new Date();
    const signed = (body: string, ...secrets: string[]) => ({
      'webhook-id': event!.id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(event!.id, now, body)).join(' '),
    });
    const body = JSON.stringify(event);
    for (const secret of [oldSecret, newSecret]) expect(await verifyOrderEvent(secret, signed(body, newSecret, oldSecret), body)).toEqual(event);
    const { environment: _environment, ...withoutEnvironment } = event!;
    const bare = JSON.stringify(withoutEnvironment);
    expect(await verifyOrderEvent(newSecret, signed(bare, newSecret), bare)).toBeUndefined();
  });
});
