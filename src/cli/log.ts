// The service's log: JSON lines through pino, written asynchronously, so that no request waits
// for a write to stdout. Errors go to stderr, everything else to stdout (docs/http.md, "Logging").
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
  /** Writes out what is buffered, synchronously: call it just before the process exits. */
  flush(): void;
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

/** Opens the service's log on two asynchronous destinations. */
export function createServiceLog(options: ServiceLogOptions): ServiceLog {
  const settings: LoggerOptions = {
    level: options.level,
    // The process id tells apart the lines of the workers of `truecost serve --workers N`.
    base: { pid: process.pid },
    messageKey: 'message',
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
  const outDestination = pino.destination({ dest: options.stdout ?? 1, sync: false });
  const errDestination = pino.destination({ dest: options.stderr ?? 2, sync: false });
  // Two loggers of one configuration rather than one over pino.multistream: a request line then
  // costs one write call, not a walk over the streams.
  const out = pino(settings, outDestination);
  const err = pino(settings, errDestination);
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
    flush() {
      outDestination.flushSync();
      errDestination.flushSync();
    },
  };
}
