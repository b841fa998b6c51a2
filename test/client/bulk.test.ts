// client.bulk against the real handler on a socket, a memory store with the partner's result
// endpoint, the real worker, and a receiver that checks the signature with standardwebhooks.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { generateSigningSecret, signDelivery } from '../../src/bulk/signing.js';
import { startBulkWorker, type BulkWorker } from '../../src/bulk/worker.js';
import { createTruecostClient, TruecostApiError, verifyBulkResults, type BulkJob, type BulkResult, type CommuteRequest, type LogisticsRequest, type LogisticsResponse } from '../../src/client/index.js';
import { createHandler, generateApiKey, hashApiKey, toNodeListener } from '../../src/http/index.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import { requestSamples } from '../../src/testing/index.js';
import { waitForJob } from '../bulk/helpers.js';
import { startReceiver, type Receiver } from '../bulk/receiver.js';

const store = createMemoryStore();
const secret = generateSigningSecret();
const scope = { partnerId: 'acme', environment: 'staging' } as const;
let receiver: Receiver;
let worker: BulkWorker;
let close: () => Promise<void>;
let baseUrl: string;
let apiKey: string;

beforeAll(async () => {
  receiver = await startReceiver(secret);
  await store.setResultEndpoint(scope.partnerId, { url: receiver.url, secret }, Date.now());
  apiKey = generateApiKey('staging');
  await store.addApiKey({ keyHash: await hashApiKey(apiKey), ...scope, createdAt: 0 });
  worker = startBulkWorker({ store, pollIntervalMs: 10, retryDelaysMs: [], endpointPolicy: { allowPrivateAddresses: true } });
  const server = createServer(toNodeListener(createHandler({ store, onJobQueued: () => worker.wake() })));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
});

afterAll(async () => {
  await worker?.stop();
  await close?.();
  await receiver?.close();
});

const shipment = requestSamples.logistics as unknown as LogisticsRequest;
const commute = requestSamples.commute as unknown as CommuteRequest;

describe('client.bulk', () => {
  it('submits a job, reads its results once delivered, and verifies the delivery', async () => {
    const client = createTruecostClient({ baseUrl, apiKey });
    const accepted = await client.bulk.submit('logistics', [
      { id: 'a', ...shipment },
      { id: 'b', ...shipment, record: { reference: 'PO-1' } },
    ]);
    expect(accepted).toEqual({ message: expect.any(String), job_id: expect.any(String) });
    await waitForJob(store, accepted.job_id, ['delivered'], 20_000, scope);

    const { job } = await client.bulk.get(accepted.job_id);
    expectTypeOf(job).toEqualTypeOf<BulkJob>();
    expect(job).toMatchObject({ job_id: accepted.job_id, endpoint: 'logistics', state: 'delivered', attempts: 1, last_error: null });
    const answer = await client.logistics(shipment);
    expect(job.results).toEqual([
      { id: 'a', result: answer },
      { id: 'b', result: { ...answer, calculation_id: expect.any(String) } },
    ]);
    if (job.endpoint === 'logistics') expectTypeOf(job.results).toEqualTypeOf<readonly BulkResult<'logistics'>[] | null>();
    expectTypeOf<Extract<BulkResult<'logistics'>, { result: unknown }>['result']>().toExtend<LogisticsResponse>();

    const [delivery] = receiver.deliveriesOf(accepted.job_id);
    expect(delivery?.verified).toBe(true);
    const headers = { 'webhook-id': delivery!.webhookId, 'webhook-timestamp': delivery!.timestamp, 'webhook-signature': signDelivery(secret, delivery!.webhookId, Number(delivery!.timestamp), delivery!.body) };
    expect(await verifyBulkResults(secret, headers, delivery!.body)).toEqual({ job_id: accepted.job_id, endpoint: 'logistics', results: job.results });
    expect(await verifyBulkResults(generateSigningSecret(), headers, delivery!.body)).toBeUndefined();
    expect(await verifyBulkResults(secret, { ...headers, 'webhook-signature': signDelivery(secret, delivery!.webhookId, Number(delivery!.timestamp), '{}') }, '{}')).toBeUndefined();
  });

  it('throws the path of a refused job, and 404 for a job it cannot see', async () => {
    const client = createTruecostClient({ baseUrl, apiKey, retries: 0 });
    const repeated = await client.bulk.submit('commute', [{ id: 'x', ...commute }, { id: 'x', ...commute }]).catch((error: unknown) => error);
    expect(repeated).toBeInstanceOf(TruecostApiError);
    expect(repeated).toMatchObject({ status: 400, path: '1.id' });
    await expect(client.bulk.get('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ status: 404, message: 'Job not found.' });
  });
});
