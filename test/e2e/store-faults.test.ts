import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../src/errors.js';
import { calculatorSamples } from '../schemas/samples.js';
import { createThrowawayPostgres, throwawayPostgresUnavailable, type ThrowawayPostgres } from '../setup/throwaway-postgres.js';
import { send, sendJson, waitFor, type Answer } from './ops.js';
import { startService, truecost } from './serve-process.js';

// `truecost serve` on a PostgreSQL cluster of this test's own, which it starts late, freezes with
// SIGSTOP, thaws, and stops and starts again under the service: the service stays up, answers 503
// with Retry-After (never 500, never a hang) while the database cannot answer, keeps the
// calculators answering for a key it confirmed, and loses nothing it acknowledged.

const unavailable = throwawayPostgresUnavailable();
if (unavailable !== undefined) process.stderr.write(`store-faults: PostgreSQL fault tests skipped: ${unavailable}\n`);

let cluster: ThrowawayPostgres | undefined;
beforeAll(async () => {
  if (unavailable === undefined) cluster = await createThrowawayPostgres();
});
afterAll(() => cluster?.remove());

const ORDER_PATH = '/v3/integrations/calculated/order';
const order = (id: string) => ({ order: { climes: 5, partner_order_id: id, customer_email: 'ada@example.com', customer_name: 'Ada' } });

function expectUnavailable(answer: Answer, what: string): void {
  expect(answer.status, `${what}: ${answer.body}`).toBe(503);
  expect(answer.headers['retry-after'], what).toBe('2');
  expect(JSON.parse(answer.body), what).toEqual({ message: apiErrors.storeUnavailable.message });
}

describe.skipIf(unavailable !== undefined)('truecost serve through PostgreSQL faults', () => {
  it('starts not-ready without its database, then serves; answers 503 through a freeze and a restart, and keeps every acknowledged order', async () => {
    const db = cluster!.url;
    const service = await startService(['--db', db, '--db-timeout', '1000', '--db-connect-timeout', '1000', '--drain-delay', '0']);
    const acknowledged: string[] = [];
    const create = async (id: string): Promise<Answer> => {
      const answer = await sendJson(`${service.base}${ORDER_PATH}`, key, order(id));
      if (answer.status === 201) acknowledged.push(id);
      return answer;
    };
    let key = '';
    try {
      // Started with the database down: alive, not ready, naming the store.
      expect((await send(`${service.base}/healthz`)).status).toBe(200);
      const notReady = await send(`${service.base}/readyz`);
      expect(notReady.status).toBe(503);
      expect((JSON.parse(notReady.body) as { checks: { store: string } }).checks.store).toMatch(/^down: not connected yet: PostgreSQL is not answering/);

      cluster!.start();
      await waitFor(async () => ((await send(`${service.base}/readyz`)).status === 200 ? true : undefined), '/readyz 200 once PostgreSQL is up');
      key = truecost(['keys', 'create', '--partner', 'acme', '--env', 'staging', '--db', db]).stdout.trim();
      expect((await sendJson(`${service.base}/v3/cars`, key, calculatorSamples.car)).status).toBe(200);
      expect((await create('before-freeze')).status).toBe(201);

      // Frozen host: every process of the server stopped, connections open but silent.
      cluster!.signalAll('SIGSTOP');
      try {
        const started = performance.now();
        expectUnavailable(await create('during-freeze'), 'an order write while frozen');
        process.stdout.write(`store-faults: an order write answered 503 after ${Math.round(performance.now() - started)} ms of a frozen PostgreSQL\n`);
        expectUnavailable(await send(`${service.base}/v3/integrations/calculated/order/before-freeze`, { headers: { 'x-api-key': key } }), 'an order read while frozen');
        // The key was confirmed a moment ago: the calculators keep answering.
        expect((await sendJson(`${service.base}/v3/cars`, key, calculatorSamples.car)).status).toBe(200);
        const frozen = await send(`${service.base}/readyz`);
        expect(frozen.status).toBe(503);
        expect((await send(`${service.base}/healthz`)).status).toBe(200);
      } finally {
        cluster!.signalAll('SIGCONT');
      }
      await waitFor(async () => ((await create(`after-freeze-${acknowledged.length}`)).status === 201 ? true : undefined), 'a write after the thaw');

      // Stopped (a crash or a failover), then started again.
      cluster!.stop();
      expectUnavailable(await create('while-stopped'), 'an order write while stopped');
      expect((await sendJson(`${service.base}/v3/cars`, key, calculatorSamples.car)).status).toBe(200);
      const stopped = await send(`${service.base}/readyz`);
      expect(stopped.status).toBe(503);
      expect((JSON.parse(stopped.body) as { checks: { store: string } }).checks.store).toMatch(/^down: /);
      cluster!.start();
      await waitFor(async () => ((await create(`after-restart-${acknowledged.length}`)).status === 201 ? true : undefined), 'a write after the restart');
      expect((await send(`${service.base}/readyz`)).status).toBe(200);

      // Nothing acknowledged was lost.
      for (const id of acknowledged) {
        const read = await send(`${service.base}/v3/integrations/calculated/order/${id}`, { headers: { 'x-api-key': key } });
        expect(read.status, id).toBe(200);
      }
      expect(service.lines.some((line) => line.includes('"event":"store-opened"'))).toBe(true);
    } finally {
      expect(await service.stop()).toBe(0);
    }
  }, 120_000);
});
