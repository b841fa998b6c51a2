// The service's log: JSON lines through pino, written asynchronously and in batches, so that no
// request waits for a write to stdout. Errors go to stderr, everything else to stdout (docs/http.md,
// "Logging").
import pino, { type Logger, type LoggerOptions } from 'pino';
import type { RequestLogEntry } from '../http/handler.js';
import { jsonString } from '../http/json.js';

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
 * The line pino writes for {@link requestFields} at level info, joined here rather than by pino:
 * pino serialises a fresh object field by field, which was the largest part of what the request
 * log costs a request. `time` is the field as {@link isoTimeOncePerMillisecond} gives it and
 * `pid` the `"pid"` field, as the logger's base writes them (test/cli/log.test.ts compares the two).
 */
function requestLine(entry: RequestLogEntry, time: string, pid: string): string {
  return (
    `{"level":"info"${time}${pid},"method":${jsonString(entry.method)},"path":${jsonString(entry.path)}` +
    `,"status":${entry.status},"duration_ms":${millisecondsJson(entry.durationMs)}` +
    `,"partner":${entry.partnerId === undefined ? 'null' : jsonString(entry.partnerId)}` +
    `,"environment":${entry.environment === undefined ? 'null' : jsonString(entry.environment)}}\n`
  );
}

/** Microseconds below which {@link millisecondsJson} joins integers: far beyond any request, and exact in a double. */
const MAX_JOINED_MICROSECONDS = 1e15;

/**
 * `Math.round(ms * 1000) / 1000` as JSON writes it (`requestFields`' `duration_ms`), joined from
 * integers: the shortest digits of a fraction are number formatting's slow path.
 */
export function millisecondsJson(ms: number): string {
  const micros = Math.round(ms * 1000);
  if (!(micros >= 0 && micros < MAX_JOINED_MICROSECONDS)) return JSON.stringify(micros / 1000);
  const fraction = micros % 1000;
  const whole = (micros - fraction) / 1000;
  if (fraction === 0) return `${whole}`;
  if (fraction % 100 === 0) return `${whole}.${fraction / 100}`;
  if (fraction % 10 === 0) return `${whole}.${fraction < 100 ? '0' : ''}${fraction / 10}`;
  return `${whole}.${fraction < 10 ? '00' : fraction < 100 ? '0' : ''}${fraction}`;
}

/**
 * Lines are written once this many bytes are waiting, or {@link LOG_FLUSH_DELAY_MS} after the first
 * of them, whichever comes first: one write call per batch rather than per line. Each write wakes
 * a thread of libuv's pool, which on a busy machine costs the event loop about as much as joining a
 * hundred request lines; a busy server therefore writes every 20 ms rather than every hundred lines.
 */
export const LOG_BATCH_BYTES = 65_536;
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

/** Most bytes a UTF-16 code unit takes in UTF-8: a line of `n` units needs at most `3n` bytes. */
const MAX_UTF8_BYTES_PER_UNIT = 3;

/** Spare batch buffers a destination keeps for reuse; more than two are rarely waiting to be written. */
export const LOG_SPARE_BATCHES = 4;

/**
 * The byte buffers of a destination's batches, reused once the destination has written them.
 * A batch handed over is still read by the write in flight, so it is reused only once the bytes
 * written (the destination's running total) have reached its end. Reuse matters to the garbage
 * collector: a fresh buffer per batch (several a second under load) outlives a young-generation
 * collection while its write is in flight, lands in the old generation with its external memory,
 * and the old generation's collections then run several times a second (measured in
 * docs/http.md, "Speed").
 */
export class BatchBuffers {
  readonly #size: number;
  readonly #spare: Buffer[] = [];
  /** Batches handed over and not yet wholly written, oldest first, with the running total at their end. */
  readonly #inFlight: { readonly buffer: Buffer; readonly end: number }[] = [];
  #allocated = 0;

  constructor(size: number) {
    this.#size = size;
  }

