// The service's log: JSON lines through pino, written asynchronously, so that no request waits
// for a write to stdout. Errors go to stderr, everything else to stdout (docs/http.md, "Logging").
import pino, { type Logger } from 'pino';
import type { RequestLogEntry } from '../http/handler.js';

/** The levels `--log-level` takes, quietest last. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
/** A level of {@link LOG_LEVELS}. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The service's logger, and how to write what is still buffered before the process exits. */
export interface ServiceLog {
  readonly logger: Logger;
  /** One line per request (level info): method, path, status, duration and partner, never the key. */
  request(entry: RequestLogEntry): void;
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
  const out = pino.destination({ dest: options.stdout ?? 1, sync: false });
  const err = pino.destination({ dest: options.stderr ?? 2, sync: false });
  const logger = pino(
    {
      level: options.level,
      base: null,
      messageKey: 'message',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    // dedupe: a line goes to the stream of the highest level it reaches, so errors only to stderr.
    pino.multistream(
      [
        { level: 'trace', stream: out },
        { level: 'error', stream: err },
      ],
      { dedupe: true },
    ),
  );
  return {
    logger,
    request: (entry) => logger.info(requestFields(entry)),
    flush() {
      out.flushSync();
      err.flushSync();
    },
  };
}
