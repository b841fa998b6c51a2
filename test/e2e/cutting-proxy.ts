// A TCP proxy in front of a real `truecost serve` that injects the network failures a partner's
// retries must survive: it forwards each request, and in `cut` mode destroys the client's connection
// as soon as the server starts to answer (the request was received and handled, the answer is lost),
// and in `unavailable` mode answers 503 itself (`Retry-After: 0`) without reaching the server.
import { connect, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export type ProxyMode = 'pass' | 'cut' | 'unavailable';

const UNAVAILABLE = 'HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 0\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}';

export interface CuttingProxy {
  readonly url: string;
  /** How answers are treated from now on, once `plan` is empty. */
  mode: ProxyMode;
  /** The modes of the next connections, one each, before `mode` applies again. */
  plan: ProxyMode[];
  /** How many requests were answered 503 by the proxy so far. */
  readonly refusals: number;
  /** Where requests go: the server's `host:port` (changed after a restart). */
  upstream: { host: string; port: number };
  /** How many answers were cut so far. */
  readonly cuts: number;
  /** Resolves once `count` answers have been cut in all. */
  waitForCuts(count: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts the proxy on a free port of 127.0.0.1, forwarding to `upstream` (a `http://host:port` URL). */
export async function startCuttingProxy(upstream: string, mode: ProxyMode = 'pass'): Promise<CuttingProxy> {
  const target = new URL(upstream);
  const sockets = new Set<Socket>();
  let cuts = 0;
  let refusals = 0;
  const waiting: { count: number; resolve: () => void }[] = [];
  const proxy = {
    mode,
    plan: [] as ProxyMode[],
    get refusals() {
      return refusals;
    },
    upstream: { host: target.hostname, port: Number(target.port) },
    get cuts() {
      return cuts;
    },
  } as CuttingProxy;

  const server: Server = createServer((client) => {
    sockets.add(client);
    const mode = proxy.plan.shift() ?? proxy.mode;
    if (mode === 'unavailable') {
      client.once('data', () => {
        refusals += 1;
        client.end(UNAVAILABLE);
      });
      client.on('error', () => client.destroy());
      return;
    }
    const { host, port } = proxy.upstream;
    const origin = connect(port, host);
    sockets.add(origin);
    const end = (): void => {
      client.destroy();
      origin.destroy();
    };
    client.on('data', (chunk) => origin.write(chunk));
    origin.on('data', (chunk) => {
      if (mode === 'pass') {
        client.write(chunk);
        return;
      }
      cuts += 1;
      end();
      for (const waiter of waiting.filter((w) => cuts >= w.count)) waiter.resolve();
    });
    client.on('close', end);
    origin.on('close', end);
    client.on('error', end);
    origin.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(proxy, {
    url: `http://127.0.0.1:${port}`,
    waitForCuts: (count: number) =>
      cuts >= count ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ count, resolve })),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
