import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { dropSchema, send, waitFor, withSchema } from './ops.js';
import { startService } from './serve-process.js';

// `GET /readyz` of `truecost serve` on PostgreSQL, with the database cut off and restored under it
// by a TCP proxy between the service and the server (the machine's PostgreSQL keeps running).

const pgUrl = process.env['TRUECOST_TEST_PG_URL'];
const schema = `readyz_${process.pid}_${Date.now()}`;
afterAll(async () => {
  if (pgUrl !== undefined) await dropSchema(pgUrl, schema);
});

/**
 * A TCP proxy to `target` that can be cut (every connection closed, new ones refused), stalled
 * (every connection closed, new ones accepted and never answered) and restored.
 */
async function startProxy(target: { host: string; port: number }) {
  const open = new Set<Socket>();
  const held = new Set<Socket>();
  let mode: 'open' | 'cut' | 'stalled' = 'open';
  const server: Server = createServer((client) => {
    if (mode === 'cut') {
      client.destroy();
      return;
    }
    if (mode === 'stalled') {
      held.add(client);
      client.on('close', () => held.delete(client));
      client.on('error', () => client.destroy());
      return;
    }
    const upstream = createConnection(target);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      mode = 'cut';
      for (const socket of open) socket.destroy();
    },
    stall() {
      mode = 'stalled';
      for (const socket of open) socket.destroy();
    },
    /** Back to forwarding; connections held while stalled are reset, as a recovered network would. */
    restore() {
      mode = 'open';
      for (const socket of held) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of [...open, ...held]) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.skipIf(pgUrl === undefined)('GET /readyz on PostgreSQL', () => {
  it('answers 503 naming the store while PostgreSQL is unreachable, and 200 again once it returns', async () => {
    const target = new URL(pgUrl!);
    const proxy = await startProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const through = new URL(withSchema(pgUrl!, schema));
    through.hostname = '127.0.0.1';
    through.port = String(proxy.port);
    const service = await startService(['--db', through.toString(), '--drain-delay', '0']);
    try {
      const ready = await send(`${service.base}/readyz`);
      expect(ready.status).toBe(200);
      expect(JSON.parse(ready.body)).toEqual({ status: 'ready', checks: { store: 'ok', shutdown: 'no' } });

      proxy.cut();
      const down = await send(`${service.base}/readyz`);
      expect(down.status).toBe(503);
      const body = JSON.parse(down.body) as { message: string; checks: { store: string; shutdown: string } };
      expect(body.message).toBe('Service Unavailable! Not ready to take requests.');
      expect(body.checks.store).toMatch(/^down: ./);
      expect(body.checks.shutdown).toBe('no');
      // Liveness does not depend on the database: the process is fine, only not ready.
      expect((await send(`${service.base}/healthz`)).status).toBe(200);

      proxy.restore();
      await waitFor(async () => ((await send(`${service.base}/readyz`)).status === 200 ? true : undefined), '/readyz to answer 200 again');

      // A database that accepts connections but never answers is down too, after the ping's timeout.
      proxy.stall();
      const stalled = await send(`${service.base}/readyz`);
      expect(stalled.status).toBe(503);
      expect((JSON.parse(stalled.body) as { checks: { store: string } }).checks.store).toBe('down: no answer within 2000 ms');

      proxy.restore();
      await waitFor(async () => ((await send(`${service.base}/readyz`)).status === 200 ? true : undefined), '/readyz to answer 200 after the stall');
    } finally {
      expect(await service.stop()).toBe(0);
      await proxy.close();
    }
  }, 60_000);
});
