// truecost/client against a running `truecost serve`, with a receiver of bulk results:
//   TRUECOST_URL=http://127.0.0.1:8080 TRUECOST_KEY=truecost_staging_... \
//   TRUECOST_SECRET=whsec_... RECEIVER_PORT=3001 node --import tsx examples/client.ts
// TRUECOST_SECRET is what `truecost partners set-endpoint --url http://127.0.0.1:3001/results`
// printed (docs/client.md). Each line it prints is shown in docs/client.md.
import { createServer } from 'node:http';
import { createTruecostClient, TruecostApiError, TruecostNetworkError, verifyBulkDelivery, type BulkFlightResults } from 'truecost/client';

const truecost = createTruecostClient({
  baseUrl: process.env['TRUECOST_URL'] ?? 'http://127.0.0.1:8080',
  apiKey: process.env['TRUECOST_KEY'] ?? '',
  timeoutMs: 10_000, // each attempt
  retries: 3, // after a network failure, a timeout, a 5xx, a 429
});

// E6, a calculator: safe to retry, no Idempotency-Key needed.
const flight = await truecost.flight({ queries: { flights: [{ departure: 'DEL', arrival: 'BOM', no_of_tickets: 2, flight_class: 'BUSINESS' }] } });
console.log('flight:', JSON.stringify(flight));

// E1 with a key of your own: the same call again, even from another process, replays the answer.
const order = { order: { partner_order_id: 'ORD-7', climes: 10, customer_email: 'asha@example.com', customer_name: 'Asha Rao' } };
const created = await truecost.createOrder('vote', order, { idempotencyKey: 'create-ORD-7' });
const replayed = await truecost.createOrder('vote', order, { idempotencyKey: 'create-ORD-7' });
console.log('order:', JSON.stringify(created), 'replayed:', JSON.stringify(replayed) === JSON.stringify(created));

// E3, then the order as stored.
await truecost.addClimes('vote', { partner_order_id: 'ORD-7', climes: 2.5 });
console.log('climes:', (await truecost.getOrder('vote', 'ORD-7')).order.climes);

// A refused body: TruecostApiError with the status, and the path and reason of the first problem.
try {
  await truecost.createOrder('vote', { order: { ...order.order, partner_order_id: 'ORD-8', climes: -1 } });
} catch (error) {
  if (!(error instanceof TruecostApiError)) throw error;
  console.log('refused:', error.status, error.path, error.reason);
}

// No answer: TruecostNetworkError names the call, the host and port, and the cause (here the
// receiver's port below, where nothing listens yet).
const receiverPort = Number(process.env['RECEIVER_PORT'] ?? 3001);
const nowhere = createTruecostClient({ baseUrl: `http://127.0.0.1:${receiverPort}`, apiKey: 'truecost_staging_x', retries: 0 });
try {
  await nowhere.getOrder('vote', 'ORD-7');
} catch (error) {
  if (!(error instanceof TruecostNetworkError)) throw error;
  console.log('no answer:', error.message, 'timed out:', error.timedOut);
}

// A signal cancels a call, its retries included.
const cancelled = await truecost.flight(
  { queries: { flights: [{ departure: 'DEL', arrival: 'BOM', no_of_tickets: 1 }] } },
  { signal: AbortSignal.abort(new Error('the user left')) },
).catch((error: unknown) => (error as Error).message);
console.log('cancelled:', cancelled);

// E7: the job is accepted at once; its results are POSTed, signed, to the partner's endpoint.
const delivered = new Promise<BulkFlightResults>((resolve) => {
  const receiver = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    request.on('end', async () => {
      // Read the raw body: the signature is over the bytes as sent.
      const results = await verifyBulkDelivery(process.env['TRUECOST_SECRET'] ?? '', request.headers, body);
      response.writeHead(results === undefined ? 401 : 200).end();
      if (results !== undefined) {
        receiver.close();
        resolve(results);
      }
    });
  });
  receiver.listen(receiverPort, '127.0.0.1');
});
const { job_id } = await truecost.bulkFlight([
  { flight_id: 'F1', departure: 'BLR', arrival: 'DXB', no_of_tickets: 1, flight_class: 'ECONOMY', flight_type: 'ROUND_TRIP' },
]);
console.log('bulk results:', JSON.stringify(await delivered));
// The job's state, as the operator's `truecost jobs show` has it: delivered once the endpoint said 2xx.
let job = await truecost.bulkJob(job_id);
while (job.job.state !== 'delivered' && job.job.state !== 'failed') {
  await new Promise((wait) => setTimeout(wait, 100));
  job = await truecost.bulkJob(job_id);
}
console.log('bulk job:', job.job.state, 'attempts:', job.job.attempts);
