import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { startReceiver, type Answer, type ReceivedDelivery } from '../bulk/receiver.js';
import { startService, truecost } from './serve-process.js';

// A merchant's receiver behind `truecost serve` on SQLite: the order events of E1, E3, E4, the
// unlock and a full cancellation arrive in order, verified by the standardwebhooks package with
// the secret `truecost partners set-events-endpoint` printed; then an order acknowledged just
// before the server is killed (SIGKILL) still gets its event from the server started after it.
const work = mkdtempSync(join(tmpdir(), 'truecost-order-events-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Received {
  readonly id: string;
  readonly type: string;
  readonly environment: string;
  readonly data: { readonly order: Record<string, unknown> };
}

describe('order events from truecost serve', () => {
  it('reach the receiver in order, signed, without customer data, and survive a SIGKILL right after the acknowledgement', async () => {
    const db = `sqlite:${join(work, 'truecost.db')}`;
    const key = truecost(['keys', 'create', '--partner', 'acme', '--env', 'staging', '--db', db]).stdout.trim();
    let secret = '';
    let answer: Answer = 200;
    const receiver = await startReceiver(() => secret, () => answer);
    let server = await startService(['--db', db, '--allow-private-endpoints']);
    try {
      const set = truecost(['partners', 'set-events-endpoint', '--partner', 'acme', '--url', receiver.url, '--env', 'staging', '--allow-private-endpoints', '--db', db]);
      expect(set.status).toBe(0);
      expect(set.stderr).toBe('');
      secret = set.stdout.trim();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);

      const send = async (method: string, path: string, body?: unknown): Promise<number> => {
        const init: RequestInit = { method, headers: { 'x-api-key': key, 'content-type': 'application/json' } };
        if (body !== undefined) init.body = JSON.stringify(body);
        const response = await fetch(`${server.base}${path}`, init);
        await response.arrayBuffer();
        return response.status;
      };
      const order = (id: string, extra: Record<string, unknown> = {}) => ({
        order: { partner_order_id: id, climes: 10, customer_email: 'ada@example.com', customer_name: 'Ada Lovelace', project_id: 'forest-1', ...extra },
      });
      const received = (): Received[] => receiver.deliveries.filter((delivery) => delivery.verified).map((delivery) => JSON.parse(delivery.body) as Received);

      const unlockDate = Date.now() + 4_000;
      expect(await send('POST', '/v3/integrations/vote/order', order('o1', { unlock_date: unlockDate }))).toBe(201);
      expect(await send('PATCH', '/v3/integrations/vote/order/add', { partner_order_id: 'o1', climes: 2.5 })).toBe(200);
      expect(await send('PATCH', '/v3/integrations/vote/order/cancel', { partner_order_id: 'o1', climes: 4 })).toBe(200);
      await receiver.waitFor(3);
      await receiver.waitFor(4);
      expect(Date.now()).toBeGreaterThanOrEqual(unlockDate);
      expect(Date.now() - unlockDate).toBeLessThan(10_000);
      expect(await send('POST', '/v3/integrations/calculated/order', order('o2'))).toBe(201);
      expect(await send('DELETE', '/v3/integrations/calculated/order/o2/cancel')).toBe(200);
      await receiver.waitFor(6);
      expect(receiver.deliveries.every((delivery) => delivery.verified)).toBe(true);
      expect(received().map((event) => [event.type, event.data.order['partner_order_id'], event.data.order['climes'], event.data.order['state']])).toEqual([
        ['order.created', 'o1', 10, 'locked'],
        ['order.climes_added', 'o1', 12.5, 'locked'],
        ['order.climes_removed', 'o1', 8.5, 'locked'],
        ['order.unlocked', 'o1', 8.5, 'unlocked'],
        ['order.created', 'o2', 10, 'locked'],
        ['order.cancelled', 'o2', 0, 'cancelled'],
      ]);
      for (const delivery of receiver.deliveries) expect(delivery.body).not.toMatch(/ada@example|Ada Lovelace|customer_/);

      // The receiver now refuses, so the dying server cannot deliver; the order is acknowledged,
      // then the server is killed at once.
      answer = 503;
      expect(await send('POST', '/v3/integrations/vote/order', order('o3'))).toBe(201);
      expect(await server.stop('SIGKILL')).toBeNull();
      const beforeRestart = receiver.deliveries.length;
      answer = 200;
      server = await startService(['--db', db, '--allow-private-endpoints', '--public-url', 'https://truecost.example.com/']);
      // Within the first retry's delay, or a lapsed lease if the kill cut a delivery short.
      await expect
        .poll(() => receiver.deliveries.slice(beforeRestart).filter((delivery) => delivery.verified && JSON.parse(delivery.body).data.order.partner_order_id === 'o3').length, {
          timeout: 100_000,
          interval: 200,
        })
        .toBeGreaterThan(0);
      const o3 = receiver.deliveries.filter((delivery) => JSON.parse(delivery.body).data.order.partner_order_id === 'o3');
      // Every attempt, before and after the kill, carried the one webhook-id of the event.
      expect(new Set(o3.map((delivery) => delivery.webhookId)).size).toBe(1);
      expect(JSON.parse(o3.at(-1)!.body).type).toBe('order.created');

      // The feed lists the same events under the ids the webhooks carried.
      const feed = await fetch(`${server.base}/v3/integrations/events?limit=1000`, { headers: { 'x-api-key': key } });
      const { events } = (await feed.json()) as { events: Received[] };
      expect(events.map((event) => event.id)).toEqual([...received().map((event) => event.id).slice(0, 6), o3[0]!.webhookId]);

      // The order's certificate is under --public-url, and opens without a key on this server.
      const read = await fetch(`${server.base}/v3/integrations/vote/order/o1`, { headers: { 'x-api-key': key } });
      const certificateUrl = ((await read.json()) as { order: { certificate_url: string } }).order.certificate_url;
      expect(certificateUrl).toMatch(/^https:\/\/truecost\.example\.com\/certificates\/[0-9a-f]{32}$/);
      const certificate = await fetch(`${server.base}${new URL(certificateUrl).pathname}`, { headers: { accept: 'application/json' } });
      expect(certificate.status).toBe(200);
      const text = await certificate.text();
      expect(JSON.parse(text).certificate).toMatchObject({ climes: 8.5, state: 'unlocked', project_id: 'forest-1' });
      expect(text).not.toMatch(/ada@example|Ada Lovelace/);
    } finally {
      await server.stop();
      await receiver.close();
    }
  }, 180_000);

  it('reach each environment its own endpoint under its own secret, verify under either secret after a rotation, and a resent event comes under its first id', async () => {
    const db = `sqlite:${join(work, 'environments.db')}`;
    const keys = {
      staging: truecost(['keys', 'create', '--partner', 'acme', '--env', 'staging', '--db', db]).stdout.trim(),
      production: truecost(['keys', 'create', '--partner', 'acme', '--env', 'production', '--db', db]).stdout.trim(),
    };
    const secrets = { staging: '', production: '' };
    const receivers = { staging: await startReceiver(() => secrets.staging), production: await startReceiver(() => secrets.production) };
    const server = await startService(['--db', db, '--allow-private-endpoints']);
    const setEndpoint = (environment: string, ...flags: string[]) =>
      truecost(['partners', 'set-events-endpoint', '--partner', 'acme', '--url', receivers[environment as 'staging'].url, '--env', environment, '--allow-private-endpoints', ...flags, '--db', db]);
    const create = async (environment: 'staging' | 'production', id: string): Promise<void> => {
      const response = await fetch(`${server.base}/v3/integrations/vote/order`, {
        method: 'POST',
        headers: { 'x-api-key': keys[environment], 'content-type': 'application/json' },
        body: JSON.stringify({ order: { partner_order_id: id, climes: 1, customer_email: 'ada@example.com', customer_name: 'Ada', project_id: 'forest-1' } }),
      });
      expect([response.status, response.status === 201 ? '' : await response.text()]).toEqual([201, '']);
    };
    const verifies = (secret: string, delivery: ReceivedDelivery): boolean => {
      try {
        new Webhook(secret).verify(delivery.body, { 'webhook-id': delivery.webhookId, 'webhook-timestamp': delivery.timestamp, 'webhook-signature': delivery.signature });
        return true;
      } catch {
        return false;
      }
    };
    const bodies = (environment: 'staging' | 'production') => receivers[environment].deliveries.map((delivery) => JSON.parse(delivery.body) as Received);
    try {
      // Before any endpoint: this staging event stays in the feed only.
      await create('staging', 'early');
      // The production receiver listens on http: refused (a usage error), unless allowed.
      const refused = setEndpoint('production');
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain('production events go to https URLs only');
      secrets.production = setEndpoint('production', '--allow-insecure-endpoint').stdout.trim();
      secrets.staging = setEndpoint('staging').stdout.trim();
      expect(secrets.production).not.toBe(secrets.staging);

      await create('staging', 's1');
      await create('production', 'p1');
      await receivers.staging.waitFor(1);
      await receivers.production.waitFor(1);
      expect(bodies('staging').map((body) => [body.environment, body.data.order['partner_order_id']])).toEqual([['staging', 's1']]);
      expect(bodies('production').map((body) => [body.environment, body.data.order['partner_order_id']])).toEqual([['production', 'p1']]);
      expect(receivers.staging.deliveries.every((delivery) => delivery.verified && !verifies(secrets.production, delivery))).toBe(true);
      expect(receivers.production.deliveries.every((delivery) => delivery.verified && !verifies(secrets.staging, delivery))).toBe(true);

      // A new production secret: a receiver holding the old one, and one holding the new one, both verify.
      const oldSecret = secrets.production;
      const newSecret = setEndpoint('production', '--allow-insecure-endpoint').stdout.trim();
      await create('production', 'p2');
      await receivers.production.waitFor(2);
      const afterRotation = receivers.production.deliveries[1]!;
      expect(afterRotation.verified).toBe(true);
      expect([verifies(oldSecret, afterRotation), verifies(newSecret, afterRotation)]).toEqual([true, true]);

      // The staging event from before the endpoint goes when resent, under the id the feed gives it.
      const feed = await fetch(`${server.base}/v3/integrations/events`, { headers: { 'x-api-key': keys.staging } });
      const { events } = (await feed.json()) as { events: Received[] };
      expect(events.map((event) => [event.environment, event.data.order['partner_order_id']])).toEqual([['staging', 'early'], ['staging', 's1']]);
      const unknown = truecost(['events', 'resend', '--partner', 'acme', '--event', 'evt_unknown', '--db', db]);
      expect([unknown.status, unknown.stderr]).toEqual([1, 'No event evt_unknown of partner acme.\n']);
      const resent = truecost(['events', 'resend', '--partner', 'acme', '--event', events[0]!.id, '--db', db]);
      expect(resent.status).toBe(0);
      await receivers.staging.waitFor(2);
      const late = receivers.staging.deliveries[1]!;
      expect(late.webhookId).toBe(events[0]!.id);
      expect(late.verified).toBe(true);
      expect(JSON.parse(late.body)).toEqual(events[0]);
    } finally {
      await server.stop();
      await Promise.all([receivers.staging.close(), receivers.production.close()]);
    }
  }, 120_000);
});