  /** A buffer of the batch size for the next batch: a spare one, or a new one. */
  take(): Buffer {
    const spare = this.#spare.pop();
    if (spare !== undefined) return spare;
    this.#allocated += 1;
    return Buffer.allocUnsafe(this.#size);
  }

  /** `buffer` was handed to the destination, which has been handed `end` bytes in all once it is written. */
  handed(buffer: Buffer, end: number): void {
    this.#inFlight.push({ buffer, end });
  }

  /** The destination has written `total` bytes in all: the batches that end there are spare again. */
  written(total: number): void {
    while (this.#inFlight.length > 0 && this.#inFlight[0]!.end <= total) {
      const { buffer } = this.#inFlight.shift()!;
      if (this.#spare.length < LOG_SPARE_BATCHES) this.#spare.push(buffer);
    }
  }

  /** How many buffers were allocated so far. */
  get allocated(): number {
    return this.#allocated;
  }
}

/**
 * An asynchronous destination (pino's, so pipes that are full are retried, not blocked on) that
 * writes once per batch when `batchBytes` is above 0, at most {@link LOG_FLUSH_DELAY_MS} after a line.
 * The lines are encoded into the batch's bytes as they come and handed over as bytes: Node's
 * asynchronous write of a string costs several times that of the same bytes, and a string joined
 * from many lines costs as much again to encode at once. The batches' buffers are reused
 * ({@link BatchBuffers}).
 */
function asyncDestination(fd: number, batchBytes: number): Destination {
  const boom = pino.destination({ dest: fd, sync: false, contentMode: 'buffer' });
  // In buffer mode the destination takes bytes; its typings know only strings.
  const writeBytes = boom.write.bind(boom) as unknown as (bytes: Buffer) => boolean;
  // Room for a whole batch and then some, so that the line that fills a batch is still encoded into it.
  const buffers = new BatchBuffers(2 * batchBytes);
  // What the destination was handed and has written, in bytes: equal when nothing is in flight.
  let handed = 0;
  let written = 0;
  boom.on('write', (bytes: number) => {
    written += bytes;
    buffers.written(written);
  });
  const hand = (bytes: Buffer): void => {
    handed += bytes.length;
    writeBytes(bytes);
  };
  let batch = batchBytes > 0 ? buffers.take() : Buffer.alloc(0);
  let used = 0;
  let scheduled: ReturnType<typeof setTimeout> | undefined;
  const writeWaiting = (): void => {
    if (scheduled !== undefined) clearTimeout(scheduled);
    scheduled = undefined;
    if (used === 0) return;
    // The destination reads the batch until it is written: the next lines go to another buffer.
    buffers.handed(batch, handed + used);
    hand(batch.subarray(0, used));
    batch = buffers.take();
    used = 0;
  };
  const fits = (line: string): boolean =>
    MAX_UTF8_BYTES_PER_UNIT * line.length <= batch.length - used || Buffer.byteLength(line) <= batch.length - used;
  const stream = {
    write(line: string) {
      if (batchBytes <= 0) return hand(Buffer.from(line));
      if (!fits(line)) {
        writeWaiting();
        // A line longer than a batch's room is written on its own, after the lines before it.
        if (!fits(line)) return hand(Buffer.from(line));
      }
      used += batch.write(line, used);
      if (used >= batchBytes) writeWaiting();
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
  const time = isoTimeOncePerMillisecond();
  const settings: LoggerOptions = {
    level: options.level,
    // The process id tells apart the lines of the workers of `truecost serve --workers N`.
    base: { pid: process.pid },
    messageKey: 'message',
    timestamp: time,
    formatters: { level: (label) => ({ level: label }) },
  };
  const outDestination = asyncDestination(options.stdout ?? 1, LOG_BATCH_BYTES);
  // Errors are rare and may come just before the process dies: each is written at once.
  const errDestination = asyncDestination(options.stderr ?? 2, 0);
  // Two loggers of one configuration rather than one over pino.multistream: a request line then
  // costs one write call, not a walk over the streams.
  const out = pino(settings, outDestination.stream);
  const err = pino(settings, errDestination.stream);
  // The base's field, as pino writes it after the time.
  const pid = `,"pid":${process.pid}`;
  return {
    out,
    err,
    request(entry) {
      if (out.isLevelEnabled('info')) outDestination.stream.write(requestLine(entry, time(), pid));
    },
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
