import { describe, expect, it } from 'vitest';
import { startService } from './serve-process.js';

describe('truecost serve --db memory:', () => {
  it('prints a staging key and its address, serves with it, logs each request without the key, and exits 0 on SIGTERM', async () => {
    const service = await startService(['--db', 'memory:']);
    try {
      const keyLine = service.lines.find((line) => line.startsWith('staging key'));
      const key = /(truecost_staging_\S+)$/.exec(keyLine ?? '')?.[1];
      expect(key).toBeDefined();
      const answer = await fetch(`${service.base}/v3/flight`, {
        method: 'POST',
        headers: { 'x-api-key': key!, 'content-type': 'application/json' },
        body: JSON.stringify({ queries: { flights: [{ departure: 'DEL', arrival: 'BOM', no_of_tickets: 1 }] } }),
      });
      expect(answer.status).toBe(200);
      await new Promise((done) => setTimeout(done, 100));
      const log = service.lines.map((line) => (line.startsWith('{') ? JSON.parse(line) : undefined)).find((entry) => entry?.path === '/v3/flight');
      expect(log).toMatchObject({ method: 'POST', path: '/v3/flight', status: 200, partner: 'local', environment: 'staging' });
      expect(typeof log.duration_ms).toBe('number');
      expect(service.lines.filter((line) => line.startsWith('{')).join('\n')).not.toContain(key!);
    } finally {
      expect(await service.stop('SIGTERM')).toBe(0);
    }
  });

  it.each([['--no-request-log'], ['--log-level', 'warn']])('logs no request with %s, and still its shutdown at info unless quieter', async (...flags) => {
    const service = await startService(['--db', 'memory:', ...flags]);
    const answer = await fetch(`${service.base}/healthz`);
    expect(answer.status).toBe(200);
    expect(await service.stop('SIGTERM')).toBe(0);
    const entries = service.lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.filter((entry) => entry['path'] === '/healthz')).toEqual([]);
    const shutdown = entries.filter((entry) => entry['message'] === 'SIGTERM: finishing requests in flight');
    expect(shutdown).toHaveLength(flags[0] === '--log-level' ? 0 : 1);
  });

  it('writes every request line before it exits', async () => {
    const service = await startService(['--db', 'memory:']);
    await Promise.all(Array.from({ length: 50 }, () => fetch(`${service.base}/healthz`).then((answer) => answer.arrayBuffer())));
    expect(await service.stop('SIGTERM')).toBe(0);
    const requests = service.lines.filter((line) => line.includes('"path":"/healthz"')).map((line) => JSON.parse(line));
    expect(requests).toHaveLength(50);
    expect(requests[0]).toMatchObject({ level: 'info', method: 'GET', status: 200, partner: null, environment: null });
    expect(typeof requests[0].time).toBe('string');
  });

  it('finishes a request in flight when SIGINT arrives', async () => {
    const service = await startService(['--db', 'memory:']);
    const key = /(truecost_staging_\S+)$/.exec(service.lines[0] ?? '')?.[1] ?? '';
    // A body sent slowly: the request is in flight while the signal arrives.
    const encoder = new TextEncoder();
    const body = JSON.stringify({ queries: { flights: [{ departure: 'DEL', arrival: 'BOM', no_of_tickets: 1 }] } });
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode(body.slice(0, 10)));
        await new Promise((done) => setTimeout(done, 300));
        controller.enqueue(encoder.encode(body.slice(10)));
        controller.close();
      },
    });
    const pending = fetch(`${service.base}/v3/flight`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    await new Promise((done) => setTimeout(done, 100));
    const exited = service.stop('SIGINT');
    expect((await pending).status).toBe(200);
    expect(await exited).toBe(0);
  });
});
