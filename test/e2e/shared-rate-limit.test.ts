import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { calculatorSamples } from '../schemas/samples.js';
import { dropSchema, withSchema } from './ops.js';
import { startService, truecost, type Service } from './serve-process.js';

// `--rate-limit 20` with several server processes on one database, as a partner sees it: one key
// hammered through every server for 6 s is admitted about as often as one bucket allows (a burst
// of 20, then 20 a second: 140), not once per process (280 with two).

const RATE = 20;
const SECONDS = 6;
const ONE_BUCKET = RATE + RATE * SECONDS;
/** The most the test accepts: 1.25 times one bucket. */
const MOST = Math.floor(1.25 * ONE_BUCKET);
const CONNECTIONS = 8;

const pgUrl = process.env['TRUECOST_TEST_PG_URL'];
const schema = `rate_${process.pid}_${Date.now()}`;
const work = mkdtempSync(join(tmpdir(), 'truecost-rate-'));
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  if (pgUrl !== undefined) await dropSchema(pgUrl, schema);
});

interface Tally {
  admitted: number;
  refused: number;
  /** The header fields of one refusal and one admission. */
  refusal?: Record<string, unknown>;
  admission?: Record<string, unknown>;
}

/** One POST /v3/flight with the key on a kept-alive connection. */
function flight(base: string, key: string, agent: Agent): Promise<{ status: number; headers: Record<string, unknown> }> {
  const body = JSON.stringify(calculatorSamples.flight);
  return new Promise((resolve, reject) => {
    const outgoing = request(`${base}/v3/flight`, { method: 'POST', agent, headers: { 'x-api-key': key, 'content-type': 'application/json' } }, (incoming) => {
      incoming.resume();
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers }));
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Sends requests of one key over `CONNECTIONS` connections spread over `bases` for `SECONDS`, counting the answers to those sent in time. */
async function hammer(bases: readonly string[], key: string): Promise<Tally> {
  const agents = bases.map(() => new Agent({ keepAlive: true, maxSockets: CONNECTIONS }));
  const tally: Tally = { admitted: 0, refused: 0 };
  const ends = performance.now() + SECONDS * 1000;
  try {
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, index) => {
        const base = bases[index % bases.length]!;
        const agent = agents[index % bases.length]!;
        while (performance.now() < ends) {
          const answer = await flight(base, key, agent);
          if (answer.status === 200) {
            tally.admitted += 1;
            tally.admission ??= answer.headers;
          } else {
            expect(answer.status).toBe(429);
            tally.refused += 1;
            tally.refusal ??= answer.headers;
          }
        }
      }),
    );
  } finally {
    for (const agent of agents) agent.destroy();
  }
  return tally;
}

function expectOneBucket(tally: Tally): void {
  // Enough requests were refused to show the limit at work, and the admitted ones stay near one bucket.
  expect(tally.refused, JSON.stringify(tally)).toBeGreaterThan(ONE_BUCKET);
  expect(tally.admitted, JSON.stringify(tally)).toBeLessThanOrEqual(MOST);
  expect(tally.admitted, JSON.stringify(tally)).toBeGreaterThanOrEqual(ONE_BUCKET / 2);
  expect(tally.refusal).toMatchObject({ 'retry-after': '1', 'ratelimit-policy': `"default";q=${RATE};w=1`, ratelimit: '"default";r=0;t=1' });
  expect(tally.admission?.['ratelimit-policy']).toBe(`"default";q=${RATE};w=1`);
}

describe.skipIf(pgUrl === undefined)('two truecost serve on one PostgreSQL database with --rate-limit', () => {
  it(`admit one key at most 1.25 times one bucket over ${SECONDS} s`, async () => {
    const db = withSchema(pgUrl!, schema);
    const key = truecost(['keys', 'create', '--partner', 'acme', '--env', 'staging', '--db', db]).stdout.trim();
    expect(key).toMatch(/^truecost_staging_/);
    const servers: Service[] = await Promise.all(
      [0, 1].map(() => startService(['--db', db, '--rate-limit', String(RATE), '--drain-delay', '0', '--no-request-log'])),
    );
    try {
      expectOneBucket(await hammer(servers.map((server) => server.base), key));
    } finally {
      for (const server of servers) await server.stop();
    }
  }, 60_000);
});

describe('truecost serve --workers 2 on one SQLite file with --rate-limit', () => {
  it(`admits one key at most 1.25 times one bucket over ${SECONDS} s`, async () => {
    const db = `sqlite:${join(work, 'rate.db')}`;
    const key = truecost(['keys', 'create', '--partner', 'acme', '--env', 'staging', '--db', db]).stdout.trim();
    expect(key).toMatch(/^truecost_staging_/);
    const service = await startService(['--workers', '2', '--db', db, '--rate-limit', String(RATE), '--drain-delay', '0', '--no-request-log']);
    try {
      expectOneBucket(await hammer([service.base], key));
    } finally {
      await service.stop();
    }
  }, 60_000);
});
