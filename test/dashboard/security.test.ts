// The dashboard's security rules, against its fetch handler and a memory store (two SQLite stores
// on one file for the limits every process shares).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LookupFunction } from '../../src/bulk/endpoint-policy.js';
import { createDashboardHandler, SESSION_TTL_MS } from '../../src/dashboard/handler.js';
import { invitePartner, INVITE_TTL_MS } from '../../src/dashboard/invite.js';
import { hashPassword } from '../../src/dashboard/password.js';
import { tokenHash } from '../../src/dashboard/tokens.js';
import { createHandler } from '../../src/http/handler.js';
import type { Store } from '../../src/orders/store.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import { openSqliteStore } from '../../src/stores/sqlite.js';
import { startReceiver, type Receiver } from '../bulk/receiver.js';
import { Client } from './client.js';

const PASSWORD = 'a long enough password';
const START = 1_800_000_000_000;
let passwordHash: string;
let store: Store;
let clock: number;
let handler: ReturnType<typeof createDashboardHandler>;

/** A partner with a password, signed in through the sign-in form. */
async function signedIn(partnerId: string): Promise<Client> {
  const url = await invitePartner(store, partnerId, 'http://dashboard.test', clock);
  await store.redeemInvite(tokenHash(url.split('/').pop()!), passwordHash, clock);
  const client = new Client(handler);
  await client.get('/dashboard/sign-in');
  const answer = await client.post('/dashboard/sign-in', { partner: partnerId, password: PASSWORD });
  expect(answer.status).toBe(303);
  await client.get('/dashboard/keys');
  return client;
}

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
}, 30_000);

beforeEach(() => {
  store = createMemoryStore();
  clock = START;
  handler = createDashboardHandler({ store, now: () => clock });
});

describe('the dashboard keeps partners apart', () => {
  it('answers another partner\'s order, job, key and listing as if they did not exist', async () => {
    await store.createOrders({ partnerId: 'alpha', environment: 'staging' }, 'vote', [
      { partner_order_id: 'secret-order', climes: 1, customer_email: 'a@example.com', customer_name: 'Alpha Customer' },
    ], clock);
    await store.enqueueJob({ partnerId: 'alpha', environment: 'staging', jobId: 'alpha-job', request: {}, createdAt: clock });
    await store.addApiKey({ keyHash: 'alpha-key', partnerId: 'alpha', environment: 'staging', createdAt: clock });
    const beta = await signedIn('beta');
    expect((await beta.get('/dashboard/orders/staging/secret-order')).status).toBe(404);
    expect((await beta.get('/dashboard/jobs/staging/alpha-job')).status).toBe(404);
    await beta.get('/dashboard/keys');
    expect((await beta.post('/dashboard/jobs/staging/alpha-job/retry')).status).toBe(404);
    expect((await beta.post('/dashboard/keys/revoke', { key: 'alpha-key' })).status).toBe(404);
    expect((await store.findApiKey('alpha-key'))?.revokedAt).toBeNull();
    for (const path of ['/dashboard/orders', '/dashboard/orders?q=secret-order', '/dashboard/orders.csv', '/dashboard/jobs', '/dashboard/keys']) {
      const page = await beta.get(path);
      expect(page.status).toBe(200);
      // The search box repeats what was searched; no row of alpha's may appear.
      expect(page.text.replaceAll('value="secret-order"', '').replaceAll('q=secret-order', '')).not.toMatch(/secret-order|Alpha Customer|alpha-job|alpha-key/);
    }
    // Alpha sees its own.
    const alpha = await signedIn('alpha');
    expect((await alpha.get('/dashboard/orders/staging/secret-order')).text).toContain('Alpha Customer');
    // Staging and production never mix: the production list of alpha is empty.
    expect((await alpha.get('/dashboard/orders?env=production')).text).not.toContain('secret-order');
    expect((await alpha.get('/dashboard/orders/production/secret-order')).status).toBe(404);
  }, 30_000);
});

