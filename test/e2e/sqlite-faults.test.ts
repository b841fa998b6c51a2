import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../src/errors.js';
import { send, sendJson, waitFor, type Answer } from './ops.js';
import { startService, truecost } from './serve-process.js';

// `truecost serve` on a SQLite file that another connection locks for seconds, and on a disk that
// fills up: the process keeps answering /healthz while a write waits, a write past its bound
// answers 503 with Retry-After, a full disk answers 507 to writes and shows on /readyz while reads
// still answer 200, and once space is back the service is ready again with its write-ahead log truncated.

const directory = mkdtempSync(join(tmpdir(), 'truecost-sqlite-faults-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const ORDER_PATH = '/v3/integrations/calculated/order';
const order = (id: string) => ({ order: { climes: 5, partner_order_id: id, customer_email: 'ada@example.com', customer_name: 'Ada' } });
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('truecost serve on SQLite', () => {
  it('keeps answering /healthz while another connection holds the write lock, and answers 503 past the lock wait', async () => {
    const file = join(directory, 'locked.db');
    const key = truecost(['keys', 'create', '--partner', 'acme', '--env', 'staging', '--db', `sqlite:${file}`]).stdout.trim();
    const service = await startService(['--db', `sqlite:${file}`, '--db-timeout', '1500', '--drain-delay', '0']);
    const other = new Database(file);
    try {
      expect((await sendJson(`${service.base}${ORDER_PATH}`, key, order('before'))).status).toBe(201);
      other.exec('BEGIN IMMEDIATE');
      let settled = false;
      const write = sendJson(`${service.base}${ORDER_PATH}`, key, order('while-locked')).finally(() => {
        settled = true;
      });
      // The write waits for the lock; meanwhile the process answers.
      let slowest = 0;
      let answeredWhileWaiting = 0;
      for (let round = 0; round < 10; round += 1) {
        const started = performance.now();
        expect((await send(`${service.base}/healthz`)).status).toBe(200);
        slowest = Math.max(slowest, performance.now() - started);
        if (!settled) answeredWhileWaiting += 1;
        await sleep(50);
      }
      process.stdout.write(`sqlite-faults: slowest /healthz while the lock was held: ${Math.round(slowest)} ms\n`);
      expect(answeredWhileWaiting).toBeGreaterThan(0);
      const refused: Answer = await write;
      expect(refused.status, refused.body).toBe(503);
      expect(refused.headers['retry-after']).toBe('2');
      expect(JSON.parse(refused.body)).toEqual({ message: apiErrors.storeUnavailable.message });

      // A lock held for less than the bound only delays the write.
      const delayed = sendJson(`${service.base}${ORDER_PATH}`, key, order('after-short-lock'));
      await sleep(300);
      other.exec('COMMIT');
      expect((await delayed).status).toBe(201);
    } finally {
      if (other.inTransaction) other.exec('ROLLBACK');
      other.close();
      expect(await service.stop()).toBe(0);
    }
  }, 60_000);

  const mountPoint = join(directory, 'small-disk');
  const noMount = (() => {
    if (userInfo().uid !== 0) return 'a small tmpfs can only be mounted as root';
    try {
      mkdirSync(mountPoint);
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mountPoint], { stdio: 'pipe' });
      return undefined;
    } catch (error) {
      return `mounting a small tmpfs failed (${String(error).split('\n')[0]})`;
    }
  })();
  if (noMount !== undefined) process.stderr.write(`sqlite-faults: the full-disk test is skipped: ${noMount}\n`);
  afterAll(() => {
    if (noMount === undefined) execFileSync('umount', ['-l', mountPoint]);
  });

  it.skipIf(noMount !== undefined)('answers writes 507, reads 200 and reports not-ready on a full disk, and recovers with the log truncated once space is back', async () => {
    const file = join(mountPoint, 'full.db');
    const key = truecost(['keys', 'create', '--partner', 'acme', '--env', 'staging', '--db', `sqlite:${file}`]).stdout.trim();
    const service = await startService(['--db', `sqlite:${file}`, '--drain-delay', '0']);
    const filler = join(mountPoint, 'filler');
    try {
      const acknowledged: string[] = [];
      expect((await sendJson(`${service.base}${ORDER_PATH}`, key, order('first'))).status).toBe(201);
      acknowledged.push('first');
      // Fill what is left of the disk.
      try {
        writeFileSync(filler, Buffer.alloc(8 * 1024 * 1024));
      } catch {
        // ENOSPC: the filler took every free byte it could.
      }
      let full: Answer | undefined;
      for (let index = 0; index < 200 && full === undefined; index += 1) {
        const answer = await sendJson(`${service.base}${ORDER_PATH}`, key, order(`fill-${index}-${'x'.repeat(200)}`.slice(0, 100)));
        if (answer.status === 201) acknowledged.push(`fill-${index}-${'x'.repeat(200)}`.slice(0, 100));
        else full = answer;
      }
      expect(full?.status, full?.body).toBe(507);
      expect(full!.headers['retry-after']).toBe('30');
      expect(JSON.parse(full!.body)).toEqual({ message: apiErrors.storeFull.message });
      const notReady = await send(`${service.base}/readyz`);
      expect(notReady.status).toBe(503);
      expect((JSON.parse(notReady.body) as { checks: { store: string } }).checks.store).toMatch(/^down: disk full/);
      expect((await send(`${service.base}/healthz`)).status).toBe(200);
      // Reads write nothing: an order never read before, with its certificate, and the events feed answer.
      const read = await send(`${service.base}${ORDER_PATH}/first`, { headers: { 'x-api-key': key } });
      expect(read.status, read.body).toBe(200);
      expect((JSON.parse(read.body) as { order: { certificate_url: string } }).order.certificate_url).toMatch(/^\/certificates\/[0-9a-f]{32}$/);
      const feed = await send(`${service.base}/v3/integrations/events`, { headers: { 'x-api-key': key } });
      expect(feed.status, feed.body).toBe(200);
      expect((JSON.parse(feed.body) as { events: { data: { order: { partner_order_id: string } } }[] }).events[0]?.data.order.partner_order_id).toBe('first');

      rmSync(filler);
      await waitFor(async () => ((await send(`${service.base}/readyz`)).status === 200 ? true : undefined), '/readyz 200 once space is back');
      const wal = `${file}-wal`;
      expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);
      expect((await sendJson(`${service.base}${ORDER_PATH}`, key, order('after'))).status).toBe(201);
      acknowledged.push('after');
      for (const id of acknowledged) {
        expect((await send(`${service.base}${ORDER_PATH}/${id}`, { headers: { 'x-api-key': key } })).status, id).toBe(200);
      }
    } finally {
      expect(await service.stop()).toBe(0);
    }
  }, 60_000);
});
