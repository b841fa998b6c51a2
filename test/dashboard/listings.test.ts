// The orders listing by cursor and the export of every order, against the dashboard's fetch
// handler with a memory store, and the export streamed through the Node adapter.
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXPORT_BATCH, exportFileName } from '../../src/dashboard/export.js';
import { createDashboardHandler } from '../../src/dashboard/handler.js';
import { dashboardListener } from '../../src/dashboard/node.js';
import { decodeCursor, encodeCursor, PAGE_SIZE } from '../../src/dashboard/paging.js';
import { newToken, tokenHash } from '../../src/dashboard/tokens.js';
import type { Store } from '../../src/orders/store.js';
import { createMemoryStore } from '../../src/stores/memory.js';

const START = 1_800_000_000_000;
const DAY = 24 * 60 * 60 * 1000;
let store: Store;
let reads: number;
let cookie: string;

/** `count` orders of partner p1, one a minute, the newest last, every fourth calculated, every tenth cancelled. */
async function fill(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let n = 0; n < count; n += 1) {
    const id = `o-${String(n).padStart(5, '0')}`;
    const variant = n % 4 === 0 ? 'calculated' : 'vote';
    await store.createOrders({ partnerId: 'p1', environment: 'staging' }, variant, [{ partner_order_id: id, climes: 1, customer_name: 'Ada, "A"', customer_email: 'ada@example.com' }], START + n * 60_000);
    if (n % 10 === 0) await store.changeOrder({ partnerId: 'p1', environment: 'staging' }, variant, id, { kind: 'cancel' }, START + n * 60_000 + 1);
    ids.push(id);
  }
  return ids.reverse();
}

beforeEach(async () => {
  const memory = createMemoryStore();
  reads = 0;
  // Counts the listing reads, to see how far ahead of its reader the export runs.
  store = { ...memory, listOrders: (...args) => ((reads += 1), memory.listOrders(...args)) };
  const token = newToken();
  await store.createSession({ tokenHash: tokenHash(token), partnerId: 'p1', createdAt: START, expiresAt: START + 100 * DAY });
  cookie = `truecost_session=${token}`;
});

const handler = () => createDashboardHandler({ store, now: () => START + 40 * DAY });
const request = (path: string) => handler()(new Request(`http://dashboard.test${path}`, { headers: { cookie } }));
const idsOn = (html: string): string[] => [...html.matchAll(/<a href="\/dashboard\/orders\/staging\/([^"]+)">/g)].map((match) => match[1]!);
const link = (html: string, rel: 'next' | 'prev'): string | undefined => new RegExp(`<a href="([^"]+)" rel="${rel}">`).exec(html)?.[1]?.replaceAll('&amp;', '&');

describe('the orders listing by cursor', () => {
  it('pages forward through every order by the next links and back by the previous links, each once, newest first', async () => {
    const ids = await fill(3 * PAGE_SIZE + 7);
    const forward: string[][] = [];
    let html = await (await request('/dashboard/orders')).text();
    expect(link(html, 'prev')).toBeUndefined();
    forward.push(idsOn(html));
    for (let next = link(html, 'next'); next !== undefined; next = link(html, 'next')) {
      html = await (await request(next)).text();
      forward.push(idsOn(html));
    }
    expect(forward.map((page) => page.length)).toEqual([PAGE_SIZE, PAGE_SIZE, PAGE_SIZE, 7]);
    expect(forward.flat()).toEqual(ids);
    const backward: string[][] = [];
    for (let previous = link(html, 'prev'); previous !== undefined; previous = link(html, 'prev')) {
      html = await (await request(previous)).text();
      backward.unshift(idsOn(html));
    }
    expect(backward).toEqual(forward.slice(0, -1));
  });

  it('keeps the filters in the links: the cancelled orders, by page', async () => {
    const ids = await fill(PAGE_SIZE * 3);
    const cancelled = ids.filter((id) => Number(id.slice(2)) % 10 === 0);
    const first = await (await request('/dashboard/orders?state=cancelled')).text();
    expect(idsOn(first)).toEqual(cancelled.slice(0, PAGE_SIZE));
    expect(link(first, 'next')).toBeUndefined();
  });

  it('answers a cursor it did not write with a 400 page', async () => {
    for (const cursor of ['x', encodeCursor({ at: 1, id: 'a' }).slice(0, -1), Buffer.from('[1,"a",3]').toString('base64url'), Buffer.from('[-1,"a"]').toString('base64url'), Buffer.from(' [1,"a"]').toString('base64url')]) {
      const answer = await request(`/dashboard/orders?after=${cursor}`);
      expect([cursor, answer.status]).toEqual([cursor, 400]);
      expect(await answer.text()).toContain('The page link is not valid');
    }
    expect(decodeCursor(encodeCursor({ at: 5, id: 'ünï "code"' }))).toEqual({ at: 5, id: 'ünï "code"' });
  });
});