describe('forms', () => {
  it('refuses a form without its CSRF token, with another session\'s token, or from another site', async () => {
    const alpha = await signedIn('alpha');
    const beta = await signedIn('beta');
    expect((await alpha.post('/dashboard/keys', { environment: 'staging' }, false)).status).toBe(403);
    expect((await alpha.post('/dashboard/keys', { environment: 'staging', csrf: beta.csrf }, false)).status).toBe(403);
    const foreign = await alpha.request('POST', '/dashboard/keys', { environment: 'staging', csrf: alpha.csrf }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await store.listApiKeys('alpha')).toEqual([]);
    const accepted = await alpha.post('/dashboard/keys', { environment: 'staging' });
    expect(accepted.status).toBe(201);
    expect(await store.listApiKeys('alpha')).toHaveLength(1);
    // The sign-in form needs its token too.
    const stranger = new Client(handler);
    expect((await stranger.post('/dashboard/sign-in', { partner: 'alpha', password: PASSWORD }, false)).status).toBe(403);
  }, 30_000);

  it('shows a new key once, then only its prefix, and the key works against the API until revoked', async () => {
    const alpha = await signedIn('alpha');
    const created = await alpha.post('/dashboard/keys', { environment: 'production' });
    const key = /value="(truecost_prod_[\w-]+)"/.exec(created.text)![1]!;
    expect(created.response.headers.get('cache-control')).toBe('no-store');
    const api = createHandler({ store, now: () => clock });
    const calculate = () => api(new Request('http://api.test/v3/integrations/vote/order/nope', { headers: { 'x-api-key': key } }));
    expect((await calculate()).status).toBe(404);
    const list = await alpha.get('/dashboard/keys');
    expect(list.text).not.toContain(key);
    expect(list.text).toContain(`${key.slice(0, 'truecost_prod_'.length + 6)}…`);
    const [record] = await store.listApiKeys('alpha');
    await alpha.post('/dashboard/keys/revoke', { key: record!.keyHash });
    expect((await calculate()).status).toBe(401);
    expect((await alpha.get('/dashboard/keys')).text).toContain('Revoked');
  }, 30_000);
});

