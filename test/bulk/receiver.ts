// A partner's result endpoint on 127.0.0.1 for the delivery tests: it checks every delivery with
// the standardwebhooks reference implementation, records it, and answers as the test says.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedDelivery {
  readonly webhookId: string;
  readonly timestamp: string;
  readonly contentType: string | undefined;
  readonly body: string;
  /** The `webhook-signature` header as sent: one `v1,<base64>` per signing secret, space-separated. */
  readonly signature: string;
  /** True when the reference implementation accepted the signature. */
  readonly verified: boolean;
  /** How many deliveries of the same webhook-id were in progress when this one arrived (0 when none). */
  readonly overlapping: number;
}

/** The answer to a delivery: a status, or 'hang' to never answer. */
export type Answer = number | 'hang';

export interface Receiver {
  readonly url: string;
  readonly deliveries: ReceivedDelivery[];
  deliveriesOf(webhookId: string): ReceivedDelivery[];
  /** Resolves once `count` deliveries have arrived in all. */
  waitFor(count: number): Promise<void>;
  close(): Promise<void>;
}

/** `secret` may be a function, for an endpoint whose secret is only known once its URL is registered. */
export async function startReceiver(
  secret: string | (() => string),
  answer: (delivery: ReceivedDelivery, nthOfItsId: number) => Answer = () => 200,
  options: { readonly holdMs?: number; readonly body?: string } = {},
): Promise<Receiver> {
  const webhookOf = () => new Webhook(typeof secret === 'string' ? secret : secret());
  const deliveries: ReceivedDelivery[] = [];
  const inProgress = new Map<string, number>();
  const waiters: { count: number; resolve: () => void }[] = [];
  const hanging = new Set<ServerResponse>();

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const webhookId = header('webhook-id') ?? '';
    let verified = true;
    try {
      webhookOf().verify(body, {
        'webhook-id': webhookId,
        'webhook-timestamp': header('webhook-timestamp') ?? '',
        'webhook-signature': header('webhook-signature') ?? '',
      });
    } catch {
      verified = false;
    }
    const overlapping = inProgress.get(webhookId) ?? 0;
    inProgress.set(webhookId, overlapping + 1);
    const delivery: ReceivedDelivery = {
      webhookId,
      timestamp: header('webhook-timestamp') ?? '',
      contentType: header('content-type'),
      body,
      signature: header('webhook-signature') ?? '',
      verified,
      overlapping,
    };
    deliveries.push(delivery);
    const nth = deliveries.filter((d) => d.webhookId === webhookId).length;
    const status = answer(delivery, nth);
    if (status === 'hang') {
      hanging.add(response);
      inProgress.set(webhookId, (inProgress.get(webhookId) ?? 1) - 1);
    } else {
      // Holding the answer a little widens the window in which an overlapping delivery would show.
      if (options.holdMs !== undefined) await new Promise((resolve) => setTimeout(resolve, options.holdMs));
      inProgress.set(webhookId, (inProgress.get(webhookId) ?? 1) - 1);
      response.writeHead(status, { 'content-type': 'text/plain' }).end(options.body ?? 'ok');
    }
    for (const waiter of [...waiters]) {
      if (deliveries.length >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(599).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/results`,
    deliveries,
    deliveriesOf: (webhookId) => deliveries.filter((d) => d.webhookId === webhookId),
    waitFor(count) {
      if (deliveries.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port on 127.0.0.1 that nothing listens on: it was bound, then released. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
