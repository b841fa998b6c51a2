// The service's log: JSON lines through pino, written asynchronously and in batches, so that no
// request waits for a write to stdout. Errors go to stderr, everything else to stdout (docs/http.md,
// "Logging").
import pino, { type Logger, type LoggerOptions } from 'pino';
import type { RequestLogEntry } from '../http/handler.js';

/** The levels `--log-level` takes, quietest last. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
/** A level of {@link LOG_LEVELS}. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The service's log, and how to write what is still buffered before the process exits. */
export interface ServiceLog {
  /** Lines up to warn, on stdout. */
  readonly out: Logger;
  /** Lines at error and above, on stderr. */
  readonly err: Logger;
  /** One line per request (level info): method, path, status, duration and partner, never the key. */
  request(entry: RequestLogEntry): void;
  /** A line at `level`, on stderr for error and above, else on stdout. */
  write(level: 'info' | 'warn' | 'error', fields: Record<string, unknown> | string): void;
  /**
   * Writes what is waiting and resolves once both destinations have written everything given to
   * them (at most {@link LOG_EXIT_FLUSH_MS} later): await it before the process exits.
   */
  flush(): Promise<void>;
}

/** Where the lines go: by default stdout (fd 1) and, for errors, stderr (fd 2). */
export interface ServiceLogOptions {
  readonly level: LogLevel;
  readonly stdout?: number;
  readonly stderr?: number;
}

/**
 * The fields of a request line, as the service has always logged them (`time` and `level` are
 * added by the logger).
 */
export function requestFields(entry: RequestLogEntry): Record<string, unknown> {
  return {
    method: entry.method,
    path: entry.path,
    status: entry.status,
    duration_ms: Math.round(entry.durationMs * 1000) / 1000,
    partner: entry.partnerId ?? null,
    environment: entry.environment ?? null,
  };
}

/**
 * Lines are written once this many characters are waiting, or {@link LOG_FLUSH_DELAY_MS} after the first
 * of them, whichever comes first: one write call per batch rather than per line.
 */
export const LOG_BATCH_BYTES = 16_384;
/** Longest time a line waits in memory before it is written, in milliseconds. */
export const LOG_FLUSH_DELAY_MS = 20;

/** The `time` field as pino writes it: the ISO 8601 time, formatted once per millisecond. */
function isoTimeOncePerMillisecond(): () => string {
  let formattedAt = Number.NaN;
  let formatted = '';
  return () => {
    const now = Date.now();
    if (now !== formattedAt) {
      formattedAt = now;
      formatted = `,"time":"${new Date(now).toISOString()}"`;
    }
    return formatted;
  };
}

/** Longest time {@link ServiceLog.flush} waits for the destinations before it gives up, in milliseconds. */
export const LOG_EXIT_FLUSH_MS = 2000;

/** An asynchronous destination, and a way to wait until everything given to it is written. */
interface Destination {
  readonly stream: pino.DestinationStream;
  /** Writes what is waiting and resolves once the destination has written everything (or after `ms`). */
  drain(ms: number): Promise<void>;
}

/**
 * An asynchronous destination (pino's, so pipes that are full are retried, not blocked on) that
 * writes once per batch when `batchBytes` is above 0, at most {@link LOG_FLUSH_DELAY_MS} after a line.
 */
function asyncDestination(fd: number, batchBytes: number): Destination {
  const boom = pino.destination({ dest: fd, sync: false });
  // What the destination was handed and has written, in bytes: equal when nothing is in flight.
  let handed = 0;
  let written = 0;
  boom.on('write', (bytes: number) => {
    written += bytes;
  });
  const hand = (text: string): void => {
    handed += Buffer.byteLength(text);
    boom.write(text);
  };
  // Lines wait here, joined, rather than in the destination, which measures its buffer at every write.
  let waiting = '';
  let scheduled: ReturnType<typeof setTimeout> | undefined;
  const writeWaiting = (): void => {
    if (scheduled !== undefined) clearTimeout(scheduled);
    scheduled = undefined;
    if (waiting === '') return;
    hand(waiting);
    waiting = '';
  };
  const stream = {
    write(line: string) {
      if (batchBytes <= 0) return hand(line);
      waiting += line;
      if (waiting.length >= batchBytes) writeWaiting();
      else if (scheduled === undefined) {
        scheduled = setTimeout(writeWaiting, LOG_FLUSH_DELAY_MS);
        // A line waiting to be written must not keep the process alive: exits drain the log.
        scheduled.unref();
      }
    },
  };
  return {
    stream,
    drain(ms) {
      writeWaiting();
      return new Promise((resolve) => {
        const done = (): void => {
          clearTimeout(giveUp);
          boom.off('write', check);
          resolve();
        };
        const check = (): void => {
          if (written >= handed) done();
        };
        const giveUp = setTimeout(done, ms);
        boom.on('write', check);
        check();
      });
    },
  };
}

/** Opens the service's log on two asynchronous destinations. */
export function createServiceLog(options: ServiceLogOptions): ServiceLog {
  const settings: LoggerOptions = {
    level: options.level,
    // The process id tells apart the lines of the workers of `truecost serve --workers N`.
    base: { pid: process.pid },
    messageKey: 'message',
    timestamp: isoTimeOncePerMillisecond(),
    formatters: { level: (label) => ({ level: label }) },
  };
  const outDestination = asyncDestination(options.stdout ?? 1, LOG_BATCH_BYTES);
  // Errors are rare and may come just before the process dies: each is written at once.
  const errDestination = asyncDestination(options.stderr ?? 2, 0);
  // Two loggers of one configuration rather than one over pino.multistream: a request line then
  // costs one write call, not a walk over the streams.
  const out = pino(settings, outDestination.stream);
  const err = pino(settings, errDestination.stream);
  return {
    out,
    err,
    request: (entry) => out.info(requestFields(entry)),
    write(level, fields) {
      const logger = level === 'error' ? err : out;
      // Two calls, one per overload of pino's log functions.
      if (typeof fields === 'string') logger[level](fields);
      else logger[level](fields);
    },
    async flush() {
      await Promise.all([outDestination.drain(LOG_EXIT_FLUSH_MS), errDestination.drain(LOG_EXIT_FLUSH_MS)]);
    },
  };
}