describe('untrusted values', () => {
  it('renders a customer_name of <script> as text, in the list and on the order page', async () => {
    const name = '<script>alert(1)</script>';
    await store.createOrders({ partnerId: 'alpha', environment: 'staging' }, 'vote', [
      { partner_order_id: '"><img src=x onerror=alert(1)>', climes: 1, customer_email: 'a@example.com', customer_name: name },
    ], clock);
    const alpha = await signedIn('alpha');
    const list = await alpha.get('/dashboard/orders');
    const order = await alpha.get(`/dashboard/orders/staging/${encodeURIComponent('"><img src=x onerror=alert(1)>')}`);
    for (const page of [list, order]) {
      expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(page.text).not.toContain('<script>alert');
      expect(page.text).not.toContain('<img src=x');
      expect(page.response.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(page.response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
    const csv = await alpha.get('/dashboard/orders.csv');
    expect(csv.response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.text).toContain(name);
  }, 30_000);
});

describe('invitations and sessions', () => {
  it('refuses a used invitation and an expired one', async () => {
    const url = await invitePartner(store, 'alpha', 'http://dashboard.test', clock);
    const path = new URL(url).pathname;
    const first = new Client(handler);
    expect((await first.get(path)).status).toBe(200);
    const short = await first.post(path, { password: 'short', confirm: 'short' });
    expect(short.status).toBe(400);
    const set = await first.post(path, { password: PASSWORD, confirm: PASSWORD });
    expect(set.status).toBe(303);
    expect(set.response.headers.get('location')).toBe('/dashboard/keys');
    const second = new Client(handler);
    expect((await second.get(path)).status).toBe(410);
    const later = await invitePartner(store, 'alpha', 'http://dashboard.test', clock);
    clock += INVITE_TTL_MS;
    expect((await new Client(handler).get(new URL(later).pathname)).status).toBe(410);
  }, 30_000);

  it('sets the session cookie HttpOnly, SameSite=Lax, on /dashboard only, Secure when asked', async () => {
    handler = createDashboardHandler({ store, now: () => clock, secureCookies: true });
    const url = await invitePartner(store, 'alpha', 'http://dashboard.test', clock);
    const client = new Client(handler);
    await client.get(new URL(url).pathname);
    const set = await client.post(new URL(url).pathname, { password: PASSWORD, confirm: PASSWORD });
    const session = set.response.headers.getSetCookie().find((line) => line.startsWith('truecost_session='))!;
    expect(session).toMatch(/^truecost_session=[\w-]{43}; Path=\/dashboard; HttpOnly; SameSite=Lax; Secure; Max-Age=43200$/);
  }, 30_000);

  it('refuses a session after sign-out and after it expires', async () => {
    const alpha = await signedIn('alpha');
    const stolen = new Map(alpha.cookies);
    expect((await alpha.post('/dashboard/sign-out')).status).toBe(303);
    const replay = new Client(handler);
    for (const [name, value] of stolen) replay.cookies.set(name, value);
    const page = await replay.get('/dashboard/keys');
    expect(page.status).toBe(303);
    expect(page.response.headers.get('location')).toBe('/dashboard/sign-in');
    replay.csrf = alpha.csrf;
    expect((await replay.post('/dashboard/keys', { environment: 'staging' })).status).toBe(403);
    const beta = await signedIn('beta');
    clock += SESSION_TTL_MS;
    expect((await beta.get('/dashboard/keys')).status).toBe(303);
  }, 30_000);

  it('limits failed sign-ins per partner, even with the right password afterwards', async () => {
    await signedIn('alpha');
    const client = new Client(handler);
    await client.get('/dashboard/sign-in');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await client.post('/dashboard/sign-in', { partner: 'alpha', password: 'wrong password!' })).status).toBe(401);
    }
    const limited = await client.post('/dashboard/sign-in', { partner: 'alpha', password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(Number(limited.response.headers.get('retry-after'))).toBeGreaterThan(0);
    clock += 15 * 60_000;
    expect((await client.post('/dashboard/sign-in', { partner: 'alpha', password: PASSWORD })).status).toBe(303);
  }, 60_000);

  it('counts a burst of sign-ins sent at once: only the limit is ever checked', async () => {
    await signedIn('alpha');
    const client = new Client(handler);
    await client.get('/dashboard/sign-in');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => client.post('/dashboard/sign-in', { partner: 'alpha', password: 'wrong password!' })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array<number>(5).fill(401), ...Array<number>(7).fill(429)]);
  }, 60_000);

  it('shares the sign-in limits between two servers on one database', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'truecost-sign-in-'));
    const path = join(directory, 'shared.db');
    const [first, second] = await Promise.all([openSqliteStore({ path }), openSqliteStore({ path })]);
    try {
      const url = await invitePartner(first, 'alpha', 'http://dashboard.test', clock);
      await first.redeemInvite(tokenHash(url.split('/').pop()!), passwordHash, clock);
      // Each server sees its own client address for the same attacker, as behind a balancer.
      const servers = [first, second].map(
        (shared, n) => new Client(createDashboardHandler({ store: shared, now: () => clock, clientAddress: () => `10.0.0.${n}` })),
      );
      for (const client of servers) await client.get('/dashboard/sign-in');
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const client = servers[attempt % 2]!;
        expect((await client.post('/dashboard/sign-in', { partner: 'alpha', password: 'wrong password!' })).status).toBe(401);
      }
      for (const client of servers) expect((await client.post('/dashboard/sign-in', { partner: 'alpha', password: PASSWORD })).status).toBe(429);
      clock += 15 * 60_000;
      expect((await servers[1]!.post('/dashboard/sign-in', { partner: 'alpha', password: PASSWORD })).status).toBe(303);
      // The success cleared the partner's count for the other server too.
      expect((await servers[0]!.post('/dashboard/sign-in', { partner: 'alpha', password: 'wrong password!' })).status).toBe(401);
      expect(await first.signInFailures(['p:alpha'], clock)).toEqual([{ key: 'p:alpha', count: 1, windowEnds: clock + 15 * 60_000 }]);
    } finally {
      await Promise.all([first.close(), second.close()]);
      rmSync(directory, { recursive: true, force: true });
    }
  }, 60_000);

  it('answers bad filters with 400, not 500', async () => {
    const alpha = await signedIn('alpha');
    for (const path of ['/dashboard/orders?env=moon', '/dashboard/orders?state=gone', '/dashboard/orders?after=not-a-cursor', '/dashboard/orders?before=W10', '/dashboard/opt-ins?after=%5B1%5D', '/dashboard/jobs?after=eyJhIjoxfQ&before=eyJhIjoxfQ', '/dashboard/jobs?state=x', '/dashboard/orders/staging/%E0%A4%A']) {
      expect((await alpha.get(path)).status).toBe(400);
    }
  }, 30_000);
});

