// Listening, shared by a single server, the workers of a cluster and its primary.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { metricsListener, type MetricsText } from './metrics.js';
import type { Output } from './types.js';

/** Address of a listening server as a URL, e.g. `http://127.0.0.1:8080`. */
export function urlOf(address: AddressInfo | { address: string; port: number; family?: string }): string {
  const host = address.address.includes(':') ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** Listens and resolves once listening, or rejects with the error (e.g. the port is taken). */
export function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/** Serves `GET /metrics` alone on its own port; prints its address. */
export async function startMetricsServer(metrics: MetricsText, port: number, host: string, output: Output): Promise<Server> {
  const server = createServer(metricsListener(metrics));
  const address = await listen(server, port, host);
  output.out(`truecost metrics on ${urlOf(address)}/metrics`);
  return server;
}
