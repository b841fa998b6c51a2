import { mkdtempSync, openSync, readFileSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BatchBuffers, createServiceLog, LOG_SPARE_BATCHES, LOG_BATCH_BYTES, LOG_FLUSH_DELAY_MS, millisecondsJson, requestFields, type LogLevel } from '../../src/cli/log.js';
import type { RequestLogEntry } from '../../src/http/handler.js';

const entry: RequestLogEntry = { method: 'POST', path: '/v3/flight', status: 200, durationMs: 0.4567, partnerId: 'p1', environment: 'staging', route: '/v3/flight' };

function logToFiles(level: LogLevel = 'info') {
  const directory = mkdtempSync(join(tmpdir(), 'truecost-log-'));
  const outPath = join(directory, 'out.log');
  const errPath = join(directory, 'err.log');
  const stdout = openSync(outPath, 'w');
  const stderr = openSync(errPath, 'w');
  const log = createServiceLog({ level, stdout, stderr });
  return {
    log,
    out: () => readFileSync(outPath, 'utf8'),
    err: () => readFileSync(errPath, 'utf8'),
    close: async () => {
      await log.flush();
      closeSync(stdout);
      closeSync(stderr);
    },
  };
}

/** Waits, without timers (they may be faked), until `condition` holds; throws after `ms` of real time. */
async function waitFor(condition: () => boolean, ms = 5000): Promise<void> {
  for (const end = Date.now() + ms; !condition(); ) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Lets the event loop turn for a while of real time, without timers. */
async function idle(ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) await new Promise((resolve) => setImmediate(resolve));
}

describe('the service log', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps a request line back for a batch, and writes it once the flush delay has passed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const files = logToFiles();
    try {
      const written = Date.now();
      files.log.request(entry);
      await idle(100);
      expect(files.out()).toBe('');
      vi.advanceTimersByTime(LOG_FLUSH_DELAY_MS);
      await waitFor(() => files.out() !== '');
      const line = JSON.parse(files.out()) as Record<string, unknown>;
      expect(line).toMatchObject({ level: 'info', method: 'POST', path: '/v3/flight', status: 200, duration_ms: 0.457, partner: 'p1', environment: 'staging', pid: process.pid });
      expect(line['time']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Math.abs(Date.parse(String(line['time'])) - written)).toBeLessThan(1000);
    } finally {
      await files.close();
    }
  });

  it('writes every line, in order, once a batch is full or on flush', async () => {
    const files = logToFiles();
    const count = Math.ceil((3 * LOG_BATCH_BYTES) / 150);
    for (let index = 0; index < count; index += 1) files.log.request({ ...entry, status: 200 + (index % 300), path: `/v3/flight/${index}` });
    await files.close();
    const lines = files.out().trimEnd().split('\n').map((text) => JSON.parse(text) as { path: string });
    expect(lines.map((line) => line.path)).toEqual(Array.from({ length: count }, (_, index) => `/v3/flight/${index}`));
  });

  it('writes every line, in order, while batches are written between bursts and their buffers reused', async () => {
    const files = logToFiles();
    const perBurst = Math.ceil((1.5 * LOG_BATCH_BYTES) / 150);
    let index = 0;
    for (let burst = 0; burst < 40; burst += 1) {
      for (let line = 0; line < perBurst; line += 1, index += 1) files.log.request({ ...entry, path: `/v3/flight/${index}/${'x'.repeat(index % 97)}` });
      // Some writes finish between the bursts, so that later batches go to buffers already written once.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await files.close();
    const lines = files.out().trimEnd().split('\n').map((text) => JSON.parse(text) as { path: string });
    expect(lines.map((line) => line.path)).toEqual(Array.from({ length: index }, (_, each) => `/v3/flight/${each}/${'x'.repeat(each % 97)}`));
  });

  it('writes lines longer than a batch, and lines of characters of several bytes, whole and in order', async () => {
    const files = logToFiles();
    const texts = ['€'.repeat(LOG_BATCH_BYTES / 3 - 100), 'é'.repeat(LOG_BATCH_BYTES), 'a'.repeat(3 * LOG_BATCH_BYTES), '😀 ü'.repeat(10)];
    for (const [index, text] of texts.entries()) {
      files.log.request({ ...entry, path: `/before/${index}` });
      files.log.write('info', { event: 'long', index, text });
    }
    files.log.request({ ...entry, path: '/last' });
    await files.close();
    const lines = files.out().trimEnd().split('\n').map((line) => JSON.parse(line) as { path?: string; text?: string });
    expect(lines.map((line) => line.path ?? line.text)).toEqual([...texts.flatMap((text, index) => [`/before/${index}`, text]), '/last']);
  });

  it('writes a request line as pino writes the same fields at info, field for field and in order', async () => {
    const entries: RequestLogEntry[] = [
      entry,
      { method: 'GET', path: '/v3/orders/"quoted"\\back\u00e9\u2028', status: 404, durationMs: 12.3456789 },
      { method: 'DELETE', path: '/v3/x', status: 503, durationMs: 0, partnerId: 'p\n2', environment: 'production', error: 'storeUnavailable' },
    ];
    const files = logToFiles();
    for (const each of entries) {
      files.log.request(each);
      files.log.write('info', requestFields(each));
    }
    await files.close();
    const lines = files.out().trimEnd().split('\n');
    expect(lines).toHaveLength(2 * entries.length);
    // Pino's own line of the fields follows each request line; the time may have moved on between the two.
    const withoutTime = (line: string) => line.replace(/,"time":"[^"]*"/, '');
    for (let index = 0; index < lines.length; index += 2) {
      expect(withoutTime(lines[index]!)).toBe(withoutTime(lines[index + 1]!));
      expect(JSON.parse(lines[index]!)).toMatchObject({ ...requestFields(entries[index / 2]!), level: 'info', pid: process.pid });
    }
  });

  it('writes no request line when the level is above info', async () => {
    const files = logToFiles('warn');
    files.log.request(entry);
    files.log.write('warn', { event: 'store-unavailable' });
    await files.close();
    expect(files.out().trimEnd().split('\n').map((line) => JSON.parse(line) as unknown)).toMatchObject([{ level: 'warn', event: 'store-unavailable' }]);
  });

  it('writes an error line to stderr at once, without waiting for the flush delay', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const files = logToFiles();
    try {
      files.log.request(entry);
      files.log.write('error', { event: 'close-failed', error: 'boom' });
      await waitFor(() => files.err() !== '');
      expect(JSON.parse(files.err())).toMatchObject({ level: 'error', event: 'close-failed', error: 'boom' });
      expect(files.out()).toBe('');
    } finally {
      await files.close();
    }
    expect(JSON.parse(files.out())).toMatchObject({ path: '/v3/flight' });
  });

  it('writes a duration as JSON writes it rounded to the microsecond, whatever its size', () => {
    const durations = [0, 0.0004, 0.0005, 0.001, 0.01, 0.1, 0.12, 0.123, 1, 1.5, 1.05, 1.005, 10.1, 12.3456789, 999.9995, 1e6 + 0.25, 5e11, 1e12 + 0.001, 1e13, 1e21, -0.4, -2.5];
    let seed = 7;
    for (let index = 0; index < 20_000; index += 1) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      durations.push((seed / 2 ** 31) * 10 ** ((index % 8) - 2));
    }
    for (const ms of durations) expect(millisecondsJson(ms)).toBe(JSON.stringify(Math.round(ms * 1000) / 1000));
  });
});