describe('the test delivery', () => {
  let receiver: Receiver | undefined;
  afterEach(async () => {
    await receiver?.close();
    receiver = undefined;
  });

  /** Names the resolver was asked for; every name resolves to 127.0.0.1, as a hostile DNS record would. */
  const asked: string[] = [];
  const toLoopback: LookupFunction = (hostname, _, callback) => {
    asked.push(hostname);
    callback(null, [{ address: '127.0.0.1', family: 4 }]);
  };

  /** Alpha signed in, with the receiver's URL saved under the name receiver.test through the form. */
  async function withNamedEndpoint(body?: string): Promise<Client> {
    asked.length = 0;
    let secret = '';
    receiver = await startReceiver(() => secret, () => 202, body === undefined ? {} : { body });
    const alpha = await signedIn('alpha');
    await alpha.get('/dashboard/endpoint');
    const url = receiver.url.replace('127.0.0.1', 'receiver.test').replace('/results', '/hook');
    expect((await alpha.post('/dashboard/endpoint', { url })).status).toBe(200);
    secret = (await store.getResultEndpoint('alpha'))!.secret;
    return alpha;
  }

  it('is refused with the reason when the saved host name resolves to a loopback address, and sends nothing', async () => {
    handler = createDashboardHandler({ store, now: () => clock, lookup: toLoopback });
    const alpha = await withNamedEndpoint();
    const page = await alpha.post('/dashboard/endpoint/test');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<p id="test-status">The endpoint&#39;s host receiver.test resolves to 127.0.0.1, a loopback address.</p>');
    expect(page.text).not.toContain('id="test-body"');
    expect(asked).toEqual(['receiver.test']);
    expect(receiver!.deliveries).toHaveLength(0);
  }, 30_000);

  it('is refused without resolving anything when the saved URL is an internal address literal', async () => {
    handler = createDashboardHandler({ store, now: () => clock, lookup: toLoopback });
    const alpha = await withNamedEndpoint();
    // Saved outside the dashboard, e.g. by `truecost partners set-endpoint --allow-private-endpoints`.
    await store.setResultEndpoint('alpha', { url: receiver!.url, secret: (await store.getResultEndpoint('alpha'))!.secret }, clock);
    asked.length = 0;
    const page = await alpha.post('/dashboard/endpoint/test');
    expect(page.text).toContain('<p id="test-status">The endpoint&#39;s host 127.0.0.1 is a loopback address.</p>');
    expect(asked).toEqual([]);
    expect(receiver!.deliveries).toHaveLength(0);
  }, 30_000);

  it('reaches a private address when the policy allows it, and shows the status and the first 500 characters', async () => {
    // The receiver checks the signature's timestamp against the real time.
    clock = Date.now();
    handler = createDashboardHandler({ store, now: () => clock, lookup: toLoopback, endpointPolicy: { allowPrivateAddresses: true } });
    // 1000 characters of three bytes each: more than the excerpt, and more bytes than are kept.
    const alpha = await withNamedEndpoint('€'.repeat(1000));
    const page = await alpha.post('/dashboard/endpoint/test');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<strong id="test-status">202</strong>');
    expect(/<pre id="test-body">([^<]*)<\/pre>/.exec(page.text)?.[1]).toBe('€'.repeat(500));
    expect(asked).toEqual(['receiver.test']);
    expect(receiver!.deliveries).toHaveLength(1);
    const [delivery] = receiver!.deliveries;
    expect(delivery!.webhookId).toMatch(/^test_/);
    expect(delivery!.body).toBe('{}');
    expect(delivery!.verified).toBe(true);
    expect(page.text).toContain(delivery!.webhookId);
  }, 30_000);
});

