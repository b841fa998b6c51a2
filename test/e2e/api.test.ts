import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METHODOLOGY_VERSION } from '../../src/data/version.js';
import { apiErrors, successMessages } from '../../src/errors.js';
import { calculatorRouteCases, calculatorSamples, samples } from '../schemas/samples.js';
import { root, startService, truecost, type Service } from './serve-process.js';
import { dropSchema } from '../setup/pg-schema.js';
import { pgbouncerUnavailable, startPgBouncer, type PgBouncer } from '../setup/pgbouncer.js';

// The whole service as a partner sees it: `truecost serve` in its own process on a fresh database,
// every endpoint driven over real HTTP.

interface Target {
  readonly name: string;
  readonly skip: string | undefined;
  /** Starts what the target needs before its keys are created. */
  start?(): Promise<void>;
  db(): string;
  /** More arguments of `truecost serve`. */
  readonly serveArgs?: readonly string[];
  cleanup(): void | Promise<void>;
}

const work = mkdtempSync(join(tmpdir(), 'truecost-e2e-'));
const pgUrl = process.env['TRUECOST_TEST_PG_URL'];
const schema = `e2e_${process.pid}_${Date.now()}`;
const bouncedSchema = `e2e_bounced_${process.pid}_${Date.now()}`;
let bouncer: PgBouncer | undefined;
const pgSkip = !existsSync(resolve(root, 'src/stores/postgres.ts'))
  ? 'the PostgreSQL store is not in this build'
  : pgUrl === undefined
    ? 'TRUECOST_TEST_PG_URL is not set'
    : undefined;

const targets: Target[] = [
  {
    name: 'SQLite',
    skip: existsSync(resolve(root, 'src/stores/sqlite.ts')) ? undefined : 'the SQLite store is not in this build',
    db: () => `sqlite:${join(work, 'truecost.db')}`,
    cleanup: () => rmSync(work, { recursive: true, force: true }),
  },
  {
    name: 'PostgreSQL',
    skip: pgSkip,
    db: () => withSchema(pgUrl ?? '', schema),
    // Key changes over LISTEN on a direct connection (the target through PgBouncer polls instead).
    serveArgs: ['--db-listen-url', pgUrl ?? ''],
    cleanup: () => dropSchema(pgUrl ?? '', schema),
  },
  {
    // Every `truecost` command and the service reach the database only through PgBouncer in
    // transaction mode (no direct URL to LISTEN on: key changes are polled).
    name: 'PostgreSQL through PgBouncer in transaction mode',
    skip: pgSkip ?? pgbouncerUnavailable(),
    start: async () => {
      bouncer = await startPgBouncer(pgUrl ?? '');
    },
    // Unnamed statements: PgBouncer 1.18 keeps no prepared statement across transactions.
    db: () => `${withSchema(bouncer!.url, bouncedSchema)}&prepared_statements=false`,
    cleanup: async () => {
      bouncer?.stop();
      await dropSchema(pgUrl ?? '', bouncedSchema);
    },
  },
];

/** The PostgreSQL URL with a schema of its own for this run, so that runs never share rows. */
function withSchema(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('schema', name);
  return parsed.toString();
}

