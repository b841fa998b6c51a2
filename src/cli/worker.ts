// `truecost worker [--allow-private-endpoints] [--db URL]`: the bulk and order events delivery workers alone, without the HTTP service, until
// SIGTERM or SIGINT. Any number of workers (and servers) may share one database.
import { startBulkWorker } from '../bulk/worker.js';
import type { BulkWorkerOptions, WorkerEvent } from '../bulk/worker.js';
import type { Store } from '../orders/store.js';
import { startEventsWorker, type EventsWorkerEvent } from '../bulk/events-worker.js';
import type { Output } from './types.js';
import { onStopSignal } from './shutdown.js';
import { lastingDbUrlOf, withStore } from './store-url.js';
import { parseCommand, UsageError } from './usage.js';

/** The log level of a worker event. */
export function workerEventLevel(event: WorkerEvent): 'error' | 'info' | 'warn' {
  return event.type === 'store-error' || event.type === 'failed' ? 'error' : event.type === 'delivered' ? 'info' : 'warn';
}

/** The fields of a worker event's log line, after its time and level. */
export function workerEventFields(event: WorkerEvent): Record<string, unknown> {
  const fields: Record<string, unknown> = { event: `bulk-${event.type}` };
  if ('jobId' in event) fields['job_id'] = event.jobId;
  if ('attempts' in event) fields['attempts'] = event.attempts;
  if ('error' in event) fields['error'] = event.error;
  if (event.type === 'retry') fields['next_attempt_at'] = new Date(event.nextAttemptAt).toISOString();
  return fields;
}

/** One JSON log line for a worker event, in the form of `truecost serve`'s log lines. */
export function workerLogLine(event: WorkerEvent, now: number = Date.now()): string {
  return JSON.stringify({ time: new Date(now).toISOString(), level: workerEventLevel(event), ...workerEventFields(event) });
}

/** The log level of an events worker's report. */
export function eventsWorkerEventLevel(event: EventsWorkerEvent): 'error' | 'info' | 'warn' {
  if (event.type === 'store-error' || event.type === 'failed') return 'error';
  return event.type === 'retry' || event.type === 'lease-lost' ? 'warn' : 'info';
}

/** The fields of an events worker's log line, after its time and level: `event` is `events-<type>`. */
export function eventsWorkerEventFields(event: EventsWorkerEvent): Record<string, unknown> {
  const fields: Record<string, unknown> = { event: `events-${event.type}` };
  if ('eventId' in event) fields['event_id'] = event.eventId;
  if ('eventType' in event) fields['event_type'] = event.eventType;
  if ('attempts' in event) fields['attempts'] = event.attempts;
  if ('count' in event) fields['count'] = event.count;
  if ('error' in event) fields['error'] = event.error;
  if (event.type === 'retry') fields['next_attempt_at'] = new Date(event.nextAttemptAt).toISOString();
  return fields;
}

/** Writes a worker's events to the output: errors and failures on stderr, the rest on stdout. */
export function logWorkerEvents(output: Output): (event: WorkerEvent) => void {
  return (event) => {
    const line = workerLogLine(event);
    if (event.type === 'store-error' || event.type === 'failed') output.err(line);
    else output.out(line);
  };
}

/**
 * Runs a bulk worker on an opened store until `signal` is aborted, logging each delivery, retry
 * and failure as a JSON line; then waits for the deliveries in flight and resolves to the exit
 * code 0. The caller opens and closes the store.
 */
export async function runWorker(
  store: Store,
  output: Output,
  signal: AbortSignal,
  options: Omit<BulkWorkerOptions, 'store'> = {},
): Promise<number> {
  const log = logWorkerEvents(output);
  const worker = startBulkWorker({
    ...options,
    store,
    log: (event) => {
      log(event);
      options.log?.(event);
    },
  });
  // Order events go out from the same process, over the same endpoint policy (docs/operations.md).
  const events = startEventsWorker({
    store,
    ...(options.endpointPolicy === undefined ? {} : { endpointPolicy: options.endpointPolicy }),
    log: (event) => {
      const line = JSON.stringify({ time: new Date().toISOString(), level: eventsWorkerEventLevel(event), ...eventsWorkerEventFields(event) });
      if (eventsWorkerEventLevel(event) === 'error') output.err(line);
      else output.out(line);
    },
  });
  output.out('truecost worker delivering bulk results and order events until SIGTERM or SIGINT');
  await new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
  output.out('truecost worker stopping: finishing the deliveries in flight');
  await Promise.all([worker.stop(), events.stop()]);
  output.out('truecost worker stopped');
  return 0;
}

/**
 * An AbortSignal aborted by the process's first SIGTERM or SIGINT. Until then those signals do not
 * end the process at once, so that the worker can stop cleanly; a second one ends it.
 */
export function stopSignalOfProcess(): AbortSignal {
  const controller = new AbortController();
  onStopSignal(() => controller.abort(), 'ends');
  return controller.signal;
}

/**
 * `truecost worker [--allow-private-endpoints] [--db URL]`: opens the store, runs a worker until
 * SIGTERM or SIGINT, closes the store; resolves to the exit code.
 */
export async function workerCommand(args: readonly string[], output: Output): Promise<number> {
  const { values, positionals } = parseCommand(args, { db: { type: 'string' }, 'allow-private-endpoints': { type: 'boolean' } });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument ${JSON.stringify(positionals[0])}.`);
  const url = lastingDbUrlOf(values.db, 'worker');
  const signal = stopSignalOfProcess();
  const endpointPolicy = { allowPrivateAddresses: values['allow-private-endpoints'] === true };
  return withStore(url, (store) => runWorker(store, output, signal, { endpointPolicy }));
}