describe('the order events endpoint', () => {
  let receiver: Receiver | undefined;
  afterEach(async () => {
    await receiver?.close();
    receiver = undefined;
  });

  it('is set with its own secret, apart from the bulk result endpoint, rotated, and tested with a signed delivery', async () => {
    clock = Date.now();
    handler = createDashboardHandler({ store, now: () => clock, endpointPolicy: { allowPrivateAddresses: true } });
    let secret = '';
    receiver = await startReceiver(() => secret, () => 204);
    const alpha = await signedIn('alpha');
    const empty = await alpha.get('/dashboard/events-endpoint');
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('Order events endpoint');
    expect((await alpha.post('/dashboard/events-endpoint/test')).status).toBe(409);
    const saved = await alpha.post('/dashboard/events-endpoint', { url: receiver.url });
    expect(saved.status).toBe(200);
    secret = (await store.getEventsEndpoint('alpha', 'staging'))!.secret;
    expect(saved.text).toContain(secret);
    // An http URL serves staging alone: production events go to https only.
    expect(saved.text).toContain('Production events go to https URLs only: this URL was saved for staging.');
    expect(await store.getEventsEndpoint('alpha', 'production')).toBeUndefined();
    expect(await store.getResultEndpoint('alpha')).toBeUndefined();
    const tested = await alpha.post('/dashboard/events-endpoint/test');
    expect(tested.text).toContain('<strong id="test-status">204</strong>');
    expect(receiver.deliveries.map((delivery) => delivery.verified)).toEqual([true]);
    const rotated = await alpha.post('/dashboard/events-endpoint/rotate');
    const newSecret = (await store.getEventsEndpoint('alpha', 'staging'))!.secret;
    expect(newSecret).not.toBe(secret);
    expect(rotated.text).toContain(newSecret);
    // The old secret signs beside the new one for 24 hours.
    expect((await store.getEventsEndpoint('alpha', 'staging'))!.previousSecret).toBe(secret);
    expect((await alpha.post('/dashboard/events-endpoint', { url: 'https://user:pass@example.com/events' })).status).toBe(400);
    // The page lists the partner's recent events and where each is on its way.
    expect((await alpha.get('/dashboard/events-endpoint')).text).toContain('No order event yet.');
    const sent = { partner_order_id: 'ord-<b>', climes: 2, customer_email: 'ada@example.com', customer_name: 'Ada' };
    await store.createOrders({ partnerId: 'alpha', environment: 'staging' }, 'vote', [sent], clock);
    const listed = await alpha.get('/dashboard/events-endpoint');
    expect(listed.text).toMatch(/<td>order\.created<\/td><td>ord-&lt;b&gt;<\/td><td>staging<\/td><td>queued<\/td><td>0<\/td>/);
    expect(listed.text).not.toContain('ada@example.com');
  }, 30_000);

  it('lists events due before the endpoint as feed only, each with a button that sends it again under its id; refuses the rest and forged forms', async () => {
    clock = Date.now();
    let woken = 0;
    handler = createDashboardHandler({ store, now: () => clock, endpointPolicy: { allowPrivateAddresses: true }, onEventQueued: () => (woken += 1) });
    const alpha = await signedIn('alpha');
    const beta = await signedIn('beta');
    await store.createOrders({ partnerId: 'alpha', environment: 'staging' }, 'vote', [{ partner_order_id: 'early', climes: 1, customer_email: 'ada@example.com', customer_name: 'Ada' }], clock - 1000);
    expect((await alpha.post('/dashboard/events-endpoint', { url: 'https://alpha.example/events' })).status).toBe(200);
    const [event] = (await store.listEvents({ partnerId: 'alpha', environment: 'staging' }, { limit: 1 }))!.items;
    const page = await alpha.get('/dashboard/events-endpoint');
    expect(page.text).toMatch(/<td>early<\/td><td>staging<\/td><td>feed only<\/td>/);
    expect(page.text).toContain(`<input type="hidden" name="event" value="${event!.eventId}"><button class="secondary" type="submit">Send again</button>`);
    expect(page.text).toContain('Staging: https://alpha.example/events. Production: https://alpha.example/events.');
    // Another partner's event is not found; a form without the CSRF token is refused.
    expect((await beta.post('/dashboard/events-endpoint/resend', { event: event!.eventId })).status).toBe(404);
    expect((await alpha.post('/dashboard/events-endpoint/resend', { event: event!.eventId }, false)).status).toBe(403);
    expect(woken).toBe(0);
    const resent = await alpha.post('/dashboard/events-endpoint/resend', { event: event!.eventId });
    expect(resent.status).toBe(303);
    expect(woken).toBe(1);
    expect(await store.getEventDelivery({ partnerId: 'alpha', environment: 'staging' }, event!.eventId)).toMatchObject({ state: 'queued', nextAttemptAt: clock });
    const again = await alpha.post('/dashboard/events-endpoint/resend', { event: event!.eventId });
    expect([again.status, again.text.includes('This event is still on its way')]).toEqual([409, true]);
    expect((await alpha.get('/dashboard/events-endpoint')).text).not.toContain('Send again</button>');
  });
});