for (const target of targets) {
  if (target.skip !== undefined) console.log(`e2e on ${target.name} skipped: ${target.skip}`);
  describe.skipIf(target.skip !== undefined)(`truecost serve on ${target.name}`, () => {
    let service: Service;
    let staging: string;
    let production: string;
    let other: string;

    function key(args: string[]): string {
      const result = truecost(['keys', 'create', ...args, '--db', target.db()]);
      expect(result.status, result.stderr).toBe(0);
      return result.stdout.trim();
    }

    beforeAll(async () => {
      await target.start?.();
      staging = key(['--partner', 'acme', '--env', 'staging']);
      production = key(['--partner', 'acme', '--env', 'production']);
      other = key(['--partner', 'globex', '--env', 'staging']);
      const endpoint = truecost(['partners', 'set-endpoint', '--partner', 'acme', '--url', 'http://127.0.0.1:9/results', '--allow-private-endpoints', '--db', target.db()]);
      expect(endpoint.status, endpoint.stderr).toBe(0);
      service = await startService(['--db', target.db(), '--allow-private-endpoints', ...(target.serveArgs ?? [])]);
    }, 60_000);

    afterAll(async () => {
      if (service !== undefined) expect(await service.stop()).toBe(0);
      await target.cleanup();
    });

    /** The status of a GET sent on a connection of its own. */
    function statusOnNewConnection(path: string, headers: Record<string, string>): Promise<number> {
      return new Promise((resolve, reject) => {
        const sent = request(service.base + path, { agent: false, headers }, (answer) => {
          answer.resume();
          answer.on('end', () => resolve(answer.statusCode ?? 0));
        });
        sent.on('error', reject);
        sent.end();
      });
    }

    /**
     * The status answered to a POST that declares a body of `length` bytes and sends none of it: the
     * server refuses it from the declared length and closes the connection, and since nothing is
     * being written then, no write is cut short (EPIPE) before the answer is read.
     */
    function statusOfDeclaredLength(path: string, length: number): Promise<number> {
      return new Promise((resolve, reject) => {
        const headers = { 'x-api-key': staging, 'content-type': 'application/json', 'content-length': String(length) };
        const sent = request(service.base + path, { method: 'POST', agent: false, headers }, (answer) => {
          answer.resume();
          resolve(answer.statusCode ?? 0);
          sent.destroy();
        });
        sent.on('error', reject);
        sent.flushHeaders();
      });
    }

    async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
      const init: RequestInit = { method, headers: { 'x-api-key': staging, ...headers } };
      if (body !== undefined) {
        init.body = typeof body === 'string' ? body : JSON.stringify(body);
        init.headers = { 'content-type': 'application/json', ...init.headers };
      }
      const response = await fetch(service.base + path, init);
      const text = await response.text();
      return { status: response.status, headers: response.headers, json: text === '' ? undefined : JSON.parse(text) };
    }

    it('creates, updates, reads and cancels orders with the contract bodies (E1 to E4)', async () => {
      const created = await call('POST', '/v3/integrations/vote/order', samples.createOrder);
      expect(created).toMatchObject({ status: 201, json: { message: successMessages.orderCreated, partner_order_id: 'ORD-1001' } });
      const batch = await call('POST', '/v3/integrations/calculated/orders', {
        orders: [{ ...samples.createOrder.order, partner_order_id: 'ORD-2001' }, { ...samples.createOrder.order, partner_order_id: 'ORD-2002' }],
      });
      expect(batch).toMatchObject({ status: 201, json: { message: successMessages.ordersCreated, partner_order_ids: ['ORD-2001', 'ORD-2002'] } });
      const added = await call('PATCH', '/v3/integrations/vote/order/add', samples.updateClimes);
      expect(added.json).toEqual({ message: successMessages.orderUpdated, updated_climes: 14.75, partner_order_id: 'ORD-1001' });
      const removed = await call('PATCH', '/v3/integrations/vote/order/cancel', { climes: 0.75, partner_order_id: 'ORD-1001' });
      expect(removed.json).toEqual({ message: successMessages.orderUpdated, remaining_climes: 14, partner_order_id: 'ORD-1001' });
      const read = await call('GET', '/v3/integrations/vote/order/ORD-1001');
      expect(read.json.order).toMatchObject({ partner_order_id: 'ORD-1001', climes: 14, state: 'locked', variant: 'vote', cart_id: 'CART-77' });
      const cancelled = await call('DELETE', '/v3/integrations/calculated/order/ORD-2002/cancel');
      expect(cancelled.json).toEqual({ message: successMessages.orderCancelled, partner_order_id: 'ORD-2002', remaining_climes: 0 });
    });

    it('answers each refusal with its status and message (404, 409)', async () => {
      expect((await call('PATCH', '/v3/integrations/vote/order/add', { climes: 1, partner_order_id: 'missing' })).json).toEqual({
        message: apiErrors.orderNotFound.message,
      });
      await call('POST', '/v3/integrations/vote/order', { order: { ...samples.createOrder.order, partner_order_id: 'ORD-3001', cart_id: 'CART-3001' } });
      const conflict = await call('POST', '/v3/integrations/vote/order', {
        order: { ...samples.createOrder.order, partner_order_id: 'ORD-3001', cart_id: 'CART-3001', climes: 99 },
      });
      expect(conflict).toMatchObject({ status: 409, json: { message: apiErrors.orderConflict.message } });
      const past = await call('POST', '/v3/integrations/vote/order', {
        order: { ...samples.createOrder.order, partner_order_id: 'ORD-3002', cart_id: 'CART-3002', unlock_date: 946_684_800_000 },
      });
      expect(past.status).toBe(201);
      const unlocked = await call('PATCH', '/v3/integrations/vote/order/add', { climes: 1, partner_order_id: 'ORD-3002' });
      expect(unlocked).toMatchObject({ status: 409, json: { message: apiErrors.orderUnlocked.message } });
      const cancelledAgain = await call('DELETE', '/v3/integrations/calculated/order/ORD-2002/cancel');
      expect(cancelledAgain).toMatchObject({ status: 409, json: { message: apiErrors.orderCancelled.message } });
      const tooMuch = await call('PATCH', '/v3/integrations/calculated/order/cancel', { climes: 1000, partner_order_id: 'ORD-2001' });
      expect(tooMuch).toMatchObject({ status: 409, json: { message: apiErrors.insufficientClimes.message } });
    });

    it('stores and reads a cart opt-in (E5)', async () => {
      expect((await call('POST', '/v3/integrations/vote/opt-in', samples.optIn)).json).toEqual({ message: successMessages.optInSaved });
      expect((await call('GET', '/v3/integrations/vote/opt-in/CART-77')).json.opt_in).toMatchObject({ cart_id: 'CART-77', opted_in: true, climes: 12.5 });
    });

    it('calculates E6 and E8 to E13, freight on both paths, with the methodology header', async () => {
      const cases = [['/v3/flight', calculatorSamples.flight, successMessages.truecostCalculated], ...calculatorRouteCases] as const;
      for (const [path, body, message] of cases) {
        const answer = await call('POST', path, body);
        expect(answer.status, path).toBe(200);
        expect(answer.json.message, path).toBe(message);
        expect(answer.headers.get('x-truecost-methodology')).toBe(METHODOLOGY_VERSION);
      }
      const flight = await call('POST', '/v3/flight', calculatorSamples.flight);
      expect(flight.json.truecost.map((item: { flight_id: string }) => item.flight_id)).toEqual(['F1', 'flight-2']);
    });

    it('stores a bulk job before answering E7 and shows its state', async () => {
      const accepted = await call('POST', '/v3/flight/bulk', calculatorSamples.bulkFlight);
      expect(accepted).toMatchObject({ status: 200, json: { message: successMessages.bulkAccepted, job_id: expect.any(String) } });
      const job = await call('GET', `/v3/flight/bulk/${accepted.json.job_id}`);
      expect(job.status).toBe(200);
      expect(job.json.job).toMatchObject({ job_id: accepted.json.job_id, state: expect.stringMatching(/^(queued|delivering|failed)$/) });
      const noEndpoint = await call('POST', '/v3/flight/bulk', calculatorSamples.bulkFlight, { 'x-api-key': other });
      expect(noEndpoint).toMatchObject({ status: 400, json: { message: apiErrors.noBulkEndpoint.message } });
    });

    it('refuses bad requests with 400 (with error.path), 401, 404, 405, 413 and 415', async () => {
      const invalid = await call('POST', '/v3/flight', { queries: { flights: [{ departure: 'DEL', arrival: 'ZZZ', no_of_tickets: 1 }] } });
      expect(invalid).toMatchObject({ status: 400, json: { message: apiErrors.badRequest.message, error: { path: 'queries.flights.0.arrival' } } });
      expect((await call('POST', '/v3/cars', '{not json')).json).toMatchObject({ message: apiErrors.badRequest.message, error: { path: '' } });
      expect((await call('GET', '/v3/integrations/vote/order/ORD-1001', undefined, { 'x-api-key': 'truecost_staging_nope' })).status).toBe(401);
      expect((await call('GET', '/v3/nowhere')).json).toEqual({ message: 'Not Found' });
      const wrongMethod = await call('GET', '/v3/flight');
      expect(wrongMethod.status).toBe(405);
      expect(wrongMethod.headers.get('allow')).toBe('POST');
      expect(await statusOfDeclaredLength('/v3/cars', 2 * 1024 * 1024)).toBe(413);
      expect((await call('POST', '/v3/cars', JSON.stringify(calculatorSamples.car), { 'content-type': 'text/plain' })).status).toBe(415);
      expect((await fetch(`${service.base}/healthz`)).status).toBe(200);
    });

    it('keeps staging and production, and partners, apart', async () => {
      expect((await call('GET', '/v3/integrations/vote/order/ORD-1001', undefined, { 'x-api-key': production })).status).toBe(404);
      expect((await call('GET', '/v3/integrations/vote/order/ORD-1001', undefined, { 'x-api-key': other })).status).toBe(404);
      const same = await call('POST', '/v3/integrations/vote/order', samples.createOrder, { 'x-api-key': production });
      expect(same.status).toBe(201);
    });

    it('refuses a revoked key on the next request', async () => {
      const revocable = key(['--partner', 'acme', '--env', 'staging']);
      // On a new connection too: the command above blocks this process as the one below does.
      expect(await statusOnNewConnection('/v3/integrations/vote/order/ORD-1001', { 'x-api-key': revocable })).toBe(200);
      expect(truecost(['keys', 'revoke', revocable, '--db', target.db()]).status).toBe(0);
      // On a new connection: the command above blocks this process for longer than the server
      // keeps an idle connection, so fetch's pooled one may be closed under it.
      expect(await statusOnNewConnection('/v3/integrations/vote/order/ORD-1001', { 'x-api-key': revocable })).toBe(401);
    });
  });
}
