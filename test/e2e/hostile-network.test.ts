import { describe, expect, it } from 'vitest';
import { apiErrors } from '../../src/errors.js';
import { rawExchange } from '../http/raw-socket.js';
import { startService, truecost } from './serve-process.js';

// `truecost serve` against clients that are slow or do not speak HTTP as Node's parser accepts it.
describe('truecost serve under hostile clients', () => {
  it('answers an unfinished body with a JSON 408 after --request-timeout, and framing errors in JSON', async () => {
    const service = await startService(['--db', 'memory:', '--request-timeout', '1000']);
    try {
      const key = /^staging key \(partner local\): (\S+)$/.exec(service.lines.find((line) => line.startsWith('staging key')) ?? '')?.[1];
      expect(key).toBeDefined();
      const port = Number(new URL(service.base).port);
      const unfinished = await rawExchange(
        port,
        `POST /v3/integrations/vote/order HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\nContent-Type: application/json\r\nContent-Length: 64\r\n\r\n`,
      );
      expect([unfinished.status, JSON.parse(unfinished.body)]).toEqual([408, { message: apiErrors.requestTimeout.message }]);
      const lying = await rawExchange(port, 'POST /v3/flight HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab');
      expect([lying.status, JSON.parse(lying.body)]).toEqual([400, { message: apiErrors.badRequest.message }]);
      const long = await rawExchange(port, `GET /${'a'.repeat(70_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
      expect([long.status, JSON.parse(long.body)]).toEqual([414, { message: apiErrors.uriTooLong.message }]);
    } finally {
      expect(await service.stop()).toBe(0);
    }
  });

  it('refuses a time limit that is not a whole number of milliseconds', () => {
    const result = truecost(['serve', '--request-timeout', 'soon', '--db', 'memory:']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--request-timeout must be a whole number');
  });
});