describe('the profile page', () => {
  it("saves the partner's display name, kg per clime and language, and its projects, each with the session's CSRF token", async () => {
    const alpha = await signedIn('alpha');
    const empty = await alpha.get('/dashboard/profile');
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('No projects yet.');
    expect((await alpha.post('/dashboard/profile', { display_name: 'Chai & Co', kg_per_clime: '10', locale: 'hi' }, false)).status).toBe(403);
    const saved = await alpha.post('/dashboard/profile', { display_name: 'Chai & Co', kg_per_clime: '10', locale: 'hi' });
    expect(saved.status).toBe(200);
    expect(saved.text).toContain('value="Chai &amp; Co"');
    expect(await store.getProfile('alpha')).toEqual({ displayName: 'Chai & Co', gramsPerClime: 10_000, locale: 'hi' });
    const refused = await alpha.post('/dashboard/profile', { display_name: 'Chai & Co', kg_per_clime: '-1', locale: 'hi' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('The kg per clime must be a number above 0');
    expect((await store.getProfile('alpha')).gramsPerClime).toBe(10_000);
    // An empty field clears its setting.
    await alpha.post('/dashboard/profile', { display_name: '', kg_per_clime: '', locale: '' });
    expect(await store.getProfile('alpha')).toEqual({ displayName: null, gramsPerClime: null, locale: null });

    const project = { project_id: 'mangroves', name: 'Mangroves', registry: 'Verra', registry_url: 'https://registry.verra.org/app/projectDetail/VCS/1' };
    expect((await alpha.post('/dashboard/profile/projects', project)).status).toBe(200);
    for (const registry_url of ['javascript:alert(1)', 'ftp://registry.example/1']) {
      const bad = await alpha.post('/dashboard/profile/projects', { ...project, project_id: 'bad', registry_url });
      expect(bad.status).toBe(400);
      expect(bad.text).toContain('The registry URL is refused');
    }
    const listed = await alpha.get('/dashboard/profile');
    expect(listed.text).toContain('<a href="https://registry.verra.org/app/projectDetail/VCS/1" rel="noopener noreferrer">');
    expect((await store.listProjects('alpha')).map((stored) => stored.projectId)).toEqual(['mangroves']);
    const beta = await signedIn('beta');
    await beta.get('/dashboard/profile');
    expect((await beta.post('/dashboard/profile/projects/remove', { project_id: 'mangroves' })).status).toBe(404);
    await alpha.get('/dashboard/profile');
    expect((await alpha.post('/dashboard/profile/projects/remove', { project_id: 'mangroves' })).status).toBe(303);
    expect(await store.listProjects('alpha')).toEqual([]);
  });
});
