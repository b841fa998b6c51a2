import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startReceiver, type Answer } from '../bulk/receiver.js';
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
      const set = truecost(['partners', 'set-events-endpoint', '--partner', 'acme', '--url', receiver.url, '--allow-private-endpoints', '--db', db]);
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
});
