// The primary of `truecost serve --workers N`: it forks N server processes (each running the
// whole service, `runServer` in ./serve.ts) that share one port through `node:cluster`, replaces a
// worker that dies, serves the metrics port with every worker's metrics, and on SIGTERM or SIGINT
// passes SIGTERM on to every worker and exits once all of them have drained.
import cluster, { type Worker } from 'node:cluster';
import type { Server } from 'node:http';
import { clusterPrimaryMetrics } from './metrics.js';
import { startMetricsServer, urlOf } from './listening.js';
import type { ServiceLog } from './log.js';
import type { Output, ServeOptions } from './types.js';
import { onStopSignal } from './shutdown.js';

/** A worker that lived at least this long is replaced at once; one that died sooner, after a growing delay. */
const HEALTHY_LIFETIME_MS = 10_000;
const FIRST_RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 30_000;

/**
 * Runs the primary until SIGTERM or SIGINT. Resolves once every worker listens (printing the
 * address once); rejects when a worker fails before the service ever listened (a bad database
 * URL, a taken port), after stopping the others.
 */
export async function runClusterPrimary(options: ServeOptions, output: Output, log: ServiceLog): Promise<void> {
  const metrics = clusterPrimaryMetrics();
  const startedAt = new Map<Worker, number>();
  let started = false;
  let stopping = false;
  let quickDeaths = 0;
  let metricsServer: Server | undefined;

  const fork = (): void => {
    startedAt.set(cluster.fork(), Date.now());
  };

  const stopAll = (signal: NodeJS.Signals): void => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };

  const exitWhenAllGone = (code: number): void => {
    if (Object.keys(cluster.workers ?? {}).length > 0) return;
    const exit = (): void => {
      void log.flush().then(() => process.exit(code));
    };
    if (metricsServer === undefined) exit();
    else metricsServer.close(exit);
  };

  let exitCode = 0;
  const ready = new Promise<void>((resolve, reject) => {
    let listening = 0;
    cluster.on('listening', (_worker, address) => {
      listening += 1;
      if (started || listening < options.workers) return;
      started = true;
      output.out(`truecost listening on ${urlOf({ address: address.address ?? options.host, port: address.port })}`);
      resolve();
    });

    cluster.on('exit', (worker, code, signal) => {
      const lived = Date.now() - (startedAt.get(worker) ?? Date.now());
      startedAt.delete(worker);
      if (stopping) {
        if (code !== 0) exitCode = 1;
        exitWhenAllGone(exitCode);
        return;
      }
      log.write('error', { event: 'worker-exited', worker_pid: worker.process.pid, code, signal });
      if (!started) {
        stopping = true;
        exitCode = 1;
        stopAll('SIGTERM');
        reject(new Error('a server process failed to start; see the lines above'));
        exitWhenAllGone(exitCode);
        return;
      }
      quickDeaths = lived >= HEALTHY_LIFETIME_MS ? 0 : quickDeaths + 1;
      const delay = quickDeaths === 0 ? 0 : Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** (quickDeaths - 1));
      log.write('info', { event: 'worker-replacing', worker_pid: worker.process.pid, delay_ms: delay });
      setTimeout(() => {
        if (!stopping) fork();
      }, delay);
    });
  });

  onStopSignal((signal) => {
    if (stopping) return;
    stopping = true;
    log.write('info', { event: 'stopping-workers', signal });
    stopAll('SIGTERM');
    exitWhenAllGone(0);
  }, 'ignored');

  for (let index = 0; index < options.workers; index += 1) fork();
  await ready;
  if (options.metricsPort !== undefined) metricsServer = await startMetricsServer(metrics, options.metricsPort, options.metricsHost, output);
}
