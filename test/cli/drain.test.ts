import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { drainable } from '../../src/cli/drain.js';

/** A GET through `agent`, resolved with the status and the `Connection` header of the answer. */
function get(port: number, agent: Agent, path: string): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, path, agent }, (answer: IncomingMessage) => {
      answer.resume();
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, connection: answer.headers.connection }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe('the drain', () => {
  it('closes the connection of every answer still in flight when it begins, and of every later one', async () => {
    // Requests to /hold wait until released; /now is answered at once.
    const held: ServerResponse[] = [];
    let arrived = 0;
    const server = createServer((incoming, response) => {
      arrived += 1;
      if (incoming.url === '/hold') held.push(response);
      else response.end('now');
    });
    const drain = drainable(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agents = Array.from({ length: 3 }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
    try {
      // A keep-alive connection answered before the drain keeps its connection.
      expect(await get(port, agents[0]!, '/now')).toEqual({ status: 200, connection: 'keep-alive' });
      const inFlight = [get(port, agents[1]!, '/hold'), get(port, agents[2]!, '/hold')];
      for (let waited = 0; arrived < 3; waited += 1) {
        if (waited > 500) throw new Error('the held requests did not arrive');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      drain.begin();
      for (const response of held) response.end('held');
      expect(await Promise.all(inFlight)).toEqual([
        { status: 200, connection: 'close' },
        { status: 200, connection: 'close' },
      ]);
      // A request after the drain began is answered, and its connection closed.
      const later = new Agent({ keepAlive: true, maxSockets: 1 });
      agents.push(later);
      expect(await get(port, later, '/now')).toEqual({ status: 200, connection: 'close' });
      // Every connection ends (the idle one by the sweep), so close resolves well before its grace period.
      const started = performance.now();
      await drain.close(30_000);
      expect(performance.now() - started).toBeLessThan(20_000);
    } finally {
      for (const agent of agents) agent.destroy();
      server.closeAllConnections();
      server.close();
    }
  });
});