describe('the export of every order', () => {
  it('holds every order the filters select, past any batch, as CSV named for what it holds', async () => {
    const ids = await fill(2 * EXPORT_BATCH + 3);
    const answer = await request('/dashboard/orders.csv');
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="truecost-orders-p1-staging-${new Date(START + 40 * DAY).toISOString().slice(0, 10)}.csv"`);
    const lines = (await answer.text()).split('\r\n');
    expect(lines[0]).toBe('environment,variant,partner_order_id,cart_id,state,climes,customer_name,customer_email,customer_phone,project_id,created_at,unlock_date,cancelled_at');
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(1, -1);
    expect(rows.map((row) => row.split(',')[2])).toEqual(ids);
    expect(rows[0]).toContain('"Ada, ""A"""');
    const calculated = await (await request('/dashboard/orders.csv?variant=calculated&state=unlocked')).text();
    expect(calculated.split('\r\n').slice(1, -1).map((row) => row.split(',')[2])).toEqual(ids.filter((id) => Number(id.slice(2)) % 4 === 0 && Number(id.slice(2)) % 10 !== 0));
  });

  it('as JSON Lines: one object per order, with the CSV\'s columns', async () => {
    const ids = await fill(EXPORT_BATCH + 1);
    const answer = await request('/dashboard/orders.jsonl?state=cancelled');
    expect(answer.headers.get('content-type')).toBe('application/x-ndjson');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="truecost-orders-p1-staging-cancelled-\d{4}-\d{2}-\d{2}\.jsonl"$/);
    const objects = (await answer.text()).trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(objects.map((object) => object['partner_order_id'])).toEqual(ids.filter((id) => Number(id.slice(2)) % 10 === 0));
    expect(objects[0]).toMatchObject({ environment: 'staging', state: 'cancelled', climes: 0, customer_name: 'Ada, "A"', customer_phone: null });
  });

  it('reads a batch only when the reader has taken the one before: the server holds one batch ahead at most', async () => {
    await fill(6 * EXPORT_BATCH);
    const answer = await request('/dashboard/orders.csv');
    const reader = answer.body!.getReader();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toBeLessThanOrEqual(2);
    let chunks = 1;
    while (!(await reader.read()).done) chunks += 1;
    expect(reads).toBe(6);
    expect(chunks).toBe(6);
  });

  it('exports every order event of the environment, oldest first, past any batch, as the feed carries them and without the customer', async () => {
    const ids = await fill(EXPORT_BATCH + 2);
    await store.createOrders({ partnerId: 'p1', environment: 'production' }, 'vote', [{ partner_order_id: 'prod-1', climes: 1, customer_name: 'Bo', customer_email: 'bo@example.com' }], START);
    const answer = await request('/dashboard/events.jsonl');
    expect(answer.headers.get('content-type')).toBe('application/x-ndjson');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="truecost-events-p1-staging-${new Date(START + 40 * DAY).toISOString().slice(0, 10)}.jsonl"`);
    const text = await answer.text();
    const events = text.trimEnd().split('\n').map((line) => JSON.parse(line) as { id: string; type: string; data: { order: Record<string, unknown> } });
    // One order.created per order, and one order.cancelled per tenth order, in the order they happened.
    expect(events).toHaveLength(ids.length + Math.ceil(ids.length / 10));
    expect(events.filter((event) => event.type === 'order.created').map((event) => event.data.order['partner_order_id'])).toEqual([...ids].reverse());
    expect(events[1]).toMatchObject({ type: 'order.cancelled', data: { order: { partner_order_id: 'o-00000' } } });
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
    expect(text).not.toContain('ada@example.com');
    expect(text).not.toContain('Ada');
    const production = await (await request('/dashboard/events.jsonl?env=production')).text();
    expect(production.trimEnd().split('\n').map((line) => (JSON.parse(line) as { data: { order: { partner_order_id: string } } }).data.order.partner_order_id)).toEqual(['prod-1']);
  });

  it('names the download for the partner, environment, filters and day', () => {
    expect(exportFileName('acme co/1', { env: 'production', variant: 'vote', state: 'locked', q: 'x' }, Date.UTC(2026, 10, 27), 'csv')).toBe(
      'truecost-orders-acme_co_1-production-vote-locked-search-2026-11-27.csv',
    );
  });
});

describe('the export through the Node adapter', () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  it('is streamed in chunks (no content-length), and whole', async () => {
    const ids = await fill(2 * EXPORT_BATCH);
    server = createServer(dashboardListener({ store, now: () => START + 40 * DAY }));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const { headers, body } = await new Promise<{ headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      get({ host: '127.0.0.1', port, path: '/dashboard/orders.csv', headers: { cookie } }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ headers: response.headers, body: text }));
      }).on('error', reject);
    });
    expect(headers['transfer-encoding']).toBe('chunked');
    expect(headers['content-length']).toBeUndefined();
    expect(body.split('\r\n').slice(1, -1).map((row) => row.split(',')[2])).toEqual(ids);
  });
});
