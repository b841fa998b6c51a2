import { createConnection, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../bulk/receiver.js';
import { calculatorSamples } from '../schemas/samples.js';
import { dropSchema, pidsOf, send, sendJson, waitFor, withSchema, type Answer } from './ops.js';
import { startService, truecost, type Service } from './serve-process.js';

// Two `truecost serve` processes on one PostgreSQL database behind a round-robin TCP balancer, as
// several machines would run: mixed traffic (E1 creates, E3 and E4 changes, E6, E7 bulk jobs
// delivered to a local receiver), one server killed with SIGKILL mid-traffic. Every acknowledged
// write must be there once with exact climes, and every acknowledged bulk job delivered, any
// repeat carrying the same webhook-id.

const pgUrl = process.env['TRUECOST_TEST_PG_URL'];
const schema = `several_${process.pid}_${Date.now()}`;
afterAll(async () => {
  if (pgUrl !== undefined) await dropSchema(pgUrl, schema);
});

/** A TCP balancer handing each connection to the next backend, skipping those that refuse to connect. */
async function startBalancer(backends: readonly { host: string; port: number }[]) {
  let next = 0;
  const open = new Set<Socket>();
  const server = createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    client.pause();
    const first = next++;
    const tryBackend = (left: number): void => {
      if (left === 0) {
        client.destroy();
        return;
      }
      const backend = backends[(first + backends.length - left) % backends.length]!;
      const upstream = createConnection(backend);
      // Before the connection is made, an error means the backend is down: try the next one.
      upstream.once('error', () => tryBackend(left - 1));
      upstream.once('connect', () => {
        upstream.removeAllListeners('error');
        upstream.on('error', () => client.destroy());
        open.add(upstream);
        upstream.on('close', () => {
          open.delete(upstream);
          client.destroy();
        });
        client.on('close', () => upstream.destroy());
        client.pipe(upstream).pipe(client);
        client.resume();
      });
    };
    tryBackend(backends.length);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** What the test knows of one order: the climes acknowledged, and the changes whose answer was lost. */
interface Ledger {
  microClimes: number;
  readonly unknown: number[];
}

const micro = (climes: number) => Math.round(climes * 1_000_000);

/** Whether `delta` is the sum of some subset of `parts`. */
function isSubsetSum(delta: number, parts: readonly number[]): boolean {
  let sums = new Set([0]);
  for (const part of parts) sums = new Set([...sums, ...[...sums].map((sum) => sum + part)]);
  return sums.has(delta);
}

describe.skipIf(pgUrl === undefined)('two servers on one PostgreSQL database', () => {
  it('keeps every acknowledged write exactly once and delivers every acknowledged bulk job when one server dies mid-traffic', async () => {
    const db = withSchema(pgUrl!, schema);
    const key = truecost(['keys', 'create', '--partner', 'acme', '--env', 'staging', '--db', db]).stdout.trim();
    expect(key).toMatch(/^truecost_staging_/);
    let secret = '';
    const receiver = await startReceiver(() => secret);
    secret = truecost(['partners', 'set-endpoint', '--partner', 'acme', '--url', receiver.url, '--allow-private-endpoints', '--db', db]).stdout.trim();
    const servers: Service[] = await Promise.all([0, 1].map(() => startService(['--db', db, '--drain-delay', '0', '--allow-private-endpoints'])));
    const balancer = await startBalancer(servers.map((server) => ({ host: '127.0.0.1', port: Number(new URL(server.base).port) })));
    try {
      const api = `${balancer.base}/v3/integrations/vote`;
      const ledgers = new Map<string, Ledger>();
      const unknownCreates = new Set<string>();
      const jobs = new Set<string>();
      let flightAnswer: string | undefined;
      let done = 0;
      let lost = 0;
      // Set once the killed server has exited: from then on its port refuses connections.
      let victimExited = false;
      let lostAfterExit = 0;
      let begunAfterExit = 0;

      /** Sends a request; undefined when the connection died before an answer (the server was killed). */
      const attempt = async (request: () => Promise<Answer>): Promise<Answer | undefined> => {
        const startedAfterExit = victimExited;
        if (startedAfterExit) begunAfterExit += 1;
        try {
          return await request();
        } catch {
          lost += 1;
          if (startedAfterExit) lostAfterExit += 1;
          return undefined;
        } finally {
          done += 1;
        }
      };

      const client = async (name: string, rounds: number): Promise<void> => {
        for (let round = 0; round < rounds; round += 1) {
          const id = `${name}-${round}`;
          const climes = 1 + (round % 7) * 0.25;
          const created = await attempt(() => sendJson(`${api}/order`, key, { order: { climes, partner_order_id: id, customer_email: 'a@example.com', customer_name: 'A' } }));
          if (created === undefined) unknownCreates.add(id);
          else {
            expect(created.status, created.body).toBe(201);
            ledgers.set(id, { microClimes: micro(climes), unknown: [] });
          }
          for (const [orderId, ledger] of [...ledgers].slice(-3)) {
            const add = 0.5 + (round % 3) * 0.125;
            const added = await attempt(() => sendJson(`${api}/order/add`, key, { climes: add, partner_order_id: orderId }, 'PATCH'));
            if (added === undefined) ledger.unknown.push(micro(add));
            else {
              expect(added.status, added.body).toBe(200);
              ledger.microClimes += micro(add);
            }
            const removed = await attempt(() => sendJson(`${api}/order/cancel`, key, { climes: 0.25, partner_order_id: orderId }, 'PATCH'));
            if (removed === undefined) ledger.unknown.push(-micro(0.25));
            else {
              expect(removed.status, removed.body).toBe(200);
              ledger.microClimes -= micro(0.25);
            }
          }
          const flight = await attempt(() => sendJson(`${balancer.base}/v3/flight`, key, calculatorSamples.flight));
          if (flight !== undefined) {
            expect(flight.status).toBe(200);
            flightAnswer ??= flight.body;
            expect(flight.body).toBe(flightAnswer);
          }
          if (round % 3 === 0) {
            const job = await attempt(() => sendJson(`${balancer.base}/v3/flight/bulk`, key, calculatorSamples.bulkFlight));
            if (job !== undefined) {
              expect(job.status, job.body).toBe(200);
              jobs.add((JSON.parse(job.body) as { job_id: string }).job_id);
            }
          }
        }
      };

      const [victim, survivor] = servers as [Service, Service];
      const traffic = Promise.all(['a', 'b', 'c', 'd'].map((name) => client(name, 30)));
      // Both servers take traffic, then one dies outright in the middle of it.
      await waitFor(() => (done >= 150 ? true : undefined), 'traffic before the kill', 60_000);
      const requestPidsNow = () => pidsOf([...victim.lines, ...survivor.lines], (line) => typeof line['method'] === 'string');
      // Request lines reach the log in batches, up to 20 ms late (later on a busy host): wait for both servers' lines.
      await waitFor(() => (requestPidsNow().size >= 2 ? true : undefined), 'request lines of both servers', 10_000).catch(() => undefined);
      expect(requestPidsNow()).toEqual(new Set([victim.child.pid, survivor.child.pid]));
      expect(await victim.stop('SIGKILL')).toBe(null);
      victimExited = true;
      await traffic;
      // Only requests begun before the killed server was gone lose their answer: those in flight at
      // the kill, and any that reached its port while the kernel was still tearing the process down.
      // The balancer sends every request begun after its exit to the survivor.
      expect(lostAfterExit).toBe(0);
      expect(begunAfterExit).toBeGreaterThan(0);

      // Every acknowledged create is stored once, with exactly the climes acknowledged, give or
      // take only changes whose answers were lost with the killed server.
      const { default: pg } = await import('pg');
      const sql = new pg.Client({ connectionString: pgUrl });
      await sql.connect();
      try {
        const { rows } = await sql.query<{ partner_order_id: string; micro_climes: string }>(
          `SELECT partner_order_id, micro_climes FROM "${schema}".orders`,
        );
        const stored = new Map<string, number>();
        for (const row of rows) {
          expect(stored.has(row.partner_order_id)).toBe(false);
          stored.set(row.partner_order_id, Number(row.micro_climes));
        }
        for (const [id, ledger] of ledgers) {
          expect(stored.has(id), id).toBe(true);
          const drift = stored.get(id)! - ledger.microClimes;
          expect(isSubsetSum(drift, ledger.unknown), `${id}: ${drift} from ${JSON.stringify(ledger.unknown)}`).toBe(true);
        }
        for (const id of stored.keys()) expect(ledgers.has(id) || unknownCreates.has(id), id).toBe(true);
        const exact = [...ledgers.values()].filter((ledger) => ledger.unknown.length === 0);
        expect(exact.length).toBeGreaterThan(0);
        for (const [id, ledger] of ledgers) if (ledger.unknown.length === 0) expect(stored.get(id), id).toBe(ledger.microClimes);
      } finally {
        await sql.end();
      }

      // Every acknowledged bulk job is delivered (a job the killed server held waits for its lease
      // to end); a second delivery of a job is a retry with the same webhook-id and body.
      expect(jobs.size).toBeGreaterThan(0);
      await waitFor(() => ([...jobs].every((job) => receiver.deliveriesOf(job).length > 0) ? true : undefined), 'every job delivered', 150_000);
      for (const job of jobs) {
        const deliveries = receiver.deliveriesOf(job);
        for (const delivery of deliveries) {
          expect(delivery.verified).toBe(true);
          expect(delivery.webhookId).toBe(job);
          expect(delivery.body).toBe(deliveries[0]!.body);
        }
        const status = await send(`${survivor.base}/v3/flight/bulk/${job}`, { headers: { 'x-api-key': key } });
        expect(JSON.parse(status.body)).toMatchObject({ job: { job_id: job } });
      }
      const known = new Set(jobs);
      const strays = receiver.deliveries.filter((delivery) => !known.has(delivery.webhookId));
      // Only jobs whose E7 answer was lost may arrive without the test knowing them.
      expect(strays.length <= lost * 2).toBe(true);
      expect(await survivor.stop()).toBe(0);
    } finally {
      await balancer.close();
      for (const server of servers) await server.stop('SIGKILL');
      await receiver.close();
    }
  }, 240_000);
});
