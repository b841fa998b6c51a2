// `truecost worker --db URL`: a bulk delivery worker alone, without the HTTP service, until
// SIGTERM or SIGINT. Any number of workers (and servers) may share one database.
import { startBulkWorker } from '../bulk/worker.js';
import type { BulkWorkerOptions, WorkerEvent } from '../bulk/worker.js';
import type { CommandContext } from './jobs.js';

/** What `truecost worker` needs: the command context, when to stop, and the worker's options. */
export interface WorkerCommandContext extends CommandContext {
  /** Aborted to stop the worker (by {@link stopSignalOfProcess} in the CLI). */
  readonly signal: AbortSignal;
  /** The worker's options beyond the store (retry delays, timeout, lease and so on); all have defaults. */
  readonly worker?: Omit<BulkWorkerOptions, 'store'>;
}

/** One line of the worker's log for an event. */
export function describeWorkerEvent(event: WorkerEvent): string {
  switch (event.type) {
    case 'delivered':
      return `delivered job ${event.jobId} (attempt ${event.attempts})`;
    case 'retry':
      return `attempt ${event.attempts} of job ${event.jobId} failed: ${event.error} Next attempt at ${new Date(event.nextAttemptAt).toISOString()}.`;
    case 'failed':
      return `job ${event.jobId} failed after ${event.attempts} attempts: ${event.error}`;
    case 'lease-lost':
      return `lease of job ${event.jobId} ended before its attempt was recorded; it will be claimed again`;
    case 'store-error':
      return `store error: ${event.error}`;
  }
}

/**
 * Runs a bulk worker on the opened store until `signal` is aborted, logging each delivery, retry
 * and failure as a line on stdout (store errors on stderr); then waits for the delivery in flight
 * and resolves to the exit code 0. The caller opens and closes the store.
 *
 * @example
 * ```ts
 * const store = await openStore(url);
 * try {
 *   process.exitCode = await runWorkerCommand({ store, stdout: process.stdout, stderr: process.stderr, signal: stopSignalOfProcess() });
 * } finally {
 *   await store.close();
 * }
 * ```
 * @remarks Since 0.1.0
 */
export async function runWorkerCommand(context: WorkerCommandContext): Promise<number> {
  const { stdout, stderr, signal } = context;
  const log = context.worker?.log;
  const worker = startBulkWorker({
    ...context.worker,
    store: context.store,
    log: (event) => {
      (event.type === 'store-error' ? stderr : stdout).write(`${describeWorkerEvent(event)}\n`);
      log?.(event);
    },
  });
  stdout.write('truecost worker started; delivering bulk results until SIGTERM or SIGINT\n');
  await new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
  stdout.write('truecost worker stopping; finishing the delivery in flight\n');
  await worker.stop();
  stdout.write('truecost worker stopped\n');
  return 0;
}

/**
 * An AbortSignal aborted by the process's first SIGTERM or SIGINT. While it waits, those signals no
 * longer end the process at once, so that the worker can stop cleanly.
 *
 * @remarks Since 0.1.0
 */
export function stopSignalOfProcess(): AbortSignal {
  const controller = new AbortController();
  const stop = () => {
    process.off('SIGTERM', stop);
    process.off('SIGINT', stop);
    controller.abort();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  return controller.signal;
}