describe('the batch buffers of the log', () => {
  /** A run: batches handed over (their sizes), each followed by the destination writing some bytes. */
  const runs = fc.array(fc.record({ size: fc.integer({ min: 1, max: 1000 }), progress: fc.double({ min: 0, max: 1, noNaN: true }) }), { maxLength: 200 });

  it('never gives out a buffer that a write in flight still reads', () => {
    fc.assert(
      fc.property(runs, (steps) => {
        const buffers = new BatchBuffers(1000);
        const inFlight: { buffer: Buffer; end: number }[] = [];
        let handed = 0;
        let written = 0;
        let batch = buffers.take();
        for (const { size, progress } of steps) {
          handed += size;
          buffers.handed(batch, handed);
          inFlight.push({ buffer: batch, end: handed });
          written += Math.floor(progress * (handed - written));
          buffers.written(written);
          batch = buffers.take();
          const stillRead = inFlight.filter((each) => each.end > written).map((each) => each.buffer);
          expect(stillRead).not.toContain(batch);
          expect(batch.length).toBe(1000);
        }
      }),
    );
  });

  it('allocates no more buffers than the batches in flight at once, and one more', () => {
    fc.assert(
      fc.property(runs, fc.integer({ min: 0, max: 3 }), (steps, lag) => {
        // The destination keeps `lag` batches behind, then catches up.
        const buffers = new BatchBuffers(1000);
        const ends: number[] = [];
        let handed = 0;
        let batch = buffers.take();
        for (const { size } of steps) {
          handed += size;
          buffers.handed(batch, handed);
          ends.push(handed);
          buffers.written(ends.length > lag ? ends[ends.length - 1 - lag]! : 0);
          batch = buffers.take();
        }
        expect(buffers.allocated).toBeLessThanOrEqual(Math.min(steps.length, lag + 1) + 1);
        expect(LOG_SPARE_BATCHES).toBeGreaterThan(lag);
      }),
    );
  });
});
