import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { calculatorSamples } from '../schemas/samples.js';
import { send, waitFor } from './ops.js';
import { startService, truecost } from './serve-process.js';

// SIGTERM to a real `truecost serve` under keep-alive load, as in a rolling deploy: /readyz turns
// 503, every answer from then on carries `Connection: close`, and no request is reset: the
// clients see answers, then (once the server stopped accepting) refused connections, nothing else.

const directory = mkdtempSync(join(tmpdir(), 'truecost-drain-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

interface Tally {
  answered: number;
  closing: number;
  /**
   * Answers without `Connection: close` to requests sent after one with it had come back (more
   * than `skewMs` after it: see the cases below).
   */
  keptAliveAfterClose: number;
  refused: number;
  /** Failures other than a refused connection, but for one kind (below). */
  resets: string[];
  /**
   * A new connection reset in the instant the server closed its port, right before connections were
   * refused: the kernel had completed it, but no process had accepted it yet, so no request on it
   * was read. Closing a port that clients keep connecting to cannot avoid it. With `--workers`, the
   * workers close their ports one after the other, so such a reset (sent after the drain began) may
   * be followed by answers of a worker still accepting.
   */
  resetAtClose: number;
}

/** One client: keep-alive requests, one after the other, until the server refuses connections. */
async function client(base: string, key: string, agent: Agent, tally: Tally, sawClose: { at: number }, skewMs: number): Promise<void> {
  const body = JSON.stringify(calculatorSamples.car);
  let freshReset: string | undefined;
  let freshResetSentAt = 0;
  for (;;) {
    const sentAt = performance.now();
    let reused = false;
    const outcome = await new Promise<'ok' | 'refused' | string>((resolve) => {
      const outgoing = httpRequest(
        `${base}/v3/cars`,
        { method: 'POST', agent, headers: { 'x-api-key': key, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } },
        (incoming) => {
          incoming.resume();
          incoming.on('end', () => {
            tally.answered += 1;
            if (incoming.headers.connection === 'close') {
              tally.closing += 1;
              sawClose.at = Math.min(sawClose.at, performance.now());
            } else if (sentAt > sawClose.at + skewMs) tally.keptAliveAfterClose += 1;
            resolve(incoming.statusCode === 200 ? 'ok' : `status ${incoming.statusCode}`);
          });
          incoming.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
        },
      );
      outgoing.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED' ? 'refused' : (error.code ?? error.message)));
      outgoing.on('socket', () => {
        reused = outgoing.reusedSocket;
      });
      outgoing.end(body);
    });
    if (outcome === 'refused') {
      tally.refused += 1;
      if (freshReset !== undefined) tally.resetAtClose += 1;
      return;
    }
    // One port of several closed (--workers: skewMs > 0) while the drain had begun.
    if (freshReset !== undefined && skewMs > 0 && freshResetSentAt > sawClose.at) tally.resetAtClose += 1;
    else if (freshReset !== undefined) tally.resets.push(freshReset);
    freshReset = undefined;
    if (outcome === 'ECONNRESET' && !reused) {
      freshReset = 'ECONNRESET on a new connection';
      freshResetSentAt = sentAt;
    }
    else if (outcome !== 'ok') tally.resets.push(`${outcome}${reused ? ' on a reused connection' : ''}`);
  }
}

describe('SIGTERM under keep-alive load', () => {
  // With several workers, the primary passes SIGTERM to each: a worker may begin its drain a moment
  // after another, and answer a request sent in that moment with keep-alive. 100 ms is far beyond
  // that moment and far below the drain delay (1.5 s), so a worker that does not drain is still caught.
  it.each([
    ['one process', () => ['--db', 'memory:'], 0],
    ['--workers 2', () => ['--db', `sqlite:${join(directory, 'drain.db')}`, '--workers', '2'], 100],
  ])('%s: turns /readyz 503, closes every keep-alive connection after its answer, resets no request, and exits 0', async (_, dbArgs, skewMs) => {
    const args = dbArgs();
    let key: string;
    if (args[1] === 'memory:') key = '';
    else key = truecost(['keys', 'create', '--partner', 'acme', '--env', 'staging', '--db', args[1]!]).stdout.trim();
    const service = await startService([...args, '--drain-delay', '1500', '--no-request-log']);
    if (key === '') key = /^staging key \(partner local\): (\S+)$/.exec(service.lines.find((line) => line.startsWith('staging key')) ?? '')![1]!;
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const tally: Tally = { answered: 0, closing: 0, keptAliveAfterClose: 0, refused: 0, resets: [], resetAtClose: 0 };
    const sawClose = { at: Infinity };
    try {
      const clients = Array.from({ length: 8 }, () => client(service.base, key, agent, tally, sawClose, skewMs));
      await waitFor(() => (tally.answered >= 200 ? true : undefined), 'load to run');
      const before = tally.answered;
      const exited = service.stop('SIGTERM');
      await waitFor(async () => ((await send(`${service.base}/readyz`)).status === 503 ? true : undefined), '/readyz 503 after SIGTERM', 5_000);
      expect(await exited).toBe(0);
      await Promise.all(clients);
      process.stdout.write(`graceful-shutdown (${_}): ${tally.answered} answers (${tally.answered - before} after SIGTERM), ${tally.closing} with Connection: close, ${tally.resets.length} resets, ${tally.resetAtClose} new connections reset as the port closed\n`);
      expect(tally.resets).toEqual([]);
      expect(tally.closing).toBeGreaterThan(0);
      expect(tally.keptAliveAfterClose).toBe(0);
      expect(tally.refused).toBe(8);
    } finally {
      agent.destroy();
      await service.stop('SIGKILL');
    }
  }, 60_000);
});
